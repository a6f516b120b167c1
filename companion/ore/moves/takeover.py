"""A failed contract row offered around the table, clockwise from the player who failed it: the
first to take it over fills that row now and holds the contract; when all decline it is discarded."""

from __future__ import annotations

from typing import Mapping

from ...core import require
from ...errors import NotYourTurn
from ...frozen import evolve
from ..state import Held, Offer, State
from .contracts import choose_barrels, complete_if_done, fill_row, return_barrels

RULE = "Market: takeover"


def _offer(state: State, seat: int) -> Offer:
    require(bool(state.takeover), "No failed contract is on offer.", RULE)
    offer = state.takeover[0]
    if offer.offers[0] != seat:
        raise NotYourTurn(f"{state.name(offer.offers[0])} decides first on contract #{offer.number}.", RULE)
    return offer


def check_take_over(game, state: State, action: Mapping) -> list[str]:
    """The barrels the row takes (refused when the player lacks them)."""
    seat = action["seat"]
    offer = _offer(state, seat)
    row = game.data.contracts[offer.number].rows[offer.row]
    return choose_barrels(state.players[seat].barrels.counts(), row, action.get("barrels"))


def take_over(game, state: State, action: Mapping) -> State:
    barrels = check_take_over(game, state, action)
    seat = action["seat"]
    offer = state.takeover[0]
    held = Held(offer.number, offer.done, offer.barrels, state.round)
    state, held = fill_row(game.data, state, seat, seat, held, offer.row, barrels)
    state = evolve(state, takeover=state.takeover[1:])
    return complete_if_done(game.data, state, seat, held)


def check_decline(game, state: State, action: Mapping) -> None:
    _offer(state, action["seat"])


def decline(game, state: State, action: Mapping) -> State:
    offer = _offer(state, action["seat"])
    if len(offer.offers) > 1:
        return evolve(state, takeover=(evolve(offer, offers=offer.offers[1:]),) + state.takeover[1:])
    state = return_barrels(evolve(state, takeover=state.takeover[1:]), offer.barrels)
    return evolve(state, discard=evolve(state.discard, contracts=state.discard.contracts + (offer.number,)))


__all__ = ["RULE", "check_decline", "check_take_over", "decline", "take_over"]
