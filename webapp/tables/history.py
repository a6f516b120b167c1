"""Score sheets with running totals, finished tables and each player's record."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, select

from companion import Game

from ..db import EVENTS, TABLES, reading
from .cache import current_store
from .model import iso_time, unpack
from .reading import get


def _running_totals(game: Game, state: Any) -> list | None:
    try:
        return list(game.running_totals(state))
    except NotImplementedError:
        return None


def score(table_id: str) -> dict:
    """The score sheet now, plus the running totals at the end of each round for the chart:
    from the state after the last action still in effect in each round."""
    table = get(table_id)
    game = table.game
    sheet = game.score(table.state).to_json()
    effective = (EVENTS.c.table_id == table_id, EVENTS.c.undone.is_(False),
                 EVENTS.c.kind.in_(("setup", "action", "end")))
    last = select(func.max(EVENTS.c.seq).label("seq")).where(*effective).group_by(EVENTS.c.round).subquery()
    with reading(current_store().engine) as conn:
        rows = conn.execute(select(EVENTS.c.round, EVENTS.c.state_z)
                            .where(EVENTS.c.table_id == table_id, EVENTS.c.seq.in_(select(last.c.seq)))
                            .order_by(EVENTS.c.seq)).all()
    rounds = [{"round": r.round, "totals": _running_totals(game, game.from_json(json.loads(unpack(r.state_z))))}
              for r in rows]
    return {"id": table.id, "game": table.game_id, "variant": table.variant, "version": table.version,
            "sheet": sheet, "rounds": rounds, "finished": table.finished, "outcome": table.outcome,
            "players": [s.to_json() for s in table.seats]}


def finished_tables(limit: int = 100) -> list[dict]:
    """The most recently finished tables, newest first, with their final sheets."""
    with reading(current_store().engine) as conn:
        rows = conn.execute(select(TABLES.c.id, TABLES.c.game, TABLES.c.variant, TABLES.c.updated_at,
                                   TABLES.c.outcome, TABLES.c.result)
                            .where(TABLES.c.finished.is_(True)).order_by(TABLES.c.updated_at.desc())
                            .limit(limit)).all()
    return [{"id": r.id, "game": r.game, "variant": r.variant, "finished_at": iso_time(r.updated_at),
             "outcome": json.loads(r.outcome) if r.outcome else None,
             "sheet": json.loads(r.result) if r.result else None} for r in rows]


def player_stats() -> list[dict]:
    """Per player name across every finished table: plays, wins and average score."""
    with reading(current_store().engine) as conn:
        rows = conn.execute(select(TABLES.c.result).where(TABLES.c.finished.is_(True))).all()
    stats: dict[str, dict] = {}
    for (result,) in rows:
        if not result:
            continue
        sheet = json.loads(result)
        for seat, name in enumerate(sheet["players"]):
            entry = stats.setdefault(name, {"name": name, "plays": 0, "wins": 0, "total": 0.0})
            entry["plays"] += 1
            entry["wins"] += sheet["ranks"][seat] == 1
            entry["total"] += sheet["totals"][seat]
    out = []
    for entry in stats.values():
        out.append({"name": entry["name"], "plays": entry["plays"], "wins": entry["wins"],
                    "average": round(entry["total"] / entry["plays"], 2)})
    return sorted(out, key=lambda e: (-e["wins"], -e["plays"], e["name"].casefold()))


def count_tables() -> int:
    with reading(current_store().engine) as conn:
        return conn.execute(select(func.count()).select_from(TABLES)).scalar_one()
