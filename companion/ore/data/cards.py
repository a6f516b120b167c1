"""The printed cards as the rules use them, and the small text formats of the CSV cells that
carry rules (mine spaces, contract rows, costs, asset effects; ``cards_data/ore/NOTES.md``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ...ore_rules import cells, descent

RESOURCES = ("gold", "oil", "iron", "copper", "coal")
ANY = "any"
ANY_PHRASE = "1 barrel of any kind"


@dataclass(frozen=True)
class MineCard:
    id: str
    deck: str  # "3p" or "4-5p"
    res: str
    price: int
    spaces: tuple[int, ...]  # barrels gathered on each space, top first
    levels: tuple[int, ...]  # the cage level each space needs: 1, 2 or 3

    def level(self, space: int) -> int:
        return self.levels[space]

    def reaches(self, space: int, cage: int) -> bool:
        """Whether a miner whose owner's cage reaches ``cage`` may stand on ``space``."""
        return descent.reaches(self.levels, space, cage)


@dataclass(frozen=True)
class Cost:
    """One way to pay: money plus barrels (``any`` = one barrel of the buyer's choice)."""

    money: int
    barrels: tuple[str, ...]

    def label(self) -> str:
        return self._label

    @cached_property
    def _label(self) -> str:
        # every button of the acquisition row shows it: written once per card
        parts = [f"${self.money}"] if self.money or not self.barrels else []
        parts += list(self.barrels)
        return " + ".join(parts)


@dataclass(frozen=True)
class AssetCard:
    id: str
    qty: int
    name: str
    group: str
    costs: tuple[Cost, ...]
    vp: int
    mark: str  # "light" or "dark" icon marking
    effect: tuple[str, ...]  # effect kind first, then its arguments
    text: str

    @property
    def kind(self) -> str:
        return self.effect[0] if self.effect else ""

    @property
    def args(self) -> tuple[str, ...]:
        return self.effect[1:]

    @property
    def light(self) -> bool:
        """Light-icon cards are left out of the short game."""
        return self.mark == "light"

    @cached_property
    def steps(self) -> tuple[tuple[int, int], ...]:
        """The thresholds of a threshold effect (diversified, efficient, negotiation, ops_team),
        read once."""
        return thresholds(self.effect[1:])


@dataclass(frozen=True)
class InitiativeCard:
    id: str
    qty: int
    name: str
    cost: Cost
    mark: str
    effect: str
    text: str

    @property
    def light(self) -> bool:
        return self.mark == "light"


@dataclass(frozen=True)
class ContractRow:
    boxes: tuple[tuple[str, ...], ...]  # each box: the barrel kinds it accepts
    pay: int

    def label(self) -> str:
        return self._label

    @cached_property
    def _label(self) -> str:
        return " + ".join("/".join(box) for box in self.boxes) + f" for ${self.pay}"


@dataclass(frozen=True)
class ContractCard:
    number: int
    rows: tuple[ContractRow, ...]


_COST_WORD = re.compile(r"^\$(\d+)$")


def parse_cost(text: str) -> tuple[Cost, ...]:
    """``$12 or :oil: + :coal: + :coal:`` -> two ways to pay; ``1 barrel of any kind`` is the
    buyer's choice. The cell is printed as it stands, so barrels are written as icons."""
    options = []
    for part in text.replace(ANY_PHRASE, ANY).split(" or "):
        money, barrels = 0, []
        for word in part.split():
            match = _COST_WORD.match(word)
            name = word.strip(":")
            if match:
                money += int(match.group(1))
            elif word == "+":
                continue
            elif (word.startswith(":") and name in RESOURCES) or word == ANY:
                barrels.append(name)
            else:
                raise ValueError(f"unknown cost word {word!r}; write $N, a barrel as :coal:, "
                                 f"'{ANY_PHRASE}', joined by + and 'or'")
        options.append(Cost(money, tuple(barrels)))
    return tuple(options)


def parse_spaces(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A mine card's barrels on each space and the cage level each needs (1: none)."""
    return cells.parse_spaces(text, 1, "barrels")


def parse_rows(text: str) -> tuple[ContractRow, ...]:
    """A contract's rows; each pays more than the row above it."""
    rows = []
    last = 0
    for boxes, pay in cells.parse_rows(text, RESOURCES):
        if pay <= last:
            written = "+".join("/".join(box) for box in boxes) + f"={pay}"
            raise ValueError(f"row {written!r} pays ${pay}, not more than the row above (${last})")
        last = pay
        rows.append(ContractRow(boxes, pay))
    return tuple(rows)


EFFECT_ARITY = {"": 0, "railroad": 1, "plant": 2, "venture": 3, "exchange": 3, "diversified": 1,
                "efficient": 1, "negotiation": 1, "ops_team": 1, "exploratory": 0, "relief": 1, "sales": 1,
                "subcontract": 2, "black_market": 0, "score": 2}


def thresholds(words: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """``("2:3", "3:6")`` -> ((2, 3), (3, 6)), checked to rise."""
    pairs = []
    for word in words:
        at, _, value = word.partition(":")
        if not (at.isdigit() and value.isdigit()):
            raise ValueError(f"{word!r} should be AT:VALUE such as 2:3")
        pairs.append((int(at), int(value)))
    if [p[0] for p in pairs] != sorted({p[0] for p in pairs}):
        raise ValueError("thresholds must rise")
    return tuple(pairs)


def best_threshold(pairs, amount: int) -> int:
    """The value of the highest threshold ``amount`` reaches, 0 when it reaches none."""
    value = 0
    for at, worth in pairs:
        if amount >= at:
            value = worth
    return value


def parse_effect(text: str) -> tuple[str, ...]:
    words = tuple(text.split())
    if not words:
        return ()
    kind = words[0]
    if kind not in EFFECT_ARITY:
        raise ValueError(f"unknown effect {kind!r}; known: {', '.join(k for k in EFFECT_ARITY if k)}")
    if len(words) - 1 < EFFECT_ARITY[kind]:
        raise ValueError(f"effect {kind!r} needs at least {EFFECT_ARITY[kind]} arguments")
    if kind in ("diversified", "efficient", "negotiation", "ops_team"):
        thresholds(words[1:])
    if kind == "sales" and words[1] not in ("asset", "contract"):
        raise ValueError(f"effect 'sales' takes 'asset' or 'contract', not {words[1]!r}")
    return words


__all__ = ["ANY", "ANY_PHRASE", "EFFECT_ARITY", "RESOURCES", "AssetCard", "ContractCard", "ContractRow", "Cost",
           "InitiativeCard", "MineCard", "best_threshold", "parse_cost", "parse_effect", "parse_rows",
           "parse_spaces", "thresholds"]
