"""Moving money and barrels between the bank and the players on a working copy.

Every transfer goes through here so that money and barrels are conserved: whatever a player
gains, the bank loses, and the other way round.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable

from ..core import require
from .cards import RESOURCES, Catalog

RULE_SUPPLY = "the barrel supply"


def order_from(first: int, count: int) -> list[int]:
    """Seats clockwise starting at ``first``."""
    return [(first + i) % count for i in range(count)]


def name(d: dict, seat: int) -> str:
    return d["players"][seat]["name"]


def earn(d: dict, seat: int, amount: int) -> None:
    d["players"][seat]["money"] += amount
    d["bank"]["money"] -= amount


def pay(d: dict, seat: int, amount: int, why: str, rule: str) -> None:
    have = d["players"][seat]["money"]
    require(have >= amount, f"{why} costs ${amount} but {name(d, seat)} has only ${have}.", rule)
    d["players"][seat]["money"] -= amount
    d["bank"]["money"] += amount


def pay_what_you_can(d: dict, seat: int, amount: int) -> int:
    """Pay up to ``amount``; returns the dollars still owed."""
    paid = min(amount, d["players"][seat]["money"])
    d["players"][seat]["money"] -= paid
    d["bank"]["money"] += paid
    return amount - paid


def strikes_for(short: int, per: int) -> int:
    return math.ceil(short / per) if short > 0 else 0


def gather(d: dict, seat: int, res: str, count: int) -> int:
    """Take up to ``count`` barrels from the bank (it may run dry); returns how many came."""
    got = min(count, d["bank"]["barrels"][res])
    d["bank"]["barrels"][res] -= got
    d["players"][seat]["barrels"][res] += got
    return got


def spend(d: dict, seat: int, barrels: Iterable[str], why: str, rule: str) -> None:
    """Return barrels to the bank, refusing unless the player has all of them."""
    need = Counter(barrels)
    have = d["players"][seat]["barrels"]
    for res, count in need.items():
        require(res in RESOURCES, f"{res!r} is not a barrel; barrels: {', '.join(RESOURCES)}.", rule)
        require(have[res] >= count, f"{why} needs {count} {res} but {name(d, seat)} has {have[res]}.", rule)
    for res, count in need.items():
        have[res] -= count
        d["bank"]["barrels"][res] += count


def market_price(cat: Catalog, d: dict, res: str) -> int:
    """The price on the face-up mine of ``res`` (an exhausted one still shows its price)."""
    return cat.mines[d["mines"][res]["card"]].price


def asset_effects(cat: Catalog, d: dict, seat: int, kind: str) -> list[tuple[str, tuple[str, ...]]]:
    """(asset id, effect arguments) for each of the player's assets with effect ``kind``."""
    found = []
    for asset_id in d["players"][seat]["assets"]:
        effect = cat.assets[asset_id].effect
        if effect and effect[0] == kind:
            found.append((asset_id, effect[1:]))
    return found


def best_threshold(pairs: Iterable[tuple[int, int]], amount: int) -> int:
    """The value of the highest threshold ``amount`` reaches, 0 when it reaches none."""
    value = 0
    for at, worth in pairs:
        if amount >= at:
            value = worth
    return value


def total_barrels(player: dict) -> int:
    return sum(player["barrels"].values()) + sum(f["count"] for f in player["futures"])
