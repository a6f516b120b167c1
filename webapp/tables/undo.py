"""Undo: take back the latest action still in effect, by appending an undo event."""

from __future__ import annotations

import json
import time

from ..db import EVENT_COLUMNS, EventRecord
from ..errors import Conflict, Forbidden, Invalid
from .bots import cancel_later
from .cache import current_store
from .checks import check_version
from .model import Table, unpack
from .reading import state
from .rows import append_event, finish_values, game_of, load_row, move_table, seat_rows, snapshot_of
from .tokens import Caller, require_someone

EVENT = f"SELECT {', '.join(EVENT_COLUMNS)} FROM events WHERE table_id = :tid AND seq = :seq"
STATE_AT = "SELECT state_z, round FROM events WHERE table_id = :tid AND seq = :seq"
MARK_UNDONE = "UPDATE events SET undone = :undone WHERE table_id = :tid AND seq = :seq"


def undo_words(who, seats, summary: str) -> str:
    """The log line of an undo: who took back what ("Anna (host) undid: Dana bids £1"). The
    undo event's seat is the undoer's (None for a host whose phone holds no seat)."""
    name = next((s.name for s in seats if s.seat == who.seat), None) if who.seat is not None else None
    if name is None:
        undoer = "The host"
    else:
        undoer = f"{name} (host)" if who.host else name
    return f"{undoer} undid: {summary}"


def undo(table_id: str, caller: Caller | str | None, version: int) -> Table:
    """Take back the latest action still in effect, by appending an undo event. Stops at a
    dice roll, a draw, a reveal, a bot's move, the setup or the end of the game.

    The host may undo any such action; a seat only its own action, and only while it is the
    latest one in effect (nobody has acted since)."""
    version = check_version(version)
    store = current_store()
    with store.sql.transaction(write=True) as tx:
        row = load_row(tx, table_id, lock=True)
        seats = seat_rows(tx, table_id)
        who = require_someone(row, seats, caller)
        if row.version != version:
            raise Conflict(f"The table moved on (version {row.version}, not {version}); here it is now.",
                           state(snapshot_of(tx, row, seats), who.seat, who.host))
        last = tx.one(EVENT, {"tid": table_id, "seq": row.head}, EventRecord)
        if not who.host and (last.kind != "action" or last.seat != who.seat):
            raise Forbidden("You can undo only your own last move, while nobody has moved since; "
                            "the host can undo other moves.", "not_your_move")
        if last.kind == "setup":
            raise Invalid("nothing_to_undo", "There is nothing to undo: the table is as it was set up.")
        if last.kind == "end":
            raise Invalid("cannot_undo", "The game was ended; it cannot be undone.")
        if last.barrier:
            raise Invalid("cannot_undo", f"Cannot undo past “{last.summary}”: it rolled dice or revealed "
                                         "something, so it stays.")
        state_z, earlier_round = tx.one(STATE_AT, {"tid": table_id, "seq": last.prev})
        text = unpack(state_z)
        game = game_of(row)
        restored = game.from_json(json.loads(text))
        seq = row.version + 1
        now = time.time()
        append_event(tx, table_id, seq, "undo", seat=who.seat, at=now, summary=undo_words(who, seats, last.summary),
                     round=earlier_round, undoes=last.seq, action=last.action)
        tx.run(MARK_UNDONE, {"tid": table_id, "seq": last.seq, "undone": True})
        move_table(tx, table_id, version=seq, head=last.prev, state=text, updated_at=now,
                   **finish_values(game, restored))
        table = snapshot_of(tx, load_row(tx, table_id), seats)
    cancel_later(table.id)  # an automatic move waiting on the undone move is no longer due
    store.notify(table.id, table.version)
    return table
