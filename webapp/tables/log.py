"""The table's log: one row per move, with the state after it, and the log as phones read it."""

from __future__ import annotations

from typing import Any, Mapping

from sqlalchemy import select

from companion import Game

from ..db import EVENT_COLUMNS, EVENTS, reading
from ..jsonbody import stored
from .cache import _store
from .model import _clean, _dumps, _iso, _pack
from .rows import _exists


def _log_action(rows: list[dict], table_id: str, game: Game, summary: str, after: Any, move: Mapping[str, Any],
                seq: int, prev: int, now: float, barrier: bool) -> tuple[str, dict]:
    """Add the log row of one move (``summary``: what it did, from ``Game.play``) to ``rows``;
    returns the state after it as JSON, and the event."""
    text = _dumps(game.to_json(after))
    event = dict(seat=move.get("seat"), at=now, action=_dumps(move), summary=_clean(summary),
                 round=game.round_of(after), barrier=barrier, prev=prev)
    logged = dict.fromkeys(EVENT_COLUMNS)
    logged.update(event, table_id=table_id, seq=seq, kind="action", undone=False, undoes=None, state_z=_pack(text))
    rows.append(logged)
    return text, event


def _event_json(*, seq, kind, seat, at, summary, round, barrier, undone, undoes, action_text=None, **_) -> dict:
    return {"seq": seq, "kind": kind, "seat": seat, "time": _iso(at),
            "action": stored(action_text), "summary": summary, "round": round,
            "barrier": bool(barrier), "undone": bool(undone), "undoes": undoes}


def log(table_id: str, after: int = -1, limit: int | None = None) -> list[dict]:
    """Every event after ``after`` in order: actions, undos (and what they undid), joins, the end."""
    columns = [EVENTS.c.seq, EVENTS.c.kind, EVENTS.c.seat, EVENTS.c.at, EVENTS.c.action, EVENTS.c.summary,
               EVENTS.c.round, EVENTS.c.barrier, EVENTS.c.undone, EVENTS.c.undoes]
    with reading(_store().engine) as conn:
        _exists(conn, table_id)
        query = select(*columns).where(EVENTS.c.table_id == table_id, EVENTS.c.seq > after).order_by(EVENTS.c.seq)
        if limit is not None:
            query = query.limit(limit)
        rows = conn.execute(query).all()
    return [_event_json(seq=r.seq, kind=r.kind, seat=r.seat, at=r.at, summary=r.summary, round=r.round,
                        barrier=r.barrier, undone=r.undone, undoes=r.undoes, action_text=r.action) for r in rows]
