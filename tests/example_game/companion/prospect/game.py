"""Prospect as a ``Game``: the parts bound to one data folder."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.core import Action, Game, Option, Outcome, PlayerSpec, ScoreSheet

from . import bots, options, scoring, views
from .data import load
from .moves import MOVES
from .setup import new_table
from .state import State, from_json, problems, to_json


class Prospect(Game):
    id = "prospect"
    name = "Prospect"
    players = (2, 4)
    moves = MOVES
    bot_names = ("random", "heuristic")
    taken_name = "claims"

    def load(self, data_dir: str | None):
        return load(data_dir)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> State:
        return new_table(self.data, players, seed)

    def end_if(self, state: State) -> Outcome | None:
        if not self.is_over(state):
            return None
        return self.score(state).outcome(f"{self.data.rounds} rounds played")

    def score(self, state: State) -> ScoreSheet:
        return scoring.score(self, state)

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        return scoring.score_file(self, data)

    def to_json(self, state: State) -> dict:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)

    def problems(self, state: State) -> list:
        return problems(state)

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(self, state, seat)

    def describe(self, before: State, action: Action, after: State) -> str:
        return views.describe(self, before, action, after)

    def turn_phrase(self, state: State, seat: int) -> str | None:
        return views.turn_phrase(self, state, seat)

    def options(self, state: State, seat: int | None) -> list[Option]:
        return options.options(self, state, seat)

    def acting_seats(self, state: State) -> tuple[int, ...]:
        return () if self.is_over(state) else (state.turn,)

    def bot_step(self, state: State, seat: int, bot: str, chooser) -> tuple[dict, State] | None:
        return bots.bot_set(self).step(state, seat, bot, chooser)

    def taken(self, state: State) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(self.data.claims[c].name for c in p.staked) for p in state.players)

    def round_of(self, state: State) -> int:
        return state.round
