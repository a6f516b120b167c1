"""What an option costs, in money and cards, in the words the phone shows beside its button."""

from __future__ import annotations

from typing import Mapping

from .cards import Catalog

_PERMITS = {"explore": ("license", "geologist"), "exploit": ("workforce", "machinery")}


def _price(cat: Catalog, v: Mapping, a: Mapping) -> tuple[int, tuple[str, ...]] | None:
    kind = a["type"]
    if kind in _PERMITS:
        t = cat.territories[a["territory"]]
        return (t.explore if kind == "explore" else t.exploit), _PERMITS[kind]
    if kind == "build_infrastructure":
        return cat.regions[a["region"]].costs[a["kind"]], (a["kind"],)
    if kind == "acquire_asset":
        return int(cat.tables["asset_price"][a["asset"]]), (a["asset"],)
    if kind == "upgrade_asset":
        cards = (a["asset"],) + ((a["card"],) if a.get("card") else ())
        return int(cat.tables["upgrade_price"][a["asset"]]), cards
    return None


def cost_label(cat: Catalog, v: Mapping, seat: int, a: Mapping) -> str:
    found = _price(cat, v, a)
    if found is None:
        return "phone call card" if a["type"] == "shift_target" else ""
    price, cards = found
    me = v["players"][seat]
    advantage = cat.corporations[me["corp"]].advantage if me.get("corp") else ""
    cards = tuple(c for c in cards if c != advantage)
    if a.get("phone"):
        price *= int(cat.tables["phone_call_multiplier"])
        held = [c for c in cards if c in me["dev"] or c in me["targets"] or c in me["incentives"]]
        cards = tuple(held) + ("phone call",)
    price = max(0, price - v["ts"].get("discount", 0))
    names = [cat.targets[c].name if c in cat.targets else cat.incentives[c].name if c in cat.incentives else c
             for c in cards]
    text = f"{price}M" + (f" + {', '.join(names)}" if names else "")
    if a.get("loan"):
        text += f"; loan of {max(0, price - me['money'])}M repaid double"
    return text
