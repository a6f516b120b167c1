"""A table the seat cannot tell from the true one, for the search bot (``Game.determinise``):
what the phone shows is kept; the order of every face-down pile, the contract race's cards
under each stack's top (pooled with the contract draw pile: all are face-down contracts) and
the seed of later draws are dealt anew."""

from __future__ import annotations

import random

from ...frozen import evolve
from ...hidden import fresh_seed, redeal, shuffled
from ..state import State


def determinise(state: State, seat: int, chooser: random.Random) -> State:
    stacks = [player.race[1:] for player in state.players]
    dealt = redeal([state.draw.contracts, *stacks], chooser)
    players = tuple(evolve(player, race=player.race[:1] + stack) if player.race else player
                    for player, stack in zip(state.players, dealt[1:]))
    draw = evolve(state.draw, assets=shuffled(state.draw.assets, chooser),
                  initiatives=shuffled(state.draw.initiatives, chooser), contracts=dealt[0])
    piles = tuple(evolve(pile, draw=shuffled(pile.draw, chooser)) for pile in state.piles)
    return evolve(state, players=players, draw=draw, piles=piles, seed=fresh_seed(chooser))
