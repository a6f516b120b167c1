"""Prospect's numbers, read once from a data folder into typed tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from companion.data import load_game, number_problems
from companion.errors import DataError

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
    # the rules' own numbers, checked before any is used: one line at its place in game.toml each
    problems = (number_problems(data, [f"tables.{key}" for key in NUMBERS], least=1)
                + number_problems(data, ("setup.starting_money", "setup.hand")))
    if problems:
        raise DataError(problems)
    deck = tuple(row.id for row in rows for _ in range(row.qty))
    return Tables(claims, deck, data.setup["starting_money"], data.setup["hand"],
                  **{key: data.tables[key] for key in NUMBERS})
