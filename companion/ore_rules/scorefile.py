"""The players of an end-of-game file (``headframe score GAME FILE.json``), checked the same way
in both editions: one object per player, only the documented fields, counts that are whole
numbers of at least 0. How many players a file may list is each edition's own."""

from __future__ import annotations

from typing import Any, Iterator, Mapping, Sequence

from ..errors import BadAction


def players_of(data: Any, counts: tuple[int, int] | None = None) -> list[Any]:
    """The file's list of players; a BadAction unless the file is an object with a 'players' list
    of ``counts`` (fewest, most) entries, or of at least one when ``counts`` is None."""
    players = data.get("players") if isinstance(data, Mapping) else None
    fewest, most = counts or (1, None)
    if not isinstance(players, list) or len(players) < fewest or (most is not None and len(players) > most):
        each = f"for each of {fewest}-{most} players" if counts else "per player"
        raise BadAction(f"the file needs a 'players' list with one entry {each}")
    return players


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


__all__ = ["player_entries", "players_of", "whole"]
