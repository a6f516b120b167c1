"""The players of an end-of-game file (``headframe score GAME FILE.json``), checked the same way
in both editions: one object per player, only the documented fields, counts that are whole
numbers of at least 0. How many players a file may list is each edition's own."""

from __future__ import annotations

from typing import Any, Iterator, Mapping, Sequence

from ..errors import BadAction


def player_entries(players: Sequence[Any], fields: Sequence[str]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """("player N", entry) for each entry of ``players``; a BadAction names the first entry that
    is not an object of ``fields``."""
    for index, entry in enumerate(players, start=1):
        who = f"player {index}"
        if not isinstance(entry, Mapping):
            raise BadAction(f"{who}: expected an object with {', '.join(fields)}")
        unknown = sorted(set(entry) - set(fields))
        if unknown:
            raise BadAction(f"{who}: unknown field {unknown[0]!r}; fields: {', '.join(fields)}")
        yield who, entry


def whole(entry: Mapping[str, Any], key: str, who: str, default: int | None = 0) -> int:
    """``entry[key]`` (``default`` when left out); a BadAction unless it is a whole number of at
    least 0."""
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadAction(f"{who}: {key} must be a whole number of at least 0, got {value!r}")
    return value


__all__ = ["player_entries", "whole"]
