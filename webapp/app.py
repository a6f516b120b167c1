"""The Flask app: ``create_app`` and the JSON provider every answer uses. Kept apart from the
package's ``__init__`` so that the command line (``check``, ``build``, ``games``, ``score``)
never imports Flask; only ``serve`` and the app itself pay for the web stack."""

from __future__ import annotations

import json
import os
import threading
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from .settings import DEFAULTS


class CompactJSON(DefaultJSONProvider):
    """Flask's JSON in key order, with the compact encoder every API answer uses made once
    (``json.dumps`` with options builds a new encoder per call)."""

    sort_keys = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs == {"separators": (",", ":")}:
            return self.compact(obj)
        return super().dumps(obj, **kwargs)

    def compact(self, obj: Any) -> str:
        return self._compact.encode(obj)

    @cached_property
    def _compact(self) -> json.JSONEncoder:
        return json.JSONEncoder(default=self.default, ensure_ascii=self.ensure_ascii, sort_keys=self.sort_keys,
                                separators=(",", ":"))


def create_app(test_config: Mapping[str, Any] | None = None, instance_path: str | os.PathLike | None = None,
               threads: int | None = None) -> Flask:
    """The app. ``threads``: how many requests the server runs at once, when it is known; the
    connection pool is sized to it. Under ``serve`` a waiting long-poll holds no thread (see
    ``webapp.live``); where one must wait in a thread, at most half the threads may, so that
    waiting phones never leave none for the others."""
    from . import api, boards, errors, pages, security
    from .db import make_engine, sqlite_url
    from .hotpaths import HotPaths
    from .live import Live
    from .tables import Store

    instance = instance_path or os.environ.get("HEADFRAME_INSTANCE")
    app = Flask("webapp", instance_relative_config=True,
                instance_path=str(Path(instance).resolve()) if instance else None)
    app.config.from_mapping(DEFAULTS)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("HEADFRAME")  # e.g. HEADFRAME_SQLITE_SYNCHRONOUS=FULL
    else:
        app.config.from_mapping(test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = security.load_secret_key(app.instance_path)
    url = app.config.get("DATABASE_URL") or os.environ.get("HEADFRAME_DATABASE_URL") or sqlite_url(app.instance_path)
    app.config["DATABASE_URL"] = url
    slots = app.config["LONG_POLL_SLOTS"]
    if threads:
        app.config["DB_POOL_SIZE"] = threads + 2  # each thread holds at most one connection at a time
        slots = min(slots, threads // 2)
    app.json = CompactJSON(app)
    app.jinja_env.autoescape = True

    engine = make_engine(url, app.config["DB_POOL_SIZE"], app.config["SQLITE_SYNCHRONOUS"])
    store = app.extensions["headframe"] = Store(engine, app.config["VERSION_TTL"])
    live = app.extensions["headframe_live"] = Live(store, app.config["LIVE_WATCH_S"])
    store.listeners.append(live.changed)
    # Only for long-polls that wait in a thread (``serve`` parks them instead; see webapp.live).
    app.extensions["headframe_waiters"] = threading.BoundedSemaphore(slots)  # 0: every phone polls
    security.init_app(app)
    app.register_blueprint(errors.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    boards.init_app(app)
    app.wsgi_app = HotPaths(app, app.wsgi_app)
    if app.config["PROXY_HOPS"]:
        # The client's address is the one the nearest trusted proxy saw (the join limit counts by it).
        from werkzeug.middleware.proxy_fix import ProxyFix
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=int(app.config["PROXY_HOPS"]))
    return app
