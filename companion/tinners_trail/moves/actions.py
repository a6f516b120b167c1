"""The other actions of phase 2: extract ore, developments, steam pumps, sell pasties, pass."""

from __future__ import annotations

from typing import Mapping

from ...errors import RuleViolation
from ..data.tables import PIECES, Rules
from ..state import State, with_area, with_player
from ..state.values import evolve
from .developments import RULE, available_pump_group, capacity, placement_error, put
from .track import advance, pass_seat, require_active, require_work


def check_extract(state: State, seat: int, area_id: str, tin: int, copper: int, rules: Rules) -> None:
    rule = "Extract ore"
    require_active(state, seat)
    if not state.has_area(area_id):
        raise RuleViolation(f"There is no area {area_id!r}.", rule)
    area = state.area(area_id)
    name = rules.areas[area_id].name
    player = state.players[seat]
    if area.owner != seat:
        raise RuleViolation(f"{name} is not one of {player.name}'s mines.", rule)
    if not (tin >= 0 and copper >= 0 and tin + copper >= 1):
        raise RuleViolation("Take at least one cube of tin or copper.", rule)
    if not (tin <= area.tin and copper <= area.copper):
        raise RuleViolation(f"{name} holds {area.tin} tin and {area.copper} copper; "
                            f"you asked for {tin} tin and {copper} copper.", rule)
    limit = capacity(state, area_id, rules)
    if tin + copper > limit:
        raise RuleViolation(f"{name} can yield {limit} cubes per extraction (2 + miner, port and train); "
                            f"you asked for {tin + copper}.", rule)
    cost = area.water * (tin + copper)
    if cost > player.money:
        raise RuleViolation(f"{tin + copper} cubes with {area.water} water cost £{cost} "
                            f"(£{area.water} each); {player.name} has £{player.money}.", rule)
    require_work(state, seat, rules.work_costs["extract"], "Extracting ore", rules)


def extract(state: State, seat: int, area_id: str, tin: int, copper: int, rules: Rules) -> State:
    check_extract(state, seat, area_id, tin, copper, rules)
    area = state.area(area_id)
    player = state.players[seat]
    cost = area.water * (tin + copper)
    state = advance(state, seat, rules.work_costs["extract"])
    state = with_area(state, area_id, tin=area.tin - tin, copper=area.copper - copper, water=area.water + 1)
    return with_player(state, seat, money=player.money - cost, tin=player.tin + tin, copper=player.copper + copper)


def check_develop(state: State, seat: int, piece: str, area_id: str, to: str | None, own: bool,
                  rules: Rules) -> None:
    rule = "Development actions"
    require_active(state, seat)
    if piece not in PIECES:
        raise RuleViolation(f"Unknown development {piece!r}; choose {', '.join(PIECES)} or steam_pumps.", rule)
    index = PIECES.index(piece)
    left = state.stock[state.round - 1][index]
    if left <= 0:
        raise RuleViolation(f"No {piece} is left in the round {state.round} column of the development board.", rule)
    cost = rules.work_costs[piece]
    require_work(state, seat, cost, f"A {piece}", rules)
    player = state.players[seat]
    if own:
        if not (piece == "miner" and state.module("emigration")):
            raise RuleViolation("Only a miner can be swapped for your own, with the Emigration module.",
                                "Claiming miners")
        if player.own_miners <= 0:
            raise RuleViolation(f"{player.name} has no own miner left to place.", "Claiming miners")
    problem = placement_error(state, piece, area_id, to, rules, seat, own)
    if problem is not None:
        raise RuleViolation(problem, RULE)


def develop(state: State, seat: int, piece: str, area_id: str, to: str | None, own: bool, rules: Rules) -> State:
    check_develop(state, seat, piece, area_id, to, own, rules)
    index = PIECES.index(piece)
    cost = rules.work_costs[piece]
    player = state.players[seat]
    state = put(state, piece, area_id, to, rules, seat, own=own)
    if own:
        state = with_player(state, seat, own_miners=player.own_miners - 1)
    stock = list(state.stock)
    row = list(stock[state.round - 1])
    row[index] -= 1
    stock[state.round - 1] = tuple(row)
    return advance(evolve(state, stock=tuple(stock)), seat, cost)


def check_steam_pumps(state: State, seat: int, drains: Mapping[str, int], rules: Rules) -> None:
    rule = "Steam pumps"
    require_active(state, seat)
    group = available_pump_group(state)
    if group is None:
        raise RuleViolation(f"No steam-pump group is left for round {state.round}.", rule)
    require_work(state, seat, rules.work_costs["steam_pumps"], "Steam pumps", rules)
    size = state.pumps[group][1]
    total = 0
    for area_id, amount in drains.items():
        if not state.has_area(area_id):
            raise RuleViolation(f"There is no area {area_id!r}.", rule)
        if not (isinstance(amount, int) and amount >= 0):
            raise RuleViolation("Water to remove must be a whole number.", rule)
        have = state.area(area_id).water
        if amount > have:
            raise RuleViolation(f"{rules.areas[area_id].name} has {have} water; you asked to remove {amount}.", rule)
        total += amount
    if total <= 0:
        raise RuleViolation("Steam pumps must remove at least 1 water from a mine; with nothing to drain they "
                            "would only cost you a work point.", rule)
    if total > size:
        raise RuleViolation(f"The rightmost group has {size} steam pump{'s' if size != 1 else ''}: remove at most "
                            f"{size} water, not {total}.", rule)


def steam_pumps(state: State, seat: int, drains: Mapping[str, int], rules: Rules) -> State:
    check_steam_pumps(state, seat, drains, rules)
    group = available_pump_group(state)
    size = state.pumps[group][1]
    for area_id, amount in drains.items():
        state = with_area(state, area_id, water=state.area(area_id).water - amount)
    pumps = list(state.pumps)
    pumps[group] = (pumps[group][0], size, True)
    return advance(evolve(state, pumps=tuple(pumps)), seat, rules.work_costs["steam_pumps"])


def check_sell_pasties(state: State, seat: int, rules: Rules) -> None:
    require_active(state, seat)
    require_work(state, seat, rules.work_costs["sell_pasties"], "Selling pasties", rules)


def sell_pasties(state: State, seat: int, rules: Rules) -> State:
    check_sell_pasties(state, seat, rules)
    state = with_player(state, seat, money=state.players[seat].money + 1)
    return advance(state, seat, rules.work_costs["sell_pasties"])


def check_pass(state: State, seat: int, rules: Rules) -> None:
    require_active(state, seat)


def pass_turn(state: State, seat: int, rules: Rules) -> State:
    check_pass(state, seat, rules)
    return pass_seat(state, seat)


def check_place_bonus(state: State, seat: int, piece: str, area_id: str, to: str | None, rules: Rules) -> None:
    require_active(state, seat)
    player = state.players[seat]
    if piece not in player.bonus_pieces:
        raise RuleViolation(f"{player.name} holds no Michigan {piece} to place.", "Michigan")
    problem = placement_error(state, piece, area_id, to, rules, seat, extra=piece == "miner")
    if problem is not None:
        raise RuleViolation(problem, RULE)


def place_bonus(state: State, seat: int, piece: str, area_id: str, to: str | None, rules: Rules) -> State:
    """A Michigan development, placed free on any of the owner's turns."""
    check_place_bonus(state, seat, piece, area_id, to, rules)
    player = state.players[seat]
    state = put(state, piece, area_id, to, rules, seat, extra=piece == "miner")
    pieces = list(player.bonus_pieces)
    pieces.remove(piece)
    return with_player(state, seat, bonus_pieces=tuple(pieces))
