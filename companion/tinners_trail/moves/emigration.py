"""The Emigration module: a player's own miner leaves the map for a space of the current
round on the emigration board and earns that location's bonus."""

from __future__ import annotations

from ...errors import RuleViolation
from ..data.tables import Rules
from ..state import State, with_area, with_player
from ..state.values import evolve
from .track import advance, require_active, require_work

RULE = "Emigration: emigrate"
LOCATIONS = ("michigan", "sierra_madre", "kimberly", "adelaide")


def taken(state: State, location: str, round_: int) -> int | None:
    for loc, r, seat in state.emigrants:
        if loc == location and r == round_:
            return seat
    return None


def check_emigrate(state: State, seat: int, area_id: str, location: str, rules: Rules) -> None:
    if not state.module("emigration"):
        raise RuleViolation("This table does not use the Emigration module.", "Emigration")
    require_active(state, seat)
    if location not in LOCATIONS:
        raise RuleViolation(f"Unknown location {location!r}; choose {', '.join(LOCATIONS)}.", RULE)
    if not state.has_area(area_id):
        raise RuleViolation(f"There is no area {area_id!r}.", RULE)
    player = state.players[seat]
    name = rules.areas[area_id].name
    if state.area(area_id).miner != seat:
        raise RuleViolation(f"{name} holds no miner of {player.name}'s colour.", RULE)
    holder = taken(state, location, state.round)
    place = rules.emigration[location]["name"]
    if holder is not None:
        raise RuleViolation(f"{place} already has a miner for round {state.round} "
                            f"({state.players[holder].name if holder is not None else ''}).", RULE)
    require_work(state, seat, rules.work_costs["emigrate"], "Emigrating", rules)


def emigrate(state: State, seat: int, area_id: str, location: str, rules: Rules) -> State:
    check_emigrate(state, seat, area_id, location, rules)
    state = with_area(state, area_id, miner=None)
    state = evolve(state, emigrants=state.emigrants + ((location, state.round, seat),))
    state = advance(state, seat, rules.work_costs["emigrate"])
    return bonus(state, seat, location, rules)


def bonus(state: State, seat: int, location: str, rules: Rules) -> State:
    info = rules.emigration[location]
    player = state.players[seat]
    r = state.round - 1
    if location == "michigan":
        return with_player(state, seat, bonus_pieces=player.bonus_pieces + tuple(info["pieces"][r]))
    if location == "sierra_madre":
        return with_player(state, seat, emigration_points=player.emigration_points + info["points"][r])
    if location == "kimberly":
        amount = info["money"][r]
        return with_player(state, seat, money=player.money + amount, kimberly=player.kimberly + amount)
    return with_player(state, seat, adelaide=state.round)


def adelaide_bonus(tin: int, copper: int, round_: int, rules: Rules) -> int:
    """Extra £ from an Adelaide token on this sale, given to the ore type that gains most."""
    first, second = rules.emigration["adelaide"]["bonus"][round_ - 1]
    return max(first * tin + second * copper, first * copper + second * tin)
