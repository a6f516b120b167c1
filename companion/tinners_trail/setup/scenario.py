"""Build a position directly, for tests and for teaching screens: start from a normal setup
and override only what the scene needs (instead of replaying a whole game)."""

from __future__ import annotations

from typing import Mapping, Sequence

from ...core import PlayerSpec
from ..data.tables import Rules
from ..setup import setup
from ..state import ACTIONS, Area, State, with_player
from ..state.values import evolve


def position(names: Sequence[str], rules: Rules, *, variant: str = "base", seed: int = 1, round: int = 1,
             phase: str = ACTIONS, tin_column: int | None = 1, copper_column: int | None = 1,
             track: Mapping[int, Sequence[int]] | None = None, passed: Sequence[int] = (),
             players: Mapping[int, Mapping] | None = None, areas: Mapping[str, Mapping] | None = None,
             decks: Mapping[str, Sequence[str]] | None = None) -> State:
    """A table of ``names`` with every area empty except ``areas``, no cards in hand unless
    given in ``players``, and discs where ``track`` puts them (default: all in column 0)."""
    state = setup([PlayerSpec(n) for n in names], variant, seed, rules)
    columns = [[] for _ in range(rules.track_columns + 1)]
    if track is None:
        columns[0] = [s for s in state.seats if s not in passed]
    else:
        for column, seats in track.items():
            columns[column] = list(seats)
    state = evolve(state, phase=phase, round=round, tin_column=tin_column, copper_column=copper_column,
                    track=tuple(tuple(c) for c in columns), passed=tuple(passed),
                    areas=tuple(Area(a.id) for a in state.areas))
    for seat in state.seats:
        state = with_player(state, seat, hand=(), drawn=())
    for seat, changes in (players or {}).items():
        state = with_player(state, seat, **{k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()})
    for area_id, changes in (areas or {}).items():
        state = evolve(state, areas=tuple(evolve(a, **changes) if a.id == area_id else a for a in state.areas))
    if decks is not None:
        state = evolve(state, decks=tuple(sorted((r, tuple(c)) for r, c in decks.items())))
    return state
