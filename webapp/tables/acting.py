"""A player's move: the one path every action takes, from the JSON API, the fast path
(``webapp.hotpaths``) and the pages' forms alike. The seat it is for comes from the caller's
tokens (``tokens.acting_for``) and is written into the action before the rules see it; the
move is checked against the table as it is and stored only if that is still current; one made
on an older version is played when it does not really conflict with the moves since
(``rebase``)."""

from __future__ import annotations

import time
from typing import Any, Mapping

from companion import GameOver
from companion.errors import HeadframeError

from ..errors import Conflict, Forbidden, Invalid
from ..jsonbody import check_action_size
from .bots import grace, play_later, run_bots
from .cache import current_store
from .checks import check_version
from .log import log_action
from .model import Table, event_json
from .rebase import commutes
from .reading import get, host_only, state
from .rows import finish_values, publish, store_moves
from .tokens import Acting, Caller, acting_for


def act(table_id: str, caller: Caller | str | None, version: int, action: Mapping[str, Any]) -> dict:
    """Apply one action for the seat the caller may act for (see ``tokens.acting_for``).
    Returns {"version", "event", "table": Table, "seat", "host"}; ``answer`` makes the JSON
    a phone is sent. Nothing is stored when the rules refuse.

    The rules run on a snapshot of the table before the write lock is taken; the write then
    stores the result only if the table is still at that snapshot's version. Every change makes
    a new version, so that check is enough, and the lock is held for the statements alone
    rather than for the game's own work. A move made on an older version than the table's is
    played on the table as it is when it does not really conflict with the moves since
    (``rebase.commutes``: several seats acting at once); otherwise it is refused (409) with the
    table as it is now."""
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise Invalid("invalid_action", 'An action is an object with a "type", e.g. {"type": "next_round"}.')
    version = check_version(version)
    for attempt in range(ATTEMPTS):
        done = _try(table_id, caller, version, action, fresh=attempt > 0)
        if done is not None:
            return done
    current = get(table_id)
    raise _conflict(current, version, acting_for(current, caller, action.get("seat")))


# Writes lost to other moves made in the same instant, each then re-checked on the newer table:
# enough for a table's phones all tapping at once.
ATTEMPTS = 12


def _try(table_id: str, caller: Caller | str | None, version: int, action: Mapping[str, Any],
         fresh: bool) -> dict | None:
    """One go at ``act``: None when another move was written first (the next go, ``fresh``,
    reads the table as stored and re-checks this move against it)."""
    store = current_store()
    table, acting = _current(table_id, -1 if fresh else version, caller, action.get("seat"))
    move = dict(action)
    if acting.seat is not None:
        move["seat"] = acting.seat
    if table.version != version and (table.finished or not commutes(table, version, move)):
        # made on an older table, and what happened since changes it (see ``rebase``)
        raise _conflict(table, version, acting)
    if table.finished:
        raise GameOver()  # the same error every game's rules give
    game = table.game
    game.check_shape(move)  # the declared fields and kinds, before the rules or the log see it
    check_action_size(move)
    if not acting.host and host_only(game, move):
        doc = host_only(game, move).doc.rstrip(".")
        raise Forbidden(f"Only the host can do this ({doc[:1].lower() + doc[1:]}).", "host_only")
    at = table.version
    before = table.state
    after, summary = game.play(before, move)  # a RuleViolation: nothing was written
    if acting.entered_for is not None:
        summary += f" (entered by the host for {acting.entered_for})"
    now = time.time()
    rows: list[dict] = []
    barrier = game.is_barrier(move, before)
    text, first = log_action(rows, table_id, game, summary, after, move, at + 1, table.head, now, barrier)
    # An opponent the game plays waits while this move can still be undone (see ``bots``).
    wait = 0.0 if barrier else grace()
    after, seq, text, due = run_bots(rows, table_id, game, table.seats, after, at + 1, text, now, wait > 0)
    finish = finish_values(game, after)
    if not store_moves(store.sql, table_id, at, rows, seq, text, now, finish):
        return None  # the table moved on first: the next go checks this move against it
    done = publish(store, table, after, seq, now, finish, rows)
    if due:
        play_later(table_id, seq, wait)
    return {"version": seq, "table": done, "seat": acting.seat, "host": acting.host,
            "event": event_json(seq=at + 1, kind="action", undone=False, undoes=None, **first,
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
