"""The web app's own failures and the one place every failure becomes an HTTP answer.

Under ``/api`` an error is JSON ``{"error": {"code": ..., "message": ...}}``; elsewhere it
is a short HTML page. A user's mistake is always a 4xx with a sentence they can act on;
only a real bug reaches the 500 handler.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, request, render_template
from jinja2 import TemplateNotFound
from markupsafe import escape
from werkzeug.exceptions import HTTPException

from companion.errors import GameOver, HeadframeError, RuleViolation, UnknownGame


class WebError(HeadframeError):
    """Root of the web app's own failures; ``status`` is the HTTP code."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, code: str | None = None, status: int | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status

    def payload(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


class NotFound(WebError):
    status = 404
    code = "not_found"


class Forbidden(WebError):
    status = 403
    code = "forbidden"


class Conflict(WebError):
    """The action was made against an older version of the table; ``current`` is the
    table as it is now (as the caller's seat sees it) so the phone can redraw at once."""

    status = 409
    code = "stale"

    def __init__(self, message: str, current: dict | None = None, code: str | None = None):
        super().__init__(message, code)
        self.current = current

    def payload(self) -> dict[str, Any]:
        body = super().payload()
        if self.current is not None:
            body["current"] = self.current
        return body


class Invalid(WebError):
    """Input that fails validation: a name too long, a colour that is not #rrggbb."""

    status = 422
    code = "invalid"

    def __init__(self, code: str, message: str, status: int | None = None):
        super().__init__(message, code, status)


class RateLimited(WebError):
    status = 429
    code = "rate_limited"


bp = Blueprint("errors", __name__)


def error_body(exc: Exception) -> tuple[dict, int]:
    """(JSON body, status) for any expected failure."""
    if isinstance(exc, WebError):
        return {"error": exc.payload()}, exc.status
    if isinstance(exc, RuleViolation):
        error = {"code": getattr(exc, "code", "rule_violation"), "message": str(exc)}
        if exc.rule:
            error["rule"] = exc.rule
        return {"error": error}, 409 if isinstance(exc, GameOver) else 422
    if isinstance(exc, UnknownGame):
        return {"error": {"code": "unknown_game", "message": str(exc)}}, 404
    if isinstance(exc, HeadframeError):
        return {"error": {"code": "invalid", "message": str(exc)}}, 422
    if isinstance(exc, HTTPException):
        code = (exc.name or "error").lower().replace(" ", "_")
        return {"error": {"code": code, "message": exc.description or exc.name}}, exc.code or 500
    return {"error": {"code": "internal", "message": "Something went wrong on the server."}}, 500


def _wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def _respond(exc: Exception):
    body, status = error_body(exc)
    if _wants_json():
        response = current_app.json.response(body)
        response.status_code = status
    else:
        message = body["error"]["message"]
        try:
            html = render_template("errors/error.html", status=status, message=message, error=body["error"])
        except TemplateNotFound:
            html = (f"<!doctype html><meta charset=utf-8><title>{status}</title>"
                    f"<h1>{status}</h1><p>{escape(message)}</p>")
        response = current_app.make_response((html, status))
    if getattr(exc, "retry_after", None):
        response.headers["Retry-After"] = str(exc.retry_after)
    if isinstance(exc, HTTPException) and exc.code == 405 and getattr(exc, "valid_methods", None):
        response.headers["Allow"] = ", ".join(exc.valid_methods)
    return response


@bp.app_errorhandler(HeadframeError)
def _headframe_error(exc: HeadframeError):
    return _respond(exc)


@bp.app_errorhandler(HTTPException)
def _http_error(exc: HTTPException):
    return _respond(exc)


@bp.app_errorhandler(Exception)
def _bug(exc: Exception):
    if isinstance(exc, HTTPException):
        return _respond(exc)
    current_app.logger.exception("unhandled error on %s %s", request.method, request.path)
    return _respond(exc)


__all__ = ["Conflict", "Forbidden", "Invalid", "NotFound", "RateLimited", "WebError", "bp",
           "error_body"]
