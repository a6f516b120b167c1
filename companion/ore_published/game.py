"""Ore: The Mining Game, published edition, as a ``Game`` bound to one data folder: the moves
table (``moves``) played by the core's ``apply``, and the parts that say who acts, what each
seat sees, what it may do and how the game scores."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from .. import search
from ..core import Action, Game, Option, Outcome, PlayerSpec, ScoreSheet
from ..errors import BadAction, Problem
from . import bots, options, views
from .data import Catalog, catalog
from .moves import MOVES
from .scoring import score_file, score_state
from .setup import new_table
from .state import State, acting, from_json, problems, to_json


class OrePublished(Game):
    id = "ore-published"
    name = "Ore: The Mining Game (published edition)"
    players = (2, 5)
    moves = MOVES
    bot_names = bots.NAMES

    taken_name = "buildings"

    def load(self, data_dir: str | None) -> Catalog:
        return catalog(data_dir)

    @property
    def cat(self) -> Catalog:
        """The instance's cards and numbers (``data``), by the name the page template uses."""
        return self.data

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> State:
        problem = self.check_setup(players, None)
        if problem:
            raise BadAction(problem)
        return new_table(self.data, [p.name for p in players], seed)

    def acting_seats(self, state: State) -> tuple[int, ...]:
        return acting(state)

    def turn_phrase(self, state: State, seat: int) -> str | None:
        return views.turn_phrase(state, seat)

    def score(self, state: State) -> ScoreSheet:
        return score_state(self.data, state)

    def end_if(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        return self.score(state).outcome(f"the {views.ordinal_word(self.data.numbers.rounds)} round is over")

    def taken(self, state: State) -> tuple[tuple[str, ...], ...]:
        """Each seat's buildings by name (a card is ``id#copy``)."""
        return tuple(tuple(self.data.building(card).name for card in p.built) for p in state.players)

    def listed_items(self) -> tuple[str, ...]:
        """Every building by name."""
        return tuple(b.name for b in self.data.buildings.values())

    def problems(self, state: State) -> list[Problem]:
        return problems(self.data, state)

    def to_json(self, state: State) -> dict:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)

    def view(self, state: State, seat: int | None) -> dict:
        return views.public_view(self.data, state, seat)

    def options(self, state: State, seat: int | None) -> list[Option]:
        return options.options_for(self, state, seat)

    def describe(self, before: State, action: Action, after: State) -> str:
        return views.describe(self.data, before, action, after)

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        return score_file(self.data, data)

    def determinise(self, state: State, seat: int, chooser: random.Random) -> State:
        return views.determinise(state, seat, chooser)

    def bot_step(self, state: State, seat: int, bot: str, chooser: random.Random) -> tuple[Action, State] | None:
        if search.is_search(bot):
            return search.step(self, state, seat, bot, chooser)
        return super().bot_step(state, seat, bot, chooser)

    def bot_move(self, state: State, seat: int, bot: str, chooser: random.Random) -> Action | None:
        if bot not in self.bot_names:
            raise BadAction(f"unknown bot {bot!r}; bots: {', '.join(self.bot_names)}")
        return bots.bot_move(self, state, seat, bot, chooser)
