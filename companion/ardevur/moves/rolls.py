"""The rulebook's roll-offs: "first to a 64" (everyone rolls until someone rolls a 64 alone;
several 64s roll again among themselves) and "highest roll" (ties roll again); and one roll of
the die (a global sale's)."""

from __future__ import annotations

import random
from typing import Sequence

from ..data import Catalog
from ..state import Rolls


def roll(r: random.Random, cat: Catalog) -> int:
    return int(r.choice(cat.numbers.faces))


def _rolled(r: random.Random, cat: Catalog, group: Sequence[int]) -> dict[int, int]:
    return {seat: roll(r, cat) for seat in group}


def first_to_64(r: random.Random, cat: Catalog, seats: Sequence[int]) -> tuple[int, tuple[Rolls, ...]]:
    """The seat that alone rolls the highest face, and every round of rolls it took."""
    top = max(cat.numbers.faces)
    group, log = list(seats), []
    while True:
        rolls = _rolled(r, cat, group)
        log.append(tuple(sorted(rolls.items())))
        hits = [seat for seat, face in rolls.items() if face == top]
        if len(hits) == 1:
            return hits[0], tuple(log)
        if hits:
            group = hits


def highest(r: random.Random, cat: Catalog, seats: Sequence[int]) -> tuple[int, tuple[Rolls, ...]]:
    """The seat with the highest roll (ties roll again), and every round of rolls it took."""
    group, log = list(seats), []
    while len(group) > 1:
        rolls = _rolled(r, cat, group)
        log.append(tuple(sorted(rolls.items())))
        best = max(rolls.values())
        group = [seat for seat, face in rolls.items() if face == best]
    return group[0], tuple(log)


__all__ = ["first_to_64", "highest", "roll"]
