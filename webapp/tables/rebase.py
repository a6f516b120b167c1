"""A move made on an older version of the table: applied when it does not really conflict with
what the table did since, so that several seats may act at once (a simultaneous phase: the
survey in Tinners' Trail, roll-offs, a score pad's entries) without their taps tripping over
each other.

A move M made on version V, when the table has moved on to W by the moves E1…Ek, is played on
the table at W when all of these hold, and refused (409, with the table as it is) otherwise:

1. only moves happened since V (seats may have joined or left): no undo, no end of the game;
2. none of E1…Ek is the same move as M (two phones tapping "Next round" at once mean one):
   the same fields, and the same seat unless the move's seat only says who tapped it (a
   declared seat field that is optional);
3. the rules accept M where it was made (at V) and where it is played (at W);
4. the rules accept E1…Ek played after M, in their order: none of them relied on M not having
   happened (a bid M outbids, a card M takes);
5. when neither M nor any Ei rolled dice, drew or revealed, the two orders end in exactly the
   same state (``to_json``): M and the moves since commute. When one did, the dice and draws
   come out in the order the moves arrive, which nobody could know when tapping, so the
   acceptance of 3 and 4 is what counts.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from companion.errors import HeadframeError

from .cache import current_store
from .model import Table, unpack

EVENTS_SINCE = ("SELECT seq, kind, action, undone, prev, barrier FROM events WHERE table_id = :tid AND seq > :after "
                "AND seq <= :upto ORDER BY seq LIMIT :limit")
STATE_AT = "SELECT state_z FROM events WHERE table_id = :tid AND seq = :seq"
MOST = 12  # moves since: beyond this the phone was far behind, and the tap is refused as before


def commutes(table: Table, version: int, move: Mapping[str, Any]) -> bool:
    """Whether ``move`` (its seat stamped), made on ``version``, may be played on ``table``
    now: see the module's docstring."""
    if not 0 <= version < table.version:
        return False
    since = _moves_since(table, version)
    if since is None:
        return False
    moves, barriers, first_prev = since
    game = table.game
    if any(_same(game, logged, move) for logged in moves):
        return False
    try:
        theirs, _ = game.play(table.state, dict(move))
        if not moves:  # only seats joined or left since: the state is the same
            return True
        seen = game.from_json(json.loads(_state_at(table.id, first_prev)))
        mine, _ = game.play(seen, dict(move))
        for logged in moves:
            mine, _ = game.play(mine, logged)
    except HeadframeError:
        return False
    if barriers or game.is_barrier(dict(move), seen):
        return True
    return game.to_json(mine) == game.to_json(theirs)


def _same(game: Any, one: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """The same move: the same fields, whichever seat's phone sent it when the seat only says
    who tapped (a score pad's "Next round"); a move whose seat is whose move it is (one
    player's "round done") is another seat's move when another seat makes it."""
    if one == other:
        return True
    spec = game.actions.specs.get(other.get("type")) if game.actions is not None else None
    seat = next((f for f in spec.fields if f.name == "seat"), None) if spec is not None else None
    if seat is None or seat.required:
        return False
    return {k: v for k, v in one.items() if k != "seat"} == {k: v for k, v in other.items() if k != "seat"}


def _moves_since(table: Table, version: int) -> tuple[list[dict], bool, int | None] | None:
    """The actions logged after ``version`` in order, whether one of them rolled, drew or
    revealed, and the event the first one followed; None when something else happened since
    (an undo, the end) or too much did."""
    with current_store().sql.transaction() as tx:
        # up to the version read, though more may have been written since (the write checks)
        rows = tx.all(EVENTS_SINCE, {"tid": table.id, "after": version, "upto": table.version, "limit": MOST + 1})
    if not rows or len(rows) > MOST or rows[-1][0] != table.version:
        return None
    moves: list[dict] = []
    barriers = False
    first_prev = None
    for _seq, kind, action, undone, prev, barrier in rows:
        if kind in ("join", "leave"):
            continue
        if kind != "action" or undone or not action:
            return None
        if first_prev is None:
            first_prev = prev
        moves.append(json.loads(action))
        barriers = barriers or bool(barrier)
    return moves, barriers, first_prev


def _state_at(table_id: str, seq: int) -> str:
    with current_store().sql.transaction() as tx:
        (state_z,) = tx.one(STATE_AT, {"tid": table_id, "seq": seq})
    return unpack(state_z)
