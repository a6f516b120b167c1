"""Developments: miners, ports, trains, adits and steam pumps, and the water they remove.

Placement rules are shared by the development actions, survey cards and Michigan's pieces.
"""

from __future__ import annotations

from ...errors import RuleViolation
from ..data.tables import PIECES, Rules
from ..state import SUPPLY_MINER, State, with_area
from ..state.values import evolve

RULE = "Development actions"


def drain(state: State, area_id: str, amount: int) -> State:
    """Remove water from a mine (never below 0) or leave drainage tokens where no mine stands."""
    area = state.area(area_id)
    if area.owner is None:
        return with_area(state, area_id, drainage=area.drainage + amount)
    return with_area(state, area_id, water=max(0, area.water - amount))


def placement_error(state: State, piece: str, area_id: str, to: str | None, rules: Rules,
                    seat: int | None = None, own: bool = False, extra: bool = False) -> str | None:
    """Why ``piece`` cannot go there (None when it can)."""
    if area_id not in rules.areas:
        return f"There is no area {area_id!r}."
    area = state.area(area_id)
    info = rules.areas[area_id]
    if piece == "miner":
        if own and area.owner != seat:
            return f"Your own miner goes only in an area with your own mine; {info.name} is not yours."
        if not extra and area.miner is not None:
            return f"{info.name} already has a miner; an area holds one miner."
        return None
    if piece == "port":
        if not info.coastal:
            return f"{info.name} is inland; ports go only in areas on the coast."
        if area.port:
            return f"{info.name} already has a port; an area holds one port."
        return None
    if piece == "train":
        return f"{info.name} already has a train; an area holds one train." if area.train else None
    if piece == "adit":
        if to is None or to not in rules.areas:
            return "An adit joins two neighbouring areas: name the second area."
        border = rules.border(area_id, to)
        if border not in rules.adit_borders:
            return f"{info.name} and {rules.areas[to].name} share no border an adit can cross."
        if border in state.adits:
            return f"The border {info.name}–{rules.areas[to].name} already has an adit; a border holds one."
        return None
    return f"Unknown development {piece!r}; developments are {', '.join(PIECES)} and steam pumps."


def place(state: State, piece: str, area_id: str, to: str | None, rules: Rules, seat: int | None = None,
          own: bool = False, extra: bool = False) -> State:
    """Put a piece on the map and apply its effect (checked first)."""
    problem = placement_error(state, piece, area_id, to, rules, seat, own, extra)
    if problem is not None:
        raise RuleViolation(problem, RULE)
    return put(state, piece, area_id, to, rules, seat, own, extra)


def put(state: State, piece: str, area_id: str, to: str | None, rules: Rules, seat: int | None = None,
        own: bool = False, extra: bool = False) -> State:
    """Put a piece on the map where ``placement_error`` allows it and apply its effect."""
    area = state.area(area_id)
    if piece == "miner":
        if extra:
            return with_area(state, area_id, extra_miners=area.extra_miners + 1)
        return with_area(state, area_id, miner=seat if own else SUPPLY_MINER)
    if piece == "port":
        return drain(with_area(state, area_id, port=True), area_id, 1)
    if piece == "train":
        state = drain(with_area(state, area_id, train=True), area_id, 2)
        for neighbour in rules.neighbours[area_id]:
            state = drain(state, neighbour, 1)
        return state
    border = rules.border(area_id, to)
    state = evolve(state, adits=tuple(sorted(state.adits + (border,))))
    for side in border:
        state = drain(state, side, 1)
        a = state.area(side)
        state = with_area(state, side, tin=a.tin + 1, copper=a.copper + 1)
    return state


def capacity(state: State, area_id: str, rules: Rules) -> int:
    area = state.area(area_id)
    return (rules.extraction_base + (area.miner is not None) + area.extra_miners + area.port + area.train)


def available_pump_group(state: State) -> int | None:
    """Index of the rightmost steam-pump group open this round, or None."""
    for index in range(len(state.pumps) - 1, -1, -1):
        round_, _, taken = state.pumps[index]
        if round_ <= state.round and not taken:
            return index
    return None
