"""The table's state as an immutable value, and the new table a setup deals.

Each action works on a private copy (``State.draft()``) that becomes a new state only when the
action succeeds, so a refused action never half-changes anything.

Layout (all JSON): ``seed``, ``step``, ``round`` (1-7), ``phase`` (deal, tasking, collection,
business, cleanup, over), ``first`` (first player's seat), ``turn`` (seat placing), ``queue``
(secondary actions owed: ``{"seat", "kind": market|permit, "res"}``), ``early`` (seat filling
contracts early after advance orders, or null), ``advance`` (seat on advance orders this round),
``spaces`` (action space -> seat or null), ``overtime`` and ``contract_spaces`` (lists of seats or
null), ``row`` (contract ids face up, null = taken), ``mines`` (resource -> ``{"card", "workers":
[{"seat", "depth"}]}``), ``decks`` (``mines`` by resource, ``contracts``, ``buildings``: top
first), ``discard`` (lost contracts), ``recruited`` (recruits so far), ``drills`` and ``temps``
left in the supply, ``players`` (see ``new_player``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping, Sequence

from ..ore.state import FrozenDict
from .data import RESOURCES, Catalog

ACTION_SPACES = ("market", "permit", "recruit", "cage", "drill", "private", "advance")


@dataclass(frozen=True)
class State:
    text: str

    @cached_property
    def data(self) -> FrozenDict:
        return json.loads(self.text, object_hook=FrozenDict)

    def draft(self) -> dict:
        return json.loads(self.text)

    def to_json(self) -> dict:
        return json.loads(self.text)

    @classmethod
    def of(cls, d: Mapping[str, Any]) -> "State":
        return cls(json.dumps(d, separators=(",", ":")))

    @property
    def round(self) -> int:
        return int(self.data["round"])


def kinds(players: int) -> tuple[str, ...]:
    """Resources in play: copper stays in the box with two players."""
    return tuple(r for r in RESOURCES if players > 2 or r != "copper")


def new_player(name: str, colour: str, money: int, cubes: Sequence[str], workers: int) -> dict:
    return {"name": name, "colour": colour, "money": money,
            "cubes": {r: (1 if r in cubes else 0) for r in RESOURCES},
            "workers": workers,      # workers this player owns besides the one waiting to be recruited
            "home": workers,         # of those, not on the board
            "waiting": True,         # the extra worker still stands in the recruit area
            "fresh": False,          # recruited this round: on the board, joins ``home`` next round
            "cage": 0, "drills": 0,
            "private": None,         # {"card", "depth"} while the temp works a private mine
            "contracts": [],         # [{"id", "filled": rows done, "now": filled this round}]
            "completed": [], "hand": [], "built": [], "credits": 0, "passed": False, "done": False}


def new_table(cat: Catalog, names: Sequence[str], seed: int) -> dict:
    count = len(names)
    rng = random.Random(f"{seed}/setup")
    n = cat.numbers
    in_play = kinds(count)
    mines = {r: sorted(m.id for m in cat.mines.values() if m.res == r) for r in in_play}
    contracts = sorted(c.id for c in cat.contracts.values() if count > 2 or c.two_player)
    buildings = [b for b in cat.building_copies() if count > 2 or cat.building(b).two_player]
    for deck in list(mines.values()) + [contracts, buildings]:
        rng.shuffle(deck)
    return {
        "seed": seed, "step": 0, "round": 1, "phase": "deal", "first": 0, "turn": 0, "queue": [],
        "early": None, "advance": None,
        "spaces": {s: None for s in ACTION_SPACES},
        "overtime": [None] * n.overtime_spaces[count],
        "contract_spaces": [None] * n.contract_row[count],
        "row": [None] * n.contract_row[count],
        "mines": {r: {"card": None, "workers": []} for r in in_play},
        "decks": {"mines": mines, "contracts": contracts, "buildings": buildings},
        "discard": [], "recruited": 0, "drills": n.drill_bits, "temps": n.temp_workers,
        "players": [new_player(name, n.colours[i], n.first_money + n.money_step * i, in_play, n.workers)
                    for i, name in enumerate(names)],
    }


def in_mines(d: Mapping, seat: int) -> int:
    return sum(1 for m in d["mines"].values() for w in m["workers"] if w["seat"] == seat)


def price(cat: Catalog, d: Mapping, res: str) -> int | None:
    """The market price of ``res``: the face-up mine card's, or None when it is not in play."""
    mine = d["mines"].get(res)
    return cat.mines[mine["card"]].price if mine and mine["card"] else None


def words(value: Any) -> list[str]:
    """Card ids or resources typed on a phone: ``"iron-2, lead-3"`` or ``"coal coal iron"``."""
    return [w for w in str(value or "").replace(",", " ").split() if w]


def take_card(deck: list[str], wanted: str | None, what: str, match=lambda card, want: card == want) -> str | None:
    """Take ``wanted`` from ``deck`` (the card the table turned up), or its top card when None."""
    from ..core import require
    if wanted is None:
        return deck.pop(0) if deck else None
    for index, card in enumerate(deck):
        if match(card, wanted):
            return deck.pop(index)
    require(False, f"{wanted} is not in the {what} deck, so it cannot be the card turned up.", "Drawing cards")
    return None
