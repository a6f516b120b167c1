"""Phase 5, replenishment: new mines and cards (the one random step of a round), salaries,
relief, and the end conditions."""

from __future__ import annotations

from typing import Mapping

from ..core import field_of, require, rng
from ..errors import BadAction
from .cards import RESOURCES, Catalog
from .table import asset_effects, name, pay, pay_what_you_can, strikes_for

RULE = "Replenishment"


def replenish(cat: Catalog, d: dict) -> list[str]:
    """Refill mines, assets, initiatives and contracts, then the starting player pays salaries
    and the token moves on. Returns the end conditions met (empty when the game goes on)."""
    require(d["phase"] == "replenish", f"Cards are replenished after acquisition; this is the {d['phase']} phase.", RULE)
    rand = rng(d["seed"], d["step"])
    ended = []
    for res in RESOURCES:
        mine = d["mines"][res]
        if not mine["exhausted"]:
            continue
        pile = d["piles"][res]
        if not pile["draw"]:
            ended.append(f"no {res} mine is left to replace the exhausted one")
            continue
        pile["used"].append(mine["card"])
        d["mines"][res] = {"card": pile["draw"].pop(0), "exhausted": False, "miners": []}
    for row in ("assets", "initiatives"):
        cards = d["rows"][row]
        if cards[-1] is not None:
            d["discard"][row].append(cards[-1])
            cards[-1] = None
        kept = [c for c in cards if c is not None]
        empty = len(cards) - len(kept)
        fresh = []
        for _ in range(empty):
            if not d["draw"][row] and row == "initiatives" and d["discard"]["initiatives"]:
                d["draw"]["initiatives"] = d["discard"]["initiatives"]
                d["discard"]["initiatives"] = []
                rand.shuffle(d["draw"]["initiatives"])
            if not d["draw"][row]:
                ended.append(f"the {row} row cannot be refilled")
                break
            fresh.append(d["draw"][row].pop(0))
        d["rows"][row] = [None] * (empty - len(fresh)) + fresh[::-1] + kept
    if d["variant"] != "contract-race":
        _contracts(d, ended)
    _salaries(cat, d)
    d["start"] = (d["start"] + 1) % len(d["players"])
    return ended


def _contracts(d: dict, ended: list[str]) -> None:
    cards = d["rows"]["contracts"]
    if not d["contract_taken"]:
        present = [c for c in cards if c is not None]
        if present:
            highest = max(present)
            cards[cards.index(highest)] = None
            d["discard"]["contracts"].append(highest)
    for index, card in enumerate(cards):
        if card is None:
            if not d["draw"]["contracts"]:
                ended.append("the contract row cannot be refilled")
                return
            cards[index] = d["draw"]["contracts"].pop(0)


def _salaries(cat: Catalog, d: dict) -> None:
    seat = d["start"]
    player = d["players"][seat]
    salary = int(cat.tables["salaries"][str(player["miners"])])
    short = pay_what_you_can(d, seat, salary)
    player["strikes"] += strikes_for(short, int(cat.tables["strike_per"]))


def relief_cost(cat: Catalog, d: dict, seat: int) -> int:
    costs = [int(args[0]) for _, args in asset_effects(cat, d, seat, "relief")]
    return min(costs + [int(cat.tables["relief_cost"])])


def relieve(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    rule = "Relief"
    require(d["phase"] == "relief", f"Miners are relieved at the end of replenishment; this is the {d['phase']} phase.", rule)
    player = d["players"][seat]
    require(not player["round"]["relief_done"], f"{name(d, seat)} has finished relief this round.", rule)
    res = field_of(action, "mine", str)
    if res not in RESOURCES:
        raise BadAction(f"unknown mine {res!r}; mines: {', '.join(RESOURCES)}")
    mine = d["mines"][res]
    mine_miners = [m for m in mine["miners"] if m["seat"] == seat]
    require(bool(mine_miners), f"{name(d, seat)} has no miner on the {res} mine.", rule)
    pay(d, seat, relief_cost(cat, d, seat), "Taking a miner back", rule)
    mine["miners"].remove(max(mine_miners, key=lambda m: m["space"]))


def relief_done(d: dict, seat: int) -> None:
    require(d["phase"] == "relief", "Relief is over.", "Relief")
    player = d["players"][seat]
    require(not player["round"]["relief_done"], f"{name(d, seat)} has finished relief already.", "Relief")
    player["round"]["relief_done"] = True
