"""The first state: money and a dealt hand for each player, the rest of the deck face down."""

from __future__ import annotations

from typing import Sequence

from companion.core import PlayerSpec, rng

from .data import Tables
from .state import Player, State


def new_table(tables: Tables, players: Sequence[PlayerSpec], seed: int) -> State:
    deck = list(tables.deck)
    rng(seed, -1).shuffle(deck)  # the deal: a draw the seed decides, like every later draw
    hands = []
    for _ in players:
        hands.append(tuple(sorted(deck[:tables.hand])))
        del deck[:tables.hand]
    seats = tuple(Player(p.name, tables.starting_money, hand) for p, hand in zip(players, hands))
    return State(seed, seats, tuple(sorted(deck)))
