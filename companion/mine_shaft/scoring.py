"""Scoring by mineral value, from a state or from an end-of-game file."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..core import ScoreRow, ScoreSheet, sheet
from ..errors import BadAction
from .data import KINDS, Rules

NAMES = {"coal": "Coal", "silver": "Silver", "gold": "Gold"}


def score_hauls(rules: Rules, names: Sequence[str], hauls: Sequence[Sequence[int]]) -> ScoreSheet:
    rows = [ScoreRow(kind, NAMES[kind], tuple(h[i] * rules.values[i] for h in hauls)) for i, kind in enumerate(KINDS)]
    return sheet(list(names), rows)


def read_file(data: Mapping[str, Any]) -> tuple[list[str], list[tuple[int, int, int]]]:
    """The end-of-game file: {"game": "mine-shaft", "players": [{"name": "Ann", "coal": 4, "silver": 2,
    "gold": 1}, ...]} (see NOTES.md). Raises BadAction naming what is wrong."""
    if not isinstance(data, Mapping):
        raise BadAction("the file must hold a JSON object with a \"players\" list")
    if data.get("game", "mine-shaft") != "mine-shaft":
        raise BadAction(f"this file is for {data.get('game')!r}, not mine-shaft")
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise BadAction("\"players\" must list 2 to 4 players")
    names, hauls = [], []
    for index, entry in enumerate(players):
        where = f"players[{index}]"
        if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
            raise BadAction(f"{where} needs a \"name\"")
        unknown = sorted(set(entry) - {"name", *KINDS})
        if unknown:
            raise BadAction(f"{where}: unknown key {unknown[0]!r}; keys: name, coal, silver, gold")
        counts = []
        for kind in KINDS:
            value = entry.get(kind, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise BadAction(f"{where}.{kind} must be a whole number of counters, 0 or more, not {value!r}")
            counts.append(value)
        names.append(entry["name"])
        hauls.append(tuple(counts))
    return names, hauls


def check_totals(rules: Rules, hauls: Sequence[Sequence[int]]) -> None:
    for i, kind in enumerate(KINDS):
        total = sum(h[i] for h in hauls)
        if total > rules.bag[i]:
            raise BadAction(f"the players hold {total} {kind} between them, but the game has only {rules.bag[i]}")
