"""The table service: every operation on a game table, shared by the JSON API and the pages.

A table is a game in progress at a real table: its seats, its current state and its log.
Each function here is one operation, runs in one database transaction and either does
everything or nothing. Tokens arrive in plain text and are compared against stored hashes.

The cost of an operation does not grow with the table's history: the table row carries the
current state and version, the log row of every state-changing event carries the state
after it, and undo follows ``prev`` links to the state before.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
import time
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Any, Mapping

from flask import current_app
from sqlalchemy import Connection, Engine, bindparam, func, insert, select, update

from companion import Game, Outcome, PlayerSpec, RuleViolation, find_game, game_ids
from companion.data import game_ids as data_game_ids

from .db import EVENT_COLUMNS, EVENTS, SEATS, TABLES, Hot, reading, writing
from .errors import Conflict, Forbidden, Invalid, NotFound
from .security import HOST_COOKIE, SEAT_COOKIE, hash_token, new_token, token_matches

NAME_MAX = 32
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
IDENT = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")  # bot and variant ids
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud across a table
CODE_LENGTH = 8
ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
ID_LENGTH = 10
ID_PATTERN = re.compile(r"[a-z0-9]{1,16}")
SEED_LIMIT = 2 ** 31
STATE_CACHE_SIZE = 512


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    colour: str
    bot: str | None
    taken: bool  # a phone holds this seat's token
    token_hash: str | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict:
        return {"seat": self.seat, "name": self.name, "colour": self.colour, "bot": self.bot, "taken": self.taken}


@dataclass(frozen=True)
class Table:
    """A snapshot of one table as stored; ``state`` is the game's own state object."""

    id: str
    join_code: str
    game_id: str
    variant: str | None
    seed: int
    version: int
    head: int
    finished: bool
    outcome: dict | None
    seats: tuple[Seat, ...]
    created_at: float
    updated_at: float
    state: Any
    host_hash: str = field(default="", repr=False, compare=False)

    @property
    def game(self) -> Game:
        return find_game(self.game_id)


# -- Core statements used often, built once (SQLAlchemy then reuses their compiled form) --
# (polling and acting go straight to the driver: see ``db.Hot``)

_TABLE = select(TABLES).where(TABLES.c.id == bindparam("tid"))
_TABLE_LOCKED = _TABLE.with_for_update()
_SEATS = select(SEATS).where(SEATS.c.table_id == bindparam("tid")).order_by(SEATS.c.seat)
_INSERT_EVENT = insert(EVENTS)


# -- the store behind the functions -------------------------------------------

class Store:
    """Engine plus two small caches, one per app: table snapshots by version (checked
    against the stored version on every use) and table versions for polling phones. A version written by this
    process is exact at once; one written by another worker (PostgreSQL, several
    processes) is seen within ``version_ttl`` seconds."""

    def __init__(self, engine: Engine, version_ttl: float = 1.0):
        self.engine = engine
        self.hot = Hot(engine)
        self.version_ttl = version_ttl
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._versions: dict[str, tuple[int, float]] = {}
        self._lock = threading.Lock()
        self.changed = threading.Condition()

    def cached_version(self, table_id: str) -> int | None:
        hit = self._versions.get(table_id)
        if hit is not None and time.monotonic() - hit[1] < self.version_ttl:
            return hit[0]
        return None

    def note_version(self, table_id: str, version: int) -> None:
        if len(self._versions) > 50_000:  # bounded: forget everything rather than grow
            self._versions.clear()
        self._versions[table_id] = (version, time.monotonic())

    def snapshot(self, table_id: str, version: int) -> "Table | None":
        """The table as it was at ``version``, if this process has seen it. Every change to
        a table (actions, undo, joins, the end) makes a new version, so a snapshot of a
        version never goes out of date."""
        with self._lock:
            hit = self._tables.get(table_id)
            if hit is None or hit.version != version:
                return None
            self._tables.move_to_end(table_id)
            return hit

    def keep(self, table: "Table") -> None:
        with self._lock:
            self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            while len(self._tables) > STATE_CACHE_SIZE:
                self._tables.popitem(last=False)

    def notify(self, table_id: str | None = None, version: int | None = None) -> None:
        if table_id is not None and version is not None:
            self.note_version(table_id, version)
        with self.changed:
            self.changed.notify_all()


def _store() -> Store:
    return current_app.extensions["headframe"]


# -- helpers --------------------------------------------------------------------

_ENCODER = json.JSONEncoder(separators=(",", ":"))  # made once: json.dumps with options builds one per call


def _dumps(value: Any) -> str:
    # ASCII: a lone surrogate or NUL from a client's JSON stays an escape, which every
    # database stores, instead of text that SQLite cannot encode and PostgreSQL refuses.
    return _ENCODER.encode(value)


def _clean(text: str) -> str:
    """Text safe for any database column: NUL and lone surrogates become escapes."""
    return text.replace("\x00", "\\x00").encode("utf-8", "backslashreplace").decode("utf-8")


def _valid_id(table_id: Any) -> bool:
    return isinstance(table_id, str) and ID_PATTERN.fullmatch(table_id) is not None


def _pack(text: str) -> bytes:
    return zlib.compress(text.encode("utf-8"), 6)


def _unpack(blob: bytes) -> str:
    return zlib.decompress(blob).decode("utf-8")


def _random(alphabet: str, length: int) -> str:
    return "".join(secrets.choice(alphabet) for _ in range(length))


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _outcome_json(outcome: Outcome | None) -> dict | None:
    if outcome is None:
        return None
    return {"finish": outcome.finish.value, "winners": list(outcome.winners), "reason": outcome.reason}


def normalise_code(code: Any) -> str:
    """The join code as stored, or "" for anything that cannot be one."""
    if not isinstance(code, str):
        return ""
    code = re.sub(r"[\s-]", "", code).upper()
    return code if re.fullmatch(r"[A-Z0-9]{8}", code) else ""


def _seats(conn, table_id: str) -> list[Any]:
    if isinstance(conn, Connection):
        return conn.execute(_SEATS, {"tid": table_id}).all()
    return _store().hot.seat_rows(conn, table_id)  # a driver cursor on a hot path


def _table(conn, row, seat_rows=None) -> Table:
    """The snapshot for a stored row: from the cache when this version was seen before."""
    store = _store()
    hit = store.snapshot(row.id, row.version)
    if hit is not None:
        return hit
    if seat_rows is None:
        seat_rows = _seats(conn, row.id)
    game = find_game(row.game)
    state = game.from_json(json.loads(row.state))
    seats = tuple(Seat(s.seat, s.name, s.colour, s.bot, s.token_hash is not None, s.token_hash) for s in seat_rows)
    table = Table(row.id, row.join_code, row.game, row.variant, row.seed, row.version, row.head, bool(row.finished),
                  json.loads(row.outcome) if row.outcome else None, seats, row.created_at, row.updated_at, state,
                  row.host_hash)
    store.keep(table)
    return table


def _load(conn, table_id: str, lock: bool = False):
    row = conn.execute(_TABLE_LOCKED if lock else _TABLE, {"tid": table_id}).one_or_none() \
        if _valid_id(table_id) else None
    if row is None:
        raise NotFound(f"There is no table {table_id!r}.")
    return row


def _who(row, seat_rows, token: str | None) -> tuple[str, int | None]:
    """('host', None) or ('seat', n) for a token; Forbidden otherwise."""
    if not token or not isinstance(token, str):
        raise Forbidden("This needs the host's or a seat's token.", "no_token")
    digest = hash_token(token)
    if token_matches(digest, row.host_hash):
        return "host", None
    for s in seat_rows:
        if s.token_hash and token_matches(digest, s.token_hash):
            return "seat", s.seat
    raise Forbidden("That token does not belong to this table.", "bad_token")


def _require_host(row, token: str | None) -> None:
    if not token or not isinstance(token, str) or not token_matches(hash_token(token), row.host_hash):
        raise Forbidden("Only the host can do this.", "host_only")


def _check_version(version: Any) -> int:
    if isinstance(version, bool) or not isinstance(version, int):
        raise Invalid("invalid_version", "Send the table version the action was made against, as a whole number.")
    return version


def _append(conn, table_id: str, seq: int, kind: str, **values) -> None:
    row = dict.fromkeys(EVENT_COLUMNS)  # every column, every time: one compiled INSERT
    row.update(summary="", round=0, barrier=False, undone=False, at=time.time())
    row.update(values, table_id=table_id, seq=seq, kind=kind)
    row["summary"] = _clean(row["summary"])
    conn.execute(_INSERT_EVENT, row)


def _finish_values(game: Game, state: Any, ended: bool = False) -> dict:
    outcome = game.end_if(state)
    if outcome is None and ended:
        sheet = game.score(state)
        winners = tuple(s for s, r in enumerate(sheet.ranks) if r == 1)
        from companion import Finish
        outcome = Outcome(Finish.WIN if len(winners) == 1 else Finish.TIE, winners, "the host ended the game")
    if outcome is None:
        return {"finished": False, "outcome": None, "result": None}
    return {"finished": True, "outcome": _dumps(_outcome_json(outcome)), "result": _dumps(game.score(state).to_json())}


def _running_totals(game: Game, state: Any) -> list | None:
    try:
        return list(game.running_totals(state))
    except NotImplementedError:
        return None


# -- validation -------------------------------------------------------------------

def _players(players: Any) -> list[PlayerSpec]:
    if not isinstance(players, list) or not players:
        raise Invalid("invalid_players", "List the players: each with a name and a colour like #c0392b.")
    specs, seen = [], set()
    for index, player in enumerate(players, start=1):
        if not isinstance(player, Mapping):
            raise Invalid("invalid_players", f"Player {index} must have a name and a colour.")
        name = player.get("name")
        name = name.strip() if isinstance(name, str) else ""
        if not 1 <= len(name) <= NAME_MAX:
            raise Invalid("invalid_name", f"Player {index}'s name must be 1–{NAME_MAX} characters.")
        if CONTROL.search(name) or _clean(name) != name:
            raise Invalid("invalid_name", f"Player {index}'s name has a control character in it.")
        if name.casefold() in seen:
            raise Invalid("invalid_name", f"Two players are called {name!r}; give each a different name.")
        seen.add(name.casefold())
        colour = player.get("colour")
        if not isinstance(colour, str) or not COLOUR.fullmatch(colour):
            raise Invalid("invalid_colour", f"{name}'s colour must look like #c0392b.")
        bot = player.get("bot")
        if bot is not None and (not isinstance(bot, str) or not IDENT.fullmatch(bot)):
            raise Invalid("invalid_bot", f"{name}'s bot must be a bot id or left out.")
        specs.append(PlayerSpec(name, colour.lower(), bot))
    return specs


def _game_and_variant(game_id: Any, variant: Any) -> tuple[Game, str | None]:
    if not isinstance(game_id, str) or not game_id:
        raise Invalid("invalid_game", f"Choose a game: {', '.join(game_ids())}.")
    game = find_game(game_id)
    if variant is not None and not isinstance(variant, str):
        raise Invalid("invalid_variant", "The variant must be a name.")
    if variant == "":
        variant = None
    if variant is not None and not IDENT.fullmatch(variant):
        raise Invalid("invalid_variant", f"{variant!r} is not a variant name.")
    if variant is not None and game.id != "scorepad" and not game.variants:
        raise Invalid("invalid_variant", f"{game.name} has no variants.")
    if game.id == "scorepad" and variant is not None and variant not in data_game_ids():
        known = ", ".join(data_game_ids()) or "none yet"
        raise Invalid("invalid_variant", f"The score pad keeps score for a known game ({known}), not {variant!r}.")
    return game, variant


# -- operations -------------------------------------------------------------------

def create_table(game_id: str, players: list[dict], variant: str | None = None,
                 seed: int | None = None) -> tuple[Table, str]:
    """Set up a new table; returns it and the host's token (shown once, stored hashed)."""
    game, variant = _game_and_variant(game_id, variant)
    specs = _players(players)
    problem = game.check_setup(specs, variant)
    if problem:
        raise Invalid("invalid_setup", problem)
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise Invalid("invalid_seed", f"The seed must be a whole number from 0 to {SEED_LIMIT - 1}.")
    state = game.setup(specs, variant, seed)
    text = _dumps(game.to_json(state))
    host_token = new_token()
    store = _store()
    now = time.time()
    for _attempt in range(5):
        table_id, code = _random(ID_ALPHABET, ID_LENGTH), _random(CODE_ALPHABET, CODE_LENGTH)
        with writing(store.engine) as conn:
            clash = conn.execute(select(TABLES.c.id).where((TABLES.c.id == table_id) | (TABLES.c.join_code == code)))
            if clash.first() is not None:
                continue
            conn.execute(insert(TABLES).values(
                id=table_id, join_code=code, game=game.id, variant=variant, seed=seed, version=0, head=0,
                state=text, finished=False, host_hash=hash_token(host_token), created_at=now, updated_at=now))
            conn.execute(insert(SEATS), [dict(table_id=table_id, seat=i, name=p.name, colour=p.colour, bot=p.bot)
                                         for i, p in enumerate(specs)])
            _append(conn, table_id, 0, "setup", at=now, summary="set up the table", round=game.round_of(state),
                    barrier=True, state_z=_pack(text))
            table = _table(conn, _load(conn, table_id))
        store.note_version(table_id, 0)
        if any(p.bot for p in specs) or game.automatic_seats(state):
            table = advance_bots(table_id)
        return table, host_token
    raise RuntimeError("could not find a free table id")  # 31^10 ids: practically unreachable


def get(table_id: str, version: int | None = None) -> Table:
    """The table as stored now (one small query when this process has seen its version).
    With ``version`` (just read by ``version_of``) a snapshot of it needs no query at all."""
    store = _store()
    if version is not None:
        hit = store.snapshot(table_id, version)
        if hit is not None:
            return hit
    if not _valid_id(table_id):
        raise NotFound(f"There is no table {table_id!r}.")
    hot = store.hot
    with hot.transaction() as cursor:
        version = hot.table_version(cursor, table_id)
        if version is None:
            raise NotFound(f"There is no table {table_id!r}.")
        store.note_version(table_id, version)
        hit = store.snapshot(table_id, version)
        return hit if hit is not None else _table(cursor, hot.table_row(cursor, table_id))


def version_of(table_id: str, fresh: bool = False, seen: int | None = None) -> int:
    """The table's version alone: the cheap question a polling phone asks. Answered from
    the store's cache when it is recent (see ``Store``), unless ``fresh`` or unless the phone
    has ``seen`` a newer version than the cache holds: then another server process wrote
    it, and only the database knows what is current. So a phone never gets an older table
    than the one it has."""
    store = _store()
    if not fresh:
        cached = store.cached_version(table_id)
        if cached is not None and (seen is None or cached >= seen):
            return cached
    if not _valid_id(table_id):
        raise NotFound(f"There is no table {table_id!r}.")
    with store.hot.transaction() as cursor:
        version = store.hot.table_version(cursor, table_id)
    if version is None:
        raise NotFound(f"There is no table {table_id!r}.")
    store.note_version(table_id, version)
    return version


def find_by_code(code: str) -> Table:
    wanted = normalise_code(code)
    if len(wanted) != CODE_LENGTH:
        raise NotFound("No table has that join code.")
    with reading(_store().engine) as conn:
        row = conn.execute(select(TABLES).where(TABLES.c.join_code == wanted)).one_or_none()
        if row is None:
            raise NotFound("No table has that join code.")
        return _table(conn, row)


def seat_of(table: Table | str, token: str | None) -> int | None:
    """The seat a token holds at this table, or None (host token, spectator, unknown)."""
    if not token or not isinstance(token, str):
        return None
    if not isinstance(table, Table):
        table = get(table)
    digest = hash_token(token)
    for seat in table.seats:
        if seat.token_hash and token_matches(digest, seat.token_hash):
            return seat.seat
    return None


def viewer(table: Table, header: str | None, cookies) -> tuple[int | None, bool]:
    """(seat, is host) for a caller with this ``X-Headframe-Token`` header and these cookies."""
    seat_token = header or cookies.get(SEAT_COOKIE)
    host_token = header or cookies.get(HOST_COOKIE)
    seat = seat_of(table, seat_token) if seat_token else None
    host = is_host(table, host_token) if host_token else False
    return seat, host


def is_host(table: Table | str, token: str | None) -> bool:
    if not token or not isinstance(token, str):
        return False
    if not isinstance(table, Table):
        table = get(table)
    return token_matches(hash_token(token), table.host_hash)


def state(table: Table, seat: int | None = None, host: bool = False) -> dict:
    """The table as ``seat`` sees it (``None``: spectator or the shared screen)."""
    game = table.game
    options = [] if table.finished else [
        {"action": dict(o.action), "label": o.label, "allowed": o.allowed, "reason": o.reason, "cost": o.cost}
        for o in game.options(table.state, seat)]
    body = {"id": table.id, "game": table.game_id, "name": game.name, "variant": table.variant,
            "version": table.version, "players": [s.to_json() for s in table.seats], "seat": seat,
            "host": host, "round": game.round_of(table.state), "state": game.view(table.state, seat),
            "options": options, "finished": table.finished, "outcome": table.outcome,
            "can_undo": table.head > 0}
    if host:
        body["join_code"] = table.join_code
    return body


def join(join_code: str, seat: int, token: str | None = None) -> tuple[Table, str]:
    """Take ``seat`` at the table with ``join_code``. A browser that already holds the seat's
    token (``token``) gets the seat back; anyone else needs the host to free it first."""
    wanted = normalise_code(join_code)
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise Invalid("invalid_seat", "Choose a seat by its number.")
    store = _store()
    with writing(store.engine) as conn:
        found = conn.execute(select(TABLES.c.id).where(TABLES.c.join_code == wanted)).scalar_one_or_none() \
            if len(wanted) == CODE_LENGTH else None
        if found is None:
            raise NotFound("No table has that join code.", "bad_code")
        row = _load(conn, found, lock=True)
        seats = _seats(conn, row.id)
        if not 0 <= seat < len(seats):
            raise Invalid("invalid_seat", f"There is no seat {seat}; seats are 0–{len(seats) - 1}.")
        taken = seats[seat]
        if taken.bot:
            raise Invalid("invalid_seat", f"{taken.name} is played by a bot.")
        if taken.token_hash:
            if token and isinstance(token, str) and token_matches(hash_token(token), taken.token_hash):
                return _table(conn, row, seats), token
            raise Invalid("seat_taken", f"{taken.name}'s seat is taken; the host can free it.", status=409)
        fresh = new_token()
        seq = row.version + 1
        conn.execute(update(SEATS).where(SEATS.c.table_id == row.id, SEATS.c.seat == seat)
                     .values(token_hash=hash_token(fresh)))
        _append(conn, row.id, seq, "join", seat=seat, summary=f"{taken.name} joined")
        conn.execute(update(TABLES).where(TABLES.c.id == row.id).values(version=seq, updated_at=time.time()))
        table = _table(conn, _load(conn, row.id))
    store.notify(table.id, table.version)
    return table, fresh


def remove_seat(table_id: str, host_token: str, seat: int) -> Table:
    """Free a seat so another phone can take it (the old phone's token stops working)."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise Invalid("invalid_seat", "Choose a seat by its number.")
    store = _store()
    with writing(store.engine) as conn:
        row = _load(conn, table_id, lock=True)
        _require_host(row, host_token)
        seats = _seats(conn, table_id)
        if not 0 <= seat < len(seats):
            raise Invalid("invalid_seat", f"There is no seat {seat}; seats are 0–{len(seats) - 1}.")
        seq = row.version + 1
        conn.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat).values(token_hash=None))
        _append(conn, table_id, seq, "leave", seat=seat, summary=f"the host freed {seats[seat].name}'s seat")
        conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(version=seq, updated_at=time.time()))
        table = _table(conn, _load(conn, table_id))
    store.notify(table.id, table.version)
    return table


def act(table_id: str, token: str | None, version: int, action: Mapping[str, Any]) -> dict:
    """Apply one action. The seat comes from the token (a host token may name any seat).
    Returns {"version", "event", "table": Table}. Nothing is stored when the rules refuse.

    The rules run on the snapshot of ``version`` before the write lock is taken; the write
    then stores the result only if the table is still at ``version``. Every change makes a
    new version, so that check is enough, and the lock is held for the statements alone
    rather than for the game's own work."""
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise Invalid("invalid_action", 'An action is an object with a "type", e.g. {"type": "next_round"}.')
    version = _check_version(version)
    store = _store()
    # A snapshot of the very version the phone acted on needs no read: the write checks it is
    # current. Its seats may be out of date, so a token it does not know is asked of the table as stored.
    table = store.snapshot(table_id, version)
    try:
        who, seat = _acting_seat(table, token, action.get("seat")) if table is not None else (None, None)
    except Forbidden:
        table = None
    if table is None:
        table = get(table_id)
        who, seat = _acting_seat(table, token, action.get("seat"))
    if table.version != version:
        raise _conflict(table, version, seat, who == "host")
    if table.finished:
        raise Invalid("finished", "The game is over: the score sheet is final.", status=409)
    move = dict(action)
    if who == "seat":
        move["seat"] = seat
    game = table.game
    before = table.state
    after = game.apply(before, move)  # a RuleViolation: nothing was written
    now = time.time()
    rows: list[dict] = []
    text, first = _log_action(rows, table_id, game, before, after, move, version + 1, table.head, now,
                              game.is_barrier(move, before))
    after, seq, text = _run_bots(rows, table_id, game, table.seats, after, version + 1, text, now)
    finish = _finish_values(game, after)
    if not _store_moves(store.hot, table_id, version, rows, seq, text, now, finish):
        # The table moved on first. Who the token is comes from the table as it is now: the
        # host may have freed this seat in the meantime.
        current = get(table_id)
        who, seat = _acting_seat(current, token, action.get("seat"))
        raise _conflict(current, version, seat, who == "host")
    done = _published(store, table, after, seq, now, finish)
    return {"version": seq, "table": done, "seat": seat, "host": who == "host",
            "event": _event_json(seq=version + 1, kind="action", undone=False, undoes=None, **first,
                                 action_text=first["action"])}


def _store_moves(hot: Hot, table_id: str, version: int, rows: list[dict], seq: int, text: str, now: float,
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


def _acting_seat(table: Table, token: str | None, named: Any) -> tuple[str, int | None]:
    """Who acts: ('seat', n) from a seat token; ('host', None) for the host, who may name any seat."""
    who, seat = _who(table, table.seats, token)
    if who == "host" and named is not None and (isinstance(named, bool) or not isinstance(named, int)
                                                  or not 0 <= named < len(table.seats)):
        raise Invalid("invalid_seat", f"There is no seat {named!r}; seats are 0–{len(table.seats) - 1}.")
    return who, seat


def _conflict(table: Table, version: int, seat: int | None, host: bool) -> Conflict:
    return Conflict(f"The table moved on (version {table.version}, not {version}); here it is now.",
                    state(table, seat, host))


BOT_MOVES_MAX = 500  # bound on bot moves after one player's action; a full game of bots stops here


def _run_bots(rows: list[dict], table_id: str, game: Game, seats: tuple[Seat, ...], state: Any, seq: int,
              text: str, now: float) -> tuple[Any, int, str]:
    """Let bot seats answer, each move its own event (added to ``rows``), stored with the move
    that woke them. Undo cannot step back over a bot's move: it is the bot's decision, like a die's."""
    for _ in range(BOT_MOVES_MAX):
        bot_move = _bot_move(game, seats, state)
        if bot_move is None:
            break
        try:
            following = game.apply(state, bot_move)
        except RuleViolation:
            break  # a bot that finds no legal move leaves the table to the players
        seq += 1
        text, _event = _log_action(rows, table_id, game, state, following, bot_move, seq, seq - 1, now, True)
        state = following
    return state, seq, text


def advance_bots(table_id: str) -> Table:
    """Play bot seats until the table waits for a person (after setup, when a bot starts)."""
    store = _store()
    table = get(table_id)
    if table.finished:
        return table
    now = time.time()
    rows: list[dict] = []
    after, seq, text = _run_bots(rows, table_id, table.game, table.seats, table.state, table.version, "", now)
    if not rows:
        return table
    finish = _finish_values(table.game, after)
    if not _store_moves(store.hot, table_id, table.version, rows, seq, text, now, finish):
        return get(table_id)  # a player moved first; their action ran the bots
    return _published(store, table, after, seq, now, finish)


def _published(store: Store, table: Table, after: Any, seq: int, now: float, finish: dict) -> Table:
    """After the commit: the new snapshot, cached, and waiting phones woken."""
    done = replace(table, version=seq, head=seq, finished=finish["finished"], updated_at=now, state=after,
                   outcome=json.loads(finish["outcome"]) if finish["outcome"] else None)
    store.keep(done)
    store.notify(table.id, seq)
    return done


def _bot_move(game: Game, seats: tuple[Seat, ...], state: Any) -> dict | None:
    """The next move of a bot seat, if the table is waiting for one."""
    if game.end_if(state) is not None:
        return None
    bots = sorted({s.seat for s in seats if s.bot} | set(game.automatic_seats(state)))
    for seat in bots:
        move = game.bot_action(state, seat)
        if move is not None:
            return dict(move, seat=seat)
    return None


def _log_action(rows: list[dict], table_id: str, game: Game, before: Any, after: Any, move: Mapping[str, Any],
                seq: int, prev: int, now: float, barrier: bool) -> tuple[str, dict]:
    """Add the log row of one move to ``rows``; returns the state after it as JSON, and the event."""
    text = _dumps(game.to_json(after))
    event = dict(seat=move.get("seat"), at=now, action=_dumps(move), summary=_clean(game.summary(before, move)),
                 round=game.round_of(after), barrier=barrier, prev=prev)
    logged = dict.fromkeys(EVENT_COLUMNS)
    logged.update(event, table_id=table_id, seq=seq, kind="action", undone=False, undoes=None, state_z=_pack(text))
    rows.append(logged)
    return text, event


def undo(table_id: str, host_token: str, version: int) -> Table:
    """Take back the latest action still in effect, by appending an undo event. Stops at a
    dice roll, a reveal, the setup or the end of the game."""
    version = _check_version(version)
    store = _store()
    with writing(store.engine) as conn:
        row = _load(conn, table_id, lock=True)
        _require_host(row, host_token)
        seats = _seats(conn, table_id)
        if row.version != version:
            raise Conflict(f"The table moved on (version {row.version}, not {version}); here it is now.",
                           state(_table(conn, row, seats), None, True))
        last = conn.execute(select(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == row.head)).one()
        if last.kind == "setup":
            raise Invalid("nothing_to_undo", "There is nothing to undo: the table is as it was set up.")
        if last.kind == "end":
            raise Invalid("cannot_undo", "The game was ended; it cannot be undone.")
        if last.barrier:
            raise Invalid("cannot_undo", f"Cannot undo past “{last.summary}”: it rolled dice or revealed "
                                         "something, so it stays.")
        earlier = conn.execute(select(EVENTS.c.state_z, EVENTS.c.round)
                               .where(EVENTS.c.table_id == table_id, EVENTS.c.seq == last.prev)).one()
        text = _unpack(earlier.state_z)
        game = find_game(row.game)
        restored = game.from_json(json.loads(text))
        seq = row.version + 1
        now = time.time()
        _append(conn, table_id, seq, "undo", seat=last.seat, at=now, summary=f"undid: {last.summary}",
                round=earlier.round, undoes=last.seq, action=last.action)
        conn.execute(update(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.seq == last.seq)
                     .values(undone=True))
        conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(
            version=seq, head=last.prev, state=text, updated_at=now, **_finish_values(game, restored)))
        table = _table(conn, _load(conn, table_id), seats)
    store.notify(table.id, table.version)
    return table


def end_game(table_id: str, host_token: str) -> Table:
    """The host closes the game: the score sheet as it stands becomes the result."""
    store = _store()
    with writing(store.engine) as conn:
        row = _load(conn, table_id, lock=True)
        _require_host(row, host_token)
        seats = _seats(conn, table_id)
        if row.finished:
            return _table(conn, row, seats)
        game = find_game(row.game)
        current = _table(conn, row, seats).state
        seq = row.version + 1
        now = time.time()
        _append(conn, table_id, seq, "end", at=now, summary="the host ended the game", round=game.round_of(current),
                barrier=True, prev=row.head, state_z=_pack(row.state))
        conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(
            version=seq, head=seq, updated_at=now, **_finish_values(game, current, ended=True)))
        table = _table(conn, _load(conn, table_id), seats)
    store.notify(table.id, table.version)
    return table


def _event_json(*, seq, kind, seat, at, summary, round, barrier, undone, undoes, action_text=None, **_) -> dict:
    return {"seq": seq, "kind": kind, "seat": seat, "time": _iso(at),
            "action": json.loads(action_text) if action_text else None, "summary": summary, "round": round,
            "barrier": bool(barrier), "undone": bool(undone), "undoes": undoes}


def log(table_id: str, after: int = -1, limit: int | None = None) -> list[dict]:
    """Every event after ``after`` in order: actions, undos (and what they undid), joins, the end."""
    columns = [EVENTS.c.seq, EVENTS.c.kind, EVENTS.c.seat, EVENTS.c.at, EVENTS.c.action, EVENTS.c.summary,
               EVENTS.c.round, EVENTS.c.barrier, EVENTS.c.undone, EVENTS.c.undoes]
    with reading(_store().engine) as conn:
        _exists(conn, table_id)
        query = select(*columns).where(EVENTS.c.table_id == table_id, EVENTS.c.seq > after).order_by(EVENTS.c.seq)
        if limit is not None:
            query = query.limit(limit)
        rows = conn.execute(query).all()
    return [_event_json(seq=r.seq, kind=r.kind, seat=r.seat, at=r.at, summary=r.summary, round=r.round,
                        barrier=r.barrier, undone=r.undone, undoes=r.undoes, action_text=r.action) for r in rows]


def _exists(conn, table_id: str) -> None:
    if not _valid_id(table_id) or conn.execute(select(TABLES.c.id).where(TABLES.c.id == table_id)).first() is None:
        raise NotFound(f"There is no table {table_id!r}.")


def score(table_id: str) -> dict:
    """The score sheet now, plus the running totals at the end of each round for the chart:
    from the state after the last action still in effect in each round."""
    table = get(table_id)
    game = table.game
    sheet = game.score(table.state).to_json()
    effective = (EVENTS.c.table_id == table_id, EVENTS.c.undone.is_(False),
                 EVENTS.c.kind.in_(("setup", "action", "end")))
    last = select(func.max(EVENTS.c.seq).label("seq")).where(*effective).group_by(EVENTS.c.round).subquery()
    with reading(_store().engine) as conn:
        rows = conn.execute(select(EVENTS.c.round, EVENTS.c.state_z)
                            .where(EVENTS.c.table_id == table_id, EVENTS.c.seq.in_(select(last.c.seq)))
                            .order_by(EVENTS.c.seq)).all()
    rounds = [{"round": r.round, "totals": _running_totals(game, game.from_json(json.loads(_unpack(r.state_z))))}
              for r in rows]
    return {"id": table.id, "game": table.game_id, "variant": table.variant, "version": table.version,
            "sheet": sheet, "rounds": rounds, "finished": table.finished, "outcome": table.outcome,
            "players": [s.to_json() for s in table.seats]}


def finished_tables(limit: int = 100) -> list[dict]:
    """The most recently finished tables, newest first, with their final sheets."""
    with reading(_store().engine) as conn:
        rows = conn.execute(select(TABLES.c.id, TABLES.c.game, TABLES.c.variant, TABLES.c.updated_at,
                                   TABLES.c.outcome, TABLES.c.result)
                            .where(TABLES.c.finished.is_(True)).order_by(TABLES.c.updated_at.desc())
                            .limit(limit)).all()
    return [{"id": r.id, "game": r.game, "variant": r.variant, "finished_at": _iso(r.updated_at),
             "outcome": json.loads(r.outcome) if r.outcome else None,
             "sheet": json.loads(r.result) if r.result else None} for r in rows]


def player_stats() -> list[dict]:
    """Per player name across every finished table: plays, wins and average score."""
    with reading(_store().engine) as conn:
        rows = conn.execute(select(TABLES.c.result).where(TABLES.c.finished.is_(True))).all()
    stats: dict[str, dict] = {}
    for (result,) in rows:
        if not result:
            continue
        sheet = json.loads(result)
        for seat, name in enumerate(sheet["players"]):
            entry = stats.setdefault(name, {"name": name, "plays": 0, "wins": 0, "total": 0.0})
            entry["plays"] += 1
            entry["wins"] += sheet["ranks"][seat] == 1
            entry["total"] += sheet["totals"][seat]
    out = []
    for entry in stats.values():
        out.append({"name": entry["name"], "plays": entry["plays"], "wins": entry["wins"],
                    "average": round(entry["total"] / entry["plays"], 2)})
    return sorted(out, key=lambda e: (-e["wins"], -e["plays"], e["name"].casefold()))


def count_tables() -> int:
    with reading(_store().engine) as conn:
        return conn.execute(select(func.count()).select_from(TABLES)).scalar_one()


__all__ = ["Seat", "Store", "Table", "act", "count_tables", "create_table", "end_game", "find_by_code",
           "finished_tables", "get", "is_host", "join", "log", "normalise_code", "player_stats", "remove_seat",
           "score", "seat_of", "state", "undo", "version_of", "viewer"]
