"""Headframe's table companion: a Flask app several phones share over the local network.

``create_app`` builds it: the JSON API (``/api``), the pages, and the error handlers, on a
database in the instance folder (SQLite) or at ``HEADFRAME_DATABASE_URL`` (PostgreSQL).
"""

from __future__ import annotations

from typing import Any

from .settings import DEFAULTS  # noqa: F401  (the settings and their defaults)


def __getattr__(name: str) -> Any:
    # Flask loads on first use of the app, not on ``import webapp``: the command line lives in
    # this package and only ``serve`` needs the web stack.
    if name in ("create_app", "CompactJSON"):
        from . import app
        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
