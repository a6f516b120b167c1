"""What one seat may see: everything on the table, its own hand of buildings, the other hands
as counts, the building deck as a count and the other decks in no particular order (their
contents follow from what is on the table; their order is secret)."""

from __future__ import annotations

from typing import Any

from .cards import Catalog
from .state import price


def public_view(cat: Catalog, d: dict, seat: int | None) -> dict[str, Any]:
    view = dict(d)
    view["decks"] = {"mines": {r: sorted(cards) for r, cards in d["decks"]["mines"].items()},
                     "contracts": sorted(d["decks"]["contracts"]),
                     "buildings": len(d["decks"]["buildings"])}
    players = []
    for index, p in enumerate(d["players"]):
        shown = dict(p)
        if index != seat:
            shown["hand"] = len(p["hand"])
        players.append(shown)
    view["players"] = players
    view["seat"] = seat
    view["prices"] = {r: price(cat, d, r) for r in d["mines"]}
    view.pop("seed", None)
    return view


def as_state(view: dict) -> dict:
    """A state a seat can reason with: the view with unseen cards as ``?`` placeholders."""
    d = {k: v for k, v in view.items() if k not in ("seat", "prices")}
    d["decks"] = dict(view["decks"])
    d["decks"]["buildings"] = ["?"] * int(view["decks"]["buildings"])
    d["players"] = [dict(p, hand=p["hand"] if isinstance(p["hand"], list) else ["?"] * p["hand"])
                    for p in view["players"]]
    d["seed"] = 0
    return d
