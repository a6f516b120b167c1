"""What an option costs, in money and cards, in the words the phone shows beside its button."""

from __future__ import annotations

from typing import Mapping

from ..data import Catalog
from ..moves.develop import PERMITS
from ..state import ArdState


def _price(cat: Catalog, a: Mapping) -> tuple[int, tuple[str, ...]] | None:
    kind = a["type"]
    if kind in PERMITS:
        t = cat.territories[a["territory"]]
        return (t.explore if kind == "explore" else t.exploit), PERMITS[kind]
    if kind == "build_infrastructure":
        return cat.regions[a["region"]].costs[a["kind"]], (a["kind"],)
    if kind == "acquire_asset":
        return cat.numbers.asset_price[a["asset"]], (a["asset"],)
    if kind == "upgrade_asset":
        cards = (a["asset"],) + ((a["card"],) if a.get("card") else ())
        return cat.numbers.upgrade_price[a["asset"]], cards
    return None


def _name(cat: Catalog, card: str) -> str:
    if card in cat.targets:
        return cat.targets[card].name
    return cat.incentives[card].name if card in cat.incentives else card


def cost_label(cat: Catalog, s: ArdState, seat: int, a: Mapping) -> str:
    found = _price(cat, a)
    if found is None:
        return "phone call card" if a["type"] == "shift_target" else ""
    price, cards = found
    me = s.players[seat]
    advantage = cat.corporations[me.corp].advantage if me.corp else ""
    cards = tuple(c for c in cards if c != advantage)
    if a.get("phone"):
        price *= cat.numbers.phone_multiplier
        held = [c for c in cards if c in me.dev or c in me.targets or c in me.incentives]
        cards = tuple(held) + ("phone call",)
    price = max(0, price - s.ts.discount)
    text = f"{price}M" + (f" + {', '.join(_name(cat, c) for c in cards)}" if cards else "")
    if a.get("loan"):
        text += f"; loan of {max(0, price - me.money)}M repaid double"
    return text


__all__ = ["cost_label"]
