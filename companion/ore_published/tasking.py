"""Tasking: the opening deal and placing workers, one at a time, clockwise.

An action space acts as soon as a worker lands on it: its primary action for the placer, then
its secondary (market, permit office) for every other player in turn. A mine's top space takes a
worker only while free; a drill bit lets a worker in deeper on a free space.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core import require
from .data import RESOURCES, Catalog
from .state import ACTION_SPACES, in_mines, price, take_card, words

COPYABLE = ("market", "permit", "recruit", "cage", "drill", "private")


def is_copy(card: str, wanted: str) -> bool:
    return card == wanted or card.split("#")[0] == wanted


def deal(cat: Catalog, d: dict, action: Mapping[str, Any]) -> None:
    require(d["phase"] == "deal", "The cards are dealt once, at the start.", "Setup")
    mines = words(action.get("mines"))
    for res in d["mines"]:
        wanted = next((m for m in mines if cat.mines.get(m) and cat.mines[m].res == res), None)
        d["mines"][res]["card"] = take_card(d["decks"]["mines"][res], wanted, f"{res} mine")
    contracts = words(action.get("contracts"))
    require(len(contracts) <= len(d["row"]), f"The contract row holds {len(d['row'])} cards, not {len(contracts)}.",
            "Setup")
    for slot in range(len(d["row"])):
        wanted = contracts[slot] if slot < len(contracts) else None
        d["row"][slot] = take_card(d["decks"]["contracts"], wanted, "contract")
    d["phase"] = "tasking"
    d["turn"] = d["first"]


def _need(p: dict, money: int, why: str) -> None:
    require(p["money"] >= money, f"{why} costs ${money}; you have ${p['money']}.", why)


def place(cat: Catalog, d: dict, seat: int, action: Mapping[str, Any]) -> None:
    require(d["phase"] == "tasking" and not d["queue"] and d["early"] is None and d["turn"] == seat,
            "It is not your turn to place a worker.", "Tasking")
    p = d["players"][seat]
    require(p["home"] > 0, "All your workers are already out.", "Tasking")
    space = action.get("space")
    if space == "mine":
        _enter_mine(cat, d, seat, action)
    elif space == "contract":
        slot = action.get("slot")
        require(isinstance(slot, int) and 0 <= slot < len(d["row"]),
                f"Choose a contract slot from 1 to {len(d['row'])}.", "Contracts")
        require(d["contract_spaces"][slot] is None, "That contract's space is already taken this round.", "Contracts")
        require(d["row"][slot] is not None, "That contract space is empty.", "Contracts")
        p["contracts"].append({"id": d["row"][slot], "filled": 0, "now": False})
        d["row"][slot] = None
        d["contract_spaces"][slot] = seat
    elif space == "overtime":
        free = [i for i, s in enumerate(d["overtime"]) if s is None]
        require(d["overtime"], "Overtime is only played with three or more players.", "Overtime")
        require(bool(free), "Every overtime space is taken this round.", "Overtime")
        target = action.get("target")
        require(target in COPYABLE, f"Overtime copies one of: {', '.join(COPYABLE)} (never a mine).", "Overtime")
        _need(p, cat.numbers.overtime_cost, "Overtime")
        p["money"] -= cat.numbers.overtime_cost
        _act(cat, d, seat, target, action)
        d["overtime"][free[0]] = seat
    else:
        require(space in ACTION_SPACES, f"Unknown space {space!r}; spaces: {', '.join(ACTION_SPACES)}, contract, "
                "mine, overtime.", "Tasking")
        require(d["spaces"][space] is None, f"The {space} space already has a worker this round.", "Tasking")
        if space == "advance":
            d["advance"] = seat
            d["early"] = seat
        else:
            _act(cat, d, seat, space, action)
        d["spaces"][space] = seat
    p["home"] -= 1
    if not d["queue"] and d["early"] is None:
        next_turn(d)


def _act(cat: Catalog, d: dict, seat: int, space: str, action: Mapping[str, Any]) -> None:
    p = d["players"][seat]
    others = [(seat + k) % len(d["players"]) for k in range(1, len(d["players"]))]
    if space == "market":
        res = action.get("res")
        buy, sell = action.get("buy") or 0, action.get("sell") or 0
        trade(cat, d, p, res, buy, sell, cat.numbers.market_primary)
        d["queue"] = [{"seat": s, "kind": "market", "res": res} for s in others]
    elif space == "permit":
        draw(cat, d, p, action.get("count") or 0, action.get("cards"), cat.numbers.permit_primary)
        d["queue"] = [{"seat": s, "kind": "permit", "res": None} for s in others]
    elif space == "recruit":
        recruit(cat, d, p)
    elif space == "cage":
        require(p["cage"] < cat.numbers.cage_levels, "Your mine cage is already on its deepest side.",
                "Mine cage")
        p["cage"] += 1
    elif space == "drill":
        require(d["drills"] > 0, "No drill bit tokens are left in the supply.", "Drill bit")
        d["drills"] -= 1
        p["drills"] += 1
    elif space == "private":
        _private(cat, d, p, action)


def trade(cat: Catalog, d: dict, p: dict, res: Any, buy: Any, sell: Any, limit: int) -> None:
    require(res in d["mines"], f"Choose a resource on the market: {', '.join(d['mines'])}.", "Commodity market")
    require(isinstance(buy, int) and isinstance(sell, int) and buy >= 0 and sell >= 0,
            "Buy and sell are whole numbers of cubes.", "Commodity market")
    require(not (buy and sell), "Buy or sell at the market, not both.", "Commodity market")
    require(buy <= limit and sell <= limit, f"The market allows up to {limit} cubes here, not {max(buy, sell)}.",
            "Commodity market")
    cost = price(cat, d, res) or 0
    require(p["money"] >= buy * cost, f"{buy} {res} at ${cost} each costs ${buy * cost}; you have ${p['money']}.",
            "Commodity market")
    require(p["cubes"][res] >= sell, f"You have {p['cubes'][res]} {res}, not {sell} to sell.", "Commodity market")
    p["money"] += (sell - buy) * cost
    p["cubes"][res] += buy - sell


def draw(cat: Catalog, d: dict, p: dict, count: Any, cards: Any, limit: int) -> None:
    cost = cat.numbers.permit_card_cost
    require(isinstance(count, int) and 0 <= count <= limit, f"Draw from 0 to {limit} building cards here.",
            "Permit office")
    cards = words(cards)
    require(not cards or len(cards) == count, f"Name all {count} cards drawn, or none.", "Permit office")
    count = min(count, len(d["decks"]["buildings"])) if not cards else count
    require(p["money"] >= count * cost, f"{count} permits at ${cost} each cost ${count * cost}; you have "
            f"${p['money']}.", "Permit office")
    p["money"] -= count * cost
    for index in range(count):
        wanted = cards[index] if cards else None
        p["hand"].append(take_card(d["decks"]["buildings"], wanted, "building", is_copy))


def recruit(cat: Catalog, d: dict, p: dict) -> None:
    require(p["waiting"], "You have already recruited your extra worker this game.", "Recruit")
    cost = cat.numbers.recruit_cost(d["recruited"])
    _need(p, cost, f"Recruit number {d['recruited'] + 1}")
    p["money"] -= cost
    p["waiting"] = False
    p["workers"] += 1
    p["fresh"] = True       # stays on the board until the business phase recalls it; works next round
    d["recruited"] += 1


def _private(cat: Catalog, d: dict, p: dict, action: Mapping[str, Any]) -> None:
    require(p["private"] is None, "You may have only one private mine at a time.", "Private mine")
    require(d["temps"] > 0, "No temp workers are left for a private mine.", "Private mine")
    res = action.get("res")
    require(res in d["mines"], f"Choose a mine type: {', '.join(d['mines'])}.", "Private mine")
    require(bool(d["decks"]["mines"][res]), f"The {res} mine deck is empty.", "Private mine")
    cost = cat.numbers.private_mine_cost
    _need(p, cost, "A private mine")
    wanted = action.get("card")
    require(wanted is None or (wanted in cat.mines and cat.mines[wanted].res == res),
            f"{wanted} is not a {res} mine card.", "Private mine")
    p["money"] -= cost
    p["private"] = {"card": take_card(d["decks"]["mines"][res], wanted, f"{res} mine"), "depth": 0}
    d["temps"] -= 1


def _enter_mine(cat: Catalog, d: dict, seat: int, action: Mapping[str, Any]) -> None:
    res = action.get("res")
    require(res in d["mines"], f"Choose a mine: {', '.join(d['mines'])}.", "The mines")
    mine = d["mines"][res]
    card = cat.mines[mine["card"]]
    depth = action.get("depth") or 0
    taken = {w["depth"] for w in mine["workers"]}
    p = d["players"][seat]
    if depth == 0:
        require(0 not in taken, f"The top space of the {res} mine is taken; a worker enters only a free top space.",
                "The mines")
    else:
        require(isinstance(depth, int) and 0 < depth < len(card.spaces),
                f"The {res} mine has spaces 1 to {len(card.spaces)}.", "Drill bit")
        require(p["drills"] > 0, "Entering below the top space needs a drill bit.", "Drill bit")
        require(depth not in taken, f"Space {depth + 1} of the {res} mine is taken; a drill bit needs a free space.",
                "Drill bit")
        require(p["cage"] >= card.cages[depth], f"Space {depth + 1} needs mine cage side {card.cages[depth]}; "
                f"yours is {p['cage']}.", "Mine cage")
        p["drills"] -= 1
        d["drills"] += 1        # a used drill bit goes back to the supply
    mine["workers"].append({"seat": seat, "depth": depth})


def reply(cat: Catalog, d: dict, seat: int, kind: str, action: Mapping[str, Any]) -> None:
    """A secondary action (``trade`` or ``draw``) or ``decline``."""
    require(d["phase"] == "tasking" and bool(d["queue"]) and d["queue"][0]["seat"] == seat,
            "Nothing is offered to you right now.", "Secondary actions")
    owed = d["queue"][0]
    p = d["players"][seat]
    if kind == "trade":
        require(owed["kind"] == "market", "The offer is permits, not the market.", "Secondary actions")
        trade(cat, d, p, owed["res"], action.get("buy") or 0, action.get("sell") or 0, cat.numbers.market_secondary)
    elif kind == "draw":
        require(owed["kind"] == "permit", "The offer is the market, not permits.", "Secondary actions")
        draw(cat, d, p, action.get("count") or 0, action.get("cards"), cat.numbers.permit_secondary)
    d["queue"].pop(0)
    if not d["queue"]:
        next_turn(d)


def pass_turn(d: dict, seat: int) -> None:
    require(d["phase"] == "tasking" and not d["queue"] and d["early"] is None and d["turn"] == seat,
            "It is not your turn to place a worker.", "Tasking")
    d["players"][seat]["passed"] = True
    next_turn(d)


def next_turn(d: dict) -> None:
    """The next seat clockwise with a worker to place; collection when nobody has one."""
    count = len(d["players"])
    for step in range(1, count + 1):
        seat = (d["turn"] + step) % count
        p = d["players"][seat]
        if p["home"] > 0 and not p["passed"]:
            d["turn"] = seat
            return
    d["phase"] = "collection"
    d["turn"] = None


def workers_placed(d: Mapping, seat: int) -> int:
    on_spaces = sum(1 for s in d["spaces"].values() if s == seat)
    on_spaces += sum(1 for s in d["overtime"] + d["contract_spaces"] if s == seat)
    return on_spaces + in_mines(d, seat)


__all__ = ["RESOURCES", "deal", "draw", "is_copy", "next_turn", "pass_turn", "place", "recruit", "reply", "trade"]
