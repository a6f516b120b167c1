"""The table's log: one row per move, with the state after it, and the log as phones read it."""

from __future__ import annotations

from typing import Any, Mapping

from companion import Game

from ..db import EVENT_COLUMNS, Sql
from .cache import current_store
from .model import clean_text, dumps, event_json, pack
from .rows import require_table


def log_action(rows: list[dict], table_id: str, game: Game, summary: str, after: Any, move: Mapping[str, Any],
                seq: int, prev: int, now: float, barrier: bool) -> tuple[str, dict]:
    """Add the log row of one move (``summary``: what it did, from ``Game.play``) to ``rows``;
    returns the state after it as JSON, and the event."""
    text = dumps(game.to_json(after))
    event = dict(seat=move.get("seat"), at=now, action=dumps(move), summary=clean_text(summary),
                 round=game.round_of(after), barrier=barrier, prev=prev)
    logged = dict.fromkeys(EVENT_COLUMNS)
    logged.update(event, table_id=table_id, seq=seq, kind="action", undone=False, undoes=None, state_z=pack(text))
    rows.append(logged)
    return text, event


# The columns of an event as phones read it.
LOG_FIELDS = ("seq", "kind", "seat", "at", "action", "summary", "round", "barrier", "undone", "undoes")
LOG = f"SELECT {', '.join(LOG_FIELDS)} FROM events WHERE table_id = :tid AND seq > :after ORDER BY seq"
LOG_PAGE = LOG + " LIMIT :limit"
SPANS_PER_QUERY = 150  # three parameters each: within SQLite's oldest limit of 999


def log(table_id: str, after: int = -1, limit: int | None = None) -> list[dict]:
    """Every event after ``after`` in order: actions, undos (and what they undid), joins, the end."""
    with current_store().sql.transaction() as tx:
        require_table(tx, table_id)
        rows = tx.all(LOG if limit is None else LOG_PAGE, {"tid": table_id, "after": after, "limit": limit})
    return [_row_json(*r) for r in rows]


def logs_between(sql: Sql, spans: dict[str, tuple[int, int]]) -> dict[str, list[dict]]:
    """For several tables at once, each one's events after the first version of its span up
    to the second, in order: one query per ``SPANS_PER_QUERY`` tables."""
    found: dict[str, list[dict]] = {table_id: [] for table_id in spans}
    items = [(table_id, after, upto) for table_id, (after, upto) in spans.items()]
    with sql.transaction() as tx:
        for start in range(0, len(items), SPANS_PER_QUERY):
            statement, params = _between(items[start:start + SPANS_PER_QUERY])
            for table_id, *fields in tx.all(statement, params):
                found[table_id].append(_row_json(*fields))
    return found


def _between(spans: list[tuple[str, int, int]]) -> tuple[str, dict]:
    """The statement for each (table, after, upto): its events with after < seq <= upto, as
    (table_id, *LOG_FIELDS) rows, in order of table and seq."""
    terms, params = [], {}
    for i, (table_id, after, upto) in enumerate(spans):
        terms.append(f"(table_id = :t{i} AND seq > :a{i} AND seq <= :u{i})")
        params.update({f"t{i}": table_id, f"a{i}": after, f"u{i}": upto})
    return (f"SELECT table_id, {', '.join(LOG_FIELDS)} FROM events WHERE {' OR '.join(terms)} "
            "ORDER BY table_id, seq"), params


def _row_json(seq, kind, seat, at, action, summary, round, barrier, undone, undoes) -> dict:
    return event_json(seq=seq, kind=kind, seat=seat, at=at, summary=summary, round=round, barrier=barrier,
                       undone=undone, undoes=undoes, action_text=action)
