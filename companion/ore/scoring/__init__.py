"""End-of-game victory points: asset VP, the special assets' formulas, contracts, money and
strikes; ties go to the player with the most barrels. ``file`` reads the documented
end-of-game file."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from ...core import ScoreRow, ScoreSheet, sheet
from ..data import RESOURCES, Catalog, best_threshold, thresholds
from ..state import State


@dataclass(frozen=True)
class Holdings:
    """What one player owns when the game ends."""

    name: str
    money: int
    barrels: Mapping[str, int]
    miners: int
    assets: tuple[str, ...]
    completed: int
    strikes: int
    mine_cards: int


def holdings(state: State) -> list[Holdings]:
    """Each seat's holdings; barrels on Futures tokens count as owned (NOTES.md, 20)."""
    found = []
    for p in state.players:
        barrels = p.barrels.counts()
        for token in p.futures:
            barrels[token.res] += token.count
        found.append(Holdings(p.name, p.money, barrels, p.miners, p.assets, len(p.completed), p.strikes,
                              len(p.private)))
    return found


def special_vp(cat: Catalog, asset_id: str, h: Holdings) -> int:
    """The VP a strategic asset's formula gives ``h`` (0 for any other asset)."""
    effect = cat.assets[asset_id].effect
    if not effect or effect[0] != "score":
        return 0
    how, args = effect[1], effect[2:]
    groups = Counter(cat.assets[a].group for a in h.assets)
    if how == "count":
        group, steps = args[0], thresholds(args[1:])
        owned = len(h.assets) if group == "assets" else groups[group]
        return best_threshold(steps, owned)
    if how == "each":
        group, per, cap = args[0], int(args[1]), int(args[2])
        value = per * groups[group]
        return min(value, cap) if cap else value
    if how == "barrels":
        kinds, steps = args[0].split("+"), thresholds(args[1:])
        return best_threshold(steps, sum(h.barrels.get(k, 0) for k in kinds))
    if how == "miners":
        return best_threshold(thresholds(args), h.miners)
    if how == "minecards":
        return best_threshold(thresholds(args), h.mine_cards)
    if how == "sets":
        return best_threshold(thresholds(args), min(h.barrels.get(k, 0) for k in RESOURCES))
    raise ValueError(f"unknown scoring formula {how!r}")


def score_holdings(cat: Catalog, players: Sequence[Holdings], contract_vp: int = 1) -> ScoreSheet:
    numbers = cat.numbers
    names = dict(cat.data.score_categories)
    rows = [
        ScoreRow("assets", names["assets"], tuple(sum(cat.assets[a].vp for a in h.assets) for h in players)),
        ScoreRow("special", names["special"],
                 tuple(sum(special_vp(cat, a, h) for a in h.assets) for h in players)),
        ScoreRow("contracts", names["contracts"], tuple(h.completed * contract_vp for h in players)),
        ScoreRow("money", names["money"], tuple(h.money // numbers.vp_per_money for h in players)),
        ScoreRow("strikes", names["strikes"], tuple(h.strikes * numbers.vp_per_strike for h in players)),
    ]
    barrels = [sum(h.barrels.values()) for h in players]
    return sheet([h.name for h in players], rows, [barrels], ["most barrels"])


def contract_vp(cat: Catalog, variant: str) -> int:
    return cat.numbers.vp_per_contract_race if variant == "contract-race" else cat.numbers.vp_per_contract


def score(cat: Catalog, state: State) -> ScoreSheet:
    return score_holdings(cat, holdings(state), contract_vp(cat, state.variant))


__all__ = ["Holdings", "contract_vp", "holdings", "score", "score_holdings", "special_vp"]
