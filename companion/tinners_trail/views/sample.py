"""A table the seat cannot tell from the true one, for the search bot (``Game.determinise``):
what the seat's phone shows is kept; the other players' survey cards, the two-player survey
decks and Lord Wallace's (pooled, each card keeping its region, which its back shows), the
face-down tiles the seat has not looked at (each keeping its region), his action deck and the
seed of later draws are dealt anew."""

from __future__ import annotations

import random

from ...frozen import evolve
from ...hidden import fresh_seed, redeal, shuffled
from ..data.tables import Rules
from ..state import State


def determinise(state: State, seat: int, chooser: random.Random, rules: Rules) -> State:
    state = _cards(state, seat, chooser, rules)
    state = _tiles(state, seat, chooser, rules)
    if state.lord is not None:
        state = evolve(state, lord=evolve(state.lord, deck=shuffled(state.lord.deck, chooser)))
    return evolve(state, seed=fresh_seed(chooser))


def _cards(state: State, seat: int, chooser: random.Random, rules: Rules) -> State:
    others = [s for s in state.seats if s != seat]
    places = [state.players[s].hand for s in others] + [state.players[s].drawn for s in others]
    places += [cards for _, cards in state.decks]
    lord = state.lord
    if lord is not None:
        places.append(lord.survey)
    dealt = redeal(places, chooser, lambda card: rules.cards[card].regions)
    players = list(state.players)
    for index, s in enumerate(others):
        players[s] = evolve(players[s], hand=dealt[index], drawn=dealt[len(others) + index])
    rest = dealt[2 * len(others):]
    decks = tuple((region, cards) for (region, _), cards in zip(state.decks, rest))
    state = evolve(state, players=tuple(players), decks=decks)
    if lord is not None:
        state = evolve(state, lord=evolve(lord, survey=rest[-1]))
    return state


def _tiles(state: State, seat: int, chooser: random.Random, rules: Rules) -> State:
    unseen = [i for i, area in enumerate(state.areas) if area.tile and not area.face_up and seat not in area.peeks]
    dealt = redeal([(state.areas[i].tile,) for i in unseen], chooser, lambda tile: rules.tiles[tile].region)
    areas = list(state.areas)
    for i, (tile,) in zip(unseen, dealt):
        areas[i] = evolve(areas[i], tile=tile)
    return evolve(state, areas=tuple(areas))
