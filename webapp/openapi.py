"""The OpenAPI 3.1 description of ``/api`` (served at ``/api/openapi.json``)."""

from __future__ import annotations


def document() -> dict:
    return {"openapi": "3.1.0", "info": {"title": "Headframe table companion API", "version": "1"}, "paths": {}}
