"""Lord Wallace's action cards, read from ``lord_wallace_cards.csv``.

Each card is a grid: a row per round and a column per band of work-track spaces. A cell names
one action, and may name a second, highlighted one he takes instead while copper sells at £8
or £10. The printed cards are drawn from the same rows.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..data.files import read_text
from ..data.loader import game_dir
from ..errors import DataError, Problem

FILE = "lord_wallace_cards.csv"
BANDS = ("0-3", "4-6", "7-9")
ACTIONS = ("build", "mine", "develop", "train", "adit", "port", "miner", "steam_pumps", "pass")
ROUNDS = (1, 2, 3, 4)
HIGH_COPPER = (8, 10)
COLUMNS = ("card", "round", "spaces", "action", "copper_action")


@dataclass(frozen=True)
class Cell:
    action: str
    copper_action: str | None = None   # the highlighted action

    def chosen(self, copper_price: int) -> str:
        if self.copper_action and copper_price in HIGH_COPPER:
            return self.copper_action
        return self.action


@dataclass(frozen=True)
class ActionDeck:
    cards: dict[int, dict[tuple[int, str], Cell]]

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(sorted(self.cards))

    def cell(self, card: int, round_: int, column: int) -> Cell:
        return self.cards[card][(round_, band_of(column))]


def band_of(column: int) -> str:
    """The band of work-track spaces a disc stands in (space 10 counts with 7–9)."""
    if column <= 3:
        return "0-3"
    return "4-6" if column <= 6 else "7-9"


@lru_cache(maxsize=4)
def load_deck(data_dir: str | None = None) -> ActionDeck:
    path = game_dir("tinners-trail", Path(data_dir) if data_dir else None) / FILE
    problems: list[Problem] = []
    cards: dict[int, dict[tuple[int, str], Cell]] = {}
    text = read_text(path)  # within the game's folder and the size limit; a BOM is dropped
    reader = csv.DictReader(text.splitlines())
    if tuple(reader.fieldnames or ()) != COLUMNS:
        raise DataError(Problem(str(path), 1, "header", f"columns must be {', '.join(COLUMNS)}"))
    for line, row in enumerate(reader, start=2):
        def bad(field: str, message: str) -> None:
            problems.append(Problem(str(path), line, field, message))
        card = row["card"] or ""
        if not card.isdigit() or int(card) < 1:
            bad("card", f"must be a card number 1 or more, got {card!r}")
            continue
        round_ = row["round"] or ""
        if not round_.isdigit() or int(round_) not in ROUNDS:
            bad("round", f"must be 1–4, got {round_!r}")
            continue
        if row["spaces"] not in BANDS:
            bad("spaces", f"must be one of {', '.join(BANDS)}, got {row['spaces']!r}")
            continue
        action, high = row["action"], row["copper_action"] or None
        for field, value in (("action", action), ("copper_action", high)):
            if value is not None and value not in ACTIONS:
                bad(field, f"unknown action {value!r}; actions: {', '.join(ACTIONS)}")
        key = (int(round_), row["spaces"])
        grid = cards.setdefault(int(card), {})
        if key in grid:
            bad("spaces", f"card {card} already has a round {round_}, spaces {row['spaces']} cell")
        grid[key] = Cell(action, high)
    for card, grid in sorted(cards.items()):
        missing = [f"round {r} spaces {b}" for r in ROUNDS for b in BANDS if (r, b) not in grid]
        if missing:
            problems.append(Problem(str(path), None, "card", f"card {card} has no cell for {', '.join(missing)}"))
    if not cards:
        problems.append(Problem(str(path), None, "card", "the deck has no cards"))
    if problems:
        raise DataError(problems)
    return ActionDeck(cards)
