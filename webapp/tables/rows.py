"""Reading and writing a table's rows: the snapshot of a row, events, the end of a game.

Every statement here is plain SQL run through ``db.Sql`` (the store's one database layer)."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

from flask import current_app

from companion import Finish, Game, Outcome, find_game

from .. import datasets
from ..db import EVENT_COLUMNS, SEAT_COLUMNS, TABLE_COLUMNS, SeatRecord, Sql, TableRecord, Tx
from ..errors import NotFound
from .cache import Store, current_store
from .model import Seat, Table, clean_text, dumps, event_json, outcome_json, valid_id

TABLE = f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = :tid"
TABLE_BY_CODE = f"SELECT {TABLE_COLUMNS} FROM tables WHERE join_code = :code"
VERSION = "SELECT version FROM tables WHERE id = :tid"
SEATS = f"SELECT {SEAT_COLUMNS} FROM seats WHERE table_id = :tid ORDER BY seat"
INSERT_EVENT = f"INSERT INTO events ({', '.join(EVENT_COLUMNS)}) VALUES ({', '.join(':' + c for c in EVENT_COLUMNS)})"
CHANGED = ("version", "head", "state", "updated_at", "finished", "outcome", "result")
# A new version of the table: what an action, an undo or the end of the game changes.
MOVE_TABLE = f"UPDATE tables SET {', '.join(f'{c} = :{c}' for c in CHANGED)} WHERE id = :tid"
# A new version that leaves the game as it was (a phone took or left a seat).
BUMP_TABLE = "UPDATE tables SET version = :version, updated_at = :updated_at WHERE id = :tid"


def seat_rows(tx: Tx, table_id: str) -> list[SeatRecord]:
    return tx.all(SEATS, {"tid": table_id}, SeatRecord)


def snapshot_of(tx: Tx, row: TableRecord, seats: list[SeatRecord] | None = None) -> Table:
    """The snapshot for a stored row: from the cache when this version was seen before."""
    store = current_store()
    hit = store.snapshot(row.id, row.version)
    if hit is not None:
        return hit
    if seats is None:
        seats = seat_rows(tx, row.id)
    data, data_dir = table_data(store, row.id)
    game = find_game(row.game, data_dir)
    state = game.from_json(json.loads(row.state))
    held = tuple(Seat(s.seat, s.name, s.colour, s.bot, s.token_hash is not None, s.token_hash) for s in seats)
    table = Table(row.id, row.join_code, row.game, row.variant, row.seed, row.version, row.head, bool(row.finished),
                  json.loads(row.outcome) if row.outcome else None, held, row.created_at, row.updated_at, state,
                  row.host_hash, data, data_dir)
    store.keep(table)
    return table


def table_data(store: Store, table_id: str) -> tuple[Any, str | None]:
    """The data a table started with, and the folder it is kept in (None: the shipped data)."""
    data = datasets.of_table(store.sql, table_id)
    if data is None:
        return None, None
    return data, str(datasets.kept_folder(current_app.instance_path, data.game, data.hash))


def game_of(row: TableRecord) -> Game:
    """The game of a stored table row, playing by the data the table started with."""
    return find_game(row.game, table_data(current_store(), row.id)[1])


def load_row(tx: Tx, table_id: str, lock: bool = False) -> TableRecord:
    """The table's row (locked until the transaction ends, with ``lock``); NotFound if none."""
    row = tx.one(TABLE, {"tid": table_id}, TableRecord, lock=lock) if valid_id(table_id) else None
    if row is None:
        raise NotFound(f"There is no table {table_id!r}.")
    return row


def table_version(tx: Tx, table_id: str, lock: bool = False) -> int | None:
    return tx.value(VERSION, {"tid": table_id}, lock=lock)


def versions_of(sql: Sql, table_ids: list[str], batch: int) -> dict[str, tuple[int, str]]:
    """The version and the game of each of the tables that exists, ``batch`` tables per query."""
    found: dict[str, tuple[int, str]] = {}
    with sql.transaction() as tx:
        for start in range(0, len(table_ids), batch):
            params = {f"t{i}": table_id for i, table_id in enumerate(table_ids[start:start + batch])}
            marks = ", ".join(f":{name}" for name in params)
            for table_id, version, game in tx.all(f"SELECT id, version, game FROM tables WHERE id IN ({marks})",
                                                  params):
                found[table_id] = (version, game)
    return found


def require_table(tx: Tx, table_id: str) -> None:
    if not valid_id(table_id) or table_version(tx, table_id) is None:
        raise NotFound(f"There is no table {table_id!r}.")


def append_event(tx: Tx, table_id: str, seq: int, kind: str, **values) -> None:
    row = dict.fromkeys(EVENT_COLUMNS)  # every column, every time: one statement
    row.update(summary="", round=0, barrier=False, undone=False, at=time.time())
    row.update(values, table_id=table_id, seq=seq, kind=kind)
    row["summary"] = clean_text(row["summary"])
    tx.run(INSERT_EVENT, row)


def move_table(tx: Tx, table_id: str, **values) -> None:
    """The table's new version, head, state and finish (every one of ``CHANGED``)."""
    tx.run(MOVE_TABLE, {"tid": table_id, **values})


def bump_table(tx: Tx, table_id: str, version: int) -> None:
    tx.run(BUMP_TABLE, {"tid": table_id, "version": version, "updated_at": time.time()})


def finish_values(game: Game, state: Any, ended: bool = False) -> dict:
    outcome = game.end_if(state)
    if outcome is None and ended:
        sheet = game.score(state)
        winners = tuple(s for s, r in enumerate(sheet.ranks) if r == 1)
        outcome = Outcome(Finish.WIN if len(winners) == 1 else Finish.TIE, winners, "the host ended the game")
    if outcome is None:
        return {"finished": False, "outcome": None, "result": None}
    return {"finished": True, "outcome": dumps(outcome_json(outcome)), "result": dumps(game.score(state).to_json())}


def store_moves(sql: Sql, table_id: str, version: int, rows: list[dict], seq: int, text: str, now: float,
                finish: dict) -> bool:
    """Log ``rows`` and move the table from ``version`` to ``seq``, in one transaction, if
    the table is still at ``version``. False (and nothing written) when it is not."""
    with sql.transaction(write=True) as tx:
        if table_version(tx, table_id, lock=True) != version:
            return False
        for row in rows:
            tx.run(INSERT_EVENT, row)
        move_table(tx, table_id, version=seq, head=seq, state=text, updated_at=now, **finish)
    return True


def publish(store: Store, table: Table, after: Any, seq: int, now: float, finish: dict, rows: list[dict]) -> Table:
    """After the commit: the new snapshot, cached, and waiting phones woken and told of the
    moves logged (``rows``)."""
    done = replace(table, version=seq, head=seq, finished=finish["finished"], updated_at=now, state=after,
                   outcome=json.loads(finish["outcome"]) if finish["outcome"] else None)
    store.keep(done)
    store.notify(table.id, seq, table.version, [event_json(**row, action_text=row["action"]) for row in rows])
    return done
