"""The per-app store: the database (``db.Sql``) plus the caches of table snapshots and versions."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Callable

from flask import current_app

from companion import find_game

from ..db import Engine, Sql
from .model import Table
from .privacy import needs_viewer

STATE_CACHE_SIZE = 512
EVENTS_KEPT = 1024  # table versions whose newest events are kept for the phones a change wakes


class Store:
    """Engine plus two small caches, one per app: table snapshots by version (checked
    against the stored version on every use) and table versions for polling phones. A version written by this
    process is exact at once; one written by another worker (PostgreSQL, several
    processes) is seen within ``version_ttl`` seconds."""

    def __init__(self, engine: Engine, version_ttl: float = 1.0):
        self.engine = engine
        self.sql = Sql(engine)
        self.version_ttl = version_ttl
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._versions: dict[str, tuple[int, float]] = {}
        self._lock = threading.Lock()
        self._games: dict[str, str] = {}  # table -> the game it plays (see needs_viewer)
        self.listeners: list[Callable[[str, int], None]] = []  # told of every change (see webapp.live)
        # (table, version) -> (since, complete, the events after ``since`` up to ``version``)
        self._events: dict[tuple[str, int], tuple[int, bool, list[dict]]] = {}

    def cached_version(self, table_id: str) -> int | None:
        hit = self._versions.get(table_id)
        if hit is not None and time.monotonic() - hit[1] < self.version_ttl:
            return hit[0]
        return None

    def note_version(self, table_id: str, version: int) -> None:
        if len(self._versions) > 50_000:  # bounded: forget everything rather than grow
            self._versions.clear()
        noted = self._versions.get(table_id)
        # versions only grow: two moves stored a moment apart may be published in either order,
        # and the later one must not be forgotten for the earlier (its phones would wait on)
        if noted is None or noted[0] <= version:
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

    def note_game(self, table_id: str, game_id: str) -> None:
        """The game a table plays (it never changes)."""
        if len(self._games) > 50_000:  # bounded: forget everything rather than grow
            self._games.clear()
        self._games[table_id] = game_id

    def needs_viewer(self, table_id: str, events: list[dict]) -> bool:
        """Whether ``events`` of this table read differently to different viewers (a move of which
        some viewer may see less); True when this process does not know the table's game."""
        game_id = self._games.get(table_id)
        return game_id is None or needs_viewer(find_game(game_id), events)

    def keep(self, table: "Table") -> None:
        self.note_game(table.id, table.game_id)
        with self._lock:
            hit = self._tables.get(table.id)
            if hit is not None and hit.version > table.version:
                return  # a newer snapshot was kept first (moves published out of order)
            self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            while len(self._tables) > STATE_CACHE_SIZE:
                self._tables.popitem(last=False)

    def notify(self, table_id: str, version: int, since: int | None = None, events: list[dict] | None = None) -> None:
        """The table changed in this process: note its version and tell whoever waits for it.
        A change that knows its events (every one after ``since``) keeps them first, so the
        phones it wakes are told of them without asking the database."""
        self.note_version(table_id, version)
        if events is not None and since is not None:
            self.keep_events(table_id, version, since, events, complete=True)
        for listener in self.listeners:
            listener(table_id, version)

    def keep_events(self, table_id: str, version: int, since: int, events: list[dict], complete: bool) -> None:
        """The events after ``since`` of the table at ``version`` (``complete``: all of them,
        not the first page of a longer list). Every change makes a new version, so what was
        kept for a version never goes out of date."""
        if len(self._events) >= EVENTS_KEPT:  # bounded: forget everything rather than grow
            self._events.clear()
        self._events[(table_id, version)] = (since, complete, events)

    def events_after(self, table_id: str, version: int, after: int, limit: int) -> list[dict] | None:
        """The first ``limit`` events after ``after`` of the table at ``version``, if kept."""
        kept = self._events.get((table_id, version))
        if kept is None:
            return None
        since, complete, events = kept
        if since > after or (since < after and not complete):
            return None
        return [e for e in events if e["seq"] > after][:limit]


def current_store() -> Store:
    return current_app.extensions["headframe"]
