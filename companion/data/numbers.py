"""The rules' own numbers in ``[setup]`` and ``[tables]`` of ``game.toml`` (counts, money,
rounds, costs, limits, per-player-count tables), checked for type and range before a game reads
any of them, so an edited copy that says ``rounds = "x"``, ``-1``, ``2.5`` or ``true`` is one
line ``game.toml:LINE: setup.rounds: must be a whole number of 1 or more, not 'x'`` rather than
a traceback or a quietly wrong game.

A game names its numbers by dotted keys, each segment one of:

* a key (``setup.starting_money``, ``tables.storage.base``): it must be there;
* ``*``: every entry of a table (``tables.work_costs.*``);
* ``#``: every entry of a table keyed by whole numbers (face values: ``tables.chips.#``);
* ``<players>``: a table keyed by player counts, with an entry for every count the game allows
  (``setup.contract_row.<players>``);

and the last may end in ``[]`` (a list of one or more numbers: ``tables.die_b[]``) or ``[N]``
(exactly N: ``tables.tokens.*[2]``), once per level of a list of lists: ``tables.investment.*[][2]``
is a list of one or more lists of exactly two numbers each, ``[][]`` a list of lists of any
length. A wrong number anywhere inside is named as one (``must be a whole number of 0 or more,
not 'x'``), an entry of the wrong shape by the shape each entry must have (``each entry must be a
list of 2 whole numbers of 0 or more, not [21]``), both at the key's line.
"""

from __future__ import annotations

import math
import re
from typing import Any, Iterable, Mapping

from ..errors import Problem
from .model import GameData

PLAYERS = "<players>"
_LISTS = re.compile(r"(.*?)((?:\[[0-9]*\])+)")


def _whole(key: Any) -> bool:
    """Whether a table's key is a whole number written out (``"3"``; not ``"x"``, ``"²"``)."""
    return re.fullmatch(r"[0-9]+", str(key)) is not None


class _Kind:
    """What a number must be: whole or not, and the least it may be (None: any sign)."""

    def __init__(self, least: float | None, whole: bool):
        self.least, self.whole = least, whole
        noun = "whole number" if whole else "number"
        self.words = noun if least is None else f"{noun} of {least:g} or more"
        self.plural = self.words.replace(noun, noun + "s", 1)

    def fits(self, value: Any) -> bool:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if isinstance(value, float) and (self.whole or not math.isfinite(value)):
            return False
        return self.least is None or value >= self.least


class _Walk:
    """One pass over the keys of one kind, each problem (field -> message) kept once per field;
    ``data`` gives the player counts a ``<players>`` table must have."""

    def __init__(self, kind: _Kind, data: GameData | None = None):
        self.data, self.kind = data, kind
        self.found: dict[str, str] = {}

    def problem(self, where: str, message: str) -> None:
        self.found.setdefault(where, message)

    def table(self, where: str, value: Any) -> bool:
        """Whether ``value`` is a table, noting the problem when it is not."""
        if isinstance(value, Mapping):
            return True
        self.problem(where, "missing; it must be a table" if value is None else f"must be a table, not {value!r}")
        return False

    def step(self, where: str, value: Any, segments: list[str], lengths: tuple[int, ...]) -> None:
        if not segments:
            self.leaf(where, value, lengths)
        elif self.table(where, value):
            for key, item in self.entries(where, value, segments[0]):
                self.step(f"{where}.{key}", item, segments[1:], lengths)

    def entries(self, where: str, table: Mapping[str, Any], segment: str) -> list[tuple[str, Any]]:
        """The entries of ``table`` that ``segment`` names, noting keys that are not numbers
        where they must be."""
        if segment not in ("*", "#", PLAYERS):
            return [(segment, table.get(segment))]
        if segment == PLAYERS:
            if self.data is None:
                raise ValueError(f"{where}: a table by player count needs the game's data")
            for found in count_keys(self.data, where, table):
                self.problem(found.field, found.message)
        elif segment == "#":
            for key in [key for key in table if not _whole(key)]:
                self.problem(where, f"its keys must be whole numbers, not {key!r}")
        return [(key, item) for key, item in table.items() if segment == "*" or _whole(key)]

    def shape(self, lengths: tuple[int, ...]) -> str:
        """What a value of these list lengths must be: "a list of 5 lists of 2 whole numbers"."""
        if not lengths:
            return f"a {self.kind.words}"
        one, many = self.kind.words, self.kind.plural
        for length in reversed(lengths[1:]):
            inner = _counted(length, one, many)
            one, many = f"list of {inner}", f"lists of {inner}"
        return f"a list of {_counted(lengths[0], one, many)}"

    def leaf(self, where: str, value: Any, lengths: tuple[int, ...]) -> None:
        if value is None:
            self.problem(where, f"missing; it must be {self.shape(lengths)}")
        elif (wrong := self.wrong(value, lengths)) is not None:
            self.problem(where, wrong)

    def wrong(self, value: Any, lengths: tuple[int, ...]) -> str | None:
        """What is wrong with a value: the list of the wrong shape (the value, or else its first
        entry that is not of its entries' shape, as a whole), or else its first number that is
        not one; None when it fits."""
        if not lengths:
            return None if self.kind.fits(value) else f"must be {self.shape(())}, not {value!r}"
        if not _listed(value, lengths[0]):
            return f"must be {self.shape(lengths)}, not {value!r}"
        odd = [item for item in value if not _shaped(item, lengths[1:])]
        if odd:
            return f"each entry must be {self.shape(lengths[1:])}, not {odd[0]!r}"
        return next((found for item in value if (found := self.wrong(item, lengths[1:])) is not None), None)


def _counted(length: int, one: str, many: str) -> str:
    """``length`` things in words ("2 whole numbers", "1 list of …"), or any number (0)."""
    return many if not length else f"{length} {one if length == 1 else many}"


def _listed(value: Any, length: int) -> bool:
    """Whether ``value`` is a list of ``length`` entries (0: of one or more)."""
    return isinstance(value, list) and bool(value) and (not length or len(value) == length)


def _shaped(value: Any, lengths: tuple[int, ...]) -> bool:
    """Whether ``value`` is lists of these lengths all the way down (its numbers unchecked)."""
    return not lengths or _listed(value, lengths[0]) and all(_shaped(item, lengths[1:]) for item in value)


def _section(data: GameData, name: str) -> Mapping[str, Any] | None:
    return {"setup": data.setup, "tables": data.tables}.get(name)


def value_at(data: GameData, dotted: str) -> Any:
    """The value ``game.toml`` sets at ``dotted`` ("tables.salaries.2"), or None."""
    section, *keys = dotted.split(".")
    value: Any = _section(data, section)
    for key in keys:
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def count_keys(data: GameData, where: str, table: Mapping[str, Any]) -> list[Problem]:
    """A table keyed by player counts: each key a whole number, and one for every count the
    game allows (``data.players``); what is wrong first, as one problem (a count misspelt is
    also a count missing)."""
    low, high = data.players
    wrong = [key for key in table if not _whole(key)]
    missing = [str(n) for n in range(low, high + 1) if str(n) not in table]
    if wrong:
        message = f"its keys must be player counts (whole numbers), not {wrong[0]!r}"
    elif missing:
        message = f"needs an entry for every player count from {low} to {high}; missing: {', '.join(missing)}"
    else:
        return []
    return [Problem(str(data.toml_path), data.line_of(where), where, message)]


def _parsed(key: str) -> tuple[list[str], tuple[int, ...]]:
    """A dotted key's segments and the list lengths its last one ends in (``[5][2]``: (5, 2))."""
    segments = key.split(".")
    lengths: tuple[int, ...] = ()
    if listed := _LISTS.fullmatch(segments[-1]):
        segments[-1] = listed.group(1)
        lengths = tuple(int(n or 0) for n in re.findall(r"\[([0-9]*)\]", listed.group(2)))
    return segments, lengths


def number_problems(data: GameData, keys: Iterable[str], least: float | None = 0,
                    whole: bool = True) -> list[Problem]:
    """What is wrong with the numbers at ``keys`` (see the module's docstring): each must be a
    whole number (or any number, ``whole=False``, where the rules use fractions) of ``least``
    or more (None: of any sign), one problem per field at its line of game.toml."""
    walk = _Walk(_Kind(least, whole), data)
    for key in keys:
        (section, *segments), lengths = _parsed(key)
        walk.step(section, _section(data, section), segments, lengths)
    return [Problem(str(data.toml_path), data.line_of(field), field, message) for field, message in walk.found.items()]


def table_problems(table: Mapping[str, Any], prefix: str, keys: Iterable[str], least: float | None = 0,
                   whole: bool = True) -> dict[str, str]:
    """The same check on one table of its own (a component's ``options``), whose entries are
    each optional: a key is checked only where ``table`` sets its first segment. Each problem
    as field (``prefix.key``) -> message."""
    walk = _Walk(_Kind(least, whole))
    for key in keys:
        segments, lengths = _parsed(key)
        if segments[0] in table:
            walk.step(prefix, table, segments, lengths)
    return walk.found


__all__ = ["PLAYERS", "count_keys", "number_problems", "table_problems", "value_at"]
