"""The table's state and the questions the rules ask of it.

A state is one canonical JSON text (so it can never change and always round-trips); actions
work on a private copy from ``draft()`` and a rule violation simply drops the copy.

Layout (all JSON): ``variant`` (mode), ``options`` (table switches), ``seed``, ``step``,
``phase`` (options, corporations, deal, auction, redraft, play, over), ``turn`` (seat playing),
``stage`` (extraction, strategy, development, reward), ``turn_no`` (turns begun so far),
``first`` (the seat that starts), ``players`` (see ``new_player``), ``market`` (development
cards by id), ``territory_deck``, ``auction``, ``grid`` (tier -> three piles, top card last),
``incentives`` (top last), ``action_decks`` (corporation -> cards, top last), ``used_actions``,
``box`` (cards out of play), ``ts`` (what this turn has used, see ``fresh_turn``),
``continuous`` (action cards in effect), ``offers`` (local sales waiting for a warehouse owner's
answer), ``end`` (who called the end and when), ``rolls`` (the last roll-off, for the log).
"""

from __future__ import annotations

import json
import marshal
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping

from .cards import Catalog


@dataclass(frozen=True)
class ArdState:
    text: str

    @cached_property
    def data(self) -> dict:
        return json.loads(self.text)

    @cached_property
    def _blob(self) -> bytes:
        # marshal copies plain dicts and lists several times faster than parsing JSON again
        return marshal.dumps(self.data)

    def draft(self) -> dict:
        return marshal.loads(self._blob)

    def to_json(self) -> dict:
        return json.loads(self.text)

    @classmethod
    def of(cls, d: Mapping[str, Any]) -> "ArdState":
        return cls(json.dumps(d, separators=(",", ":"), sort_keys=True))

    @property
    def round(self) -> int:
        d = self.data
        return max(0, d["turn_no"] - 1) // max(1, len(d["players"])) + 1


def new_player(name: str, money: int) -> dict:
    return {
        "name": name, "corp": None, "money": money, "debt": 0,
        "dev": [],             # development cards on the dashboard
        "phone": False,        # the phone call card picked this turn
        "actions": [],         # action cards held face down
        "territories": [],     # territory cards held
        "sites": {},           # territory -> "explored" | "active"
        "explored_on": {},     # territory -> turn_no it was explored on
        "stock": {},           # source (territory, or "w:REGION" for bought lots) -> stored value
        "assets": [],          # {"kind", "region", "upgraded"}; factories have kind "factory"
        "infra": [],           # {"kind", "region"}
        "targets": [], "incentives": [],
        "used_actions": 0, "best_sale": 0, "monopoly": False,
    }


def fresh_turn() -> dict:
    return {"done": False, "local_sale": False, "explored": [], "europe_exploit": False, "extra_mine": 0,
            "no_fees": False, "steady": False, "discount": 0, "embargo": False, "played": [], "against": False,
            "quiet": True}


def half_even(value: int) -> int:
    """Half of an amount, rounded up to an even number: odd amounts do not exist (10 -> 6)."""
    half = value / 2
    whole = int(half) if half == int(half) else int(half) + 1
    return whole if whole % 2 == 0 else whole + 1


def stock_value(p: Mapping) -> int:
    return sum(p["stock"].values())


def capacity(cat: Catalog, p: Mapping) -> int:
    storage = cat.tables["storage"]
    houses = [a for a in p["assets"] if a["kind"] == "warehouse"]
    if any(a["upgraded"] for a in houses):
        return int(storage["large"])
    return int(storage["warehouse"] if houses else storage["base"])


def active_mines(p: Mapping) -> list[str]:
    return sorted(t for t, s in p["sites"].items() if s == "active")


def mine_limit(cat: Catalog, p: Mapping, mines: list[str]) -> int:
    """How many of ``mines`` one extraction may use: 1, 2 with an office on their continent,
    3 with a large office anywhere."""
    per = cat.tables["mines_per_extraction"]
    offices = [a for a in p["assets"] if a["kind"] == "office"]
    if any(a["upgraded"] for a in offices):
        return int(per["large"])
    continents = {cat.region_of(t).continent for t in mines}
    for office in offices:
        if len(continents) <= 1 and (not continents or cat.regions[office["region"]].continent in continents):
            return int(per["office"])
    return int(per["none"])


def infra_owners(d: Mapping, region: str, kind: str) -> list[int]:
    return [s for s, p in enumerate(d["players"]) if any(i["region"] == region and i["kind"] == kind for i in p["infra"])]


def has_infra(d: Mapping, region: str, kind: str) -> bool:
    return bool(infra_owners(d, region, kind))


def source_region(cat: Catalog, source: str) -> str:
    return source[2:] if source.startswith("w:") else cat.territories[source].region


def sellable(cat: Catalog, d: Mapping, source: str) -> bool:
    region = cat.regions[source_region(cat, source)]
    return "road" not in region.needs or has_infra(d, region.id, "road")


def needs_water_half(cat: Catalog, d: Mapping, source: str) -> bool:
    region = cat.regions[source_region(cat, source)]
    return "water" in region.needs and not has_infra(d, region.id, "water")


def count_assets(p: Mapping, kind: str | None = None, upgraded: bool | None = None) -> int:
    return sum(1 for a in p["assets"] if (kind is None or a["kind"] == kind)
               and (upgraded is None or (a["upgraded"] or a["kind"] == "factory") == upgraded))


def presence(cat: Catalog, p: Mapping, region: str) -> float:
    weights = cat.tables["presence"]
    total = sum(float(weights["mine"]) for t in active_mines(p) if cat.territories[t].region == region)
    for a in p["assets"]:
        if a["region"] == region:
            upgraded = a["upgraded"] or a["kind"] == "factory"
            total += float(weights["upgraded"] if upgraded else weights["asset"])
    total += sum(float(weights["infrastructure"]) for i in p["infra"] if i["region"] == region)
    return total


def leader(values: list[float]) -> int | None:
    """The one seat with the highest positive value; a tie or nothing gives nobody."""
    best = max(values) if values else 0
    if best <= 0 or values.count(best) > 1:
        return None
    return values.index(best)


def gain(d: dict, seat: int, amount: int) -> None:
    d["players"][seat]["money"] += amount


def pay_all(d: dict, payer: int, amount: int, to: int | None = None) -> int:
    """``payer`` pays ``amount``, or all they hold when short; returns what was paid."""
    p = d["players"][payer]
    paid = min(amount, p["money"])
    p["money"] -= paid
    if to is not None:
        d["players"][to]["money"] += paid
    return paid


def repay_loans(d: dict) -> None:
    """A loan is repaid (double) as soon as its borrower holds enough money."""
    for p in d["players"]:
        if p["debt"] and p["money"] >= p["debt"]:
            p["money"] -= p["debt"]
            p["debt"] = 0


def top_targets(d: Mapping) -> list[tuple[str, int, str]]:
    """(tier, pile, card) for every claimable card: the top of each non-empty pile."""
    return [(tier, i, pile[-1]) for tier, piles in d["grid"].items() for i, pile in enumerate(piles) if pile]


__all__ = ["ArdState", "active_mines", "capacity", "count_assets", "fresh_turn", "gain", "half_even", "has_infra",
           "infra_owners", "leader", "mine_limit", "needs_water_half", "new_player", "pay_all", "presence",
           "repay_loans", "sellable", "source_region", "stock_value", "top_targets"]
