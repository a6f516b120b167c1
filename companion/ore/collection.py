"""Phase 2, collection: gather, move down, exhaust; slag heap, private mines, futures, ventures,
Ops Team, Exploratory Ops and Diversified Ops. Nothing here is a choice, so it runs by itself as
soon as the last miner is placed."""

from __future__ import annotations

from collections import Counter

from .cards import RESOURCES, Catalog, thresholds
from .placement import can_reach
from .table import asset_effects, best_threshold, earn, gather


def collect(cat: Catalog, d: dict) -> None:
    count = len(d["players"])
    from_mines = [Counter() for _ in range(count)]
    received = [set() for _ in range(count)]
    for res in RESOURCES:
        _gather_public(cat, d, res, from_mines)
    for seat, player in enumerate(d["players"]):
        for private in player["private"]:
            if private["kind"] == "mine" and private["space"] is not None:
                card = cat.mines[private["card"]]
                from_mines[seat][card.res] += gather(d, seat, card.res, card.spaces[private["space"]])
    for res in RESOURCES:
        move_down(cat, d, d["mines"][res])
    for player in d["players"]:
        for private in player["private"]:
            if private["kind"] == "mine" and private["space"] is not None:
                step_private(cat, d, player, private)
    _slag_heap(cat, d)
    for seat, player in enumerate(d["players"]):
        received[seat].update(r for r, n in from_mines[seat].items() if n > 0)
        for token in player["futures"]:
            if token["count"] < int(cat.tables["futures_max"]) and d["bank"]["barrels"][token["res"]] > 0:
                d["bank"]["barrels"][token["res"]] -= 1
                token["count"] += 1
                received[seat].add(token["res"])
        for _, args in asset_effects(cat, d, seat, "venture"):
            res, need_a, need_b = args[:3]
            if from_mines[seat][need_a] > 0 and from_mines[seat][need_b] > 0:
                if gather(d, seat, res, 1):
                    received[seat].add(res)
        for _, args in asset_effects(cat, d, seat, "diversified"):
            bonus = best_threshold(thresholds(args), len(received[seat]))
            if bonus:
                earn(d, seat, bonus)
        player["round"]["gathered"] = sorted(received[seat])


def _gather_public(cat: Catalog, d: dict, res: str, from_mines: list[Counter]) -> None:
    mine = d["mines"][res]
    if mine["exhausted"] or not mine["miners"]:
        return
    card = cat.mines[mine["card"]]
    for miner in mine["miners"]:
        from_mines[miner["seat"]][res] += gather(d, miner["seat"], res, card.spaces[miner["space"]])
    on_mine = Counter(m["seat"] for m in mine["miners"])
    for seat, mine_count in on_mine.items():
        for _ in asset_effects(cat, d, seat, "exploratory"):
            if len(mine["miners"]) == 1:
                from_mines[seat][res] += gather(d, seat, res, 1)
        for _, args in asset_effects(cat, d, seat, "ops_team"):
            extra = best_threshold(thresholds(args), mine_count)
            if extra:
                from_mines[seat][res] += gather(d, seat, res, extra)


def move_down(cat: Catalog, d: dict, mine: dict) -> bool:
    """Move every miner one space down, deepest first. A miner that cannot go on (no cage for
    the next level, or at the bottom) exhausts the mine if it is the deepest; with a deeper miner
    still mining it only goes home. Returns True when the mine exhausted."""
    if mine["exhausted"] or not mine["miners"]:
        return False
    staying = []
    for miner in sorted(mine["miners"], key=lambda m: -m["space"]):
        if can_reach(cat, d, mine["card"], miner["space"] + 1, miner["seat"]):
            staying.append({"seat": miner["seat"], "space": miner["space"] + 1})
        elif not staying:
            mine["miners"] = []
            mine["exhausted"] = True
            return True
    mine["miners"] = sorted(staying, key=lambda m: m["space"])
    return False


def step_private(cat: Catalog, d: dict, player: dict, private: dict) -> None:
    """A white miner goes one space down, or home when the owner's cage or the bottom stops it."""
    card = cat.mines[private["card"]]
    new = private["space"] + 1
    if new < len(card.spaces) and card.level(new) <= player["cage"]:
        private["space"] = new
    else:
        private["space"] = None


def _slag_heap(cat: Catalog, d: dict) -> None:
    miners = len(d["slag"])
    each = max(0, int(cat.tables["slag_heap_base"]) - miners)
    for seat in d["slag"]:
        earn(d, seat, each)
    d["slag"] = []
