"""CSV column types. ``game.toml`` declares each deck's columns (``name = "str"``,
``cost = "int?"``, ``region = "enum:A|B|C|D|wild"``); every cell is parsed and checked here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

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
        return _empty(ctype)
    return _PARSERS[ctype.base](raw, _Context(ctype, icons, resources))


@dataclass(frozen=True)
class _Context:
    """What a cell is checked against beyond its text: its column and the game's names."""

    ctype: ColumnType
    icons: set[str]
    resources: set[str]


def _empty(ctype: ColumnType) -> Any:
    if ctype.optional:
        return None
    if ctype.base in ("str", "text"):
        return ""
    if ctype.base in ("list", "resources"):
        return ()
    raise CellError("is empty; a value is required")


def _text(raw: str, ctx: _Context) -> str:
    unknown = [name for name in icons_in(raw) if name not in ctx.icons]
    if unknown:
        raise CellError(f"unknown icon :{unknown[0]}:; known icons: {', '.join(sorted(ctx.icons))}")
    return raw


def _whole(raw: str, ctx: _Context) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise CellError(f"expected a whole number, got {_shown(raw)}") from None
    if ctx.ctype.base == "qty" and value < 1:
        raise CellError(f"must be a positive whole number, got {raw!r}")
    return value


def _number(raw: str, ctx: _Context) -> float:
    try:
        return float(raw)
    except ValueError:
        raise CellError(f"expected a number, got {_shown(raw)}") from None


_YES, _NO = ("yes", "true", "1", "y"), ("no", "false", "0", "n")


def _bool(raw: str, ctx: _Context) -> bool:
    lowered = raw.lower()
    if lowered in _YES or lowered in _NO:
        return lowered in _YES
    raise CellError(f"expected yes or no, got {_shown(raw)}")


def _enum(raw: str, ctx: _Context) -> str:
    if raw not in ctx.ctype.choices:
        raise CellError(f"{_shown(raw)} is not one of: {', '.join(ctx.ctype.choices)}")
    return raw


def _known(what: str, names: Callable[[_Context], set[str]]) -> Callable[[str, _Context], str]:
    """A cell that must be one of the game's names of ``what`` (its resources, its icons)."""
    def parse(raw: str, ctx: _Context) -> str:
        if raw not in names(ctx):
            raise CellError(f"unknown {what} {_shown(raw)}; known {what}s: {', '.join(sorted(names(ctx)))}")
        return raw
    return parse


_resource = _known("resource", lambda ctx: ctx.resources)
_icon = _known("icon", lambda ctx: ctx.icons)


def _resources(raw: str, ctx: _Context) -> tuple[str, ...]:
    items = tuple(p for p in re.split(r"[;\s]+", raw) if p)
    for item in items:
        _resource(item, ctx)
    return items


def _colour(raw: str, ctx: _Context) -> str:
    if not _COLOUR.match(raw):
        raise CellError(f"expected a colour such as #1a2b3c, got {_shown(raw)}")
    return raw


def _players(raw: str, ctx: _Context) -> tuple[int, int]:
    """The player counts a row is printed for: "4-5" or "3"."""
    match = _PLAYERS.match(raw)
    if not match or int(match.group(2) or match.group(1)) < int(match.group(1)):
        raise CellError(f"expected player counts such as 4-5 or 3, got {_shown(raw)}")
    return (int(match.group(1)), int(match.group(2) or match.group(1)))


def _shown(raw: str) -> str:
    """A cell as a message quotes it: whole when short, its start when long (a message is one line)."""
    return repr(raw) if len(raw) <= 60 else repr(raw[:57] + "...")


_PARSERS: dict[str, Callable[[str, _Context], Any]] = {
    "id": lambda raw, ctx: raw, "str": lambda raw, ctx: raw, "text": _text,
    "int": _whole, "qty": _whole, "number": _number, "bool": _bool, "enum": _enum,
    "resource": _resource, "resources": _resources,
    "list": lambda raw, ctx: tuple(p.strip() for p in raw.split(";") if p.strip()),
    "colour": _colour, "icon": _icon,
    "ref": lambda raw, ctx: raw,  # checked once every deck is loaded
    "players": _players,
}
