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


def _opening(rules: Rules, state: MineState, seat: int) -> dict:
    """What a turn of ``seat`` starts with: clearing when the piece stands on a collapsed tile,
    else the start, with the tile it stands on to lay a tile against when the track runs out there."""
    pos = state.players[seat].pos
    placed = state.tile(pos)
    fresh = dict(die_a=None, die_b=None, placed=False, drawn=None, effect=None, effect_at=None, owed=())
    if placed is not None and placed.collapsed:
        return dict(phase="clear", anchors=(), **fresh)
    return dict(phase="start", anchors=(pos,) if mine.at_open_end(rules, state, pos) else (), **fresh)


def begin_turn(rules: Rules, state: MineState) -> MineState:
    return state.evolve(**_opening(rules, state, state.turn))


def end_turn(rules: Rules, state: MineState) -> MineState:
    players = list(state.players)
    players[state.turn] = players[state.turn].evolve(started=True)
    nxt = (state.turn + 1) % len(players)
    round_ = state.round + (1 if nxt == state.first else 0)
    if state.final_round is not None and state.round < state.final_round:
        # The ending came during this turn: the rest of the round is not played; the final
        # turns start now, from the first player.
        nxt, round_ = state.first, state.final_round
    elif state.final_round is not None and round_ > state.final_round:
        return state.evolve(players=tuple(players), phase="over", anchors=(), drawn=None, effect=None,
                            effect_at=None)
    return state.evolve(players=tuple(players), turn=nxt, round=round_, **_opening(rules, state, nxt))


def _auto(rules: Rules, state: MineState) -> MineState | None:
    """The next state when the current phase holds no decision, else None."""
    phase = state.phase
    if phase == "done":
        return end_turn(rules, state)
    if phase == "roll" and state.owed:  # a Porous rock's next extra tile, once the one before is laid
        return advanced.next_owed(state)
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
