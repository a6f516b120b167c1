"""Pages for phones at the table."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    return "<!doctype html><meta charset=utf-8><title>Headframe</title><h1>Headframe</h1>"
