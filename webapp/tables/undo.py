"""Undo: take back the latest action still in effect, by appending an undo event."""

from __future__ import annotations

import json
import time

from sqlalchemy import select, update

from ..db import EVENTS, TABLES, writing
from ..errors import Conflict, Forbidden, Invalid
from .bots import cancel_later
from .cache import current_store
from .checks import check_version
from .model import Table, unpack
from .reading import state
from .rows import append_event, finish_values, load_row, seat_rows, snapshot_of, game_of
from .tokens import identify


def undo(table_id: str, token: str, version: int) -> Table:
    """Take back the latest action still in effect, by appending an undo event. Stops at a
    dice roll, a draw, a reveal, a bot's move, the setup or the end of the game.

    The host may undo any such action; a seat only its own action, and only while it is the
    latest one in effect (nobody has acted since)."""
    version = check_version(version)
    store = current_store()
    with writing(store.engine) as conn:
        row = load_row(conn, table_id, lock=True)
        seats = seat_rows(conn, table_id)
        who, seat = identify(row, seats, token)
        if row.version != version:
            raise Conflict(f"The table moved on (version {row.version}, not {version}); here it is now.",
                           state(snapshot_of(conn, row, seats), seat, who == "host"))
        last = conn.execute(select(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == row.head)).one()
        if who == "seat" and (last.kind != "action" or last.seat != seat):
            raise Forbidden("You can undo only your own last move, while nobody has moved since; "
                            "the host can undo other moves.", "not_your_move")
        if last.kind == "setup":
            raise Invalid("nothing_to_undo", "There is nothing to undo: the table is as it was set up.")
        if last.kind == "end":
            raise Invalid("cannot_undo", "The game was ended; it cannot be undone.")
        if last.barrier:
            raise Invalid("cannot_undo", f"Cannot undo past “{last.summary}”: it rolled dice or revealed "
                                         "something, so it stays.")
        earlier = conn.execute(select(EVENTS.c.state_z, EVENTS.c.round)
                               .where(EVENTS.c.table_id == table_id, EVENTS.c.seq == last.prev)).one()
        text = unpack(earlier.state_z)
        game = game_of(row)
        restored = game.from_json(json.loads(text))
        seq = row.version + 1
        now = time.time()
        append_event(conn, table_id, seq, "undo", seat=last.seat, at=now, summary=f"Undid: {last.summary}",
                round=earlier.round, undoes=last.seq, action=last.action)
        conn.execute(update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == last.seq)
                     .values(undone=True))
        conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(
            version=seq, head=last.prev, state=text, updated_at=now, **finish_values(game, restored)))
        table = snapshot_of(conn, load_row(conn, table_id), seats)
    cancel_later(table.id)  # an automatic move waiting on the undone move is no longer due
    store.notify(table.id, table.version)
    return table
