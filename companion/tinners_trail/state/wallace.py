"""Lord Wallace, the solo opponent: what he keeps beside the board and the difficulty options.

He sits in a seat like a player (his disc on the work track, his mines on the map) and keeps
the rest here: the action deck, his own face-down survey deck, the money he owes this round
and the steps of his last turn, so the phone can show them to be checked against the pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import BadAction
from .values import evolve

SOLO_BOT = "lord-wallace"

# The rulebook's eight ways to make him stronger; "more-mines-2" is the two-mine level of one option.
DIFFICULTY = ("better-mines", "cheap-labour", "more-mines", "more-mines-2", "deep-pockets",
              "friends-in-high-places", "financial-sabotage", "bailing-out", "shady-land-purchases")
DIFFICULTY_NAMES = {
    "better-mines": "Better mines: his mines start with extraction capacity 3",
    "cheap-labour": "Cheap labour: he owes half each round (rounded up)",
    "more-mines": "More mines: 1 extra mine",
    "more-mines-2": "More mines: 2 extra mines",
    "deep-pockets": "Deep pockets: his bids are £2 higher",
    "friends-in-high-places": "Friends in high places: he invests one row higher",
    "financial-sabotage": "Financial sabotage: you invest one row lower",
    "bailing-out": "Bailing out: 1/2/3 water pumped from his mines at the start of rounds 2/3/4",
    "shady-land-purchases": "Shady land purchases: a free mine at the start of rounds 3 and 4",
    "real-cards": "Printed cards: you draw his action cards and enter each one",
}
# Not a difficulty: the table runs him from the printed action deck ("I drew card 7"), so the
# phone waits for the player to enter each card instead of playing his turns by itself.
REAL_CARDS = "real-cards"
SOLO_OPTIONS = DIFFICULTY + (REAL_CARDS,)


@dataclass(frozen=True)
class Lord:
    seat: int
    options: tuple[str, ...] = ()
    deck: tuple[int, ...] = ()       # action cards still face down (drawn at random: a shuffled deck)
    survey: tuple[str, ...] = ()     # his own face-down survey deck
    owed: int = 0                    # money marker: £ his mining cost this round
    arsenic_money: int = 0           # £ from arsenic sold this round
    income: int = 0                  # £ he receives at the next sale besides ore (Kimberly, a £3 tile)
    card: int | None = None          # action card in play this turn
    tried: tuple[int, ...] = ()      # cards drawn this turn that showed an impossible action
    again: bool = False              # arsenic processed: he draws another card at once
    steps: tuple[str, ...] = ()      # what his last action did, line by line
    turns: tuple[str, ...] = ()      # what he did since the player's last move, one text per action
    ledger: tuple[str, ...] = ()     # how each round's points were made

    def has(self, option: str) -> bool:
        return option in self.options


def printed(state: Any) -> bool:
    """The table draws his cards from the printed deck: the player enters each one."""
    return state.lord.has(REAL_CARDS)


def told(lines: tuple[str, ...]) -> str:
    """Steps as one text, each ending with a full stop."""
    return " ".join(line if line.endswith((".", ":", "!", "?")) else line + "." for line in lines)


def solo(state: Any) -> bool:
    return getattr(state, "lord", None) is not None


def lord_seat(state: Any) -> int | None:
    return state.lord.seat if solo(state) else None


def human_seat(state: Any) -> int:
    return 1 - state.lord.seat


def with_lord(state: Any, **changes: Any) -> Any:
    return evolve(state, lord=evolve(state.lord, **changes))


def note(state: Any, *lines: str) -> Any:
    return with_lord(state, steps=state.lord.steps + tuple(lines))


def split_options(parts: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Separate difficulty options from modules in a variant's parts."""
    options = tuple(p for p in parts if p in SOLO_OPTIONS)
    if "more-mines" in options and "more-mines-2" in options:
        raise BadAction("choose one level of more mines: more-mines (1 extra) or more-mines-2 (2 extra)")
    return tuple(p for p in parts if p not in SOLO_OPTIONS), options


def extra_mines(options: tuple[str, ...]) -> int:
    return 2 if "more-mines-2" in options else 1 if "more-mines" in options else 0
