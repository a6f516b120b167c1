"""Score sheets with running totals, finished tables and each player's record."""

from __future__ import annotations

import json
from typing import Any

from companion import Game

from .cache import current_store
from .model import iso_time, unpack
from .reading import get

# The state after the last event still in effect in each round.
ROUND_ENDS = ("SELECT round, state_z FROM events WHERE table_id = :tid AND seq IN ("
              "SELECT max(seq) FROM events WHERE table_id = :tid AND undone = :no "
              "AND kind IN ('setup', 'action', 'end') GROUP BY round) ORDER BY seq")
FINISHED = ("SELECT id, game, variant, updated_at, outcome, result FROM tables WHERE finished = :yes "
            "ORDER BY updated_at DESC LIMIT :limit")
RESULTS = "SELECT result FROM tables WHERE finished = :yes"
COUNT = "SELECT count(*) FROM tables"


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
    with current_store().sql.transaction() as tx:
        rows = tx.all(ROUND_ENDS, {"tid": table_id, "no": False})
    rounds = [{"round": number, "totals": _running_totals(game, game.from_json(json.loads(unpack(state_z))))}
              for number, state_z in rows]
    return {"id": table.id, "game": table.game_id, "variant": table.variant, "version": table.version,
            "sheet": sheet, "rounds": rounds, "finished": table.finished, "outcome": table.outcome,
            "players": [s.to_json() for s in table.seats]}


def finished_tables(limit: int = 100) -> list[dict]:
    """The most recently finished tables, newest first, with their final sheets."""
    with current_store().sql.transaction() as tx:
        rows = tx.all(FINISHED, {"yes": True, "limit": limit})
    return [{"id": table_id, "game": game, "variant": variant, "finished_at": iso_time(updated_at),
             "outcome": json.loads(outcome) if outcome else None, "sheet": json.loads(result) if result else None}
            for table_id, game, variant, updated_at, outcome, result in rows]


def player_stats() -> list[dict]:
    """Per player name across every finished table: plays, wins and average score."""
    with current_store().sql.transaction() as tx:
        rows = tx.all(RESULTS, {"yes": True})
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
    with current_store().sql.transaction() as tx:
        return tx.value(COUNT)
