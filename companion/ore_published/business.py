"""Business: fill one row of every contract, build with completed contracts' icons, recall
workers from mines, then (when everyone has finished) pass the first player token, bring workers
home, replace taken contracts and advance the round. The same filling and building happen early
for the player on advance orders.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core import require
from .data import RESOURCES, Catalog
from .state import in_mines, price, take_card, words
from .tasking import is_copy, next_turn, recruit
from .views import contract_name


def _window(d: Mapping, seat: int) -> str:
    """``business`` or ``early`` when ``seat`` may fill contracts now."""
    if d["phase"] == "business" and not d["players"][seat]["done"]:
        return "business"
    if d["phase"] == "tasking" and d["early"] == seat:
        return "early"
    require(False, "Contracts are filled in the business phase, or early from advance orders.", "Filling contracts")
    return ""


def row_cubes(cat: Catalog, p: Mapping, contract: Mapping, choice: Any) -> list[str]:
    """The cubes that would fill the contract's next row: either-ore icons take ``choice`` in
    order, or else the kind the player holds most of."""
    row = cat.contracts[contract["id"]].rows[contract["filled"]]
    picks = words(choice)
    have = dict(p["cubes"])
    cubes = []
    for item in row.items:
        if len(item) == 1:
            res = item[0]
        elif picks:
            res = picks.pop(0)
            require(res in item, f"That icon takes {' or '.join(item)}, not {res}.", "Either ore")
        else:
            res = max(item, key=lambda r: (have[r], -item.index(r)))
        have[res] -= 1
        cubes.append(res)
    return cubes


def fill(cat: Catalog, d: dict, seat: int, action: Mapping[str, Any]) -> str:
    _window(d, seat)
    p = d["players"][seat]
    cid = action.get("contract")
    contract = next((c for c in p["contracts"] if c["id"] == cid), None)
    named = contract_name(cid)
    require(contract is not None, f"You hold no contract {named}.", "Filling contracts")
    require(not contract["now"], f"Contract {named} already had a row filled this round; exactly one row a round.",
            "Filling contracts")
    card = cat.contracts[cid]
    row = card.rows[contract["filled"]]
    cubes = row_cubes(cat, p, contract, action.get("choice"))
    for res in RESOURCES:
        need = cubes.count(res)
        require(p["cubes"][res] >= need, f"Row {contract['filled'] + 1} of contract {named} needs {need} {res}; you have "
                f"{p['cubes'][res]}.", "Filling contracts")
    for res in cubes:
        p["cubes"][res] -= 1
    p["money"] += row.pay
    contract["filled"] += 1
    contract["now"] = True
    if contract["filled"] == len(card.rows):
        p["contracts"].remove(contract)
        p["completed"].append(cid)
        p["credits"] += card.buildings
        return f"fills contract {named} for ${row.pay} and completes it ({card.vp} VP, {card.buildings} to build)"
    return f"fills row {contract['filled']} of contract {named} for ${row.pay}"


def build(cat: Catalog, d: dict, seat: int, action: Mapping[str, Any]) -> str:
    _window(d, seat)
    p = d["players"][seat]
    require(p["credits"] > 0, "You build only with a building icon from a contract you just completed.",
            "Buildings")
    wanted = action.get("building")
    card = next((c for c in p["hand"] if is_copy(c, str(wanted))), None)
    require(card is not None, f"{wanted} is not in your hand.", "Buildings")
    b = cat.building(card)
    require(p["money"] >= b.money, f"{b.name} costs ${b.money}; you have ${p['money']}.", "Buildings")
    for res in RESOURCES:
        require(p["cubes"][res] >= b.cubes.count(res), f"{b.name} needs {b.cubes.count(res)} {res}; you have "
                f"{p['cubes'][res]}.", "Buildings")
    p["money"] -= b.money
    for res in b.cubes:
        p["cubes"][res] -= 1
    note = _when_built(cat, d, p, b.effect, action)
    p["hand"].remove(card)
    p["built"].append(card)
    p["credits"] -= 1
    return f"builds {b.name} for {b.cost_label()}" + (f"; {note}" if note else "")


def _when_built(cat: Catalog, d: dict, p: dict, effect: tuple[str, ...], action: Mapping[str, Any]) -> str:
    if not effect:
        return ""
    kind = effect[0]
    if kind in ("sell", "buy"):
        counts: dict[str, int] = {}
        for res in words(action.get("cubes")):
            counts[res] = counts.get(res, 0) + 1
        limit = int(effect[1])
        require(all(r in d["mines"] for r in counts),
                f"Name resources on the market: {', '.join(d['mines'])}.", "When built")
        require(sum(counts.values()) <= limit, f"This building lets you {kind} up to {limit} cubes, not "
                f"{sum(counts.values())}.", "When built")
        total = sum(n * (price(cat, d, r) or 0) for r, n in counts.items())
        for res, n in counts.items():
            if kind == "sell":
                require(p["cubes"][res] >= n, f"You have {p['cubes'][res]} {res}, not {n} to sell.", "When built")
            p["cubes"][res] += n if kind == "buy" else -n
        if kind == "buy":
            require(p["money"] >= total, f"Buying costs ${total}; you have ${p['money']}.", "When built")
        p["money"] += -total if kind == "buy" else total
        return f"{'buys' if kind == 'buy' else 'sells'} for ${total}" if counts else ""
    if kind == "recruit":
        if p["waiting"] and action.get("recruit", True):
            recruit(cat, d, p)
            return "recruits the extra worker (it works from next round)"
        return ""
    if kind == "drill":
        if d["drills"] > 0:
            d["drills"] -= 1
            p["drills"] += 1
            return "takes a drill bit"
        return ""
    if kind == "cage":
        if p["cage"] < cat.numbers.cage_levels:
            p["cage"] += 1
            return "improves the mine cage"
        return ""
    if kind == "cube":
        p["cubes"][effect[1]] += int(effect[2])
        return f"takes {effect[2]} {effect[1]}"
    return ""


def recall(cat: Catalog, d: dict, seat: int, action: Mapping[str, Any]) -> None:
    require(d["phase"] == "business" and not d["players"][seat]["done"],
            "Workers are recalled from mines in the business phase.", "Recall")
    res, depth = action.get("res"), action.get("depth")
    mine = d["mines"].get(res)
    worker = next((w for w in (mine or {"workers": []})["workers"] if w["seat"] == seat and w["depth"] == depth), None)
    require(worker is not None, f"You have no worker on space {(depth or 0) + 1} of the {res} mine.", "Recall")
    p = d["players"][seat]
    cost = cat.numbers.recall_cost
    require(p["money"] >= cost, f"Recalling a worker from a mine costs ${cost}; you have ${p['money']}.", "Recall")
    p["money"] -= cost
    mine["workers"].remove(worker)
    p["home"] += 1


def done(cat: Catalog, d: dict, seat: int) -> list[str]:
    """Finish filling: early orders end, or this seat's business ends (unfilled contracts lost)."""
    p = d["players"][seat]
    if d["phase"] == "tasking" and d["early"] == seat:
        d["early"] = None
        p["credits"] = 0
        if not d["queue"]:
            next_turn(d)
        return []
    require(d["phase"] == "business" and not p["done"], "You have nothing to finish now.", "Business")
    lost = [c["id"] for c in p["contracts"] if not c["now"]]
    p["contracts"] = [c for c in p["contracts"] if c["now"]]
    d["discard"].extend(lost)
    p["credits"] = 0
    p["done"] = True
    if all(q["done"] for q in d["players"]):
        d["phase"] = "over" if d["round"] >= cat.numbers.rounds else "cleanup"
    return lost


def close_round(cat: Catalog, d: dict, action: Mapping[str, Any]) -> None:
    require(d["phase"] == "cleanup", "The round closes once everyone has finished business.", "Business")
    count = len(d["players"])
    d["first"] = d["advance"] if d["advance"] is not None else (d["first"] + 1) % count
    d["advance"] = None
    d["spaces"] = {s: None for s in d["spaces"]}
    d["overtime"] = [None] * len(d["overtime"])
    d["contract_spaces"] = [None] * len(d["contract_spaces"])
    for seat, p in enumerate(d["players"]):
        p["home"] = p["workers"] - in_mines(d, seat)
        p["fresh"] = False
        p["passed"] = False
        p["done"] = False
        for c in p["contracts"]:
            c["now"] = False
    turned = words(action.get("cards"))
    for slot, card in enumerate(d["row"]):
        if card is None:
            d["row"][slot] = take_card(d["decks"]["contracts"], turned.pop(0) if turned else None, "contract")
    d["round"] += 1
    d["phase"] = "tasking"
    d["turn"] = d["first"]
    if d["players"][d["turn"]]["home"] == 0:
        d["turn"] = (d["first"] - 1) % count
        next_turn(d)
