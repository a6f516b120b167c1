"""Collection: gather, advance one space deeper, replace exhausted mines.

Every worker in a mine gathers what its space shows. Then each moves one space deeper if its
owner holds the cage the deeper space needs; one that cannot leaves the mine. When the deepest
worker cannot advance (no deeper space, or no cage) the mine is exhausted: everyone in it goes
home, the card goes under its deck and the next card is turned up.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core import require
from ...frozen import evolve
from ...ore_rules.descent import descend
from ..data import Catalog
from ..state import BUSINESS, COLLECTION, RES_INDEX, Mine, Player, State, Worker
from .cards import first_player, take_card, words


def exhausting(cat: Catalog, state: State) -> list[str]:
    """The mines (by resource) this collection will exhaust: they reveal a new card."""
    return [m.res for m in state.mines if m.workers and _descend(cat, state.players, m)[1]]


def _descend(cat: Catalog, players: tuple[Player, ...], mine: Mine) -> tuple[tuple[int | None, ...], bool]:
    """Where each of the mine's workers goes down to (None: home), and whether the mine is
    exhausted (``ore_rules.descent``: a space reaches when it exists and the owner's cage is
    deep enough)."""
    card = cat.mines[mine.card]
    return descend([(w.seat, w.depth) for w in mine.workers],
                   lambda seat, space: card.reaches(space, players[seat].cage))


def collect(game: Any, state: State, action: Mapping[str, Any]) -> State:
    """Run the whole collection phase."""
    first_player(state, action["seat"])
    require(state.phase == COLLECTION, "Collection follows once every worker is placed.", "Collection")
    cat = game.data
    turned = words(action.get("cards"))
    players = [_Counts(p) for p in state.players]
    mines = tuple(_work(cat, state.players, players, mine, turned) for mine in state.mines)
    state = evolve(state, mines=mines)
    decks = {m.res: m.deck for m in mines}
    temps = state.temps
    for seat, p in enumerate(state.players):
        if p.private is not None:
            card = cat.mines[p.private.card]
            players[seat].cubes[RES_INDEX[card.res]] += card.spaces[p.private.depth]
            deeper = p.private.depth + 1
            if not card.reaches(deeper, p.cage):
                decks[card.res] += (p.private.card,)
                players[seat].private = None
                temps += 1
            else:
                players[seat].private = evolve(p.private, depth=deeper)
    mines = tuple(evolve(m, deck=decks[m.res]) for m in mines)
    return evolve(state, mines=mines, temps=temps, phase=BUSINESS,
                   players=tuple(c.player(p) for c, p in zip(players, state.players)))


class _Counts:
    """What the collection changes of one player, gathered before the new ``Player`` is made."""

    def __init__(self, p: Player):
        self.cubes = list(p.cubes)
        self.home = p.home
        self.private = p.private

    def player(self, p: Player) -> Player:
        return evolve(p, cubes=tuple(self.cubes), home=self.home, private=self.private, done=False)


def _work(cat: Catalog, before: tuple[Player, ...], players: list[_Counts], mine: Mine, turned: list[str]) -> Mine:
    """One mine's collection: every worker gathers, then moves deeper, leaves, or the mine is spent."""
    card = cat.mines[mine.card] if mine.card else None
    for w in mine.workers:
        players[w.seat].cubes[RES_INDEX[mine.res]] += card.spaces[w.depth]
    if not mine.workers:
        return mine
    depths, exhausted = _descend(cat, before, mine)
    for w, depth in zip(mine.workers, depths):
        if depth is None:
            players[w.seat].home += 1
    if exhausted:
        wanted = next((c for c in turned if c in cat.mines and cat.mines[c].res == mine.res), None)
        new, deck = take_card(mine.deck + (mine.card,), wanted, f"{mine.res} mine")
        return evolve(mine, card=new, workers=(), deck=deck)
    return evolve(mine, workers=tuple(Worker(w.seat, depth) for w, depth in zip(mine.workers, depths)
                                      if depth is not None))
