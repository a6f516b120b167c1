"""Where tables live: SQLAlchemy models and the engine, on SQLite or PostgreSQL.

Five tables. ``tables`` holds one row per game table with its *current* state and version,
so reading or changing a table never replays history. ``events`` is the append-only log:
every action, undo, join and end is a row keyed by (table_id, seq) and every event that
changes the game keeps the state after it (zlib-compressed JSON), so undo restores an
earlier state in one read. ``seats`` holds each player's name, colour and token hash. ``join_failures`` counts wrong join
codes per client address for every server process at once; ``table_data`` names the data each
table was started with.

Durability: SQLite runs in WAL mode. With the default ``synchronous=NORMAL`` a commit is in
the WAL file (the operating system's cache) before the action is acknowledged: it survives
a killed or crashed server, which the durability test checks with SIGKILL, but a power cut
may lose the last moments. ``SQLITE_SYNCHRONOUS = "FULL"`` in the instance's config.py
fsyncs every commit and survives a power cut too, at several milliseconds per action on
ordinary disks (that would cap a busy server at roughly a hundred actions a second).
PostgreSQL commits are as durable as its own settings make them. Writers take the lock up front with
``BEGIN IMMEDIATE`` so two phones acting at once queue instead of failing half-way;
PostgreSQL gets ``SELECT ... FOR UPDATE`` on the table row instead.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import namedtuple
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, Callable, Iterator

try:
    import fcntl
except ImportError:  # Windows: one server process, the Python lock suffices
    fcntl = None

from sqlalchemy import (Boolean, Connection, Engine, Float, ForeignKey, Index, Integer, LargeBinary, String, Text,
                        create_engine, event)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

SQLITE_FILE = "headframe.sqlite3"
BUSY_TIMEOUT_MS = 30_000


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    join_code: Mapped[str] = mapped_column(String(8), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str | None] = mapped_column(Text)  # any combination of switches the game accepts
    seed: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)   # seq of the latest event
    head: Mapped[int] = mapped_column(Integer)      # seq of the event whose state is the current one
    state: Mapped[str] = mapped_column(Text)        # current game state, JSON
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    outcome: Mapped[str | None] = mapped_column(Text)  # JSON once finished
    result: Mapped[str | None] = mapped_column(Text)   # final score sheet JSON once finished
    host_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_tables_finished", "finished", "updated_at"),)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    colour: Mapped[str] = mapped_column(String(7))
    bot: Mapped[str | None] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64))


class EventRow(Base):
    __tablename__ = "events"

    # (table_id, seq) is the primary key: two writers can never log the same step twice.
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(12))   # setup, action, undo, join, leave, end
    seat: Mapped[int | None] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)
    action: Mapped[str | None] = mapped_column(Text)  # JSON
    summary: Mapped[str] = mapped_column(Text, default="")
    round: Mapped[int] = mapped_column(Integer, default=0)
    barrier: Mapped[bool] = mapped_column(Boolean, default=False)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    prev: Mapped[int | None] = mapped_column(Integer)    # the effective event before this one
    undoes: Mapped[int | None] = mapped_column(Integer)  # for an undo: the seq it took back
    state_z: Mapped[bytes | None] = mapped_column(LargeBinary)


class TableDataRow(Base):
    """The data a table was started with: its game's data folder by content hash (see ``datasets``)."""

    __tablename__ = "table_data"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))
    source: Mapped[str] = mapped_column(Text)


class JoinFailureRow(Base):
    """Wrong join codes per client address, shared by every server process (see ``joinlimit``)."""

    __tablename__ = "join_failures"

    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    since: Mapped[float] = mapped_column(Float)      # start of the current window
    failures: Mapped[int] = mapped_column(Integer)   # wrong codes since then
    checked: Mapped[float] = mapped_column(Float, default=0.0)  # last code looked up while locked


TABLES = TableRow.__table__
SEATS = SeatRow.__table__
EVENTS = EventRow.__table__
JOIN_FAILURES = JoinFailureRow.__table__
TABLE_DATA = TableDataRow.__table__


def sqlite_url(instance_path: str | Path) -> str:
    return f"sqlite:///{Path(instance_path) / SQLITE_FILE}"


SYNC_LEVELS = ("FULL", "NORMAL")


def make_engine(url: str, pool_size: int = 10, sqlite_synchronous: str = "NORMAL") -> Engine:
    """An engine with a connection pool sized for the server's threads."""
    if url.startswith("sqlite"):
        engine = create_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=False,
                               connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000})
        if sqlite_synchronous not in SYNC_LEVELS:
            raise ValueError(f"SQLITE_SYNCHRONOUS must be one of {SYNC_LEVELS}, not {sqlite_synchronous!r}")
        _tune_sqlite(engine, sqlite_synchronous)
        _write_locks[engine] = WriteLock(engine.url.database)
    else:
        engine = create_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)
    Base.metadata.create_all(engine)
    upgrade(engine)
    return engine


# A key for PostgreSQL's advisory lock: server processes starting at once upgrade one at a time.
UPGRADE_LOCK = 0x48464442


def upgrade(engine: Engine) -> None:
    """Bring a database made by an older version up to the current schema; doing it again
    changes nothing. ``tables.variant`` was 64 characters before it became text: SQLite never
    enforced that length, PostgreSQL does, so there the column is altered (under an advisory
    lock, looked at again once held, so several processes starting at once alter it once)."""
    if engine.dialect.name != "postgresql":
        return
    with engine.begin() as connection:
        connection.exec_driver_sql("SELECT pg_advisory_xact_lock(%s)" % UPGRADE_LOCK)
        length = connection.exec_driver_sql(
            "SELECT character_maximum_length FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = 'tables' AND column_name = 'variant'").scalar()
        if length is not None:
            connection.exec_driver_sql("ALTER TABLE tables ALTER COLUMN variant TYPE TEXT")


def _tune_sqlite(engine: Engine, synchronous: str) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        # We issue BEGIN ourselves (below), so the driver must not.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection):
        write = connection.get_execution_options().get("headframe_write", False)
        # Straight to the driver: this runs on every request, and nothing needs to see it.
        connection.connection.driver_connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")


class WriteLock:
    """SQLite's one writer at a time, taken without SQLite's busy-wait.

    Threads of this process queue on a Python lock; server processes sharing the database
    (``serve --workers``) queue on an ``flock`` of ``<database>.lock``, which wakes the next
    writer the moment the last one finishes. SQLite's own busy handler would instead sleep
    in steps of up to 100 ms, putting that much latency on an action whenever two writes
    meet."""

    def __init__(self, database: str | None):
        self._threads = threading.Lock()
        self._path = f"{database}.lock" if database and database != ":memory:" and fcntl else None
        self._fd: int | None = None
        self._pid = 0

    def __enter__(self) -> "WriteLock":
        self._threads.acquire()
        if self._path is not None:
            try:
                if self._pid != os.getpid():  # a forked worker needs its own open file: locks belong to it
                    self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
                    self._pid = os.getpid()
                fcntl.flock(self._fd, fcntl.LOCK_EX)
            except BaseException:
                self._threads.release()
                raise
        return self

    def __exit__(self, *_exc) -> None:
        try:
            if self._path is not None:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._threads.release()

    def __del__(self) -> None:  # the engine is gone: so is its lock file's descriptor
        if self._fd is not None and self._pid == os.getpid():
            try:
                os.close(self._fd)
            except OSError:
                pass


_write_locks: "weakref.WeakKeyDictionary[Engine, WriteLock]" = weakref.WeakKeyDictionary()


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A transaction that will write: on SQLite it holds the write lock from the start, so
    read-check-write sequences cannot interleave. Commits on success, rolls back on error.

    SQLite has one writer at a time: writers queue on a ``WriteLock`` first."""
    lock = _write_locks.get(engine) if engine.dialect.name == "sqlite" else None
    if lock is None:
        with engine.connect() as connection:
            connection.execution_options(headframe_write=True)
            with connection.begin():
                yield connection
        return
    with lock, engine.connect() as connection:
        connection.execution_options(headframe_write=True)
        with connection.begin():
            yield connection


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    with engine.connect() as connection:
        with connection.begin():
            yield connection


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


# -- the hot paths: statements straight to the driver ------------------------------------
#
# Polling and acting are most of a busy server's requests. Through SQLAlchemy Core each
# statement costs about ten times the query itself (execution contexts, result wrappers,
# transaction objects), so those few statements go to the driver on a connection from
# SQLAlchemy's pool, written once per dialect. Everything else uses Core above.

TableRecord = namedtuple("TableRecord", [c.name for c in TABLES.columns])
SeatRecord = namedtuple("SeatRecord", [c.name for c in SEATS.columns])
EVENT_COLUMNS = tuple(c.name for c in EVENTS.columns)
# The columns of an event as phones read it (``tables.log``).
LOG_FIELDS = ("seq", "kind", "seat", "at", "action", "summary", "round", "barrier", "undone", "undoes")

# Called with each statement the hot paths run (tests count them).
statement_hooks: list[Callable[[str], None]] = []


class Hot:
    """The hot statements for one engine's dialect."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self.mark = mark = (lambda name: f":{name}") if self.sqlite else (lambda name: f"%({name})s")
        table_columns = ", ".join(TableRecord._fields)
        self.table = f"SELECT {table_columns} FROM tables WHERE id = {mark('tid')}"
        self.table_locked = self.table + ("" if self.sqlite else " FOR UPDATE")
        self.version = f"SELECT version FROM tables WHERE id = {mark('tid')}"
        self.version_locked = self.version + ("" if self.sqlite else " FOR UPDATE")
        self.seats = (f"SELECT {', '.join(SeatRecord._fields)} FROM seats WHERE table_id = {mark('tid')} "
                      "ORDER BY seat")
        self.insert_event = (f"INSERT INTO events ({', '.join(EVENT_COLUMNS)}) "
                             f"VALUES ({', '.join(mark(c) for c in EVENT_COLUMNS)})")
        changed = ("version", "head", "state", "updated_at", "finished", "outcome", "result")
        self.after_action = (f"UPDATE tables SET {', '.join(f'{c} = {mark(c)}' for c in changed)} "
                             f"WHERE id = {mark('tid')}")

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[Any]:
        """A driver cursor in one transaction; writers take the same locks as ``writing``."""
        lock = _write_locks.get(self.engine) if write else None
        with lock if lock is not None else nullcontext():
            connection = self.engine.raw_connection()
            cursor = connection.cursor()
            try:
                if self.sqlite:
                    cursor.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                yield cursor
                connection.commit()
            except BaseException:
                connection.rollback()
                raise
            finally:
                cursor.close()
                connection.close()  # back to the pool

    @staticmethod
    def run(cursor, statement: str, params: dict) -> Any:
        for hook in statement_hooks:
            hook(statement)
        cursor.execute(statement, params)
        return cursor

    def table_row(self, cursor, table_id: str, lock: bool = False) -> TableRecord | None:
        found = self.run(cursor, self.table_locked if lock else self.table, {"tid": table_id}).fetchone()
        return TableRecord(*found) if found is not None else None

    def seat_rows(self, cursor, table_id: str) -> list[SeatRecord]:
        return [SeatRecord(*r) for r in self.run(cursor, self.seats, {"tid": table_id}).fetchall()]

    def table_version(self, cursor, table_id: str, lock: bool = False) -> int | None:
        found = self.run(cursor, self.version_locked if lock else self.version, {"tid": table_id}).fetchone()
        return found[0] if found is not None else None

    def versions_of(self, cursor, table_ids: list[str]) -> list[tuple[str, int]]:
        """(id, version) of each of the tables that exists."""
        params = {f"t{i}": table_id for i, table_id in enumerate(table_ids)}
        marks = ", ".join(self.mark(name) for name in params)
        return self.run(cursor, f"SELECT id, version FROM tables WHERE id IN ({marks})", params).fetchall()

    def events_between(self, cursor, spans: list[tuple[str, int, int]]) -> list[tuple]:
        """For each (table, after, upto): its events with after < seq <= upto, as
        (table_id, *LOG_FIELDS) rows, in order of table and seq."""
        terms, params = [], {}
        for i, (table_id, after, upto) in enumerate(spans):
            terms.append(f"(table_id = {self.mark(f't{i}')} AND seq > {self.mark(f'a{i}')} "
                         f"AND seq <= {self.mark(f'u{i}')})")
            params.update({f"t{i}": table_id, f"a{i}": after, f"u{i}": upto})
        statement = (f"SELECT table_id, {', '.join(LOG_FIELDS)} FROM events WHERE {' OR '.join(terms)} "
                     "ORDER BY table_id, seq")
        return self.run(cursor, statement, params).fetchall()
