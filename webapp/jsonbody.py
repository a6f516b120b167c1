"""JSON from clients, and client JSON read back from storage, without trusting it.

Python's parser recurses once per level of nesting, so a document nested a thousand deep
exhausts the stack before any check could look at it. Every body is therefore measured
first, outside its strings and without recursion, and refused (400, ``too_deep``) when it
nests deeper than any request needs; only then is it parsed. An action is also refused
(413, ``too_large``) when it is longer than any game's action can be, before anything is
stored. What was stored before these limits existed is read back with the same care: an
action that cannot be read is shown as missing rather than breaking the table's log.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import Invalid

MAX_DEPTH = 8               # {"action": {"rows": [{"barrels": [...]}]}} nests 5 deep
MAX_ACTION_BYTES = 8 * 1024  # one action as stored; the declared kinds keep real ones far below

_OUTSIDE = re.compile(r'["\[\]{}]')  # what matters between strings
_INSIDE = re.compile(r'["\\]')       # what matters inside one


def nesting(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep ``text`` nests arrays and objects (outside strings), counting at most to
    ``limit + 1``. One pass, each step moving forward: linear in the length whatever it holds."""
    depth = deepest = 0
    pos = 0
    while True:
        found = _OUTSIDE.search(text, pos)
        if found is None:
            return deepest
        pos = found.end()
        mark = found.group()
        if mark == '"':
            while True:
                inner = _INSIDE.search(text, pos)
                if inner is None:
                    return deepest
                pos = inner.end() + (1 if inner.group() == "\\" else 0)
                if inner.group() == '"':
                    break
        elif mark in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        else:
            depth -= 1


def loads(raw: bytes | str, limit: int = MAX_DEPTH) -> Any:
    """Parse a client's JSON; ``Invalid`` (400) when it is not JSON or nests deeper than ``limit``."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, (bytes, bytearray)) else raw
    except UnicodeDecodeError:
        raise Invalid("invalid_json", "Send JSON encoded as UTF-8.", status=400) from None
    if nesting(text, limit) > limit:
        raise Invalid("too_deep", f"The JSON nests more than {limit} levels deep; no request needs that.",
                      status=400)
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise Invalid("invalid_json", "Send a JSON object.", status=400) from None


def load_object(raw: bytes | str, allow_empty: bool = False) -> dict:
    """A request body that must be a JSON object (or nothing at all, when ``allow_empty``)."""
    if allow_empty and not raw.strip():
        return {}
    data = loads(raw)
    if not isinstance(data, dict):
        raise Invalid("invalid_json", "Send a JSON object.", status=400)
    return data


def check_action_size(action: Any) -> None:
    """Refuse an action longer than any game's action can be (413), before it is stored."""
    size = len(json.dumps(action, separators=(",", ":"), default=str))
    if size > MAX_ACTION_BYTES:
        raise Invalid("too_large", f"The action is {size} bytes; an action is at most {MAX_ACTION_BYTES}.",
                      status=413)


def stored(text: str | None) -> Any:
    """Client JSON as stored (a logged action); None when it cannot be read back safely."""
    if not text:
        return None
    try:
        return loads(text)
    except Invalid:
        return None


__all__ = ["MAX_ACTION_BYTES", "MAX_DEPTH", "check_action_size", "load_object", "loads", "nesting", "stored"]
