"""The work track: who is active, what a seat can still afford, moving and passing."""

from __future__ import annotations

from ...errors import NotYourTurn, RuleViolation
from ..data.tables import Rules
from ..state import ACTIONS, State
from ..state.values import evolve


def final_column(state: State, seat: int, rules: Rules) -> int:
    """The last column this seat may reach: column 10, or the one left of its limiter."""
    return min(rules.track_columns, state.players[seat].limit - 1)


def work_left(state: State, seat: int, rules: Rules) -> int:
    column = state.column_of(seat)
    return 0 if column is None else final_column(state, seat, rules) - column


def auction_work(rules: Rules) -> int:
    """Work points needed to start or join an auction: what building a mine costs, even for a
    tile that builds for 1 work point."""
    return rules.work_costs["build_mine"]


def active_seat(state: State) -> int | None:
    """Leftmost column first, then the uppermost disc in it."""
    for column in state.track:
        if column:
            return column[0]
    return None


def require_active(state: State, seat: int) -> None:
    if state.phase != ACTIONS:
        raise NotYourTurn(f"It is not the actions phase (now: {state.phase}).", "Phase 2: Actions")
    active = active_seat(state)
    if active != seat:
        name = state.players[active].name if active is not None else "nobody"
        raise NotYourTurn(f"It is {name}'s turn: the active player is the one furthest left on the work "
                          f"track, uppermost in that column.", "Phase 2: Actions")


def require_work(state: State, seat: int, cost: int, what: str, rules: Rules) -> None:
    left = work_left(state, seat, rules)
    if cost > left:
        raise RuleViolation(f"{what} costs {cost} work point{'s' if cost != 1 else ''} but "
                            f"{state.players[seat].name} has only {left} left.", "Actions: work points")


def advance(state: State, seat: int, cost: int) -> State:
    """Move the disc ``cost`` columns right, below any discs already there."""
    if cost == 0:
        return state
    column = state.column_of(seat)
    track = [tuple(s for s in col if s != seat) for col in state.track]
    track[column + cost] = track[column + cost] + (seat,)
    return evolve(state, track=tuple(track))


def pass_seat(state: State, seat: int) -> State:
    track = tuple(tuple(s for s in col if s != seat) for col in state.track)
    return evolve(state, track=track, passed=state.passed + (seat,))


def forced_passes(state: State, rules: Rules) -> tuple[State, list[int]]:
    """Pass every active seat whose disc sits in its final column: it has no choice."""
    forced = []
    while state.phase == ACTIONS:
        seat = active_seat(state)
        if seat is None or work_left(state, seat, rules) > 0:
            break
        state = pass_seat(state, seat)
        forced.append(seat)
    return state, forced
