"""Lord Wallace with the modules and the difficulty options: arsenic instead of ore when it
pays more, emigrating a miner of his colour, Michigan pieces placed at once, and what the
options do at the start of a round."""

from __future__ import annotations

from ..bots.wallace import (adit_plan, choose_area, mine_plan, miner_plan, mining_profit, ore, port_plan,
                              pump_targets, train_plan, wallace_capacity)
from ..data.tables import Rules
from ..state import State, with_area, with_player
from ..state.values import evolve
from ..state.wallace import note, with_lord
from .arsenic import sale_value, space_values, open_spaces
from .developments import drain
from .emigration import emigrate, taken
from .prices import price
from .track import advance, work_left

ARSENIC_FLOOR = (8, 8, 7, 5)       # leftmost column his limiter may reach, by round
BAILING_OUT = {2: 1, 3: 2, 4: 3}   # water pumped from his mines at the start of these rounds
SHADY_ROUNDS = (3, 4)
EMIGRATE_TO = {"develop": ("michigan",), "mine": ("sierra_madre", "kimberly"), "build": ("adelaide",)}


# -- mining and arsenic --------------------------------------------------------------------
def mine_or_arsenic(state: State, copper_high: bool, rules: Rules) -> State | None:
    seat = state.lord.seat
    plan = mine_plan(state, copper_high, rules)
    prices = (price("tin", state.tin_column, rules), price("copper", state.copper_column, rules))
    arsenic = _arsenic_choice(state, rules)
    if arsenic is not None:
        worth = sale_value(state, 1, rules)
        profit = mining_profit(state, plan, prices)
        if worth > profit:
            return process_and_sell(state, arsenic, worth, profit if plan else None, rules)
    if plan is None or work_left(state, seat, rules) < rules.work_costs["extract"]:
        return None
    area_id, tin, copper = plan
    area = state.area(area_id)
    cost = area.water * (tin + copper)
    state = advance(state, seat, rules.work_costs["extract"])
    state = with_area(state, area_id, tin=area.tin - tin, copper=area.copper - copper, water=area.water + 1)
    player = state.players[seat]
    state = with_player(state, seat, tin=player.tin + tin, copper=player.copper + copper)
    state = with_lord(state, owed=state.lord.owed + cost)
    return note(state, f"He mines {rules.areas[area_id].name}: {tin} tin, {copper} copper; {area.water} water × "
                       f"{tin + copper} cubes = £{cost} owed (now £{state.lord.owed}); 1 water added.")


def _arsenic_choice(state: State, rules: Rules) -> str | None:
    if not state.module("arsenic"):
        return None
    seat = state.lord.seat
    player = state.players[seat]
    new_limit = min(player.limit, rules.track_columns + 1) - 1
    if new_limit < ARSENIC_FLOOR[state.round - 1] or new_limit <= state.column_of(seat):
        return None
    if not open_spaces(state, rules):
        return None
    with_cubes = [a for a in state.areas if a.owner == seat and a.arsenic]
    if not with_cubes:
        return None
    return max(with_cubes, key=lambda a: (a.arsenic, rules.west_to_east.index(a.id))).id


def process_and_sell(state: State, area_id: str, worth: int, profit: int | None, rules: Rules) -> State:
    """One arsenic cube off his mine, straight onto the market; his limiter moves left for good."""
    seat = state.lord.seat
    player = state.players[seat]
    new_limit = min(player.limit, rules.track_columns + 1) - 1
    space = open_spaces(state, rules)[0]
    market = list(state.market)
    market[space] += 1
    area = state.area(area_id)
    state = with_area(evolve(state, market=tuple(market)), area_id, arsenic=area.arsenic - 1)
    state = with_player(state, seat, limit=new_limit)
    state = with_lord(state, arsenic_money=state.lord.arsenic_money + worth, again=True)
    versus = f"more than the £{profit} mining would make" if profit is not None else "and there is no ore to mine"
    return note(state, f"He processes 1 arsenic at {rules.areas[area_id].name} and sells it for "
                       f"£{space_values(rules)[space]} ({versus}); his limiter moves to column {new_limit}. "
                       "He draws another card.")


# -- emigration ----------------------------------------------------------------------------
def emigration_instead(state: State, action: str, rules: Rules) -> State | None:
    """A miner of his colour in a mine with fewer ore cubes than its capacity emigrates."""
    if not state.module("emigration"):
        return None
    seat = state.lord.seat
    areas = [a for a in state.areas if a.owner == seat and a.miner == seat
             and ore(a) < wallace_capacity(state, a.id, rules)]
    if not areas or work_left(state, seat, rules) < rules.work_costs["emigrate"]:
        return None
    location = next((loc for loc in EMIGRATE_TO[action] if taken(state, loc, state.round) is None), None)
    if location is None:
        return None
    area = min(areas, key=lambda a: (ore(a), rules.west_to_east.index(a.id)))
    before = state.players[seat]
    state = emigrate(state, seat, area.id, location, rules)
    if location == "kimberly":
        amount = rules.emigration["kimberly"]["money"][state.round - 1]
        state = with_player(state, seat, money=before.money, kimberly=0)
        state = with_lord(state, income=state.lord.income + amount)
    name = rules.emigration[location]["name"]
    state = note(state, f"Instead he sends his miner from {rules.areas[area.id].name} "
                        f"({ore(area)} ore, below its capacity) to {name}.")
    return place_michigan(state, rules)


PLANS = {"train": train_plan, "port": port_plan, "miner": miner_plan}


def place_michigan(state: State, rules: Rules) -> State:
    """Michigan pieces go on the map as soon as his rules find a place for them."""
    from .developments import place
    seat = state.lord.seat
    waiting = list(state.players[seat].bonus_pieces)
    for piece in list(waiting):
        if piece == "adit":
            plan = adit_plan(state, rules)
            area, to = plan if plan else (None, None)
        else:
            plan = PLANS[piece](state, rules) if piece != "miner" else _michigan_miner(state, rules)
            area, to = plan, None
        if area is None:
            continue
        state = place(state, piece, area, to, rules, seat, extra=piece == "miner")
        waiting.remove(piece)
        state = note(state, f"He places his Michigan {piece} in {rules.areas[area].name}.")
    return with_player(state, seat, bonus_pieces=tuple(waiting))


def _michigan_miner(state: State, rules: Rules) -> str | None:
    options = [a for a in state.areas if a.owner == state.lord.seat
               and wallace_capacity(state, a.id, rules) < ore(a)]
    return max(options, key=lambda a: (ore(a), -a.water, -rules.west_to_east.index(a.id))).id if options else None


# -- the start of a round ------------------------------------------------------------------
def round_start(state: State, rules: Rules) -> State:
    """Bailing out and shady land purchases, applied as a round begins."""
    lord = state.lord
    state = with_lord(state, steps=())
    if lord.has("bailing-out") and state.round in BAILING_OUT:
        drains = pump_targets(state, BAILING_OUT[state.round], rules)
        for area_id, amount in drains.items():
            state = drain(state, area_id, amount)
        shown = ", ".join(f"{rules.areas[a].name} −{n}" for a, n in drains.items()) or "no mine qualifies"
        state = note(state, f"Bailing out: {shown} water from his mines.")
    if lord.has("shady-land-purchases") and state.round in SHADY_ROUNDS and state.players[lord.seat].mines:
        found = choose_area(state, None, rules)
        if found is not None:
            from .wallace_auction import free_mine
            area_id, reason = found
            state = free_mine(state, area_id, None, rules)
            state = note(state, f"Shady land purchase: he places a mine on {rules.areas[area_id].name} "
                                f"({reason}) for nothing.")
    return state
