"""Where tables live: the schema, the engine, and the one way the store talks to the database.

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

One database layer: every statement is plain SQL sent to the driver through ``Sql`` (below),
on connections from SQLAlchemy's pool. SQLAlchemy declares, creates and upgrades the schema and
pools connections; it builds no statement of the store's.
"""

from __future__ import annotations

import os
import re
import threading
import weakref
from collections import namedtuple
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

try:
    import fcntl
except ImportError:  # Windows: one server process, the Python lock suffices
    fcntl = None

from sqlalchemy import (Boolean, Connection, Engine, Float, ForeignKey, Index, Integer, LargeBinary, String, Text,
                        create_engine, event, make_url)
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
        # Creating and upgrading the schema (``make_engine``) runs through SQLAlchemy.
        connection.connection.driver_connection.execute("BEGIN")


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


def shown_url(url: str) -> str:
    """A database URL as the server may print it: without the password."""
    return make_url(url).render_as_string(hide_password=True)


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


# -- the one layer: plain SQL on the driver -------------------------------------------------
#
# Every statement the store runs is plain SQL with ``:name`` parameters, sent to the driver
# on a connection from SQLAlchemy's pool (``Sql.transaction``). SQLAlchemy declares the schema
# above, creates and upgrades it, and pools the connections; it builds no statement. Through
# SQLAlchemy Core each statement cost about ten times the query itself (execution contexts,
# result wrappers, transaction objects), which polling and acting, most of a busy server's
# requests, cannot afford; one way for every statement keeps the store's code in one style.

TableRecord = namedtuple("TableRecord", [c.name for c in TABLES.columns])
SeatRecord = namedtuple("SeatRecord", [c.name for c in SEATS.columns])
EventRecord = namedtuple("EventRecord", [c.name for c in EVENTS.columns])
EVENT_COLUMNS = EventRecord._fields
TABLE_COLUMNS = ", ".join(TableRecord._fields)
SEAT_COLUMNS = ", ".join(SeatRecord._fields)

# Called with each statement the store runs (tests count them).
statement_hooks: list[Callable[[str], None]] = []

_PARAMETER = re.compile(r"(?<![:\w]):(\w+)")


class Sql:
    """Transactions on one engine, in its dialect: ``:name`` parameters become the driver's
    own (``%(name)s`` for psycopg), and ``lock`` statements take the row lock PostgreSQL
    needs (SQLite's writers already hold the whole database, see ``WriteLock``)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.sqlite = engine.dialect.name == "sqlite"
        self._texts: tuple[dict[str, str], dict[str, str]] = ({}, {})  # plain, locked

    def text(self, statement: str, lock: bool = False) -> str:
        """``statement`` as this driver takes it (made once per statement)."""
        texts = self._texts[lock]
        found = texts.get(statement)
        if found is None:
            found = statement if self.sqlite else _PARAMETER.sub(r"%(\1)s", statement)
            if lock and not self.sqlite:
                found += " FOR UPDATE"
            texts[statement] = found
        return found

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator["Tx"]:
        """One transaction, committed when the block ends and rolled back if it raises. A writer
        on SQLite queues for the write lock first and begins with ``BEGIN IMMEDIATE``, so a
        read-check-write sequence never interleaves with another writer's."""
        lock = _write_locks.get(self.engine) if write else None
        with lock if lock is not None else nullcontext():
            connection = self.engine.raw_connection()
            cursor = connection.cursor()
            try:
                if self.sqlite:
                    cursor.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                yield Tx(self, cursor)
                connection.commit()
            except BaseException:
                connection.rollback()
                raise
            finally:
                cursor.close()
                connection.close()  # back to the pool


class Tx:
    """Statements inside one transaction. Rows come back as tuples, or as ``shape`` (a
    namedtuple of the statement's columns) for reading by name."""

    __slots__ = ("sql", "cursor")

    def __init__(self, sql: Sql, cursor: Any):
        self.sql = sql
        self.cursor = cursor

    def run(self, statement: str, params: Mapping[str, Any] | None = None, lock: bool = False) -> int:
        """Run a statement; returns the number of rows it changed (for UPDATE and DELETE)."""
        text = self.sql.text(statement, lock)
        if statement_hooks:
            for hook in statement_hooks:
                hook(text)
        cursor = self.cursor
        cursor.execute(text, params or {})
        return cursor.rowcount

    def many(self, statement: str, rows: list[Mapping[str, Any]]) -> None:
        """One statement for each of ``rows`` (inserts)."""
        text = self.sql.text(statement)
        for hook in statement_hooks:
            hook(text)
        self.cursor.executemany(text, rows)

    def one(self, statement: str, params: Mapping[str, Any] | None = None, shape: type | None = None,
            lock: bool = False) -> Any:
        """The first row, or None."""
        self.run(statement, params, lock)
        found = self.cursor.fetchone()
        return shape(*found) if found is not None and shape is not None else found

    def all(self, statement: str, params: Mapping[str, Any] | None = None, shape: type | None = None) -> list:
        self.run(statement, params)
        found = self.cursor.fetchall()
        return [shape(*row) for row in found] if shape is not None else found

    def value(self, statement: str, params: Mapping[str, Any] | None = None, lock: bool = False) -> Any:
        """The first column of the first row, or None."""
        found = self.one(statement, params, lock=lock)
        return found[0] if found is not None else None
