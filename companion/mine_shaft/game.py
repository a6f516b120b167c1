"""Mine Shaft as a ``Game``: the parts bound to one data folder. The moves table (``moves``)
plays every action through the skeleton's ``apply``; what follows by itself after a move (the
next phase, the end of a turn and of the game) is ``moves.turn.settle``."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Mapping, Sequence

from .. import search
from ..bots import BotSet
from ..core import Action, Game, Option, Outcome, PlayerSpec, ScoreSheet
from ..errors import Problem
from . import bots, options, scoring, setup, views
from .data import Rules, load
from .moves import MOVES, turn
from .state import MineState, from_json, to_json
from .state.checks import problems


class MineShaft(Game):
    id = "mine-shaft"
    name = "Mine Shaft"
    players = (2, 4)
    variants = ("basic", "advanced")  # basic first: the rulebook suggests it for new players
    # Fields, and which actions draw a tile, roll dice or take minerals blind: see moves.
    moves = MOVES
    bot_names = ("random", "heuristic")
    # A 2-player game runs some 65 rounds of dice and tile draws, and its points are banked as
    # minerals are taken: the search bot judges each position its tree reaches on the hauls as
    # they stand, with no playout (whole games of later luck drowned what one move changes:
    # the search lost every game to the heuristic bot).
    search_horizon = 0

    def load(self, data_dir: str | None) -> Rules:
        return load(data_dir)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> MineState:
        return setup.new_game(self.data, players, variant or "basic", seed)

    def settle(self, state: MineState, action: Action) -> MineState:
        return turn.settle(self.data, state)

    def end_if(self, state: MineState) -> Outcome | None:
        if state.phase != "over":
            return None
        reason = turn.ENDINGS.get(state.ending or "", "the game ended")
        return self.score(state).outcome(f"{reason}; final turns played")

    def score(self, state: MineState) -> ScoreSheet:
        return scoring.score_hauls(self.data, [m.name for m in state.players], [m.haul for m in state.players])

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        names, hauls = scoring.read_file(data)
        scoring.check_totals(self.data, hauls)
        return scoring.score_hauls(self.data, names, hauls)

    def problems(self, state: MineState) -> list[Problem]:
        return problems(self.data, state)

    def to_json(self, state: MineState) -> dict:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> MineState:
        return from_json(data)

    def view(self, state: MineState, seat: int | None) -> dict:
        return views.view(self, state, seat)

    def options(self, state: MineState, seat: int | None) -> list[Option]:
        return options.options(self, state, seat)

    def describe(self, before: MineState, action: Action, after: MineState) -> str:
        return views.describe(before, action, after) or super().describe(before, action, after)

    def first_seat(self, state: MineState) -> int:
        return state.first

    @cached_property
    def _bots(self) -> BotSet:
        return bots.bot_set(self)

    def bot_step(self, state: MineState, seat: int, bot: str, chooser) -> tuple[dict, MineState] | None:
        if search.is_search(bot):
            return search.step(self, state, seat, bot, chooser)
        return self._bots.step(state, seat, bot, chooser)

    def acting_seats(self, state: MineState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.turn,)

    def turn_phrase(self, state: MineState, seat: int) -> str | None:
        return views.turn_phrase(state)

    def bot_action(self, state: MineState, seat: int) -> dict | None:
        return bots.bot_action(self, state, seat)
