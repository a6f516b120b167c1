"""Phase 1, placement: one miner at a time, clockwise from the starting player."""

from __future__ import annotations

from typing import Mapping

from ...core import field_of, require
from ...errors import BadAction, NotYourTurn, RuleViolation
from ...frozen import evolve
from ..data import Catalog
from ..state import Miner, State, with_mine, with_player, with_round
from .bank import check_pay, check_spend, order_from, pay, resource, spend

RULE = "Placement"
WHERES = ("mine", "asset_track", "contract_track", "slag")
TOKENS = ("drill_bit", "collab_ops")


def _who(state: State, miner: Miner | None) -> str:
    if miner is None:
        return "nobody"
    return f"{state.name(miner.seat)}'s miner"


def can_reach(cat: Catalog, state: State, card_id: str, space: int, seat: int | None) -> bool:
    """Whether a miner of ``seat`` may stand on ``space`` (a contracted miner: seat None)."""
    card = cat.mines[card_id]
    if space >= len(card.spaces):
        return False
    return seat is None or card.level(space) <= state.players[seat].cage


# -- the checks: what the rules refuse, before anything is built ---------------------------
def check_place(game, state: State, action: Mapping) -> str:
    """Refuse a placement the rules forbid; returns where the miner goes."""
    seat = action["seat"]
    if state.phase != "placement":
        raise RuleViolation(f"Miners are placed in the placement phase; this is the {state.phase} phase.", RULE)
    if state.turn != seat:
        raise NotYourTurn(f"It is {state.name(state.turn)}'s turn to place a miner.", RULE)
    require(state.free_miners(seat) > 0, f"{state.name(seat)} has no miner left to place.", RULE)
    where = field_of(action, "where", str)
    if where not in WHERES:
        raise BadAction(f"place where? {where!r}; choose one of: {', '.join(WHERES)}")
    if where == "mine":
        _check_mine(game.data, state, seat, action)
    elif where != "slag":
        require(not (where == "contract_track" and state.variant == "contract-race"),
                "In the contract race the contract track is closed: take contracts from your own stack.", RULE)
        spaces = game.data.numbers.track_spaces
        label = where.replace("_", " ")
        require(len(state.track(where)) < spaces, f"The {label} is full: all {spaces} spaces are taken.", RULE)
    return where


def _check_mine(cat: Catalog, state: State, seat: int, action: Mapping) -> None:
    res = resource(field_of(action, "mine", str), "mine")
    mine = state.mine(res)
    require(not mine.exhausted, f"The {res} mine is exhausted until it is replaced.", RULE)
    token = action.get("token")
    if token is None:
        taken = mine.at(0)
        if taken is not None:
            raise RuleViolation(f"The top space of the {res} mine is taken by {_who(state, taken)}; "
                                "a Drill Bit or Collab Ops token is needed to go there.", RULE)
    elif token == "drill_bit":
        _check_drill(cat, state, seat, res, action)
    elif token == "collab_ops":
        _pushed(cat, state, seat, res)
    else:
        raise BadAction(f"unknown token {token!r}; tokens: drill_bit, collab_ops")


def _check_drill(cat: Catalog, state: State, seat: int, res: str, action: Mapping) -> None:
    rule = "Drill Bit"
    player = state.players[seat]
    mine = state.mine(res)
    require(player.drill_bits > 0, f"{player.name} has no Drill Bit token.", rule)
    space = field_of(action, "space", int)
    require(space in (1, 2), f"A Drill Bit reaches the 2nd or 3rd space, not space {space + 1}.", rule)
    card = cat.mines[mine.card]
    require(can_reach(cat, state, mine.card, space, seat),
            f"Space {space + 1} of the {res} mine needs mine cage level {card.level(space) if space < len(card.spaces) else '-'}; "
            f"{player.name} can mine to level {player.cage}.", rule)
    taken = mine.at(space)
    require(taken is None, f"Space {space + 1} of the {res} mine is taken by {_who(state, taken)}.", rule)
    if space == 2:
        how = action.get("pay", "money")
        numbers = cat.numbers
        if how == "coal":
            check_spend(state, seat, ["coal"] * numbers.drill_third_coal, "Drilling to the 3rd space", rule)
        elif how == "money":
            check_pay(state, seat, numbers.drill_third_money, "Drilling to the 3rd space", rule)
        else:
            raise BadAction(f"pay for the 3rd space with 'money' or 'coal', not {how!r}")


def _pushed(cat: Catalog, state: State, seat: int, res: str) -> tuple[Miner, ...]:
    """Collab Ops: the miners pushed one space down by a miner put on the taken top space
    (refused when a push passes its owner's cage or the bottom)."""
    rule = "Collaborative Ops"
    mine = state.mine(res)
    require(state.players[seat].collab_ops > 0, f"{state.name(seat)} has no Collab Ops token.", rule)
    require(mine.at(0) is not None, f"The top space of the {res} mine is free: no token is needed.", rule)
    chain = []
    space = 0
    while (miner := mine.at(space)) is not None:
        chain.append(miner)
        space += 1
    for miner in chain:
        new = miner.space + 1
        require(can_reach(cat, state, mine.card, new, miner.seat),
                f"Pushing {_who(state, miner)} from space {miner.space + 1} to space {new + 1} of the {res} "
                "mine goes below the level their mine cage allows.", rule)
    return tuple(chain)


# -- the rule ------------------------------------------------------------------------------
def place(game, state: State, action: Mapping) -> State:
    where = check_place(game, state, action)
    seat = action["seat"]
    if where == "mine":
        state = _on_mine(game.data, state, seat, action)
    else:
        state = evolve(state, **{where: state.track(where) + (seat,)})
    return advance(with_round(state, seat, placed=state.players[seat].round.placed + 1))


def _on_mine(cat: Catalog, state: State, seat: int, action: Mapping) -> State:
    res = action["mine"]
    token = action.get("token")
    mine = state.mine(res)
    player = state.players[seat]
    if token == "drill_bit":
        space = action["space"]
        if space == 2:
            numbers = cat.numbers
            if action.get("pay", "money") == "coal":
                state = spend(state, seat, ["coal"] * numbers.drill_third_coal, "Drilling to the 3rd space", "Drill Bit")
            else:
                state = pay(state, seat, numbers.drill_third_money, "Drilling to the 3rd space", "Drill Bit")
        state = with_player(state, seat, drill_bits=player.drill_bits - 1)
        return with_mine(state, res, evolve(mine, miners=mine.miners + (Miner(seat, space),)))
    if token == "collab_ops":
        pushed = set(_pushed(cat, state, seat, res))
        miners = tuple(Miner(m.seat, m.space + 1) if m in pushed else m for m in mine.miners)
        state = with_player(state, seat, collab_ops=player.collab_ops - 1)
        return with_mine(state, res, evolve(mine, miners=miners + (Miner(seat, 0),)))
    return with_mine(state, res, evolve(mine, miners=mine.miners + (Miner(seat, 0),)))


def advance(state: State) -> State:
    """Pass the turn to the next seat with a miner to place, or end the phase (turn None)."""
    count = len(state.players)
    for seat in order_from((state.turn + 1) % count, count):
        if state.free_miners(seat) > 0:
            return evolve(state, turn=seat)
    return evolve(state, turn=None)


__all__ = ["RULE", "TOKENS", "WHERES", "advance", "can_reach", "check_place", "place"]
