"""The flow of a turn: which phase comes next, steps nothing can be decided in, the end of a
turn and of the game.

Rules for actions only change what the action changes and name the next phase; ``settle``
then skips phases with no decision in them and watches the three end conditions.
"""

from __future__ import annotations

from ...errors import NotYourTurn
from ..data import Rules
from ..state import MineState
from . import advanced, dice, mine

ENDINGS = {
    "no-viable-placement": "every track is stopped: no tile can be laid anywhere",
    "no-tiles-left": "the last tile has been drawn",
    "bag-empty": "the mineral bag is empty",
}


def ending_reason(rules: Rules, state: MineState) -> str | None:
    if not mine.any_open_end(rules, state):
        return "no-viable-placement"
    if not state.pile:
        return "no-tiles-left"
    if sum(state.bag) == 0:
        return "bag-empty"
    return None


def watch_end(rules: Rules, state: MineState) -> MineState:
    """The first time an end condition holds, the final turns are set: once the turn in progress
    ends, every player has one more turn, starting from the first player (``final_round``)."""
    if state.ending is not None or state.phase == "over":
        return state
    reason = ending_reason(rules, state)
    if reason is None:
        return state
    return state.evolve(ending=reason, final_round=state.round + 1)


def can_draw(rules: Rules, state: MineState) -> bool:
    return bool(state.pile) and any(mine.open_ends(rules, state, a) for a in state.anchors)


def final_turn(state: MineState) -> bool:
    """Whether the turn in progress is its player's final turn."""
    return state.final_round is not None and state.round >= state.final_round


def begin_turn(rules: Rules, state: MineState) -> MineState:
    me = state.current
    placed = state.tile(me.pos)
    fresh = dict(die_a=None, die_b=None, placed=False, drawn=None, effect=None, effect_at=None)
    if placed is not None and placed.collapsed:
        return state.evolve(phase="clear", anchors=(), **fresh)
    anchors = (me.pos,) if mine.at_open_end(rules, state, me.pos) else ()
    return state.evolve(phase="start", anchors=anchors, **fresh)


def end_turn(rules: Rules, state: MineState) -> MineState:
    state = state.with_player(state.turn, started=True)
    nxt = (state.turn + 1) % len(state.players)
    round_ = state.round + (1 if nxt == state.first else 0)
    if state.final_round is not None and state.round < state.final_round:
        # The ending came during this turn: the rest of the round is not played; the final
        # turns start now, from the first player.
        nxt, round_ = state.first, state.final_round
    elif state.final_round is not None and round_ > state.final_round:
        return state.evolve(phase="over", anchors=(), drawn=None, effect=None, effect_at=None)
    return begin_turn(rules, state.evolve(turn=nxt, round=round_))


def _auto(rules: Rules, state: MineState) -> MineState | None:
    """The next state when the current phase holds no decision, else None."""
    phase = state.phase
    if phase == "done":
        return end_turn(rules, state)
    if phase in ("start", "extra") and not can_draw(rules, state):
        return state.evolve(phase="roll", anchors=())
    if phase == "effect" and not advanced.has_choice(rules, state):
        return advanced.let_pass(rules, state)
    if phase == "die_a" and not dice.targets(rules, state):
        return state.evolve(phase="move")
    if phase == "mine":
        here = state.tile(state.current.pos)
        if here is None or here.collapsed or not here.minerals:
            return state.evolve(phase="done")
    return None


def settle(rules: Rules, state: MineState) -> MineState:
    for _ in range(64):
        state = watch_end(rules, state)
        nxt = _auto(rules, state)
        if nxt is None:
            return state
        state = nxt
    raise AssertionError("turn flow did not settle")


def check_turn(state: MineState, seat: int) -> None:
    """Only the player whose turn it is acts (core has checked that the seat exists)."""
    if seat != state.turn:
        raise NotYourTurn(f"It is {state.current.name}'s turn, not {state.players[seat].name}'s.", "turn order")
