"""Rendering spread over the cores: worker processes take chunks of pages while the main
process draws the next chunk. A bounded number of chunks is in flight, so memory does not
grow with the set; one worker (or one core) runs everything in this process."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Callable

from companion.workers import started

IN_FLIGHT = 2  # chunks queued per worker: enough to keep it busy while the next is drawn


def default_workers() -> int:
    return os.cpu_count() or 1


class Pool:
    """``submit(fn, *args, then=callback)``: run ``fn`` in a worker; ``then(result)`` is called
    in this process, in the order the work was submitted. ``drain()`` waits for all of it."""

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        # fresh interpreters, not forks: this process may run a progress bar's thread, and a fork
        # copies whatever lock that thread holds at the moment
        self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                         initializer=started, initargs=(os.getpid(),)) if self.workers > 1 else None
        self._queue: list[tuple[Future | None, Callable[[Any], None]]] = []

    def __enter__(self) -> "Pool":
        return self

    def submit(self, fn: Callable, *args, then: Callable[[Any], None]) -> None:
        if self._pool is None:
            then(fn(*args))
            return
        self._queue.append((self._pool.submit(fn, *args), then))
        while len(self._queue) > self.workers * IN_FLIGHT:
            self._finish_first()

    def after(self, then: Callable[[], None]) -> None:
        """Call ``then()`` once the work submitted so far is handed back."""
        if self._pool is None or not self._queue:
            then()
            return
        self._queue.append((None, lambda _: then()))

    def _finish_first(self) -> None:
        future, then = self._queue.pop(0)
        then(future.result() if future is not None else None)

    def drain(self) -> None:
        while self._queue:
            self._finish_first()

    def __exit__(self, kind, exc, trace) -> None:
        if self._pool is not None:
            # after an error or Ctrl-C the chunks still queued are abandoned, not waited for
            self._pool.shutdown(wait=kind is None, cancel_futures=kind is not None)
