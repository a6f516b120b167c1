"""The new table a setup deals: shuffled decks, the contract row's and overtime's spaces for the
number of players, and each player's money, cube of every resource in play and workers."""

from __future__ import annotations

import random
from typing import Sequence

from .data import RESOURCES, Catalog
from .state import Mine, Player, State


def kinds(players: int) -> tuple[str, ...]:
    """Resources in play: copper stays in the box with two players."""
    return tuple(r for r in RESOURCES if players > 2 or r != "copper")


def new_player(name: str, colour: str, money: int, cubes: Sequence[str], workers: int) -> Player:
    return Player(name, colour, money, tuple(1 if r in cubes else 0 for r in RESOURCES), workers, workers)


def new_table(cat: Catalog, names: Sequence[str], seed: int) -> State:
    count = len(names)
    rng = random.Random(f"{seed}/setup")
    n = cat.numbers
    in_play = kinds(count)
    mines = {r: sorted(m.id for m in cat.mines.values() if m.res == r) for r in in_play}
    contracts = sorted(c.id for c in cat.contracts.values() if count > 2 or c.two_player)
    buildings = [b for b in cat.building_copies() if count > 2 or cat.building(b).two_player]
    for deck in list(mines.values()) + [contracts, buildings]:
        rng.shuffle(deck)
    return State(
        seed=seed, players=tuple(new_player(name, n.colours[i], n.first_money + n.money_step * i, in_play, n.workers)
                                 for i, name in enumerate(names)),
        mines=tuple(Mine(r, deck=tuple(mines[r])) for r in in_play),
        row=(None,) * n.contract_row[count], contract_spaces=(None,) * n.contract_row[count],
        overtime=(None,) * n.overtime_spaces[count], contract_deck=tuple(contracts), building_deck=tuple(buildings),
        drills=n.drill_bits, temps=n.temp_workers)
