"""Whether a strategic target's condition holds for a player (the formats are in NOTES.md)."""

from __future__ import annotations

from typing import Mapping

from .cards import Catalog
from .state import active_mines, count_assets, leader, presence, stock_value

_WORDS = {
    "explored": "sites explored or active", "mines": "active mines", "money": "million in money",
    "stock": "million of stored resources", "asset": "{arg}s", "assets": "assets",
    "upgraded": "upgraded assets", "infra": "roads and pipelines", "regions": "regions with an active mine",
    "continents": "continents with an active mine", "africa": "active mines in Africa",
    "europe": "active mines in Europe", "gold_mine": "active gold-tier mines", "factory": "factories",
    "sale": "million earned in one global sale", "territories": "territory cards",
    "actions_used": "action cards played", "supremacy": "regions where you lead with an active mine",
}


def measure(cat: Catalog, d: Mapping, seat: int, kind: str, arg: str) -> int:
    p = d["players"][seat]
    mines = active_mines(p)
    if kind == "explored":
        return len(p["sites"])
    if kind == "mines":
        return len(mines)
    if kind == "money":
        return p["money"]
    if kind == "stock":
        return stock_value(p)
    if kind == "asset":
        return count_assets(p, arg)
    if kind == "assets":
        return len(p["assets"])
    if kind == "upgraded":
        return count_assets(p, None, True)
    if kind == "infra":
        return len(p["infra"])
    if kind == "regions":
        return len({cat.territories[t].region for t in mines})
    if kind == "continents":
        return len({cat.region_of(t).continent for t in mines})
    if kind in ("africa", "europe"):
        return sum(1 for t in mines if cat.region_of(t).continent == kind)
    if kind == "gold_mine":
        return sum(1 for t in mines if cat.territories[t].tier == "gold")
    if kind == "factory":
        return count_assets(p, "factory")
    if kind == "sale":
        return p["best_sale"]
    if kind == "territories":
        return len(p["territories"])
    if kind == "actions_used":
        return p["used_actions"]
    if kind == "supremacy":
        own = {cat.territories[t].region for t in mines}
        return sum(1 for region in own if leader([presence(cat, q, region) for q in d["players"]]) == seat)
    raise ValueError(kind)


def _words(kind: str, arg: str, need: int) -> str:
    """The condition's words after its number: "2 warehouses", "1 warehouse"."""
    words = _WORDS[kind].format(arg=arg)
    if need != 1 or kind in ("money", "stock", "sale"):
        return words
    if kind == "infra":
        return "road or pipeline"
    parts = words.split(" ")
    for i, word in enumerate(parts):
        if word.endswith("s"):
            parts[i] = word[:-3] + "y" if word.endswith("ies") else word[:-1]
            break
    return " ".join(parts)


def condition_met(cat: Catalog, d: Mapping, seat: int, condition: tuple[str, str, int]) -> tuple[bool, str]:
    kind, arg, need = condition
    have = measure(cat, d, seat, kind, arg)
    return have >= need, f"it needs {need} {_words(kind, arg, need)}, you have {have}"


def describe(condition: tuple[str, str, int]) -> str:
    kind, arg, need = condition
    return f"{need} {_words(kind, arg, need)}"


def points_held(cat: Catalog, p: Mapping) -> int:
    return sum(cat.targets[t].points for t in p["targets"]) + sum(cat.incentives[i].points for i in p["incentives"])
