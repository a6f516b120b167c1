"""Tokens, CSRF, security headers, the secret key, and where the join rate limit lives.

A token is 256 random bits from ``secrets``; only its sha256 is stored and comparisons run
in constant time. A seat's token travels in an HttpOnly cookie scoped to that table's paths,
or in the ``X-Headframe-Token`` header for API clients. Form posts carry a per-session CSRF
token; JSON posts must be ``application/json``, which a cross-site form cannot send.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from flask import Flask, Response, request, session
from flask.sessions import SecureCookieSessionInterface

from .errors import Forbidden, WebError
from .joinlimit import JoinLimit

TOKEN_HEADER = "X-Headframe-Token"
SEAT_COOKIE = "hf_seat"
HOST_COOKIE = "hf_host"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SECRET_FILE = "secret_key"
# Paths a table's cookies are sent to: its pages and its API.
TABLE_PATHS = ("/tables/{id}", "/api/tables/{id}")
COOKIE_MAX_AGE = 60 * 60 * 24 * 30

CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(digest: str, stored: str | None) -> bool:
    return stored is not None and hmac.compare_digest(digest, stored)


# -- the secret key ---------------------------------------------------------------

def load_secret_key(instance_path: str | Path) -> bytes:
    """Read the instance's secret key, creating it (mode 0600) on first start so sessions
    survive restarts."""
    path = Path(instance_path) / SECRET_FILE
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    Path(instance_path).mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32).encode()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another worker won the race: use its key
        return path.read_bytes()
    with os.fdopen(fd, "wb") as handle:
        handle.write(key)
    return key


# -- tokens on requests -------------------------------------------------------------

def set_table_cookie(response: Response, table_id: str, token: str, host: bool = False) -> None:
    name = HOST_COOKIE if host else SEAT_COOKIE
    for path in TABLE_PATHS:
        response.set_cookie(name, token, max_age=COOKIE_MAX_AGE, path=path.format(id=table_id), httponly=True,
                            samesite="Lax", secure=request.is_secure)


def clear_table_cookie(response: Response, table_id: str, host: bool = False) -> None:
    for path in TABLE_PATHS:
        response.delete_cookie(HOST_COOKIE if host else SEAT_COOKIE, path=path.format(id=table_id))


# -- CSRF -------------------------------------------------------------------------

def csrf_token() -> str:
    """The session's CSRF token (made on first use); forms send it as ``csrf_token``."""
    token = session.get("csrf")
    if not token:
        token = secrets.token_urlsafe(32)
        session["csrf"] = token
    return token


def _check_request() -> None:
    if request.method not in UNSAFE:
        return
    if request.routing_exception is not None:
        return  # no such route or method (404, 405 with Allow): say that, not what the body lacks
    if request.path.startswith("/api/"):
        if request.method in ("POST", "PUT", "PATCH") and request.mimetype != "application/json" \
                and not _empty_body():
            raise WebError("Send JSON with Content-Type: application/json.", "unsupported_media_type", 415)
        return
    sent = request.form.get(CSRF_FIELD) or request.headers.get(CSRF_HEADER) or ""
    expected = session.get("csrf") or ""
    if not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
        raise Forbidden("This form has expired; reload the page and try again.", "csrf")


def _empty_body() -> bool:
    """A POST with no body at all (``/end`` needs none); a cross-site form cannot act with it."""
    return not request.content_length and not request.get_data(cache=True)


_HEADER_NAMES = {name.lower(): (name, value) for name, value in HEADERS.items()}


def _add_headers(response: Response) -> Response:
    # One pass over the response's headers: werkzeug's setdefault scans them once per name.
    present = {key.lower() for key in response.headers.keys()}
    response.headers.extend([pair for lower, pair in _HEADER_NAMES.items() if lower not in present])
    return response


# -- rate limit on failed joins: see joinlimit.py ----------------------------------------

def client_address() -> str:
    return request.remote_addr or "unknown"


class _Sessions(SecureCookieSessionInterface):
    """The JSON API never uses the session (tokens and JSON bodies protect it), so it skips
    reading and signing the session cookie on every poll."""

    def open_session(self, app, request):
        if request.path.startswith("/api/"):
            return self.make_null_session(app)
        return super().open_session(app, request)


def init_app(app: Flask) -> None:
    app.session_interface = _Sessions()
    app.extensions["headframe_join_limit"] = JoinLimit(app.extensions["headframe"].sql,
                                                       app.config["JOIN_FAILURE_LIMIT"],
                                                       app.config["JOIN_FAILURE_WINDOW"],
                                                       app.config["JOIN_LOCKED_INTERVAL"])
    app.before_request(_check_request)
    app.after_request(_add_headers)
    app.jinja_env.globals["csrf_token"] = csrf_token


def join_limit(app: Flask) -> JoinLimit:
    return app.extensions["headframe_join_limit"]
