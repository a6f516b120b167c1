"""Whose move the table waits for: the seats acting now, and Lord Wallace's move when it is his."""

from __future__ import annotations

from ..moves.track import active_seat
from ..state import ACTIONS, AUCTION, BUILD, INVEST, PEEK, PRICES, SURVEY, State
from ..state.wallace import printed


def lord_action(state: State) -> str | None:
    """The action that plays Lord Wallace now, if the table waits for him."""
    if state.lord is None:
        return None
    if state.phase == ACTIONS and active_seat(state) == state.lord.seat:
        return "wallace_turn"
    if state.phase == AUCTION and state.auction.turn == state.lord.seat:
        return "wallace_bid"
    return None


def to_act(state: State) -> list[int]:
    """Seats the table is waiting for (every seat may roll the prices). While Lord Wallace is
    to play, the table waits for him (the game plays him), or with the printed cards for the
    player, who enters the card drawn for him."""
    if lord_action(state):
        return [1 - state.lord.seat if printed(state) else state.lord.seat]
    phase = state.phase
    if phase == ACTIONS:
        seat = active_seat(state)
        return [] if seat is None else [seat]
    if phase == AUCTION:
        return [state.auction.turn]
    if phase == SURVEY:
        return [s for s in state.seats if state.players[s].drawn]
    if phase == PRICES:
        return list(state.seats)
    if phase == BUILD:
        return [state.won.winner]
    if phase == INVEST:
        return [state.invest_turn]
    if phase == PEEK:
        return [state.peekers[0]]
    return []
