"""A table's life outside the moves: setting it up, phones taking and leaving seats, the end."""

from __future__ import annotations

import secrets
import time

from flask import current_app

from companion import find_game

from .. import datasets
from ..errors import Invalid, NotFound
from ..security import hash_token, new_token, token_matches
from .bots import advance_bots
from .cache import current_store
from .checks import CODE_ALPHABET, CODE_LENGTH, SEED_LIMIT, game_and_variant, check_players, normalise_code
from .model import ID_ALPHABET, ID_LENGTH, Table, dumps, pack, random_text
from .rows import (append_event, bump_table, finish_values, game_of, load_row, move_table, seat_rows,
                   snapshot_of)
from .tokens import require_host

CLASH = "SELECT id FROM tables WHERE id = :tid OR join_code = :code"
INSERT_TABLE = ("INSERT INTO tables (id, join_code, game, variant, seed, version, head, state, finished, host_hash, "
                "created_at, updated_at) VALUES (:id, :join_code, :game, :variant, :seed, 0, 0, :state, :finished, "
                ":host_hash, :created_at, :updated_at)")
INSERT_SEAT = "INSERT INTO seats (table_id, seat, name, colour, bot) VALUES (:table_id, :seat, :name, :colour, :bot)"
TABLE_ID_BY_CODE = "SELECT id FROM tables WHERE join_code = :code"
SEAT_TOKEN = "UPDATE seats SET token_hash = :token_hash WHERE table_id = :tid AND seat = :seat"


def create_table(game_id: str, players: list[dict], variant: str | None = None,
                 seed: int | None = None) -> tuple[Table, str]:
    """Set up a new table; returns it and the host's token (shown once, stored hashed)."""
    game, variant = game_and_variant(game_id, variant)
    # New tables play by the data the server was started with, kept under its content hash.
    data = datasets.keep(current_app.instance_path, game.id, current_app.config.get("DATA"))
    if data is not None:
        game = find_game(game.id, str(datasets.kept_folder(current_app.instance_path, game.id, data.hash)))
    specs = check_players(players)
    problem = game.check_setup(specs, variant)
    if problem:
        raise Invalid("invalid_setup", problem)
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise Invalid("invalid_seed", f"The seed must be a whole number from 0 to {SEED_LIMIT - 1}.")
    state = game.setup(specs, variant, seed)
    text = dumps(game.to_json(state))
    host_token = new_token()
    store = current_store()
    now = time.time()
    for _attempt in range(5):
        table_id, code = random_text(ID_ALPHABET, ID_LENGTH), random_text(CODE_ALPHABET, CODE_LENGTH)
        with store.sql.transaction(write=True) as tx:
            if tx.one(CLASH, {"tid": table_id, "code": code}) is not None:
                continue
            tx.run(INSERT_TABLE, dict(id=table_id, join_code=code, game=game.id, variant=variant, seed=seed, state=text,
                                      finished=False, host_hash=hash_token(host_token), created_at=now,
                                      updated_at=now))
            tx.many(INSERT_SEAT, [dict(table_id=table_id, seat=i, name=p.name, colour=p.colour, bot=p.bot)
                                  for i, p in enumerate(specs)])
            append_event(tx, table_id, 0, "setup", at=now, summary="set up the table", round=game.round_of(state),
                         barrier=True, state_z=pack(text))
            datasets.record(tx, table_id, data)
            table = snapshot_of(tx, load_row(tx, table_id))
        store.note_version(table_id, 0)
        if any(p.bot for p in specs) or game.automatic_seats(state):
            table = advance_bots(table_id)
        return table, host_token
    raise RuntimeError("could not find a free table id")  # 31^10 ids: practically unreachable


def join(join_code: str, seat: int, token: str | None = None) -> tuple[Table, str]:
    """Take ``seat`` at the table with ``join_code``. A browser that already holds the seat's
    token (``token``) gets the seat back; anyone else needs the host to free it first."""
    wanted = normalise_code(join_code)
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise Invalid("invalid_seat", "Choose a seat by its number.")
    store = current_store()
    with store.sql.transaction(write=True) as tx:
        found = tx.value(TABLE_ID_BY_CODE, {"code": wanted}) if len(wanted) == CODE_LENGTH else None
        if found is None:
            raise NotFound("No table has that join code.", "bad_code")
        row = load_row(tx, found, lock=True)
        seats = seat_rows(tx, row.id)
        if not 0 <= seat < len(seats):
            raise NotFound(f"There is no seat {seat}; seats are 0–{len(seats) - 1}.", "no_seat")
        taken = seats[seat]
        if taken.bot:
            raise Invalid("seat_taken", f"{taken.name} is played by a bot.", status=409)
        if taken.token_hash:
            if token and isinstance(token, str) and token_matches(hash_token(token), taken.token_hash):
                return snapshot_of(tx, row, seats), token
            raise Invalid("seat_taken", f"{taken.name}'s seat is taken; the host can free it.", status=409)
        fresh = new_token()
        seq = row.version + 1
        tx.run(SEAT_TOKEN, {"tid": row.id, "seat": seat, "token_hash": hash_token(fresh)})
        append_event(tx, row.id, seq, "join", seat=seat, summary=f"{taken.name} joined")
        bump_table(tx, row.id, seq)
        table = snapshot_of(tx, load_row(tx, row.id))
    store.notify(table.id, table.version)
    return table, fresh


def remove_seat(table_id: str, host_token: str, seat: int) -> Table:
    """Free a seat so another phone can take it (the old phone's token stops working)."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise Invalid("invalid_seat", "Choose a seat by its number.")
    store = current_store()
    with store.sql.transaction(write=True) as tx:
        row = load_row(tx, table_id, lock=True)
        require_host(row, host_token)
        seats = seat_rows(tx, table_id)
        if not 0 <= seat < len(seats):
            raise NotFound(f"There is no seat {seat}; seats are 0–{len(seats) - 1}.", "no_seat")
        seq = row.version + 1
        tx.run(SEAT_TOKEN, {"tid": table_id, "seat": seat, "token_hash": None})
        append_event(tx, table_id, seq, "leave", seat=seat, summary=f"the host freed {seats[seat].name}'s seat")
        bump_table(tx, table_id, seq)
        table = snapshot_of(tx, load_row(tx, table_id))
    store.notify(table.id, table.version)
    return table


def end_game(table_id: str, host_token: str) -> Table:
    """The host closes the game: the score sheet as it stands becomes the result."""
    store = current_store()
    with store.sql.transaction(write=True) as tx:
        row = load_row(tx, table_id, lock=True)
        require_host(row, host_token)
        seats = seat_rows(tx, table_id)
        if row.finished:
            return snapshot_of(tx, row, seats)
        game = game_of(row)
        current = snapshot_of(tx, row, seats).state
        seq = row.version + 1
        now = time.time()
        append_event(tx, table_id, seq, "end", at=now, summary="the host ended the game", round=game.round_of(current),
                     barrier=True, prev=row.head, state_z=pack(row.state))
        move_table(tx, table_id, version=seq, head=seq, state=row.state, updated_at=now,
                   **finish_values(game, current, ended=True))
        table = snapshot_of(tx, load_row(tx, table_id), seats)
    store.notify(table.id, table.version)
    return table
