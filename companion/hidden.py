"""Dealing hidden cards anew, for the samples a search bot plays (``Game.determinise``)."""

from __future__ import annotations

import random
from typing import Any, Callable, Hashable, Sequence


def redeal(places: Sequence[Sequence[Any]], chooser: random.Random,
           back: Callable[[Any], Hashable] = lambda card: "") -> list[tuple[Any, ...]]:
    """The cards of ``places`` (hands, decks, face-down piles a seat cannot see into) dealt
    anew. Each place keeps its size and, position by position, the back of its card (a card's
    region or deck, which anyone sees); which card of a back lies where is drawn with ``chooser``
    from the pool in sorted order, so the deal depends on the pool and the chooser alone, never
    on where the cards lay."""
    pools: dict[Hashable, list[Any]] = {}
    for place in places:
        for card in place:
            pools.setdefault(back(card), []).append(card)
    for kind in sorted(pools, key=repr):
        pools[kind].sort(key=repr)
        chooser.shuffle(pools[kind])
    return [tuple(pools[back(card)].pop() for card in place) for place in places]


def shuffled(cards: Sequence[Any], chooser: random.Random) -> tuple[Any, ...]:
    """One face-down pile in a new order (drawn from its cards in sorted order)."""
    return redeal([cards], chooser)[0]


def fresh_seed(chooser: random.Random) -> str:
    """A seed for the sample's later draws (dice, cards drawn at random), in place of the
    table's, which no seat may read."""
    return f"sample-{chooser.getrandbits(64):016x}"


__all__ = ["fresh_seed", "redeal", "shuffled"]
