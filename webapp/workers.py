"""Several server processes on one port, for ``headframe serve --workers N``.

Python runs one thread at a time in a process, so one process uses one core however many
threads it has. Here the parent opens the listening sockets once and forks ``N`` workers
that accept on them; the kernel hands each new connection to whichever worker takes it
first, so a busy worker takes fewer. Everything the workers share lives in the database:
each worker opens its own connections after the fork, the per-process caches are checked
against the stored version (see ``tables.Store``), and each worker's watcher looks in the
database for changes to the tables its phones wait for (see ``webapp.live``), so a change made
through one worker reaches phones on another.

The parent only watches. A worker that dies is replaced. A worker whose parent is gone (even
by SIGKILL) exits at once: it holds a pipe from the parent and leaves when the pipe closes, so
no orphan keeps the port after the server is killed. Ctrl+C or SIGTERM stops them all.
"""

from __future__ import annotations

import errno
import os
import signal
import socket
import sys
import threading
import time
from typing import Callable

BACKLOG = 4096  # connections the kernel queues for the server: a room full of phones may arrive at once
LEAVING_S = 3.0  # how long a port still held is tried again (see ``listen``)
RESPAWN_PAUSE_S = 1.0  # a worker that dies at once is not restarted in a tight loop


def listen(host: str, port: int, patience: float = LEAVING_S) -> list[socket.socket]:
    """Bound, listening sockets for host:port, as waitress would open them. A port still held
    is tried again for ``patience`` seconds: the workers of a server killed a moment ago may
    still be on their way out."""
    deadline = time.monotonic() + patience
    while True:
        try:
            return _listen_once(host, port)
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE or time.monotonic() >= deadline:
                raise
            time.sleep(0.1)


def _listen_once(host: str, port: int) -> list[socket.socket]:
    from waitress.adjustments import Adjustments

    sockets = []
    try:
        for family, kind, proto, address in Adjustments(host=host, port=port).listen:
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(BACKLOG)
    except OSError:
        for sock in sockets:
            sock.close()
        raise
    return sockets


def supervise(workers: int, serve: Callable[[], None], sockets: list[socket.socket]) -> None:
    """Fork ``workers`` processes that each call ``serve()``; keep them running until stopped."""
    lifeline, keep = os.pipe()  # workers read ``lifeline``; it closes when this process ends
    running: dict[int, float] = {}

    def start() -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            code = 0
            try:
                os.close(keep)
                signal.signal(signal.SIGTERM, _raise_interrupt)
                _leave_with_parent(lifeline)
                serve()
            except KeyboardInterrupt:
                pass
            except BaseException:  # noqa: BLE001 - the worker must never return into the parent's loop
                import traceback

                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        running[pid] = time.monotonic()

    def stop(_signum=None, _frame=None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        for _ in range(workers):
            start()
        while True:
            pid, status = os.wait()
            started = running.pop(pid, None)
            if started is None:
                continue
            print(f"server process {pid} ended ({_describe(status)}); starting another", file=sys.stderr,
                  flush=True)
            if time.monotonic() - started < RESPAWN_PAUSE_S:
                time.sleep(RESPAWN_PAUSE_S)
            start()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        for pid in running:
            _signal(pid, signal.SIGTERM)
        _reap(running, timeout=10)
        os.close(keep)
        for sock in sockets:
            sock.close()


def _raise_interrupt(_signum, _frame) -> None:
    raise KeyboardInterrupt


def _leave_with_parent(lifeline: int) -> None:
    """Exit this worker as soon as the parent process is gone."""

    def watch() -> None:
        try:
            while os.read(lifeline, 1):
                pass
        except OSError:
            pass
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _signal(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def _reap(running: dict[int, float], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while running and time.monotonic() < deadline:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid:
            running.pop(pid, None)
        else:
            time.sleep(0.05)
    for pid in running:
        _signal(pid, signal.SIGKILL)


def _describe(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit code {os.waitstatus_to_exitcode(status)}"
