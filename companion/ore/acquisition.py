"""Phase 4, acquisition: asset-track miners in placement order, one initiative for everyone
else clockwise from the starting player, contract-track miners, then Sales Ops."""

from __future__ import annotations

from typing import Mapping

from ..core import field_of, require
from ..errors import NotYourTurn
from .cards import ANY, RESOURCES, Catalog
from .state import contracted_in_use
from .table import asset_effects, name, order_from, pay, spend

RULE = "Acquisition"
SALES_FEE = 5


def build_queue(cat: Catalog, d: dict) -> list[dict]:
    count = len(d["players"])
    queue = [{"seat": s, "kind": "asset"} for s in d["asset_track"]]
    queue += [{"seat": s, "kind": "initiative"} for s in order_from(d["start"], count) if s not in d["asset_track"]]
    queue += [{"seat": s, "kind": "contract"} for s in d["contract_track"]]
    # each Sales Ops card is one use: its version says whether it buys an asset or takes a contract
    queue += [{"seat": s, "kind": "sales", "use": args[0]} for s in order_from(d["start"], count)
              for _, args in asset_effects(cat, d, s, "sales")]
    return queue


def _decision(d: dict, seat: int, kinds: tuple[str, ...], what: str) -> dict:
    require(d["phase"] == "acquisition", f"Buying happens in the acquisition phase; this is the {d['phase']} phase.", RULE)
    require(bool(d["queue"]), "Nobody is choosing now.", RULE)
    head = d["queue"][0]
    if head["seat"] != seat:
        raise NotYourTurn(f"It is {name(d, head['seat'])}'s choice now.", RULE)
    require(head["kind"] in kinds, f"{_why_not(head['kind'], what)}", RULE)
    return head


def _why_not(kind: str, what: str) -> str:
    return {
        "asset": f"A miner on the asset track buys one asset or one initiative, not {what}.",
        "initiative": f"Without a miner on the asset track you may buy one initiative only, not {what}.",
        "contract": f"A miner on the contract track takes one contract, not {what}.",
        "sales": f"Sales Ops buys an asset or takes a contract, not {what}.",
    }[kind]


def _sales_use(head: dict, use: str) -> None:
    """Each version of Sales Ops does one thing: the asset card buys, the contract card takes."""
    other = "take a contract" if use == "asset" else "buy an asset"
    require(head.get("use", use) == use, f"This Sales Ops card lets you {other}, not "
            f"{'buy an asset' if use == 'asset' else 'take a contract'}; pass if you do not want that.", "Sales Ops")


def _slot(d: dict, row: str, action: Mapping) -> tuple[int, str]:
    slot = field_of(action, "slot", int)
    cards = d["rows"][row]
    require(0 <= slot < len(cards) and cards[slot] is not None, f"There is no card in {row} slot {slot + 1}.", RULE)
    return slot, cards[slot]


def buy_asset(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    head = _decision(d, seat, ("asset", "sales"), "an asset")
    player = d["players"][seat]
    slot, asset_id = _slot(d, "assets", action)
    card = cat.assets[asset_id]
    option = action.get("pay", 0)
    require(isinstance(option, int) and 0 <= option < len(card.costs),
            f"{card.name} can be paid {len(card.costs)} way(s): " + " or ".join(c.label() for c in card.costs), RULE)
    cost = card.costs[option]
    money = cost.money
    if head["kind"] == "sales":
        _sales_use(head, "asset")
        require(not player["round"]["asset"], "Sales Ops cannot buy a second asset in the same round.", "Sales Ops")
        money += SALES_FEE
    pay(d, seat, money, f"{card.name}", RULE)
    spend(d, seat, cost.barrels, card.name, RULE)
    player["assets"].append(asset_id)
    player["round"]["asset"] = True
    d["rows"]["assets"][slot] = None
    d["queue"].pop(0)


def buy_initiative(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    _decision(d, seat, ("asset", "initiative"), "an initiative")
    slot, card_id = _slot(d, "initiatives", action)
    card = cat.initiatives[card_id]
    player = d["players"][seat]
    barrel = action.get("barrel")
    if ANY in card.cost.barrels:
        require(barrel in RESOURCES, f"{card.name} takes one barrel of your choice: name it "
                                     f"({', '.join(RESOURCES)}).", card.name)
    money = card.cost.money
    rule = card.name
    effect = card.effect
    if effect == "expanded_ops":
        require(player["miners"] < int(cat.tables["max_miners"]),
                f"{name(d, seat)} already employs {player['miners']} miners, the most allowed.", rule)
        money = int(cat.tables["extra_miner_cost"][str(player["miners"] + 1)])
    elif effect == "mine_cage":
        require(player["cage"] < 3, f"{name(d, seat)}'s mine cage already reaches the 3rd level.", rule)
        cages = sum(1 for p in d["players"] if p["cage"] > 1)
        require(player["cage"] > 1 or cages < int(cat.tables["mine_cages"]), "All mine cage tokens are taken.", rule)
    elif effect in ("private_mine", "private_market"):
        require(contracted_in_use(d) < int(cat.tables["contracted_miners"]),
                "All white contracted miners are in use.", rule)
        require(bool(d["piles"][barrel]["draw"]), f"No {barrel} mine is left in its draw pile.", rule)
    elif effect == "futures":
        tokens = sum(len(p["futures"]) for p in d["players"])
        require(tokens < 5, "All 5 Futures tokens are in use.", rule)
    elif effect in ("drill_bit", "collab_ops"):
        tokens = sum(p["drill_bits"] + p["collab_ops"] for p in d["players"])
        require(tokens < 8, "All 8 Collab Ops and Drill Bit tokens are in use.", rule)
    pay(d, seat, money, card.name, rule)
    barrels = [barrel if b == ANY else b for b in card.cost.barrels]
    if effect == "futures":
        spend(d, seat, barrels, card.name, rule)
        d["bank"]["barrels"][barrel] -= 1  # the paid barrel sits on the token, not in the bank
        player["futures"].append({"res": barrel, "count": 1})
    else:
        spend(d, seat, barrels, card.name, rule)
    if effect == "expanded_ops":
        player["miners"] += 1
    elif effect == "mine_cage":
        player["cage"] += 1
    elif effect == "drill_bit":
        player["drill_bits"] += 1
    elif effect == "collab_ops":
        player["collab_ops"] += 1
    elif effect in ("private_mine", "private_market"):
        mine_card = d["piles"][barrel]["draw"].pop(0)
        player["private"].append({"card": mine_card, "kind": effect.split("_")[1], "space": 0})
    player["round"]["initiative"] = True
    d["rows"]["initiatives"][slot] = None
    d["discard"]["initiatives"].append(card_id)
    d["queue"].pop(0)


def take_contract(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    head = _decision(d, seat, ("contract", "sales"), "a contract")
    player = d["players"][seat]
    if head["kind"] == "sales":
        _sales_use(head, "contract")
        require(not player["round"]["contract"], "Sales Ops cannot take a second contract in the same round.",
                "Sales Ops")
        pay(d, seat, SALES_FEE, "Sales Ops", "Sales Ops")
    if "discarded" in action:
        number = field_of(action, "discarded", int)
        require(bool(asset_effects(cat, d, seat, "black_market")),
                "Only Black Market Ops takes discarded or failed contracts.", "Black Market Ops")
        require(number in d["discard"]["contracts"], f"Contract #{number} is not in the discard pile.",
                "Black Market Ops")
        d["discard"]["contracts"].remove(number)
    else:
        slot, number = _slot(d, "contracts", action)
        d["rows"]["contracts"][slot] = None
    player["contracts"].append({"number": number, "done": [], "barrels": [], "since": d["round"]})
    player["round"]["contract"] = True
    d["contract_taken"] = True
    d["queue"].pop(0)


def take_own_contract(cat: Catalog, d: dict, seat: int) -> None:
    rule = "Contract race"
    require(d["variant"] == "contract-race", "Only the contract race has personal contract stacks.", rule)
    require(d["phase"] == "acquisition", "Take contracts from your stack in the acquisition phase.", rule)
    player = d["players"][seat]
    require(bool(player["race"]), f"{name(d, seat)}'s contract stack is empty.", rule)
    number = player["race"].pop(0)
    player["contracts"].append({"number": number, "done": [], "barrels": [], "since": d["round"]})


def pass_choice(cat: Catalog, d: dict, seat: int) -> None:
    _decision(d, seat, ("asset", "initiative", "contract", "sales"), "a pass")
    d["queue"].pop(0)

