"""A new game: the piles for the player count and variant, the full bag, the first player."""

from __future__ import annotations

from typing import Sequence

from ..core import PlayerSpec, rng
from .data import START, Rules
from .moves import turn
from .state import Miner, MineState, Placed

SETUP_STEP = -1  # the first player is drawn before any action, from its own stream


def pile_for(rules: Rules, players: int, variant: str) -> tuple[str, ...]:
    """Tiles in play: only the markings for this player count; no icons in the basic game."""
    markings = rules.markings[players]
    pile: list[str] = []
    for design in rules.designs.values():
        if design.id == START or design.players not in markings:
            continue
        if variant == "basic" and design.icon:
            continue
        pile.extend([design.id] * design.qty)
    return tuple(sorted(pile))


def new_game(rules: Rules, players: Sequence[PlayerSpec], variant: str, seed: int | str,
             first: int | None = None) -> MineState:
    if first is None:
        first = rng(seed, SETUP_STEP).randrange(len(players))
    miners = tuple(Miner(p.name, (0, 0), (0, 0, 0), False, p.bot) for p in players)
    state = MineState(players=miners, grid=(((0, 0), Placed(START, 0)),), pile=pile_for(rules, len(players), variant),
                      bag=rules.bag, variant=variant, seed=seed, first=first, turn=first,
                      note=f"{players[first].name} plays first")
    return turn.settle(rules, turn.begin_turn(rules, state))
