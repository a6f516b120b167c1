"""Phase 1, placement: one miner at a time, clockwise from the starting player."""

from __future__ import annotations

from typing import Mapping

from ..core import field_of, require
from ..errors import BadAction, NotYourTurn
from .cards import RESOURCES, Catalog
from .state import free_miners
from .table import name, order_from, pay, spend

RULE = "Placement"
WHERES = ("mine", "asset_track", "contract_track", "slag")


def occupant(mine: Mapping, space: int) -> Mapping | None:
    for miner in mine["miners"]:
        if miner["space"] == space:
            return miner
    return None


def can_reach(cat: Catalog, d: dict, card_id: str, space: int, seat: int | None) -> bool:
    """Whether a miner of ``seat`` may stand on ``space`` (a contracted miner: seat None)."""
    card = cat.mines[card_id]
    if space >= len(card.spaces):
        return False
    return seat is None or card.level(space) <= d["players"][seat]["cage"]


def place(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    require(d["phase"] == "placement", f"Miners are placed in the placement phase; this is the {d['phase']} phase.", RULE)
    if d["turn"] != seat:
        raise NotYourTurn(f"It is {name(d, d['turn'])}'s turn to place a miner.", RULE)
    require(free_miners(d, seat) > 0, f"{name(d, seat)} has no miner left to place.", RULE)
    where = field_of(action, "where", str)
    if where not in WHERES:
        raise BadAction(f"place where? {where!r}; choose one of: {', '.join(WHERES)}")
    if where == "mine":
        _on_mine(cat, d, seat, action)
    elif where == "slag":
        d["slag"].append(seat)
    else:
        require(not (where == "contract_track" and d["variant"] == "contract-race"),
                "In the contract race the contract track is closed: take contracts from your own stack.", RULE)
        spaces = int(cat.tables["track_spaces"])
        label = where.replace("_", " ")
        require(len(d[where]) < spaces, f"The {label} is full: all {spaces} spaces are taken.", RULE)
        d[where].append(seat)
    d["players"][seat]["round"]["placed"] += 1
    advance(d)


def advance(d: dict) -> None:
    """Pass the turn to the next seat with a miner to place, or end the phase (turn None)."""
    count = len(d["players"])
    for seat in order_from((d["turn"] + 1) % count, count):
        if free_miners(d, seat) > 0:
            d["turn"] = seat
            return
    d["turn"] = None


def _on_mine(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    res = field_of(action, "mine", str)
    if res not in RESOURCES:
        raise BadAction(f"unknown mine {res!r}; mines: {', '.join(RESOURCES)}")
    mine = d["mines"][res]
    require(not mine["exhausted"], f"The {res} mine is exhausted until it is replaced.", RULE)
    token = action.get("token")
    player = d["players"][seat]
    if token is None:
        taken = occupant(mine, 0)
        require(taken is None, f"The top space of the {res} mine is taken by {_who(d, taken)}; "
                               "a Drill Bit or Collab Ops token is needed to go there.", RULE)
        mine["miners"].append({"seat": seat, "space": 0})
    elif token == "drill_bit":
        _drill(cat, d, seat, res, action)
    elif token == "collab_ops":
        rule = "Collaborative Ops"
        require(player["collab_ops"] > 0, f"{name(d, seat)} has no Collab Ops token.", rule)
        taken = occupant(mine, 0)
        require(taken is not None, f"The top space of the {res} mine is free: no token is needed.", rule)
        chain = []
        space = 0
        while (miner := occupant(mine, space)) is not None:
            chain.append(miner)
            space += 1
        for miner in chain:
            new = miner["space"] + 1
            require(can_reach(cat, d, mine["card"], new, miner["seat"]),
                    f"Pushing {_who(d, miner)} from space {miner['space'] + 1} to space {new + 1} of the {res} "
                    "mine goes below the level their mine cage allows.", rule)
        for miner in chain:
            miner["space"] += 1
        player["collab_ops"] -= 1
        mine["miners"].append({"seat": seat, "space": 0})
    else:
        raise BadAction(f"unknown token {token!r}; tokens: drill_bit, collab_ops")


def _drill(cat: Catalog, d: dict, seat: int, res: str, action: Mapping) -> None:
    rule = "Drill Bit"
    player = d["players"][seat]
    mine = d["mines"][res]
    require(player["drill_bits"] > 0, f"{name(d, seat)} has no Drill Bit token.", rule)
    space = field_of(action, "space", int)
    require(space in (1, 2), f"A Drill Bit reaches the 2nd or 3rd space, not space {space + 1}.", rule)
    card = cat.mines[mine["card"]]
    require(can_reach(cat, d, mine["card"], space, seat),
            f"Space {space + 1} of the {res} mine needs mine cage level {card.level(space) if space < len(card.spaces) else '-'}; "
            f"{name(d, seat)} can mine to level {player['cage']}.", rule)
    taken = occupant(mine, space)
    require(taken is None, f"Space {space + 1} of the {res} mine is taken by {_who(d, taken)}.", rule)
    if space == 2:
        how = action.get("pay", "money")
        extra = cat.tables["drill_bit_third_space"]
        if how == "coal":
            spend(d, seat, ["coal"] * int(extra["coal"]), "Drilling to the 3rd space", rule)
        elif how == "money":
            pay(d, seat, int(extra["money"]), "Drilling to the 3rd space", rule)
        else:
            raise BadAction(f"pay for the 3rd space with 'money' or 'coal', not {how!r}")
    player["drill_bits"] -= 1
    mine["miners"].append({"seat": seat, "space": space})


def _who(d: dict, miner: Mapping | None) -> str:
    if miner is None:
        return "nobody"
    return f"{name(d, miner['seat'])}'s miner"
