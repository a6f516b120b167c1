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

from sqlalchemy import Engine, case, insert, select, update
from sqlalchemy.exc import IntegrityError

from .db import JOIN_FAILURES, reading, writing
from .errors import NotFound, RateLimited

T = TypeVar("T")
ADDRESS_MAX = 64


class Locked(RateLimited):
    def __init__(self, wait: float):
        self.retry_after = max(1, math.ceil(wait))
        super().__init__(f"Too many wrong join codes from this address; try again in {self.retry_after} seconds.")


class JoinLimit:
    def __init__(self, engine: Engine, limit: int = 10, window: float = 300.0, interval: float = 2.0):
        self.engine = engine
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
        with reading(self.engine) as conn:
            row = conn.execute(select(JOIN_FAILURES).where(JOIN_FAILURES.c.address == address)).one_or_none()
        return row is not None and row.since > now - self.window and row.failures >= self.limit

    def _claim(self, address: str, now: float) -> None:
        """Take this address's one look-up per interval, or refuse (429) without looking."""
        c = JOIN_FAILURES.c
        with writing(self.engine) as conn:
            taken = conn.execute(update(JOIN_FAILURES).where(c.address == address, c.checked <= now - self.interval)
                                 .values(checked=now)).rowcount
            if taken != 1:
                last = conn.execute(select(c.checked).where(c.address == address)).scalar_one_or_none() or now
                raise Locked(last + self.interval - now)

    def _fail(self, address: str, now: float) -> tuple[int, float]:
        """Count one wrong code; a window that has ended starts again. Returns (failures, since)."""
        c = JOIN_FAILURES.c
        expired = c.since <= now - self.window
        for _attempt in range(3):
            try:
                with writing(self.engine) as conn:
                    changed = conn.execute(update(JOIN_FAILURES).where(c.address == address).values(
                        failures=case((expired, 1), else_=c.failures + 1),
                        since=case((expired, now), else_=c.since),
                        checked=case((expired, 0.0), else_=c.checked))).rowcount
                    if not changed:
                        conn.execute(insert(JOIN_FAILURES).values(address=address, since=now, failures=1, checked=0.0))
                    row = conn.execute(select(c.failures, c.since).where(c.address == address)).one()
                    return row.failures, row.since
            except IntegrityError:  # another process counted this address's first failure at the same moment
                continue
        return self.limit + 1, now


__all__ = ["JoinLimit", "Locked"]
