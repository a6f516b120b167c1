"""Moving from phase to phase once nobody has a decision left in the current one, and whose
decision the table waits for."""

from __future__ import annotations

from ...frozen import evolve
from ..data import Catalog
from ..state import FRESH_ROUND, Decision, State
from .acquisition import build_queue
from .bank import asset_effects, order_from
from .collection import collect
from .placement import advance


def settle(cat: Catalog, state: State) -> State:
    """``state`` after everything that follows by itself: collection once the last miner is
    placed, the next phase once a phase's decisions are all made, the next round after relief."""
    while True:
        after = _next_phase(cat, state)
        if after is None:
            return state
        state = after


def _next_phase(cat: Catalog, state: State) -> State | None:
    phase = state.phase
    count = len(state.players)
    if phase == "placement" and state.turn is None:
        order = order_from(state.start, count)
        return evolve(collect(cat, state), phase="market", market_order=order, turn=order[0])
    if phase == "market" and not state.takeover and not state.market_order:
        queue = tuple(Decision(s, "subcontract") for s in order_from(state.start, count)
                      if asset_effects(cat, state, s, "subcontract"))
        return evolve(state, phase="subcontract", turn=None, queue=queue)
    if phase == "subcontract" and not state.queue:
        return evolve(state, phase="acquisition", queue=build_queue(cat, state))
    if phase == "acquisition" and not state.queue:
        return evolve(state, asset_track=(), contract_track=(), phase="replenish")
    if phase == "relief" and all(p.round.relief_done for p in state.players):
        return _end_of_round(state)
    return None


def _end_of_round(state: State) -> State:
    end = state.end
    if state.variant == "contract-race":
        for p in state.players:
            if not p.race and not p.contracts:
                end = (end or ()) + (f"{p.name} has no contract left",)
    if end:
        return evolve(state, end=end, phase="over")
    return new_round(evolve(state, end=end))


def waiting_for(state: State) -> tuple[int, ...]:
    """Seats whose decision the table is waiting for (relief: everyone not finished)."""
    phase = state.phase
    if phase == "placement":
        return () if state.turn is None else (state.turn,)
    if phase == "market":
        return (state.takeover[0].offers[0],) if state.takeover else (state.turn,)
    if phase in ("subcontract", "acquisition"):
        return (state.queue[0].seat,) if state.queue else ()
    if phase == "replenish":
        return (state.start,)
    if phase == "relief":
        return tuple(s for s, p in enumerate(state.players) if not p.round.relief_done)
    return ()


def new_round(state: State) -> State:
    state = evolve(state, round=state.round + 1, phase="placement", contract_taken=False, queue=(),
                   players=tuple(evolve(p, round=FRESH_ROUND) for p in state.players), turn=state.start)
    if state.free_miners(state.start) == 0:
        return advance(state)
    return state


__all__ = ["new_round", "settle", "waiting_for"]
