"""A table the seat cannot tell from the true one, for the search bot (``Game.determinise``):
what the seat's phone shows is kept; the territory deck's order, the other players' action
cards (pooled with the action decks, each card keeping its corporation, which its back shows),
the targets under each pile's top (pooled within their tier), the incentive pile and the seed
of later draws are dealt anew."""

from __future__ import annotations

import random

from ...hidden import fresh_seed, redeal, shuffled
from ..data import Catalog
from ..state import ArdState, replace


def determinise(cat: Catalog, s: ArdState, seat: int, chooser: random.Random) -> ArdState:
    others = [q for q in range(len(s.players)) if q != seat]
    dealt = redeal([s.players[q].actions for q in others] + [cards for _, cards in s.action_decks], chooser,
                   lambda card: cat.actions[card].corporation)
    players = list(s.players)
    for q, hand in zip(others, dealt):
        players[q] = replace(players[q], actions=hand)
    decks = tuple((corp, cards) for (corp, _), cards in zip(s.action_decks, dealt[len(others):]))
    grid = []
    for tier, piles in s.grid:
        under = redeal([pile[:-1] for pile in piles], chooser)
        grid.append((tier, tuple(low + pile[-1:] for low, pile in zip(under, piles))))
    return replace(s, players=tuple(players), action_decks=decks, grid=tuple(grid),
                   territory_deck=shuffled(s.territory_deck, chooser), incentives=shuffled(s.incentives, chooser),
                   seed=fresh_seed(chooser))
