"""``headframe serve``: the companion under waitress, with the address phones should open.

The LAN address is found without sending anything: connect() on a UDP socket only picks
the outgoing interface, no packet leaves the machine.
"""

from __future__ import annotations

import io
import logging
import os
import socket
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, TextIO

from companion.errors import HeadframeError

from .live import WAITED, long_poll
from .workers import BACKLOG

PROBE_ADDRESS = ("10.255.255.255", 1)  # private, never routed: only used to choose an interface
CONNECTION_LIMIT = 4000  # per process: every phone keeps a connection open, waiting for its table


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 when there is none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(PROBE_ADDRESS)
        address = probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
    return address if address and not address.startswith("0.") else "127.0.0.1"


def public_url(host: str, port: int) -> str:
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def qr_text(url: str) -> str:
    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def banner(url: str, database: str, out: TextIO = sys.stdout, workers: int = 1) -> None:
    print(f"Headframe companion: open {url} on phones on this network", file=out)
    print(qr_text(url), file=out, end="")
    print(f"database: {database}", file=out)
    if workers > 1:
        print(f"server processes: {workers}", file=out)
    print("Press Ctrl+C to stop.", file=out, flush=True)


def _keep_alive_channel():
    """waitress closes the connection after every response without a length, 304 included,
    although a 304 never has a body. Phones poll with If-None-Match, so most answers are
    304s: keeping those connections open spares a TCP handshake per poll."""
    from waitress.channel import HTTPChannel
    from waitress.task import WSGITask

    class Task(WSGITask):
        def get_environment(self):
            environ = super().get_environment()
            waited = getattr(self.request, "headframe_waited", None)
            if waited is not None:  # set by ``Parking``; a client cannot send it
                environ[WAITED] = waited
            return environ

        def build_response_header(self):
            self._bodiless = (not self.has_body and self.version == "1.1"
                              and self.request.headers.get("CONNECTION", "").lower() != "close")
            return super().build_response_header()

        def set_close_on_finish(self) -> None:
            if getattr(self, "_bodiless", False):
                return
            super().set_close_on_finish()

    class Channel(HTTPChannel):
        task_class = Task

    return Channel


def _parking(live, threads: int):
    """waitress's task dispatcher, but a long-poll that would wait is parked (see ``webapp.live``)
    until its table changes or its wait is over, and only then handed to a thread.

    A parked connection also leaves the server's socket map while it waits: waitress asks every
    connection in the map, on every turn of its loop, whether it wants to read or write, and
    with a thousand phones waiting that question cost more than the requests themselves. A
    parked connection wants neither (its request is taken and not yet answered), so nothing is
    lost by not asking; it goes back into the map before its request goes to a thread.

    A tap (POST) and a long-poll woken by its table's change go to the front of the queue: when
    a burst of page loads and polls has the threads busy (a thousand phones opening their pages
    at once), a move and the news of it are not kept waiting behind them."""
    from waitress.task import ThreadedTaskDispatcher

    class Parking(ThreadedTaskDispatcher):
        def add_task(self, channel) -> None:
            request = channel.requests[0] if getattr(channel, "requests", None) else None
            if request is None or request.error:
                # A request waitress could not read (a malformed request line has no method):
                # waitress answers it with its own error.
                super().add_task(channel)
                return
            if not hasattr(request, "headframe_waited") and live.waiting() < CONNECTION_LIMIT:
                wanted = long_poll(request.command, request.path, request.query)
                if wanted is not None:
                    self._park(channel, request, *wanted)
                    return
            if request.command == "POST":
                self._first(channel)
                return
            super().add_task(channel)

        def _first(self, channel) -> None:
            """Ahead of the requests queued before it: a move, or the news of one, is what the
            other phones wait for."""
            with self.lock:
                self.queue.appendleft(channel)
                self.queue_cv.notify()

        def _park(self, channel, request, table_id: str, after: int, wait: float) -> None:
            sockets, fileno = channel._map, channel._fileno

            def resume(changed: bool) -> None:
                request.headframe_waited = "change" if changed else "timeout"
                if channel._fileno == fileno:
                    sockets[fileno] = channel
                if changed:
                    self._first(channel)
                else:
                    ThreadedTaskDispatcher.add_task(self, channel)

            sockets.pop(fileno, None)
            live.park(table_id, after, wait, resume)

    dispatcher = Parking()
    dispatcher.set_thread_count(threads)
    return dispatcher


def make_server(app, host: str, port: int, threads: int, sockets: list | None = None):
    """A waitress server for ``app``: listening on host:port, or on ``sockets`` already bound.
    An app with live sync (``webapp.live``) has its waiting long-polls parked, off the threads."""
    from waitress.server import create_server

    # waitress logs "Task queue depth" for every request that arrives while all threads are
    # busy, writing to the terminal while it holds its task lock: under a burst that log is
    # what slows the server most. Real errors are still logged.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    where = {"sockets": sockets} if sockets else {"host": host, "port": port}
    live = getattr(app, "extensions", {}).get("headframe_live")
    if live is not None:
        where["_dispatcher"] = _parking(live, threads)
    # poll(), not select(): select() cannot watch a socket numbered above 1023, and every
    # waiting phone holds a connection.
    server = create_server(app, threads=threads, connection_limit=CONNECTION_LIMIT, ident="headframe",
                           channel_timeout=120, clear_untrusted_proxy_headers=True, asyncore_use_poll=True,
                           backlog=BACKLOG, **where)
    server.channel_class = _keep_alive_channel()
    return server


@contextmanager
def _listening(host: str, port: int) -> Iterator[None]:
    """A port that cannot be opened is the user's to fix: say which and why, no traceback."""
    try:
        yield
    except OSError as exc:
        raise HeadframeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


MAX_WORKERS = 4


def default_workers() -> int:
    """One server process per core, at most ``MAX_WORKERS``; one where processes cannot fork."""
    if not hasattr(os, "fork"):
        return 1
    return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


def board_problems(game_ids, data_dir: str | Path | None) -> list:
    """What stops the phone's boards of these games drawing from ``data_dir`` (None: the shipped
    data; their sizes in ``[phone.lengths]``), each with its file and line: ``check`` reports it
    and ``serve --data`` refuses such data before a phone ever asks for a page."""
    from companion.registry import game_ids as playable, find_game

    from .boards import problems

    where = None if data_dir is None else str(data_dir)
    # a game folder with no rules to play (a print-only set) has no phone board to draw
    return [p for game_id in game_ids if game_id in playable() for p in problems(find_game(game_id, where))]


def run(host: str = "0.0.0.0", port: int = 8000, instance: str | Path | None = None, threads: int = 4,
        workers: int = 1, data: str | Path | None = None) -> None:
    """Serve until interrupted. Never in debug mode: tracebacks stay in the server log.

    With ``workers`` > 1 the port is opened once and that many server processes share it
    (see ``workers.py``): Python runs one thread at a time per process, so a busy table
    night on a laptop with several cores needs several processes."""
    from . import create_app
    from .db import shown_url  # the database layer loads with the server, not with ``check``

    instance = Path(instance) if instance else Path.cwd() / "instance"
    if workers > 1 and not hasattr(os, "fork"):
        print("this system cannot fork server processes: serving from one", file=sys.stderr)
        workers = 1
    # The app is made here, before any worker starts, so the database tables and the secret
    # key are created once; each worker gets a copy.
    app = create_app(None, instance_path=instance, threads=threads)
    app.debug = False
    if data is not None:
        app.config["DATA"] = str(Path(data).resolve())  # new tables start from it (see webapp.datasets)
    url = public_url(host, port)
    if not url.startswith(("http://127.", "http://localhost", "http://[::1]")):
        # Phones scan the table's QR code: it must carry the LAN address, not the one the
        # host's own browser happened to use (often localhost).
        app.config.setdefault("PUBLIC_URL", url.rstrip("/"))
    if workers <= 1:
        with _listening(host, port):
            server = make_server(app, host, port, threads)
        banner(url, shown_url(app.config["DATABASE_URL"]))
        try:
            server.run()
        except KeyboardInterrupt:
            pass
        finally:
            server.close()
        return

    from .workers import listen, supervise

    with _listening(host, port):
        sockets = listen(host, port)
    banner(url, shown_url(app.config["DATABASE_URL"]), workers=workers)
    # No database connection may cross into a worker: each opens its own.
    app.extensions["headframe"].engine.dispose()
    supervise(workers, lambda: make_server(app, host, port, threads, sockets).run(), sockets)
