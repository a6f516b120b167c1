"""``headframe serve``: the companion under waitress, with the address phones should open.

The LAN address is found without sending anything: connect() on a UDP socket only picks
the outgoing interface, no packet leaves the machine.
"""

from __future__ import annotations

import io
import logging
import socket
import sys
from pathlib import Path
from typing import TextIO

PROBE_ADDRESS = ("10.255.255.255", 1)  # private, never routed: only used to choose an interface
CONNECTION_LIMIT = 1000  # phones keep connections open; waitress's default of 100 is too few


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


def banner(url: str, database: str, out: TextIO = sys.stdout) -> None:
    print(f"Headframe companion: open {url} on phones on this network", file=out)
    print(qr_text(url), file=out, end="")
    print(f"database: {database}", file=out)
    print("Press Ctrl+C to stop.", file=out, flush=True)


def _shown_database(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _keep_alive_channel():
    """waitress closes the connection after every response without a length, 304 included,
    although a 304 never has a body. Phones poll with If-None-Match, so most answers are
    304s: keeping those connections open spares a TCP handshake per poll."""
    from waitress.channel import HTTPChannel
    from waitress.task import WSGITask

    class Task(WSGITask):
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


def make_server(app, host: str, port: int, threads: int):
    from waitress.server import create_server

    # waitress logs "Task queue depth" for every request that arrives while all threads are
    # busy, writing to the terminal while it holds its task lock: under a burst that log is
    # what slows the server most. Real errors are still logged.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    server = create_server(app, host=host, port=port, threads=threads, connection_limit=CONNECTION_LIMIT,
                           ident="headframe", channel_timeout=120, clear_untrusted_proxy_headers=True)
    server.channel_class = _keep_alive_channel()
    return server


SWITCH_INTERVAL_S = 0.0005


def run(host: str = "0.0.0.0", port: int = 8000, instance: str | Path | None = None, threads: int = 8) -> None:
    """Serve until interrupted. Never in debug mode: tracebacks stay in the server log."""
    from . import create_app

    instance = Path(instance) if instance else Path.cwd() / "instance"
    # Each waitress thread holds at most one database connection at a time.
    app = create_app(None, instance_path=instance, pool_size=threads + 2)
    app.debug = False
    url = public_url(host, port)
    if not url.startswith(("http://127.", "http://localhost", "http://[::1]")):
        # Phones scan the table's QR code: it must carry the LAN address, not the one the
        # host's own browser happened to use (often localhost).
        app.config.setdefault("PUBLIC_URL", url.rstrip("/"))
    banner(url, _shown_database(app.config["DATABASE_URL"]))
    # A thread that finishes a database call waits for the GIL; at the default 5 ms switch
    # interval the thread holding the table's write lock queues behind busy request threads
    # after each call, and every writer queues behind it (a lock convoy). Switching sooner
    # keeps the lock held for the write itself.
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    server = make_server(app, host, port, threads)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
