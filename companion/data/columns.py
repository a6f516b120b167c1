"""CSV column types. ``game.toml`` declares each deck's columns (``name = "str"``,
``cost = "int?"``, ``region = "enum:A|B|C|D|wild"``); every cell is parsed and checked here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_ICON = re.compile(r":([a-z][a-z0-9_\-]*):")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

BASE_TYPES = ("id", "qty", "str", "text", "int", "number", "bool", "resource", "resources",
              "list", "colour", "icon", "players")
_PLAYERS = re.compile(r"^(\d+)(?:\s*[-–]\s*(\d+))?$")
PREFIXED = ("enum:", "ref:")


class CellError(ValueError):
    pass


@dataclass(frozen=True)
class ColumnType:
    base: str
    optional: bool
    arg: str = ""

    @property
    def choices(self) -> list[str]:
        return self.arg.split("|") if self.base == "enum" else []


def parse_type(text: str) -> ColumnType:
    """``"int?"`` -> optional int; ``"enum:A|B"``; ``"ref:deck-id"``."""
    if not isinstance(text, str) or not text:
        raise ValueError(f"column type must be a string such as \"int\", got {text!r}")
    optional = text.endswith("?")
    core = text[:-1] if optional else text
    for prefix in PREFIXED:
        if core.startswith(prefix) and len(core) > len(prefix):
            return ColumnType(prefix[:-1], optional, core[len(prefix):])
    if core not in BASE_TYPES:
        accepted = ", ".join(BASE_TYPES) + ", enum:A|B, ref:<deck>, each optionally ending in ?"
        raise ValueError(f"unknown column type {text!r}; accepted: {accepted}")
    return ColumnType(core, optional)


def icons_in(text: str) -> list[str]:
    """Inline icon names in rules text, written ``:tin:`` or ``:money:``."""
    return _ICON.findall(text)


def parse_cell(ctype: ColumnType, raw: str, icons: set[str], resources: set[str]) -> Any:
    """Return the typed value, or raise CellError with a message for the designer."""
    raw = raw.strip()
    if raw == "":
        if ctype.optional:
            return None
        if ctype.base in ("str", "text", "list", "resources"):
            return "" if ctype.base in ("str", "text") else ()
        raise CellError("is empty; a value is required")
    base = ctype.base
    if base in ("id", "str"):
        return raw
    if base == "text":
        unknown = [name for name in icons_in(raw) if name not in icons]
        if unknown:
            raise CellError(f"unknown icon :{unknown[0]}:; known icons: {', '.join(sorted(icons))}")
        return raw
    if base in ("int", "qty"):
        try:
            value = int(raw)
        except ValueError:
            raise CellError(f"expected a whole number, got {raw!r}") from None
        if base == "qty" and value < 1:
            raise CellError(f"must be a positive whole number, got {raw!r}")
        return value
    if base == "number":
        try:
            return float(raw)
        except ValueError:
            raise CellError(f"expected a number, got {raw!r}") from None
    if base == "bool":
        lowered = raw.lower()
        if lowered in ("yes", "true", "1", "y"):
            return True
        if lowered in ("no", "false", "0", "n"):
            return False
        raise CellError(f"expected yes or no, got {raw!r}")
    if base == "enum":
        if raw not in ctype.choices:
            raise CellError(f"{raw!r} is not one of: {', '.join(ctype.choices)}")
        return raw
    if base == "resource":
        if raw not in resources:
            raise CellError(f"unknown resource {raw!r}; known resources: {', '.join(sorted(resources))}")
        return raw
    if base == "resources":
        items = tuple(p for p in re.split(r"[;\s]+", raw) if p)
        for item in items:
            if item not in resources:
                raise CellError(f"unknown resource {item!r}; known resources: {', '.join(sorted(resources))}")
        return items
    if base == "list":
        return tuple(p.strip() for p in raw.split(";") if p.strip())
    if base == "colour":
        if not _COLOUR.match(raw):
            raise CellError(f"expected a colour such as #1a2b3c, got {raw!r}")
        return raw
    if base == "icon":
        if raw not in icons:
            raise CellError(f"unknown icon {raw!r}; known icons: {', '.join(sorted(icons))}")
        return raw
    if base == "ref":
        return raw  # checked once every deck is loaded
    if base == "players":  # the player counts a row is printed for: "4-5" or "3"
        match = _PLAYERS.match(raw)
        if not match or int(match.group(2) or match.group(1)) < int(match.group(1)):
            raise CellError(f"expected player counts such as 4-5 or 3, got {raw!r}")
        return (int(match.group(1)), int(match.group(2) or match.group(1)))
    raise AssertionError(base)
