"""A player's move: the one path every action takes, from the JSON API, the fast path
(``webapp.hotpaths``) and the pages' forms alike. The seat it is for comes from the caller's
tokens (``tokens.acting_for``) and is written into the action before the rules see it; the
move is checked against the snapshot it was made on and stored only if that is still current."""

from __future__ import annotations

import time
from typing import Any, Mapping

from companion import GameOver
from companion.errors import HeadframeError

from ..errors import Conflict, Invalid
from ..jsonbody import check_action_size
from .bots import grace, play_later, run_bots
from .cache import current_store
from .checks import check_version
from .log import log_action
from .model import Table, event_json
from .reading import get, state
from .rows import finish_values, publish, store_moves
from .tokens import Acting, Caller, acting_for


def act(table_id: str, caller: Caller | str | None, version: int, action: Mapping[str, Any]) -> dict:
    """Apply one action for the seat the caller may act for (see ``tokens.acting_for``).
    Returns {"version", "event", "table": Table, "seat", "host"}; ``answer`` makes the JSON
    a phone is sent. Nothing is stored when the rules refuse.

    The rules run on the snapshot of ``version`` before the write lock is taken; the write
    then stores the result only if the table is still at ``version``. Every change makes a
    new version, so that check is enough, and the lock is held for the statements alone
    rather than for the game's own work."""
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise Invalid("invalid_action", 'An action is an object with a "type", e.g. {"type": "next_round"}.')
    version = check_version(version)
    store = current_store()
    table, acting = _current(table_id, version, caller, action.get("seat"))
    if table.version != version:
        raise _conflict(table, version, acting)
    if table.finished:
        raise GameOver()  # the same error every game's rules give
    move = dict(action)
    if acting.seat is not None:
        move["seat"] = acting.seat
    game = table.game
    game.check_shape(move)  # the declared fields and kinds, before the rules or the log see it
    check_action_size(move)
    before = table.state
    after, summary = game.play(before, move)  # a RuleViolation: nothing was written
    if acting.entered_for is not None:
        summary += f" (entered by the host for {acting.entered_for})"
    now = time.time()
    rows: list[dict] = []
    barrier = game.is_barrier(move, before)
    text, first = log_action(rows, table_id, game, summary, after, move, version + 1, table.head, now, barrier)
    # An opponent the game plays waits while this move can still be undone (see ``bots``).
    wait = 0.0 if barrier else grace()
    after, seq, text, due = run_bots(rows, table_id, game, table.seats, after, version + 1, text, now, wait > 0)
    finish = finish_values(game, after)
    if not store_moves(store.sql, table_id, version, rows, seq, text, now, finish):
        # The table moved on first. Who the caller is comes from the table as it is now: the
        # host may have freed this seat in the meantime.
        current = get(table_id)
        raise _conflict(current, version, acting_for(current, caller, action.get("seat")))
    done = publish(store, table, after, seq, now, finish, rows)
    if due:
        play_later(table_id, seq, wait)
    return {"version": seq, "table": done, "seat": acting.seat, "host": acting.host,
            "event": event_json(seq=version + 1, kind="action", undone=False, undoes=None, **first,
                                action_text=first["action"])}


def answer(result: dict) -> dict:
    """The JSON a phone gets for its action: the table as the seat it acted for sees it, and
    the event logged."""
    body = state(result["table"], result["seat"], result["host"])
    body["event"] = result["event"]
    return body


def _current(table_id: str, version: int, caller: Caller | str | None, named: Any) -> tuple[Table, Acting]:
    """The table to act on and the seat the caller acts for. A snapshot of the very version the
    phone acted on needs no read (the write checks it is current); its seats may be out of date,
    so a caller it does not accept is asked of the table as stored."""
    table = current_store().snapshot(table_id, version)
    if table is not None:
        try:
            return table, acting_for(table, caller, named)
        except HeadframeError:
            pass
    table = get(table_id)
    return table, acting_for(table, caller, named)


def _conflict(table: Table, version: int, acting: Acting) -> Conflict:
    return Conflict(f"The table moved on (version {table.version}, not {version}); here it is now.",
                    state(table, acting.seat, acting.host))
