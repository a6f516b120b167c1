"""Collection: gather, advance one space deeper, replace exhausted mines.

Every worker in a mine gathers what its space shows. Then each moves one space deeper if its
owner holds the cage the deeper space needs; one that cannot leaves the mine. When the deepest
worker cannot advance (no deeper space, or no cage) the mine is exhausted: everyone in it goes
home, the card goes under its deck and the next card is turned up.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core import require
from .data import Catalog
from .state import take_card, words


def exhausting(cat: Catalog, d: Mapping) -> list[str]:
    """The mines (by resource) this collection will exhaust: they reveal a new card."""
    found = []
    for res, mine in d["mines"].items():
        if mine["workers"] and _stuck(cat, d, mine["card"], max(mine["workers"], key=lambda w: w["depth"])):
            found.append(res)
    return found


def _stuck(cat: Catalog, d: Mapping, card_id: str, worker: Mapping) -> bool:
    card = cat.mines[card_id]
    deeper = worker["depth"] + 1
    return deeper >= len(card.spaces) or d["players"][worker["seat"]]["cage"] < card.cages[deeper]


def collect(cat: Catalog, d: dict, action: Mapping[str, Any]) -> list[str]:
    """Run the whole collection phase; returns lines describing what happened."""
    require(d["phase"] == "collection", "Collection follows once every worker is placed.", "Collection")
    turned = words(action.get("cards"))
    lines: list[str] = []
    for res, mine in d["mines"].items():
        card = cat.mines[mine["card"]]
        for w in mine["workers"]:
            got = card.spaces[w["depth"]]
            d["players"][w["seat"]]["cubes"][res] += got
        if not mine["workers"]:
            continue
        deepest = max(mine["workers"], key=lambda w: w["depth"])
        if _stuck(cat, d, mine["card"], deepest):
            for w in mine["workers"]:
                d["players"][w["seat"]]["home"] += 1
            mine["workers"] = []
            deck = d["decks"]["mines"][res]
            deck.append(mine["card"])
            wanted = next((c for c in turned if c in cat.mines and cat.mines[c].res == res), None)
            mine["card"] = take_card(deck, wanted, f"{res} mine")
            lines.append(f"the {res} mine is exhausted; {mine['card']} is turned up")
            continue
        kept = []
        for w in mine["workers"]:
            deeper = w["depth"] + 1
            if d["players"][w["seat"]]["cage"] >= card.cages[deeper]:
                kept.append({"seat": w["seat"], "depth": deeper})
            else:
                d["players"][w["seat"]]["home"] += 1
                lines.append(f"{d['players'][w['seat']]['name']} leaves the {res} mine (no cage)")
        mine["workers"] = kept
    for p in d["players"]:
        private = p["private"]
        if private is None:
            continue
        card = cat.mines[private["card"]]
        p["cubes"][card.res] += card.spaces[private["depth"]]
        deeper = private["depth"] + 1
        if deeper >= len(card.spaces) or p["cage"] < card.cages[deeper]:
            d["decks"]["mines"][card.res].append(private["card"])
            p["private"] = None
            d["temps"] += 1
            lines.append(f"{p['name']}'s private mine is exhausted")
        else:
            private["depth"] = deeper
    d["phase"] = "business"
    for p in d["players"]:
        p["done"] = False
    return lines
