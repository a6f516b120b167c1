"""A player's move: checked against the snapshot it was made on, stored only if still current."""

from __future__ import annotations

import time
from typing import Any, Mapping

from companion import GameOver

from ..errors import Conflict, Forbidden, Invalid
from ..jsonbody import check_action_size
from .bots import run_bots, grace, play_later
from .cache import current_store
from .checks import check_version
from .log import log_action
from .model import Table, event_json
from .reading import get, state
from .rows import finish_values, publish, store_moves
from .tokens import acting_seat


def act(table_id: str, token: str | None, version: int, action: Mapping[str, Any]) -> dict:
    """Apply one action. The seat comes from the token (a host token may name any seat).
    Returns {"version", "event", "table": Table}. Nothing is stored when the rules refuse.

    The rules run on the snapshot of ``version`` before the write lock is taken; the write
    then stores the result only if the table is still at ``version``. Every change makes a
    new version, so that check is enough, and the lock is held for the statements alone
    rather than for the game's own work."""
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise Invalid("invalid_action", 'An action is an object with a "type", e.g. {"type": "next_round"}.')
    version = check_version(version)
    store = current_store()
    # A snapshot of the very version the phone acted on needs no read: the write checks it is
    # current. Its seats may be out of date, so a token it does not know is asked of the table as stored.
    table = store.snapshot(table_id, version)
    try:
        who, seat = acting_seat(table, token, action.get("seat")) if table is not None else (None, None)
    except Forbidden:
        table = None
    if table is None:
        table = get(table_id)
        who, seat = acting_seat(table, token, action.get("seat"))
    if table.version != version:
        raise _conflict(table, version, seat, who == "host")
    if table.finished:
        raise GameOver()  # the same error every game's rules give
    move = dict(action)
    game = table.game
    if who == "seat":
        move["seat"] = seat
    entered_for = _played_for(game, table, move) if who == "host" else None
    game.check_shape(move)  # the declared fields and kinds, before the rules or the log see it
    check_action_size(move)
    before = table.state
    after, summary = game.play(before, move)  # a RuleViolation: nothing was written
    if entered_for is not None:
        summary += f" (entered by the host for {entered_for})"
    now = time.time()
    rows: list[dict] = []
    barrier = game.is_barrier(move, before)
    text, first = log_action(rows, table_id, game, summary, after, move, version + 1, table.head, now, barrier)
    # An opponent the game plays waits while this move can still be undone (see ``bots``).
    wait = 0.0 if barrier else grace()
    after, seq, text, due = run_bots(rows, table_id, game, table.seats, after, version + 1, text, now, wait > 0)
    finish = finish_values(game, after)
    if not store_moves(store.sql, table_id, version, rows, seq, text, now, finish):
        # The table moved on first. Who the token is comes from the table as it is now: the
        # host may have freed this seat in the meantime.
        current = get(table_id)
        who, seat = acting_seat(current, token, action.get("seat"))
        raise _conflict(current, version, seat, who == "host")
    done = publish(store, table, after, seq, now, finish, rows)
    if due:
        play_later(table_id, seq, wait)
    return {"version": seq, "table": done, "seat": seat, "host": who == "host",
            "event": event_json(seq=version + 1, kind="action", undone=False, undoes=None, **first,
                                 action_text=first["action"])}


def _played_for(game, table: Table, move: Mapping[str, Any]) -> str | None:
    """The name of the seat the host plays for, when the action names one. The host plays
    for seats no phone holds; a seat a phone holds plays from that phone only."""
    named = move.get("seat")
    if named is None or not game.seat_is_actor:
        return None
    held = table.seats[named]
    if held.taken:
        raise Forbidden(f"{held.name}'s phone holds that seat: {held.name} plays from it.", "seat_has_phone")
    return held.name


def _conflict(table: Table, version: int, seat: int | None, host: bool) -> Conflict:
    return Conflict(f"The table moved on (version {table.version}, not {version}); here it is now.",
                    state(table, seat, host))
