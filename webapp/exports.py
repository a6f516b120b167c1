"""A table's result in other shapes: CSV for spreadsheets, JSON for archives, and the
BG Stats import link that records the play in that app."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timezone
from functools import lru_cache
from urllib.parse import quote

from flask import Response

from companion.csvcells import text_cell
from companion.data import load_game
from companion.errors import DataError

from . import tables


def _filename(table: tables.Table, ext: str) -> str:
    return f"{table.game_id}-{table.id}.{ext}"


def export_data(table_id: str, caller: tables.Caller | None = None) -> dict:
    """Everything about a table the caller's seat may see: setup, seats, the final or current
    sheet, the state and the full log, each as that seat sees it (``Game.view``,
    ``Game.action_view``). The seed, from which every draw and die follows, once the game is over."""
    table = tables.get(table_id)
    seat, _host = tables.viewer(table, caller or tables.Caller())
    score = tables.score(table_id)
    return {"format": "headframe-table", "format_version": 1, "id": table.id, "game": table.game_id,
            "name": table.game.name, "variant": table.variant, "seed": table.seed if table.finished else None,
            "version": table.version, "created": _iso(table.created_at), "updated": _iso(table.updated_at),
            "players": [{"seat": s.seat, "name": s.name, "colour": s.colour, "bot": s.bot} for s in table.seats],
            "finished": table.finished, "outcome": table.outcome, "sheet": score["sheet"], "rounds": score["rounds"],
            "state": table.game.view(table.state, seat), "log": tables.seen_by(table.game, tables.log(table_id), seat)}


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def json_response(table_id: str, caller: tables.Caller | None = None) -> Response:
    data = export_data(table_id, caller)
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="{data["game"]}-{data["id"]}.json"'})


def csv_text(table_id: str) -> str:
    """One row per score category, one column per player, then totals and ranks."""
    sheet = tables.score(table_id)["sheet"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["category", *(text_cell(p) for p in sheet["players"])])
    for row in sheet["rows"]:
        writer.writerow([text_cell(row["name"]), *(_number(v) for v in row["points"])])
    writer.writerow(["Total", *(_number(v) for v in sheet["totals"])])
    writer.writerow(["Rank", *sheet["ranks"]])
    return out.getvalue()


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def csv_response(table_id: str) -> Response:
    table = tables.get(table_id)
    return Response(csv_text(table_id), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{_filename(table, "csv")}"'})


# BG Stats' documented push format ("Push plays to BG Stats from other apps or websites"):
# the link carries one play as URL-encoded JSON with the keys below; the app matches the
# game by name (or BGG id) and players by name, so names are sent as players typed them.
# BG Stats' documented link for other apps to push a play ("Push plays to BG Stats from other
# apps or websites", bgstatsapp.com/support): the play as url-encoded JSON. The app opens on it
# and matches the game by its BoardGameGeek id first, then by name.
BGSTATS_PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
BGSTATS_LOCATION = "Headframe"  # where the play was logged, as the app's import shows it


def _score_value(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


@lru_cache(maxsize=None)
def bgg_id(game_id: str) -> int | None:
    """The BoardGameGeek id a game's shipped ``game.toml`` records (``[game] bgg_id``), if any."""
    try:
        return load_game(game_id).bgg_id
    except DataError:
        return None


def bgstats_play(table_id: str) -> dict:
    """The table's play in BG Stats' documented format: every documented field, ``bggId`` only
    for a game that has one (BG Stats then matches by name)."""
    table = tables.get(table_id)
    sheet = table.game.score(table.state)
    record_id, name = table.game.record
    winners = set(table.outcome["winners"]) if table.outcome else set()
    players = [{"name": seat.name, "score": _score_value(sheet.totals[seat.seat]), "rank": sheet.ranks[seat.seat],
                "winner": seat.seat in winners, "startPlayer": seat.seat == 0, "role": "",
                "sourcePlayerId": f"{table.id}-{seat.seat}"} for seat in table.seats]
    game = {"name": name, "sourceGameId": record_id, "highestWins": True, "noPoints": False}
    if bgg_id(record_id) is not None:
        game["bggId"] = bgg_id(record_id)
    return {"sourceName": "Headframe", "sourcePlayId": table.id,
            "playDate": datetime.fromtimestamp(table.updated_at, timezone.utc).strftime("%Y-%m-%d %H:%M:%S"),
            "durationMin": max(1, round((table.updated_at - table.created_at) / 60)),
            "board": table.variant or "", "comments": "", "location": BGSTATS_LOCATION,
            "game": game, "players": players}


def bgstats_url(table_id: str) -> str:
    payload = json.dumps(bgstats_play(table_id), separators=(",", ":"), ensure_ascii=False)
    return BGSTATS_PREFIX + quote(payload, safe="")
