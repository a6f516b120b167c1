"""The answer to most requests a busy server gets: "nothing changed" to a polling phone.

A phone polls ``GET /api/tables/<id>`` with ``If-None-Match: "<version>"``. When the
store's cached version of that table is recent and equal, this WSGI layer answers 304
itself, with the same headers the Flask route sends, without building a request object or
running the app. Everything else, and every poll it cannot answer from the cache, goes to
Flask unchanged.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from .security import HEADERS

POLL_PATH = re.compile(r"/api/tables/([a-z0-9]{1,16})")


class PollShortcut:
    def __init__(self, app: Callable, store) -> None:
        self.app = app
        self.store = store

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        tag = environ.get("HTTP_IF_NONE_MATCH")
        if tag and environ.get("REQUEST_METHOD") == "GET":
            match = POLL_PATH.fullmatch(environ.get("PATH_INFO", ""))
            if match:
                version = self.store.cached_version(match.group(1))
                if version is not None and f'"{version}"' in (t.strip() for t in tag.split(",")):
                    start_response("304 NOT MODIFIED", not_modified_headers(version))
                    return []
        return self.app(environ, start_response)


def not_modified_headers(version: int) -> list[tuple[str, str]]:
    """The headers of a 304 for ``version``: the Flask route uses the same ones."""
    return [("ETag", f'"{version}"'), ("Cache-Control", "no-cache"), ("Vary", "Cookie, X-Headframe-Token"),
            *HEADERS.items()]
