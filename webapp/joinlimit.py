"""The limit on wrong join codes, counted in the database so every server process shares it.

An address that sends ``limit`` wrong codes within ``window`` seconds is locked until the
window ends. A lockout must not keep the table's own players out (phones behind one router,
or behind a reverse proxy without ``PROXY_HOPS``, share an address with whoever is guessing),
so a locked address still has a code looked up, but only one every ``interval`` seconds:
the right code gets in on its first try after that pause, while a guesser is held to one
guess per ``interval`` instead of as many as the server can answer. Between look-ups the
answer is 429 with ``Retry-After``, without looking.
"""

from __future__ import annotations

import math
import time
from typing import Callable, TypeVar

from .db import Sql
from .errors import NotFound, RateLimited

T = TypeVar("T")
ADDRESS_MAX = 64
ROW = "SELECT since, failures FROM join_failures WHERE address = :address"
CLAIM = "UPDATE join_failures SET checked = :now WHERE address = :address AND checked <= :before"
CHECKED = "SELECT checked FROM join_failures WHERE address = :address"
# A window that has ended (``since`` before ``expired``) starts again with this failure.
FAIL = ("UPDATE join_failures SET failures = CASE WHEN since <= :expired THEN 1 ELSE failures + 1 END, "
        "since = CASE WHEN since <= :expired THEN :now ELSE since END, "
        "checked = CASE WHEN since <= :expired THEN 0.0 ELSE checked END WHERE address = :address")
FIRST = "INSERT INTO join_failures (address, since, failures, checked) VALUES (:address, :now, 1, 0.0)"


class Locked(RateLimited):
    def __init__(self, wait: float):
        self.retry_after = max(1, math.ceil(wait))
        super().__init__(f"Too many wrong join codes from this address; try again in {self.retry_after} seconds.")


class JoinLimit:
    def __init__(self, sql: Sql, limit: int = 10, window: float = 300.0, interval: float = 2.0):
        self.sql = sql
        self.limit = limit
        self.window = window
        self.interval = interval

    def attempt(self, address: str, look_up: Callable[[], T]) -> T:
        """Run ``look_up`` (which raises NotFound for a wrong code) for ``address`` unless it is
        locked and was answered less than ``interval`` seconds ago; count it when it fails."""
        address = (address or "unknown")[:ADDRESS_MAX]
        now = time.time()
        if self._locked(address, now):
            self._claim(address, now)
        try:
            return look_up()
        except NotFound:
            failures, since = self._fail(address, now)
            if failures > self.limit:
                raise Locked(self.interval) from None
            raise

    def _locked(self, address: str, now: float) -> bool:
        with self.sql.transaction() as tx:
            row = tx.one(ROW, {"address": address})
        return row is not None and row[0] > now - self.window and row[1] >= self.limit

    def _claim(self, address: str, now: float) -> None:
        """Take this address's one look-up per interval, or refuse (429) without looking."""
        with self.sql.transaction(write=True) as tx:
            taken = tx.run(CLAIM, {"address": address, "now": now, "before": now - self.interval})
            if taken != 1:
                last = tx.value(CHECKED, {"address": address}) or now
                raise Locked(last + self.interval - now)

    def _fail(self, address: str, now: float) -> tuple[int, float]:
        """Count one wrong code; a window that has ended starts again. Returns (failures, since)."""
        duplicate = self.sql.engine.dialect.loaded_dbapi.IntegrityError
        params = {"address": address, "now": now, "expired": now - self.window}
        for _attempt in range(3):
            try:
                with self.sql.transaction(write=True) as tx:
                    if not tx.run(FAIL, params):
                        tx.run(FIRST, params)
                    since, failures = tx.one(ROW, params)
                    return failures, since
            except duplicate:  # another process counted this address's first failure at the same moment
                continue
        return self.limit + 1, now


__all__ = ["JoinLimit", "Locked"]
