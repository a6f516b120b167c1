"""Phase 1: the ore prices from three dice, with last round's carry-over."""

from __future__ import annotations

from typing import Sequence

from ...core import rng
from ...errors import NotYourTurn, RuleViolation
from ..data.tables import ORES, Rules
from ..state import ACTIONS, PRICES, State, with_area, with_player
from ..state.values import evolve


def modifier(old_column: int | None, columns: int = 4) -> int:
    """+1 after a price in the lowest column, −1 after one in the highest."""
    if old_column is None:
        return 0
    if old_column == 0:
        return 1
    if old_column == columns - 1:
        return -1
    return 0


def column_for(total: int, rules: Rules) -> int:
    """The ore-price table column a (modified) dice total falls in."""
    column = 0
    for index, low in enumerate(rules.column_from):
        if total >= low:
            column = index
    return column


def price(ore: str, column: int | None, rules: Rules) -> int:
    return 0 if column is None else rules.prices[ore][column]


def roll(state: State, rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    generator = rng(state.seed, state.step)
    faces = list(rules.dice.values())
    return tuple(generator.choice(f) for f in faces), tuple(generator.choice(f) for f in faces)


def check_faces(ore: str, values: Sequence[int], rules: Rules) -> None:
    names = list(rules.dice)
    if len(values) != len(names):
        raise RuleViolation(f"Enter the {ore} roll as {len(names)} dice ({', '.join(names)}).",
                            "Phase 1: Set ore prices")
    for name, value in zip(names, values):
        if value not in rules.dice[name]:
            raise RuleViolation(f"The {name} die has no face {value}; its faces are "
                                f"{', '.join(map(str, rules.dice[name]))}.", "Phase 1: Set ore prices")


def check_set_prices(state: State, tin_dice: Sequence[int], copper_dice: Sequence[int], rules: Rules) -> None:
    if state.phase != PRICES:
        raise RuleViolation("Ore prices are set at the start of a round, not now.", "Phase 1: Set ore prices")
    check_faces("tin", tin_dice, rules)
    check_faces("copper", copper_dice, rules)


def check_roll(state: State) -> None:
    if state.phase != PRICES:
        raise NotYourTurn("Ore prices are rolled at the start of a round.", "Phase 1: Set ore prices")


def roll_prices(state: State, rules: Rules) -> State:
    """The dice rolled by the table's seed: the same roll whoever taps."""
    check_roll(state)
    tin, copper = roll(state, rules)
    return set_prices(state, tin, copper, rules)


def set_prices(state: State, tin_dice: Sequence[int], copper_dice: Sequence[int], rules: Rules) -> State:
    """Apply a roll: prices, Kimberly income and the permanent steam pumps of earlier rounds."""
    check_set_prices(state, tin_dice, copper_dice, rules)
    columns = {}
    for ore, dice in zip(ORES, (tin_dice, copper_dice)):
        old = state.tin_column if ore == "tin" else state.copper_column
        columns[ore] = column_for(sum(dice) + modifier(old, len(rules.column_from)), rules)
    state = evolve(state, tin_column=columns["tin"], copper_column=columns["copper"],
                    dice=(tuple(tin_dice), tuple(copper_dice)), phase=ACTIONS)
    for seat, player in enumerate(state.players):
        if player.kimberly:
            state = with_player(state, seat, money=player.money + player.kimberly)
    if state.round > 1:
        for area in state.areas:
            if area.pump and area.water:
                state = with_area(state, area.id, water=area.water - 1)
    return state
