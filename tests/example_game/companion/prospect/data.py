"""Prospect's numbers, read once from a data folder into typed tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from companion.data import load_game
from companion.errors import DataError, Problem

GAME_ID = "prospect"
NUMBERS = ("rounds", "hand_limit", "pan", "money_per_point")


@dataclass(frozen=True)
class Claim:
    id: str
    name: str
    cost: int
    gold: int


@dataclass(frozen=True)
class Tables:
    claims: Mapping[str, Claim]
    deck: tuple[str, ...]        # one id per printed card, in the CSV's order
    starting_money: int
    hand: int
    rounds: int
    hand_limit: int
    pan: int
    money_per_point: int


def load(data_dir: str | None) -> Tables:
    data = load_game(GAME_ID, data_dir)
    rows = data.decks["claims"].rows
    claims = {row.id: Claim(row.id, row["name"], row["cost"], row["gold"]) for row in rows}
    numbers = {}
    problems = []
    for key in NUMBERS:
        value = data.tables.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            problems.append(Problem(str(data.toml_path), data.line_of(f"tables.{key}"), f"tables.{key}",
                                    f"must be a whole number of at least 1, got {value!r}"))
        numbers[key] = value
    for key in ("starting_money", "hand"):
        value = data.setup.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(Problem(str(data.toml_path), data.line_of(f"setup.{key}"), f"setup.{key}",
                                    f"must be a whole number of 0 or more, got {value!r}"))
    if problems:
        raise DataError(problems)
    deck = tuple(row.id for row in rows for _ in range(row.qty))
    return Tables(claims, deck, data.setup["starting_money"], data.setup["hand"], **numbers)
