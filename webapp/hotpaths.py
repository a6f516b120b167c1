"""The requests a busy table night is made of, answered before Flask.

Phones poll ``GET /api/tables/<id>`` (with ``If-None-Match: "<version>"``), act with
``POST /api/tables/<id>/actions`` and wait with ``GET /api/tables/<id>/events`` (a long-poll
the server parked until the table changed, see ``webapp.live``). Under load, Flask's own work
per request (request context, routing, hooks, response objects) costs more than the table
service does, so this WSGI layer answers those in their usual form itself: the same service calls
(``webapp.tables``), the same JSON, the same headers, the same errors (``errors.error_body``);
the tests compare its answers with the routes' byte for byte. Anything unusual goes on to
Flask unchanged: another method or path, a body that is not a JSON object.
"""

from __future__ import annotations

import io
import re
from typing import Callable, Iterable

from werkzeug.http import HTTP_STATUS_CODES, parse_cookie

from companion.errors import HeadframeError

from . import tables
from .errors import Invalid, error_body
from .jsonbody import loads
from .live import LOG_LIMIT, WAITED, long_poll
from .security import HEADERS

TABLE = re.compile(r"/api/tables/([a-z0-9]{1,16})")
ACTIONS = re.compile(r"/api/tables/([a-z0-9]{1,16})/actions")
TOKEN_KEY = "HTTP_X_HEADFRAME_TOKEN"
ACTION_FIELDS = {"version", "action"}
SECURITY = list(HEADERS.items())
POLL_HEADERS = [("Cache-Control", "no-cache"), ("Vary", "Cookie, X-Headframe-Token")]


def not_modified_headers(version: int) -> list[tuple[str, str]]:
    """The headers of a 304 for ``version``: the Flask route uses the same ones."""
    return [("ETag", f'"{version}"'), *POLL_HEADERS, *SECURITY]


def newest_tag(header: str | None) -> int | None:
    """The newest table version among an If-None-Match header's tags, if it names any."""
    versions = [int(t) for t in _tags(header) if t.isascii() and t.isdigit() and len(t) < 12]
    return max(versions) if versions else None


def _caller(environ: dict) -> tables.Caller:
    return tables.Caller.of(environ.get(TOKEN_KEY), parse_cookie(environ))


def _tags(header: str | None) -> list[str]:
    return [t.strip().removeprefix("W/").strip('"') for t in header.split(",")] if header else []


class HotPaths:
    def __init__(self, app, flask_wsgi: Callable) -> None:
        self.flask_app = app
        self.app = flask_wsgi  # Flask, for everything else
        self.store = app.extensions["headframe"]
        self.max_body = app.config.get("MAX_CONTENT_LENGTH") or 0

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD")
        path = environ.get("PATH_INFO", "")
        if method == "GET":
            match = TABLE.fullmatch(path)
            if match and not environ.get("QUERY_STRING"):  # "?for=N" (the host's view of a seat) goes to Flask
                return self._poll(match.group(1), environ, start_response)
            waited = environ.get(WAITED)
            if waited:
                wanted = long_poll(method, path, environ.get("QUERY_STRING", ""))
                if wanted:
                    return self._woken_events(wanted[0], wanted[1], waited, environ, start_response)
        elif method == "POST":
            match = ACTIONS.fullmatch(path)
            if match:
                return self._act(match.group(1), environ, start_response)
        return self.app(environ, start_response)

    # -- GET /api/tables/<id> -----------------------------------------------------------

    def _poll(self, table_id: str, environ: dict, start_response: Callable) -> Iterable[bytes]:
        tag = environ.get("HTTP_IF_NONE_MATCH")
        if tag:  # most polls: nothing changed since the version the phone has, known in memory
            cached = self.store.cached_version(table_id)
            if cached is not None and str(cached) in _tags(tag):
                start_response("304 NOT MODIFIED", not_modified_headers(cached))
                return []
        with self.flask_app.app_context():
            try:
                seen = newest_tag(tag)
                version = tables.version_of(table_id, fresh=seen is None, seen=seen)
                if str(version) in _tags(tag):
                    start_response("304 NOT MODIFIED", not_modified_headers(version))
                    return []
                table = tables.overdue(tables.get(table_id, version))
            except HeadframeError as exc:
                return self._error(start_response, exc)
            seat, host = tables.viewer(table, _caller(environ))
            body = tables.state(table, seat, host)
        return self._json(start_response, "200 OK", body, [("ETag", f'"{table.version}"'), *POLL_HEADERS])

    # -- GET /api/tables/<id>/events, after its wait ------------------------------------------

    def _woken_events(self, table_id: str, after: int, waited: str, environ: dict,
                      start_response: Callable) -> Iterable[bytes]:
        """A parked long-poll whose wait is over: the version and the events after ``after``.
        A change wakes every phone of its table, and its events are mostly in memory already:
        kept by the change itself when it was made in this process, or read by the watcher for
        every table it found moved (see ``webapp.live``). Otherwise they are read once per
        version, from the furthest-behind phone's version, and each phone gets its part, as its
        seat may see it."""
        version = self.store.cached_version(table_id) if waited == "change" else None
        if version is not None and version > after:
            events = self.store.events_after(table_id, version, after, LOG_LIMIT)
            if events is not None and not self.store.needs_viewer(table_id, events):
                # the usual case, answered without the database or Flask
                return self._json(start_response, "200 OK", {"id": table_id, "version": version, "events": events}, [])
        with self.flask_app.app_context():
            try:
                version = tables.version_of(table_id, fresh=waited == "timeout", seen=after)
                events = self._events_after(table_id, after, version) if version > after else []
                events = self._seen(table_id, version, events, environ)
            except HeadframeError as exc:
                return self._error(start_response, exc)
        return self._json(start_response, "200 OK", {"id": table_id, "version": version, "events": events}, [])

    @staticmethod
    def _seen(table_id: str, version: int, events: list[dict], environ: dict) -> list[dict]:
        """The events as the caller's seat may see them (see ``tables.seen_by``)."""
        if not events:
            return events
        table = tables.get(table_id, version)
        if not tables.needs_viewer(table.game, events):
            return events
        return tables.seen_by(table.game, events, tables.viewer(table, _caller(environ))[0])

    def _events_after(self, table_id: str, after: int, version: int) -> list[dict]:
        events = self.store.events_after(table_id, version, after, LOG_LIMIT)
        if events is None:
            events = tables.log(table_id, after, LOG_LIMIT)
            self.store.keep_events(table_id, version, after, events, complete=len(events) < LOG_LIMIT)
        return events

    # -- POST /api/tables/<id>/actions --------------------------------------------------

    def _act(self, table_id: str, environ: dict, start_response: Callable) -> Iterable[bytes]:
        data = self._json_body(environ)
        if data is None:
            return self.app(environ, start_response)
        with self.flask_app.app_context():
            try:
                result = tables.act(table_id, _caller(environ), data.get("version"), data.get("action"))
            except HeadframeError as exc:  # a 409 is frequent at a busy table; nothing was stored
                return self._error(start_response, exc)
            body = tables.answer(result)
        return self._json(start_response, "200 OK", body, [("ETag", f'"{result["version"]}"')])

    def _json_body(self, environ: dict) -> dict | None:
        """The body as a JSON object, or None when Flask should look at the request. A body
        read here is put back for Flask."""
        mimetype = environ.get("CONTENT_TYPE", "").split(";", 1)[0].strip().lower()
        length = environ.get("CONTENT_LENGTH") or ""
        if mimetype != "application/json" or not (length.isascii() and length.isdigit()) or int(length) > self.max_body:
            return None
        raw = environ["wsgi.input"].read(int(length))
        environ["wsgi.input"] = io.BytesIO(raw)
        try:
            data = loads(raw)  # measured before parsing: a deep document is refused, never recursed into
        except Invalid:
            return None  # Flask answers it, in the JSON error format
        # Anything but {"version", "action"} is refused by the route, in its words.
        return data if isinstance(data, dict) and data.keys() <= ACTION_FIELDS else None

    def _error(self, start_response: Callable, exc: HeadframeError) -> list[bytes]:
        body, status = error_body(exc)
        return self._json(start_response, f"{status} {HTTP_STATUS_CODES[status].upper()}", body, [])

    def _json(self, start_response: Callable, status: str, body: dict, headers: list) -> list[bytes]:
        data = f"{self.flask_app.json.compact(body)}\n".encode()
        start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(data))),
                                *headers, *SECURITY])
        return [data]
