"""Live sync: phones waiting for their table to change (``GET /api/tables/<id>/events``).

Why it works this way, measured with ``tests/bench/bench_server.py`` (200 tables x 5 phones,
2 server processes x 4 threads, 2 cores): when a waiting long-poll held a server thread, only
half a process's threads could wait, so 4 of 1,000 phones long-polled and the rest polled once
a second. Polling once a second alone puts the moment the last of four phones hears of an
action at up to a second after it, and 1,000 polls a second queued behind the actions: an
action reached every other phone of its table in 1.2 s at the median, 2.4 s at p99.

So a waiting long-poll holds no thread. Under ``headframe serve`` a request for ``/events``
that would wait is *parked* by the server before any thread takes it (``Parking``, the
server's task dispatcher): its connection stays open, and the request goes to a thread only
when its table has moved past the version the phone has, or its wait is over; the thread then
answers at once. A process has as many waiting phones as it has connections, and its few
threads stay free for actions and pages. Parked requests are kept per table, so a change wakes
only its own table's phones.

A change made in this process wakes them at once (``Store.notify`` calls ``Live.changed``), and
keeps its events in memory first, so the phones it wakes are answered without the database. A
change made by another server process is found by one watcher thread per process, which reads
the versions of every waited table in one query every ``WATCH_S`` (and only while someone
waits), then the new events of every table that moved in one more, instead of each waiting
request asking the database on its own.

A woken request, and a tap, go to the front of the server's queue (``serve._parking``): what
the other phones wait to see is served before the plain page loads and polls queued before it.

Where nothing parks (the Flask test client, another WSGI server), the route waits in its thread
as before, registered here the same way, with at most half the threads waiting.
"""

from __future__ import annotations

import os
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Callable
from urllib.parse import parse_qs

WATCH_S = 0.1        # how often changes made by other server processes are looked for
MAX_WAIT = 25.0      # the longest wait a phone may ask for, in seconds
LOG_LIMIT = 1000     # the most events one answer carries
AFTER_MAX = 2 ** 31  # the highest version a phone may say it has seen
WAITED = "headframe.waited"  # in the WSGI environ of a request that was parked: "change" or "timeout"
EVENTS_PATH = re.compile(r"/api/tables/([a-z0-9]{1,16})/events")
QUERY_BATCH = 500    # table ids per query (SQLite's oldest builds take at most 999 parameters)


@dataclass(eq=False)
class Waiter:
    after: int
    deadline: float
    resume: Callable[[bool], None] = field(repr=False)  # called once, with True when the table changed


class Live:
    """The requests of one server process that wait for a table to move past a version."""

    def __init__(self, store, interval: float = WATCH_S):
        self.store = store
        self.interval = interval
        self._waiting: dict[str, list[Waiter]] = {}
        self._count = 0
        self._lock = threading.Condition()
        self._watcher_pid: int | None = None  # a forked worker starts its own watcher

    # -- waiting ------------------------------------------------------------------------------

    def park(self, table_id: str, after: int, wait: float, resume: Callable[[bool], None]) -> None:
        """Call ``resume(True)`` once the table is newer than ``after``, or ``resume(False)``
        after ``wait`` seconds; never both, never twice. Returns at once."""
        waiter = Waiter(after, time.monotonic() + wait, resume)
        with self._lock:
            self._waiting.setdefault(table_id, []).append(waiter)
            self._count += 1
            self._start_watcher()
            self._lock.notify_all()
        known = self.store.cached_version(table_id)  # after registering, so no change is missed
        if known is not None and known > after:
            self.changed(table_id, known)

    def wait(self, table_id: str, after: int, wait: float) -> bool:
        """Block this thread until the table is newer than ``after`` (True) or ``wait`` runs out."""
        woken = threading.Event()
        outcome: list[bool] = []

        def resume(changed: bool) -> None:
            outcome.append(changed)
            woken.set()

        self.park(table_id, after, wait, resume)
        # The watcher ends the wait at its deadline; the margin only guards against a watcher that died.
        woken.wait(wait + 2 * self.interval + 1.0)
        if not outcome:
            self._take(table_id, lambda w: w.resume is resume)
        return bool(outcome and outcome[0])

    def waiting(self) -> int:
        return self._count

    # -- waking -------------------------------------------------------------------------------

    def changed(self, table_id: str, version: int | None) -> None:
        """The table is now at ``version``: wake the requests waiting for it to pass theirs."""
        for waiter in self._take(table_id, lambda w: version is None or w.after < version):
            waiter.resume(True)

    def _take(self, table_id: str, chosen: Callable[[Waiter], bool]) -> list[Waiter]:
        with self._lock:
            waiters = self._waiting.get(table_id)
            if not waiters:
                return []
            taken = [w for w in waiters if chosen(w)]
            if taken:
                self._count -= len(taken)
                kept = [w for w in waiters if not chosen(w)]
                if kept:
                    self._waiting[table_id] = kept
                else:
                    del self._waiting[table_id]
            return taken

    def _start_watcher(self) -> None:
        if self._watcher_pid == os.getpid():
            return
        self._watcher_pid = os.getpid()
        threading.Thread(target=self._watch, name="live-watcher", daemon=True).start()

    def _watch(self) -> None:
        while True:
            with self._lock:
                while not self._waiting:
                    self._lock.wait()
            time.sleep(self.interval)
            try:
                self.look()
            except Exception:  # noqa: BLE001 - a database hiccup must not end live sync for good
                import logging

                logging.getLogger("headframe.live").exception("looking for table changes failed")

    def look(self) -> None:
        """One look at the database for every waited table: wake those that moved (changed by
        another process), and end the waits that are over."""
        with self._lock:
            behind = {table_id: min(w.after for w in waiters) for table_id, waiters in self._waiting.items()}
        table_ids = list(behind)
        versions = self._versions(table_ids) if table_ids else {}
        self._read_events(behind, versions)
        for table_id in table_ids:
            version = versions.get(table_id)
            if version is None:  # no such table (any more): let the route say so
                self.changed(table_id, None)
                continue
            cached = self.store.cached_version(table_id)
            if cached is None or version > cached:
                self.store.note_version(table_id, version)
            self.changed(table_id, version)
        now = time.monotonic()
        for table_id in table_ids:
            for waiter in self._take(table_id, lambda w: w.deadline <= now):
                waiter.resume(False)

    def _read_events(self, behind: dict[str, int], versions: dict[str, int]) -> None:
        """Before waking the phones of tables another process moved: their new events, read
        for all of those tables in one query and kept, so that each woken phone is answered
        from memory rather than asking the database on its own."""
        from .tables import logs_between

        spans = {table_id: (after, versions[table_id]) for table_id, after in behind.items()
                 if table_id in versions and after < versions[table_id] <= after + LOG_LIMIT
                 and self.store.events_after(table_id, versions[table_id], after, LOG_LIMIT) is None}
        if spans:
            for table_id, events in logs_between(self.store.sql, spans).items():
                self.store.keep_events(table_id, versions[table_id], spans[table_id][0], events, complete=True)

    def _versions(self, table_ids: list[str]) -> dict[str, int]:
        """The version of each waited table that exists; the store notes each one's game (which
        says whether its events need their viewer, see ``Store.needs_viewer``)."""
        from .tables import versions_of

        found = versions_of(self.store.sql, table_ids, QUERY_BATCH)
        for table_id, (_version, game) in found.items():
            self.store.note_game(table_id, game)
        return {table_id: version for table_id, (version, _game) in found.items()}


def long_poll(method: str, path: str, query: str) -> tuple[str, int, float] | None:
    """(table id, after, wait) of a long-poll that may wait, or None. A request this does not
    understand is left to the route, which answers it (and any error) in its own words."""
    if method != "GET":
        return None
    match = EVENTS_PATH.fullmatch(path)
    if not match:
        return None
    args = parse_qs(query, keep_blank_values=True)
    after, wait = _whole(args.get("after")), _whole(args.get("wait"))
    if after is None or wait is None or after < -1 or after > AFTER_MAX or not 0 < wait <= MAX_WAIT:
        return None
    return match.group(1), after, float(wait)


def _whole(values: list[str] | None) -> int | None:
    if not values or len(values) != 1:
        return None
    text = values[0].strip()
    if not text.lstrip("-").isdigit() or not text.isascii() or len(text) > 12:
        return None
    return int(text)
