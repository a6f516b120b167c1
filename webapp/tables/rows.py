"""Reading and writing a table's rows: the snapshot of a row, events, the end of a game."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select

from flask import current_app

from companion import Finish, Game, Outcome, find_game

from .. import datasets

from ..db import EVENT_COLUMNS, EVENTS, SEATS, TABLES, Hot
from ..errors import NotFound
from .cache import Store, current_store
from .model import Seat, Table, clean_text, dumps, event_json, outcome_json, valid_id

# -- Core statements used often, built once (SQLAlchemy then reuses their compiled form) --
# (polling and acting go straight to the driver: see ``db.Hot``)

_TABLE = select(TABLES).where(TABLES.c.id == bindparam("tid"))
_TABLE_LOCKED = _TABLE.with_for_update()
_SEATS = select(SEATS).where(SEATS.c.table_id == bindparam("tid")).order_by(SEATS.c.seat)
_INSERT_EVENT = insert(EVENTS)


def seat_rows(conn, table_id: str) -> list[Any]:
    if isinstance(conn, Connection):
        return conn.execute(_SEATS, {"tid": table_id}).all()
    return current_store().hot.seat_rows(conn, table_id)  # a driver cursor on a hot path


def snapshot_of(conn, row, seats=None) -> Table:
    """The snapshot for a stored row: from the cache when this version was seen before."""
    store = current_store()
    hit = store.snapshot(row.id, row.version)
    if hit is not None:
        return hit
    if seats is None:
        seats = seat_rows(conn, row.id)
    data, data_dir = table_data(store, row.id)
    game = find_game(row.game, data_dir)
    state = game.from_json(json.loads(row.state))
    seats = tuple(Seat(s.seat, s.name, s.colour, s.bot, s.token_hash is not None, s.token_hash) for s in seats)
    table = Table(row.id, row.join_code, row.game, row.variant, row.seed, row.version, row.head, bool(row.finished),
                  json.loads(row.outcome) if row.outcome else None, seats, row.created_at, row.updated_at, state,
                  row.host_hash, data, data_dir)
    store.keep(table)
    return table


def table_data(store: Store, table_id: str) -> tuple[Any, str | None]:
    """The data a table started with, and the folder it is kept in (None: the shipped data)."""
    data = datasets.of_table(store.engine, table_id)
    if data is None:
        return None, None
    return data, str(datasets.kept_folder(current_app.instance_path, data.game, data.hash))


def game_of(row) -> Game:
    """The game of a stored table row, playing by the data the table started with."""
    return find_game(row.game, table_data(current_store(), row.id)[1])


def load_row(conn, table_id: str, lock: bool = False):
    row = conn.execute(_TABLE_LOCKED if lock else _TABLE, {"tid": table_id}).one_or_none() \
        if valid_id(table_id) else None
    if row is None:
        raise NotFound(f"There is no table {table_id!r}.")
    return row


def require_table(conn, table_id: str) -> None:
    if not valid_id(table_id) or conn.execute(select(TABLES.c.id).where(TABLES.c.id == table_id)).first() is None:
        raise NotFound(f"There is no table {table_id!r}.")


def append_event(conn, table_id: str, seq: int, kind: str, **values) -> None:
    row = dict.fromkeys(EVENT_COLUMNS)  # every column, every time: one compiled INSERT
    row.update(summary="", round=0, barrier=False, undone=False, at=time.time())
    row.update(values, table_id=table_id, seq=seq, kind=kind)
    row["summary"] = clean_text(row["summary"])
    conn.execute(_INSERT_EVENT, row)


def finish_values(game: Game, state: Any, ended: bool = False) -> dict:
    outcome = game.end_if(state)
    if outcome is None and ended:
        sheet = game.score(state)
        winners = tuple(s for s, r in enumerate(sheet.ranks) if r == 1)
        outcome = Outcome(Finish.WIN if len(winners) == 1 else Finish.TIE, winners, "the host ended the game")
    if outcome is None:
        return {"finished": False, "outcome": None, "result": None}
    return {"finished": True, "outcome": dumps(outcome_json(outcome)), "result": dumps(game.score(state).to_json())}


def store_moves(hot: Hot, table_id: str, version: int, rows: list[dict], seq: int, text: str, now: float,
                 finish: dict) -> bool:
    """Log ``rows`` and move the table from ``version`` to ``seq``, in one transaction, if
    the table is still at ``version``. False (and nothing written) when it is not."""
    with hot.transaction(write=True) as cursor:
        if hot.table_version(cursor, table_id, lock=True) != version:
            return False
        for row in rows:
            hot.run(cursor, hot.insert_event, row)
        hot.run(cursor, hot.after_action, {"tid": table_id, "version": seq, "head": seq, "state": text,
                                           "updated_at": now, **finish})
    return True


def publish(store: Store, table: Table, after: Any, seq: int, now: float, finish: dict, rows: list[dict]) -> Table:
    """After the commit: the new snapshot, cached, and waiting phones woken and told of the
    moves logged (``rows``)."""
    done = replace(table, version=seq, head=seq, finished=finish["finished"], updated_at=now, state=after,
                   outcome=json.loads(finish["outcome"]) if finish["outcome"] else None)
    store.keep(done)
    store.notify(table.id, seq, table.version, [event_json(**row, action_text=row["action"]) for row in rows])
    return done
