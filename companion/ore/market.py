"""Phase 3, market: one open-market barrel (plus railroads and private markets), the due row
of every contract, Efficient and Negotiation Ops, failed rows with their penalty and takeover,
then Subcontracted Ops."""

from __future__ import annotations

import math
from collections import Counter
from typing import Mapping

from ..core import field_of, require
from ..errors import BadAction, NotYourTurn
from .cards import RESOURCES, Catalog, thresholds
from .collection import step_private
from .contracts import (choose_barrels, complete_if_done, due, fill_row, find_held, most_fillable, next_row,
                        return_barrels)
from .table import asset_effects, best_threshold, earn, market_price, name, order_from, pay, pay_what_you_can, \
    strikes_for

RULE = "Market"


def _my_turn(d: dict, seat: int) -> None:
    require(d["phase"] == "market", f"Selling happens in the market phase; this is the {d['phase']} phase.", RULE)
    require(not d["takeover"], "A failed contract is being offered around the table first.", RULE)
    if d["turn"] != seat:
        raise NotYourTurn(f"It is {name(d, d['turn'])}'s market turn.", RULE)


def _due_rows(cat: Catalog, d: dict, seat: int):
    return [cat.contracts[h["number"]].rows[r] for h, r in due(cat, d, seat)]


def sale_price(cat: Catalog, d: dict, seat: int, res: str, price: int) -> int:
    bonus = sum(int(args[1]) for _, args in asset_effects(cat, d, seat, "plant") if args[0] == res)
    return price + bonus


def sell(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    _my_turn(d, seat)
    res = field_of(action, "resource", str)
    if res not in RESOURCES:
        raise BadAction(f"unknown barrel {res!r}; barrels: {', '.join(RESOURCES)}")
    player = d["players"][seat]
    used = player["round"]
    require(player["barrels"][res] > 0, f"{name(d, seat)} has no {res} to sell.", RULE)
    rows = _due_rows(cat, d, seat)
    before = most_fillable(player["barrels"], rows)
    after_have = Counter(player["barrels"])
    after_have[res] -= 1
    require(most_fillable(after_have, rows) >= before,
            f"Selling this {res} would leave a due contract row unfilled: fill your contracts first.", "Market: contracts")
    via = action.get("via") or _default_via(cat, d, seat, res)
    if via == "market":
        require(not used["market"], "Each player sells one barrel on the open market a round; "
                                    f"{name(d, seat)} already has.", RULE)
        used["market"] = True
        price = market_price(cat, d, res)
    elif via == "railroad":
        slots = Counter(w for _, args in asset_effects(cat, d, seat, "railroad") for w in args)
        require(Counter(used["railroad"])[res] < slots[res],
                f"{name(d, seat)}'s railroads carry {slots[res]} extra {res} a round, all used.", "Railroads")
        used["railroad"].append(res)
        price = market_price(cat, d, res)
    elif via == "private":
        price = _private_market(cat, d, seat, res, action)
    else:
        raise BadAction(f"sell via 'market', 'railroad' or 'private', not {via!r}")
    player["barrels"][res] -= 1
    d["bank"]["barrels"][res] += 1
    earn(d, seat, sale_price(cat, d, seat, res, price))


def _default_via(cat: Catalog, d: dict, seat: int, res: str) -> str:
    used = d["players"][seat]["round"]
    if not used["market"]:
        return "market"
    slots = Counter(w for _, args in asset_effects(cat, d, seat, "railroad") for w in args)
    if Counter(used["railroad"])[res] < slots[res]:
        return "railroad"
    return "market"


def _private_market(cat: Catalog, d: dict, seat: int, res: str, action: Mapping) -> int:
    rule = "Private Market"
    player = d["players"][seat]
    card_id = field_of(action, "card", str)
    for private in player["private"]:
        if private["card"] == card_id and private["kind"] == "market":
            break
    else:
        raise BadAction(f"{name(d, seat)} has no private market {card_id!r}")
    card = cat.mines[card_id]
    require(private["space"] is not None, f"The private market {card_id} is exhausted.", rule)
    require(card.res == res, f"The private market {card_id} buys {card.res}, not {res}.", rule)
    require(card_id not in player["round"]["private_market"], "A private market sells one barrel a round.", rule)
    player["round"]["private_market"].append(card_id)
    step_private(cat, d, player, private)
    return card.price


def fill(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    _my_turn(d, seat)
    number = field_of(action, "contract", int)
    held = find_held(d, seat, number)
    pending = {h["number"]: r for h, r in due(cat, d, seat)}
    require(number in pending, f"Contract #{number} has no row due this round.", "Market: contracts")
    row_index = pending[number]
    row = cat.contracts[number].rows[row_index]
    others = [cat.contracts[h["number"]].rows[r] for h, r in due(cat, d, seat) if h["number"] != number]
    have = d["players"][seat]["barrels"]
    barrels = choose_barrels(have, row, action.get("barrels"), others)
    left = Counter(have)
    left.subtract(barrels)
    require(most_fillable(left, others) + 1 >= most_fillable(have, [row, *others]),
            f"Paying {' + '.join(barrels)} on contract #{number} would leave another due row unfilled: "
            "choose other barrels.", "Market: contracts")
    fill_row(cat, d, seat, held, row_index, barrels, seat)
    d["players"][seat]["round"]["sold_on"].append(number)
    complete_if_done(cat, d, seat, held)


def efficient(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    rule = "Efficient Ops"
    _my_turn(d, seat)
    effects = asset_effects(cat, d, seat, "efficient")
    require(bool(effects), f"{name(d, seat)} does not own Efficient Ops.", rule)
    player = d["players"][seat]
    require(not player["round"]["efficient"], "Efficient Ops works once a market phase.", rule)
    number = field_of(action, "contract", int)
    rows = field_of(action, "rows", int)
    prices = dict(thresholds(effects[0][1]))
    require(rows in prices, f"Efficient Ops fills {', '.join(map(str, prices))} extra rows, not {rows}.", rule)
    held = find_held(d, seat, number)
    require(number not in {h["number"] for h, _ in due(cat, d, seat)},
            f"Fill the due row of contract #{number} first; Efficient Ops adds rows after it.", rule)
    pay(d, seat, prices[rows], f"Efficient Ops for {rows} row(s)", rule)
    for _ in range(rows):
        index = next_row(cat, held)
        require(index is not None, f"Contract #{number} has fewer than {rows} rows left.", rule)
        row = cat.contracts[number].rows[index]
        fill_row(cat, d, seat, held, index, choose_barrels(player["barrels"], row, None), seat)
    if number not in player["round"]["sold_on"]:
        player["round"]["sold_on"].append(number)
    player["round"]["efficient"] = True
    complete_if_done(cat, d, seat, held)


def market_done(cat: Catalog, d: dict, seat: int) -> None:
    """End a market turn: refuse while a due row can still be filled, then fail the others."""
    _my_turn(d, seat)
    player = d["players"][seat]
    for held, row_index in due(cat, d, seat):
        row = cat.contracts[held["number"]].rows[row_index]
        require(most_fillable(player["barrels"], [row]) == 0,
                f"Contract #{held['number']} is due: you can fill {row.label()} and must do so.", "Market: contracts")
    for _, args in asset_effects(cat, d, seat, "negotiation"):
        bonus = best_threshold(thresholds(args), len(set(player["round"]["sold_on"])))
        if bonus:
            earn(d, seat, bonus)
    for held, row_index in due(cat, d, seat):
        _fail(cat, d, seat, held, row_index)
    d["market_order"].pop(0)
    d["turn"] = d["market_order"][0] if d["market_order"] else None


def _fail(cat: Catalog, d: dict, seat: int, held: dict, row_index: int) -> None:
    player = d["players"][seat]
    player["contracts"].remove(held)
    if d["variant"] == "contract-race":
        player["strikes"] += 1
        return_barrels(d, held)
        d["discard"]["contracts"].append(held["number"])
        return
    row = cat.contracts[held["number"]].rows[row_index]
    owed = pay_what_you_can(d, seat, math.ceil(row.pay / 2))
    player["strikes"] += strikes_for(owed, int(cat.tables["strike_per"]))
    count = len(d["players"])
    offers = order_from((seat + 1) % count, count)[:-1]
    d["takeover"].append({"number": held["number"], "row": row_index, "from": seat, "offers": offers,
                          "done": held["done"], "barrels": held["barrels"]})


def take_over(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    rule = "Market: takeover"
    require(bool(d["takeover"]), "No failed contract is on offer.", rule)
    offer = d["takeover"][0]
    if offer["offers"][0] != seat:
        raise NotYourTurn(f"{name(d, offer['offers'][0])} decides first on contract #{offer['number']}.", rule)
    row = cat.contracts[offer["number"]].rows[offer["row"]]
    if action["type"] == "decline":
        offer["offers"].pop(0)
        if not offer["offers"]:
            d["takeover"].pop(0)
            for res in offer["barrels"]:
                d["bank"]["barrels"][res] += 1
            d["discard"]["contracts"].append(offer["number"])
        return
    barrels = choose_barrels(d["players"][seat]["barrels"], row, action.get("barrels"))
    held = {"number": offer["number"], "done": offer["done"], "barrels": offer["barrels"], "since": d["round"]}
    d["players"][seat]["contracts"].append(held)
    fill_row(cat, d, seat, held, offer["row"], barrels, seat)
    d["takeover"].pop(0)
    complete_if_done(cat, d, seat, held)


def subcontract(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    """Pay one opponent to fill lines of their contracts yourself, taking the lines' money."""
    rule = "Subcontracted Ops"
    args = asset_effects(cat, d, seat, "subcontract")
    require(bool(args), f"{name(d, seat)} does not own Subcontracted Ops.", rule)
    lines, fee = max((int(a[0]), int(a[1])) for _, a in args)
    wanted = action["rows"] if "rows" in action else _form_lines(action)
    if not isinstance(wanted, list):
        raise BadAction("rows: a list of {\"contract\": N, \"row\": R}")
    require(1 <= len(wanted) <= lines, f"Subcontracted Ops fills 1 to {lines} line(s), not {len(wanted)}.", rule)
    target = action["target"] if "target" in action else _owner(d, wanted)
    if not isinstance(target, int) or isinstance(target, bool):
        raise BadAction("target: the seat number of the opponent whose lines you fill")
    require(0 <= target < len(d["players"]) and target != seat,
            "Subcontracted Ops fills lines of one opponent's contracts, not your own.", rule)
    pay(d, seat, fee, "Subcontracted Ops", rule)
    earn(d, target, fee)
    for entry in wanted:
        if not isinstance(entry, Mapping):
            raise BadAction("each row is {\"contract\": N, \"row\": R}")
        held = find_held(d, target, field_of(entry, "contract", int))
        index = field_of(entry, "row", int)
        rows = cat.contracts[held["number"]].rows
        require(0 <= index < len(rows) and index not in held["done"],
                f"Line {index + 1} of contract #{held['number']} is not open.", rule)
        barrels = choose_barrels(d["players"][seat]["barrels"], rows[index], entry.get("barrels"))
        fill_row(cat, d, seat, held, index, barrels, seat)
        complete_if_done(cat, d, target, held)


def _form_lines(action: Mapping) -> list[dict]:
    """A phone form's lines: ``line`` and ``line2`` as "contract:row" (row counted from 0)."""
    found = []
    for key in ("line", "line2"):
        text = action.get(key)
        if text in (None, ""):
            continue
        number, _, row = str(text).partition(":")
        if not (number.isdigit() and row.isdigit()):
            raise BadAction(f"{key}: a contract line written N:R, not {text!r}")
        found.append({"contract": int(number), "row": int(row)})
    return found


def _owner(d: dict, wanted: list) -> int | None:
    """The opponent holding the first chosen line's contract (each contract has one owner)."""
    if not wanted or not isinstance(wanted[0], Mapping):
        return None
    for seat, player in enumerate(d["players"]):
        if any(h["number"] == wanted[0].get("contract") for h in player["contracts"]):
            return seat
    return None
