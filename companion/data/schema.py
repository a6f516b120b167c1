"""Declarative checks for the fixed parts of ``game.toml`` and ``layouts.toml``.

A spec is a dict of field name -> ``Field``. ``check`` walks a parsed TOML table and
collects every problem (unknown keys name the accepted ones) instead of stopping at the
first, so a designer fixes a file in one pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import Problem
from .tomlpos import KeyLines


@dataclass(frozen=True)
class Field:
    kind: str  # str, int, number, bool, list, table, map, any, length, size, colour
    required: bool = False
    spec: dict[str, "Field"] | None = None  # for table, or the value spec for map
    item: str | None = None  # item kind for list
    check: Callable[[Any], str | None] | None = None  # extra check: returns a message or None
    choices: tuple[str, ...] = field(default=())


def _type_message(kind: str, value: Any, item: str | None) -> str | None:
    ok = {
        "str": isinstance(value, str),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, (int, float)) and not isinstance(value, bool),
        "bool": isinstance(value, bool),
        "list": isinstance(value, list),
        "table": isinstance(value, dict),
        "map": isinstance(value, dict),
        "any": True,
    }[kind]
    if not ok:
        return f"expected {_describe(kind, item)}, got {_show(value)}"
    if kind == "list" and item:
        for entry in value:
            inner = _type_message(item, entry, None)
            if inner:
                return f"expected {_describe(kind, item)}; {inner}"
    return None


def _describe(kind: str, item: str | None) -> str:
    names = {"str": "a string", "int": "a whole number", "number": "a number", "bool": "true or false",
             "table": "a table", "map": "a table", "any": "a value"}
    if kind == "list":
        return f"a list of {names.get(item or 'any', item)}" if item else "a list"
    return names[kind]


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def check(table: dict, spec: dict[str, Field], prefix: str, path: str, lines: KeyLines) -> list[Problem]:
    problems: list[Problem] = []

    def report(key: str, message: str) -> None:
        problems.append(Problem(path, lines.line(key), key, message))

    for key, value in table.items():
        dotted = f"{prefix}.{key}" if prefix else key
        rule = spec.get(key)
        if rule is None:
            accepted = ", ".join(sorted(spec)) or "(none)"
            report(dotted, f"unknown key; accepted keys: {accepted}")
            continue
        problems.extend(_check_value(value, rule, dotted, path, lines))
    for key, rule in spec.items():
        if rule.required and key not in table:
            dotted = f"{prefix}.{key}" if prefix else key
            problems.append(Problem(path, lines.line(prefix) if prefix else None, dotted, "missing required key"))
    return problems


def _check_value(value: Any, rule: Field, dotted: str, path: str, lines: KeyLines) -> list[Problem]:
    message = _type_message(rule.kind, value, rule.item)
    if message:
        return [Problem(path, lines.line(dotted), dotted, message)]
    if rule.choices and value not in rule.choices:
        return [Problem(path, lines.line(dotted), dotted,
                        f"{value!r} is not one of: {', '.join(rule.choices)}")]
    if rule.check:
        extra = rule.check(value)
        if extra:
            return [Problem(path, lines.line(dotted), dotted, extra)]
    if rule.kind == "table" and rule.spec is not None:
        return check(value, rule.spec, dotted, path, lines)
    if rule.kind == "map" and rule.spec is not None:
        problems: list[Problem] = []
        for name, entry in value.items():
            inner = f"{dotted}.{name}"
            if not isinstance(entry, dict):
                problems.append(Problem(path, lines.line(inner), inner, f"expected a table, got {_show(entry)}"))
                continue
            problems.extend(check(entry, rule.spec, inner, path, lines))
        return problems
    return []
