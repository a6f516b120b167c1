"""Whether a strategic target's condition holds for a player (the formats are in NOTES.md)."""

from __future__ import annotations

from typing import Callable

from ..data import Catalog
from ..data.cells import words
from ..state import ArdState, Player, count_assets, leader, presence_map

Measure = Callable[[Catalog, ArdState, int, Player, str], int]


def _supremacy(cat: Catalog, s: ArdState, seat: int, p: Player, arg: str) -> int:
    own = {cat.territories[t].region for t in p.active}
    maps = [presence_map(cat, q) for q in s.players]
    return sum(1 for region in own if leader([m.get(region, 0) for m in maps]) == seat)


def _in(continent: str) -> Measure:
    return lambda cat, s, seat, p, arg: sum(1 for t in p.active if cat.region_of(t).continent == continent)


MEASURES: dict[str, Measure] = {
    "explored": lambda cat, s, seat, p, arg: len(p.sites),
    "mines": lambda cat, s, seat, p, arg: len(p.active),
    "money": lambda cat, s, seat, p, arg: p.money,
    "stock": lambda cat, s, seat, p, arg: p.stock_value,
    "asset": lambda cat, s, seat, p, arg: count_assets(p, arg),
    "assets": lambda cat, s, seat, p, arg: len(p.assets),
    "upgraded": lambda cat, s, seat, p, arg: count_assets(p, None, True),
    "infra": lambda cat, s, seat, p, arg: len(p.infra),
    "regions": lambda cat, s, seat, p, arg: len({cat.territories[t].region for t in p.active}),
    "continents": lambda cat, s, seat, p, arg: len({cat.region_of(t).continent for t in p.active}),
    "africa": _in("africa"),
    "europe": _in("europe"),
    "gold_mine": lambda cat, s, seat, p, arg: sum(1 for t in p.active if cat.territories[t].tier == "gold"),
    "factory": lambda cat, s, seat, p, arg: count_assets(p, "factory"),
    "sale": lambda cat, s, seat, p, arg: p.best_sale,
    "territories": lambda cat, s, seat, p, arg: len(p.territories),
    "actions_used": lambda cat, s, seat, p, arg: p.used_actions,
    "supremacy": _supremacy,
}


def measure(cat: Catalog, s: ArdState, seat: int, kind: str, arg: str) -> int:
    return MEASURES[kind](cat, s, seat, s.players[seat], arg)


def condition_met(cat: Catalog, s: ArdState, seat: int, condition: tuple[str, str, int]) -> tuple[bool, str]:
    kind, arg, need = condition
    have = measure(cat, s, seat, kind, arg)
    return have >= need, f"it needs {need} {words(kind, arg, need)}, you have {have}"


__all__ = ["MEASURES", "condition_met", "measure"]
