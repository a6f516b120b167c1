"""Whole-state checks: everything wrong with a position at once (a hand-entered or imported
state, or a bug), as problems rather than the first exception."""

from __future__ import annotations

from ...errors import Problem
from ..data import KINDS, START, Rules
from ..views.words import square
from . import MineState, add, counts


def problems(rules: Rules, state: MineState) -> list[Problem]:
    found: list[Problem] = []

    def report(field: str, message: str) -> None:
        found.append(Problem("state", None, field, message))

    total = state.bag
    for pos, placed in state.grid:
        where = f"tiles.({pos[0]}, {pos[1]})"
        if placed.design not in rules.designs:
            report(where, f"unknown tile design {placed.design!r}")
            continue
        slots = rules.design(placed.design).slots
        if len(placed.minerals) > slots:
            report(where, f"holds {len(placed.minerals)} minerals on {slots} slots")
        if placed.collapsed and placed.minerals:
            report(where, "is collapsed but still holds minerals")
        total = add(total, counts(placed.minerals))
    for seat, miner in enumerate(state.players):
        total = add(total, miner.haul)
        if miner.pos not in state.tiles:
            report(f"players.{seat}", f"{miner.name} stands {square(miner.pos)}, where there is no tile")
    for kind, have, full in zip(KINDS, total, rules.bag):
        if have != full:
            report("minerals", f"{have} {kind} in the bag, on tiles and with players; the game has {full}")
    if state.tile((0, 0)) is None or state.tiles[(0, 0)].design != START:
        report("tiles.(0, 0)", "the starting tile must lie at (0, 0)")
    if not 0 <= state.turn < len(state.players):
        report("turn", f"seat {state.turn} does not exist")
    return found
