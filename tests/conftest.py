"""Shared fixtures: a Flask ``app`` on a fresh SQLite instance folder, its ``client`` and
``runner``, and ``db_url``, which runs a test once on SQLite and once on PostgreSQL.

PostgreSQL comes from ``HEADFRAME_TEST_DATABASE_URL``. Each test gets its own schema, so
tests running at the same time never see each other's tables. Under ``CI=true`` a missing
server fails the test; locally it is skipped.
"""

from __future__ import annotations

import os
import secrets

import pytest

from webapp import create_app

from webgame import PLAYERS  # noqa: F401  (fixtures and tests take the three players from here)


def _postgres_url() -> str:
    url = os.environ.get("HEADFRAME_TEST_DATABASE_URL")
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail("HEADFRAME_TEST_DATABASE_URL is not set: CI must test against PostgreSQL")
        pytest.skip("HEADFRAME_TEST_DATABASE_URL is not set (PostgreSQL tests run in CI)")
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A database URL for a fresh, empty database of each kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite3'}"
        return
    url = _postgres_url()
    import sqlalchemy

    schema = f"t_{secrets.token_hex(6)}"
    admin = sqlalchemy.create_engine(url, poolclass=sqlalchemy.pool.NullPool)
    try:
        with admin.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    except sqlalchemy.exc.OperationalError as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL at {url} is not reachable: {exc}")
        pytest.skip(f"PostgreSQL at {url} is not reachable")
    sep = "&" if "?" in url else "?"
    yield f"{url}{sep}options=-csearch_path%3D{schema}"
    with admin.begin() as conn:
        conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
    admin.dispose()


@pytest.fixture
def make_app(tmp_path):
    """Build an app on a given database URL (or SQLite in the instance folder); every app
    made is disposed of at the end so no connection outlives the test."""
    made = []

    def make(url: str | None = None, instance=None, **config):
        settings = {"TESTING": True, **config}
        if url:
            settings["DATABASE_URL"] = url
        app = create_app(settings, instance_path=instance or tmp_path / "instance")
        made.append(app)
        return app

    yield make
    for app in made:
        app.extensions["headframe"].engine.dispose()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def players():
    return [dict(p) for p in PLAYERS]


# -- a real `headframe serve` in a subprocess ------------------------------------------

def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`headframe serve` on 127.0.0.1 with its own instance folder; ``kill`` is SIGKILL (of the
    process started, which with several workers is their parent)."""

    def __init__(self, instance, port: int | None = None, threads: int = 4, env: dict | None = None,
                 workers: int | None = None):
        self.instance = instance
        self.port = port or free_port()
        self.threads = threads
        self.workers = workers  # None: serve's own default (one process per core)
        self.env = env
        self.process = None
        self.output = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> "Server":
        import subprocess
        import sys
        import tempfile
        import time
        import urllib.request

        self.output = tempfile.TemporaryFile()
        env = dict(os.environ)
        env.pop("HEADFRAME_DATABASE_URL", None)  # the instance folder's SQLite unless a test says otherwise
        env.update(self.env or {})
        self.process = subprocess.Popen(
            [sys.executable, "-m", "headframe", "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--instance", str(self.instance), "--threads", str(self.threads),
             *(["--workers", str(self.workers)] if self.workers else [])],
            stdout=self.output, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited early:\n{self.text()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=2) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"server did not start in {timeout}s:\n{self.text()}")

    def text(self) -> str:
        self.output.seek(0)
        return self.output.read().decode("utf-8", "replace")

    def kill(self) -> None:
        import signal

        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            self._wait_port_free()

    def _wait_port_free(self, timeout: float = 10.0) -> None:
        """Several workers leave a moment after their parent is killed (they notice their
        lifeline close): until the last has gone it still answers on the port, and a server
        started now would seem ready when an old worker answers its probe."""
        import socket
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
            except OSError:
                return
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except Exception:
                self.kill()


@pytest.fixture
def server_factory(tmp_path):
    made = []

    def make(instance=None, **kwargs) -> Server:
        server = Server(instance or tmp_path / "served", **kwargs)
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop()
