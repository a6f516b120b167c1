"""Collection: gather, advance one space deeper, replace exhausted mines.

Every worker in a mine gathers what its space shows. Then each moves one space deeper if its
owner holds the cage the deeper space needs; one that cannot leaves the mine. When the deepest
worker cannot advance (no deeper space, or no cage) the mine is exhausted: everyone in it goes
home, the card goes under its deck and the next card is turned up.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core import require
from ..data import Catalog
from ..state import BUSINESS, COLLECTION, RES_INDEX, Mine, Player, State, Worker, evolve
from .cards import first_player, take_card, words


def exhausting(cat: Catalog, state: State) -> list[str]:
    """The mines (by resource) this collection will exhaust: they reveal a new card."""
    return [m.res for m in state.mines
            if m.workers and _stuck(cat, state.players, m.card, max(m.workers, key=lambda w: w.depth))]


def _stuck(cat: Catalog, players: tuple[Player, ...], card_id: str, worker: Worker) -> bool:
    card = cat.mines[card_id]
    deeper = worker.depth + 1
    return deeper >= len(card.spaces) or players[worker.seat].cage < card.cages[deeper]


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
            if deeper >= len(card.spaces) or p.cage < card.cages[deeper]:
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
    if _stuck(cat, before, mine.card, max(mine.workers, key=lambda w: w.depth)):
        for w in mine.workers:
            players[w.seat].home += 1
        wanted = next((c for c in turned if c in cat.mines and cat.mines[c].res == mine.res), None)
        new, deck = take_card(mine.deck + (mine.card,), wanted, f"{mine.res} mine")
        return evolve(mine, card=new, workers=(), deck=deck)
    kept = []
    for w in mine.workers:
        deeper = w.depth + 1
        if before[w.seat].cage >= card.cages[deeper]:
            kept.append(Worker(w.seat, deeper))
        else:
            players[w.seat].home += 1
    return evolve(mine, workers=tuple(kept))
