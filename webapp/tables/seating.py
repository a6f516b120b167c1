"""A table's life outside the moves: setting it up, phones taking and leaving seats, the end."""

from __future__ import annotations

import secrets
import time

from flask import current_app
from sqlalchemy import insert, select, update

from companion import find_game

from .. import datasets
from ..db import SEATS, TABLES, writing
from ..errors import Invalid, NotFound
from ..security import hash_token, new_token, token_matches
from .bots import advance_bots
from .cache import current_store
from .checks import CODE_ALPHABET, CODE_LENGTH, SEED_LIMIT, game_and_variant, check_players, normalise_code
from .model import ID_ALPHABET, ID_LENGTH, Table, dumps, pack, random_text
from .rows import append_event, finish_values, load_row, seat_rows, snapshot_of, game_of
from .tokens import require_host


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
        with writing(store.engine) as conn:
            clash = conn.execute(select(TABLES.c.id).where((TABLES.c.id == table_id) | (TABLES.c.join_code == code)))
            if clash.first() is not None:
                continue
            conn.execute(insert(TABLES).values(
                id=table_id, join_code=code, game=game.id, variant=variant, seed=seed, version=0, head=0,
                state=text, finished=False, host_hash=hash_token(host_token), created_at=now, updated_at=now))
            conn.execute(insert(SEATS), [dict(table_id=table_id, seat=i, name=p.name, colour=p.colour, bot=p.bot)
                                         for i, p in enumerate(specs)])
            append_event(conn, table_id, 0, "setup", at=now, summary="set up the table", round=game.round_of(state),
                    barrier=True, state_z=pack(text))
            datasets.record(conn, store.engine, table_id, data)
            table = snapshot_of(conn, load_row(conn, table_id))
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
    with writing(store.engine) as conn:
        found = conn.execute(select(TABLES.c.id).where(TABLES.c.join_code == wanted)).scalar_one_or_none() \
            if len(wanted) == CODE_LENGTH else None
        if found is None:
            raise NotFound("No table has that join code.", "bad_code")
        row = load_row(conn, found, lock=True)
        seats = seat_rows(conn, row.id)
        if not 0 <= seat < len(seats):
            raise Invalid("invalid_seat", f"There is no seat {seat}; seats are 0–{len(seats) - 1}.")
        taken = seats[seat]
        if taken.bot:
            raise Invalid("invalid_seat", f"{taken.name} is played by a bot.")
        if taken.token_hash:
            if token and isinstance(token, str) and token_matches(hash_token(token), taken.token_hash):
                return snapshot_of(conn, row, seats), token
            raise Invalid("seat_taken", f"{taken.name}'s seat is taken; the host can free it.", status=409)
        fresh = new_token()
        seq = row.version + 1
        conn.execute(update(SEATS).where(SEATS.c.table_id == row.id, SEATS.c.seat == seat)
                     .values(token_hash=hash_token(fresh)))
        append_event(conn, row.id, seq, "join", seat=seat, summary=f"{taken.name} joined")
        conn.execute(update(TABLES).where(TABLES.c.id == row.id).values(version=seq, updated_at=time.time()))
        table = snapshot_of(conn, load_row(conn, row.id))
    store.notify(table.id, table.version)
    return table, fresh


def remove_seat(table_id: str, host_token: str, seat: int) -> Table:
    """Free a seat so another phone can take it (the old phone's token stops working)."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise Invalid("invalid_seat", "Choose a seat by its number.")
    store = current_store()
    with writing(store.engine) as conn:
        row = load_row(conn, table_id, lock=True)
        require_host(row, host_token)
        seats = seat_rows(conn, table_id)
        if not 0 <= seat < len(seats):
            raise Invalid("invalid_seat", f"There is no seat {seat}; seats are 0–{len(seats) - 1}.")
        seq = row.version + 1
        conn.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat).values(token_hash=None))
        append_event(conn, table_id, seq, "leave", seat=seat, summary=f"the host freed {seats[seat].name}'s seat")
        conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(version=seq, updated_at=time.time()))
        table = snapshot_of(conn, load_row(conn, table_id))
    store.notify(table.id, table.version)
    return table


def end_game(table_id: str, host_token: str) -> Table:
    """The host closes the game: the score sheet as it stands becomes the result."""
    store = current_store()
    with writing(store.engine) as conn:
        row = load_row(conn, table_id, lock=True)
        require_host(row, host_token)
        seats = seat_rows(conn, table_id)
        if row.finished:
            return snapshot_of(conn, row, seats)
        game = game_of(row)
        current = snapshot_of(conn, row, seats).state
        seq = row.version + 1
        now = time.time()
        append_event(conn, table_id, seq, "end", at=now, summary="the host ended the game", round=game.round_of(current),
                barrier=True, prev=row.head, state_z=pack(row.state))
        conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(
            version=seq, head=seq, updated_at=now, **finish_values(game, current, ended=True)))
        table = snapshot_of(conn, load_row(conn, table_id), seats)
    store.notify(table.id, table.version)
    return table
