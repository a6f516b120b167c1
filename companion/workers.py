"""Worker processes that leave with the process that started them: a pool's worker ignores
Ctrl-C (the main process handles it: it stops handing out work and says what was done) and
watches for its parent to be gone, since a parent killed outright (SIGKILL) cannot stop its
pool; then it leaves rather than work on as an orphan. The lab's game runs and the print
engine's exports start their pools with ``started``."""

from __future__ import annotations

import os
import signal
import threading
import time

PARENT_CHECK_S = 0.25  # how often a worker looks whether the process that started it is still there


def started(parent: int) -> None:
    """A pool's initializer: ``ProcessPoolExecutor(n, initializer=started, initargs=(os.getpid(),))``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_leave_with, args=(parent,), daemon=True, name="parent-watch").start()


def _leave_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(1)
