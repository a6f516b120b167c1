"""Selling resources: local sales (half price, warehouse owners' first refusal) and global
sales (one roll for the whole lot, vessels, fixed lease income, shared earnings)."""

from __future__ import annotations

import random
from typing import Mapping

from ..core import require
from .cards import Catalog
from .state import (capacity, count_assets, gain, half_even, needs_water_half, sellable, source_region, stock_value)


def sale_value(cat: Catalog, d: Mapping, source: str, value: int) -> int:
    """A lot's market value: half without a pipeline where the region needs water."""
    return half_even(value) if needs_water_half(cat, d, source) else value


def lot_offers(cat: Catalog, d: dict, seller: int, lots: Mapping[str, int]) -> list[dict]:
    """Local-sale lots grouped by region, each offered first to competitors who own a warehouse
    there (clockwise from the seller). Lots from a region without a needed road cannot be sold."""
    by_region: dict[str, dict] = {}
    n = len(d["players"])
    for source, value in sorted(lots.items()):
        if not value or not sellable(cat, d, source):
            continue
        region = source_region(cat, source)
        offer = by_region.setdefault(region, {"seller": seller, "region": region, "value": 0, "price": 0,
                                              "queue": []})
        offer["value"] += value
        offer["price"] += half_even(sale_value(cat, d, source, value))
    for region, offer in by_region.items():
        offer["queue"] = [s for s in ((seller + i) % n for i in range(1, n))
                          if any(a["kind"] == "warehouse" and a["region"] == region
                                 for a in d["players"][s]["assets"])]
    return list(by_region.values())


def able_to_buy(cat: Catalog, d: Mapping, seat: int, offer: Mapping) -> bool:
    """Whether a warehouse owner can pay for the lot and store it; one who cannot is not asked."""
    p = d["players"][seat]
    return p["money"] >= offer["price"] and capacity(cat, p) - stock_value(p) >= offer["value"]


def drop_unable(cat: Catalog, d: dict) -> None:
    """Skip owners who cannot buy; a lot nobody can buy goes to the bank at once."""
    for offer in list(d["offers"]):
        offer["queue"] = [s for s in offer["queue"] if able_to_buy(cat, d, s, offer)]
        if not offer["queue"]:
            settle_offer_to_bank(d, offer)


def settle_offer_to_bank(d: dict, offer: dict) -> None:
    gain(d, offer["seller"], offer["price"])
    d["offers"].remove(offer)


def answer_offer(cat: Catalog, d: dict, seat: int, buy: bool) -> None:
    require(bool(d["offers"]) and d["offers"][0]["queue"] and d["offers"][0]["queue"][0] == seat,
            "No local sale is waiting for your answer.", "Local sale")
    offer = d["offers"][0]
    if buy:
        p = d["players"][seat]
        require(p["money"] >= offer["price"], f"Buying costs {offer['price']}M; you have {p['money']}M.", "Local sale")
        room = capacity(cat, p) - stock_value(p)
        require(room >= offer["value"], f"The lot is worth {offer['value']}M and your storage has room for "
                                        f"{room}M.", "Storage")
        p["money"] -= offer["price"]
        gain(d, offer["seller"], offer["price"])
        key = f"w:{offer['region']}"
        p["stock"][key] = p["stock"].get(key, 0) + offer["value"]
        d["offers"].remove(offer)
        drop_unable(cat, d)
        return
    offer["queue"].pop(0)
    drop_unable(cat, d)


def local_sale(cat: Catalog, d: dict, seat: int) -> None:
    from .turn import own_turn
    own_turn(d, seat, "development")
    require(not d["ts"]["local_sale"], "You have already sold locally this turn.", "Local sale")
    p = d["players"][seat]
    require(bool(p["stock"]), "You have no resources to sell.", "Local sale")
    lots = {s: v for s, v in p["stock"].items() if v and sellable(cat, d, s)}
    require(bool(lots), "Your resources come from regions without a needed road: they cannot be sold.", "Road")
    for source in lots:
        del p["stock"][source]
    offers = lot_offers(cat, d, seat, lots)
    d["offers"].extend(offers)
    drop_unable(cat, d)
    d["ts"]["local_sale"] = True
    d["ts"]["quiet"] = False


def global_income(cat: Catalog, d: Mapping, seat: int, roll: int, steady: bool = False) -> tuple[int, int, list[str]]:
    """(rolled income, fixed income, sources sold) of a global sale of everything sellable."""
    p = d["players"][seat]
    sources = sorted(s for s, v in p["stock"].items() if v and sellable(cat, d, s))
    income = sum(sale_value(cat, d, s, p["stock"][s]) for s in sources)
    if count_assets(p, "vessel"):
        income *= 2
    faces = cat.tables["die_faces"]
    if roll == max(faces):
        income *= 2
    elif roll == min(faces) and not steady:
        income = half_even(income)
    fixed = int(cat.tables["large_vessel_lease"]) if count_assets(p, "vessel", True) else 0
    return income, fixed, sources


def global_sale(cat: Catalog, d: dict, seat: int, r: random.Random) -> int:
    from .setup import roll
    from .turn import advance, own_turn
    own_turn(d, seat, "development")
    require(not d["ts"]["embargo"], "An action card forbids your global sale this turn.", "Action cards")
    require(not d["ts"]["done"], "You have already taken your development action.", "Development")
    p = d["players"][seat]
    require(bool(p["stock"]), "You have no resources to sell.", "Global sale")
    require(any(v and sellable(cat, d, s) for s, v in p["stock"].items()),
            "Your resources come from regions without a needed road: they cannot be sold.", "Road")
    die = roll(r, cat)
    income, fixed, sources = global_income(cat, d, seat, die, d["ts"]["steady"])
    for source in sources:
        del p["stock"][source]
    gain(d, seat, income + fixed)
    p["best_sale"] = max(p["best_sale"], income + fixed)
    for effect in list(d["continuous"]):
        if effect["kind"] != "share" or effect["target"] != seat:
            continue
        if die == min(cat.tables["die_faces"]):
            d["continuous"].remove(effect)
            continue
        share = min(half_even(income), p["money"])  # the large vessel's lease is not sale earnings
        p["money"] -= share
        gain(d, effect["owner"], share)
    d["rolls"] = [{str(seat): die}]
    d["last_sale"] = {"seat": seat, "roll": die, "income": income, "fixed": fixed}
    d["ts"]["quiet"] = False
    advance(cat, d)
    return die
