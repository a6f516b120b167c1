"""A table's result in other shapes: CSV for spreadsheets, JSON for archives, and the
BG Stats import link that records the play in that app."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timezone
from urllib.parse import quote

from flask import Response

from . import tables


def _filename(table: tables.Table, ext: str) -> str:
    return f"{table.game_id}-{table.id}.{ext}"


def export_data(table_id: str) -> dict:
    """Everything about a table: setup, seats, the final or current sheet and the full log."""
    table = tables.get(table_id)
    score = tables.score(table_id)
    return {"format": "headframe-table", "format_version": 1, "id": table.id, "game": table.game_id,
            "name": table.game.name, "variant": table.variant, "seed": table.seed, "version": table.version,
            "created": _iso(table.created_at), "updated": _iso(table.updated_at),
            "players": [{"seat": s.seat, "name": s.name, "colour": s.colour, "bot": s.bot} for s in table.seats],
            "finished": table.finished, "outcome": table.outcome, "sheet": score["sheet"], "rounds": score["rounds"],
            "state": table.game.to_json(table.state), "log": tables.log(table_id)}


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def json_response(table_id: str) -> Response:
    data = export_data(table_id)
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="{data["game"]}-{data["id"]}.json"'})


def csv_text(table_id: str) -> str:
    """One row per score category, one column per player, then totals and ranks."""
    sheet = tables.score(table_id)["sheet"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["category", *(_safe(p) for p in sheet["players"])])
    for row in sheet["rows"]:
        writer.writerow([_safe(row["name"]), *(_number(v) for v in row["points"])])
    writer.writerow(["Total", *(_number(v) for v in sheet["totals"])])
    writer.writerow(["Rank", *sheet["ranks"]])
    return out.getvalue()


def _safe(text: str) -> str:
    # A cell starting with = + - @ is a formula to spreadsheet programs: quote it as text.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def csv_response(table_id: str) -> Response:
    table = tables.get(table_id)
    return Response(csv_text(table_id), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{_filename(table, "csv")}"'})


BGSTATS_PREFIX = "bgstats://app.import?data="


def bgstats_play(table_id: str) -> dict:
    """The play in BG Stats' import format."""
    table = tables.get(table_id)
    sheet = table.game.score(table.state)
    game = table.game
    name = game.name
    if table.game_id == "scorepad" and table.variant:
        name = table.variant
    winners = set(table.outcome["winners"]) if table.outcome else set()
    players = []
    for seat in table.seats:
        players.append({"name": seat.name, "score": _number(sheet.totals[seat.seat]),
                        "winner": seat.seat in winners, "sourcePlayerId": f"{table.id}-{seat.seat}"})
    return {"sourceName": "Headframe",
            "game": {"name": name, "sourceGameId": table.game_id},
            "play": {"playDate": datetime.fromtimestamp(table.updated_at, timezone.utc).strftime("%Y-%m-%d %H:%M:%S"),
                     "durationMin": max(0, round((table.updated_at - table.created_at) / 60)),
                     "ignored": False, "manualWinner": False, "players": players,
                     "sourcePlayId": table.id}}


def bgstats_url(table_id: str) -> str:
    payload = json.dumps(bgstats_play(table_id), separators=(",", ":"), ensure_ascii=False)
    return BGSTATS_PREFIX + quote(payload, safe="")
