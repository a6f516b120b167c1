"""Ore: The Mining Game as a ``Game`` bound to one data folder: the moves table on the core
skeleton, with the phase flow (``moves.flow``) as what follows each move by itself."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from .. import search
from ..core import Action, Game, Option, Outcome, PlayerSpec, ScoreSheet
from ..errors import BadAction, RuleViolation
from . import bots, views
from .data import Catalog, load
from .moves import MOVES
from .moves.flow import settle, waiting_for
from .options import options_for
from .scoring import holdings, score
from .scoring.file import score_file
from .setup import VARIANTS, new_table
from .state import State
from .state.codec import from_json, to_json
from .state.problems import table_problems
from .views.log import describe_action
from .views.sample import determinise


class Ore(Game):
    id = "ore"
    name = "Ore: The Mining Game"
    players = (3, 5)
    variants = VARIANTS
    moves = MOVES
    bot_names = bots.NAMES
    taken_name = "assets"

    data: Catalog

    def load(self, data_dir: str | None) -> Catalog:
        return load(data_dir)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> State:
        problem = self.check_setup(players, variant)
        if problem:
            raise BadAction(problem)
        return new_table(self.data, players, variant or "standard", seed)

    def settle(self, state: State, action: Action) -> State:
        return settle(self.data, state)

    # -- results ---------------------------------------------------------------------------
    def score(self, state: State) -> ScoreSheet:
        return score(self.data, state)

    def end_if(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        return self.score(state).outcome("; ".join(state.end or ()))

    def taken(self, state: State) -> tuple[tuple[str, ...], ...]:
        """Each seat's assets by name."""
        return tuple(tuple(self.data.assets[a].name for a in h.assets) for h in holdings(state))

    def listed_items(self) -> tuple[str, ...]:
        """Every asset by name, once (several cards share a name)."""
        return tuple(dict.fromkeys(asset.name for asset in self.data.assets.values()))

    # ``first_seat`` is the holder of the starting player token in every round, not only the
    # first: the core's ``round_leader`` reads it as it is.
    round_leader_words = "the starting player token, whose holder pays the salaries"

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        return score_file(self.data, data)

    def problems(self, state: State) -> list:
        return table_problems(self.data, state)

    # -- the state as JSON, and as each seat sees it ----------------------------------------
    def to_json(self, state: State) -> dict:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)

    def view(self, state: State, seat: int | None) -> dict:
        return views.public_view(self.data, state, seat)

    def describe(self, before: State, action: Action, after: State) -> str:
        return describe_action(self, before, action, after)

    # -- whose turn, and the buttons ---------------------------------------------------------
    def first_seat(self, state: State) -> int:
        return state.start

    def acting_seats(self, state: State) -> tuple[int, ...]:
        """Seats whose decision the table is waiting for (relief: everyone not finished)."""
        return waiting_for(state)

    def turn_phrase(self, state: State, seat: int) -> str | None:
        return views.turn_phrase(state, seat)

    def options(self, state: State, seat: int | None) -> list[Option]:
        return options_for(self, state, seat)

    def try_apply(self, state: State, action: Action) -> tuple[State | None, str]:
        """The state ``action`` leads to and no reason, or None and the rules' refusal."""
        try:
            return self.apply(state, action), ""
        except RuleViolation as exc:
            return None, str(exc)

    # -- bots ------------------------------------------------------------------------------
    def bot_step(self, state: State, seat: int, bot: str, chooser: random.Random) -> tuple[dict, State] | None:
        if search.is_search(bot):
            return search.step(self, state, seat, bot, chooser)
        return bots.bot_step(self, state, seat, bot, chooser)

    def determinise(self, state: State, seat: int, chooser: random.Random) -> State:
        return determinise(state, seat, chooser)

    def bot_action(self, state: State, seat: int) -> dict | None:
        """What a bot seat does now (None when the table is not waiting for it)."""
        return bots.bot_action(self, state, seat)
