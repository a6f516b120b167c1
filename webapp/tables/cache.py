"""The per-app store: the engine plus the caches of table snapshots and versions."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Callable

from flask import current_app
from sqlalchemy import Engine

from ..db import Hot
from .model import Table

STATE_CACHE_SIZE = 512


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
        self.listeners: list[Callable[[str, int], None]] = []  # told of every change (see webapp.live)

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

    def notify(self, table_id: str, version: int) -> None:
        """The table changed in this process: note its version and tell whoever waits for it."""
        self.note_version(table_id, version)
        for listener in self.listeners:
            listener(table_id, version)


def _store() -> Store:
    return current_app.extensions["headframe"]
