"""Mine Shaft as a ``Game``: routing actions to the rule modules, one per part of the turn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from ..core import Action, Finish, Game, Option, Outcome, PlayerSpec, ScoreSheet, rng
from ..errors import GameOver, NotYourTurn, Problem
from . import advanced, bot, checks, dice, movement, placement, scoring, setup, turn
from .board import board
from .declared import DECLARATION
from .options import options as _options
from .state import MineState, from_json, to_json
from .tiles import rules

HANDLERS = {
    "draw_tile": placement.draw_tile, "place_tile": placement.place_tile,
    "swap": advanced.swap, "fuse": advanced.fuse, "porous": advanced.porous, "kart": advanced.kart,
    "roll": dice.roll, "fill_tile": dice.fill_tile, "collapse": dice.collapse,
    "move": movement.move, "tunnel": movement.tunnel, "take": movement.take, "pass": movement.pass_mining,
    "clear": movement.clear,
    # "skip" lets a colour on die A go unused; advanced icons cannot be skipped (decline says why).
    "skip": lambda r, state, action, rnd: (advanced.decline if state.phase == "effect" else dice.skip_fill)(
        r, state, action, rnd),
}


# The step of a turn, phase by phase (the turn banner's words).
TURN_PHRASES = {"clear": "clearing a collapsed tile", "start": "drawing a tile or rolling", "place": "laying a tile",
                "effect": "resolving a tile", "extra": "drawing another tile", "roll": "rolling the dice",
                "die_a": "placing die A", "move": "moving", "mine": "taking a mineral"}


class MineShaft(Game):
    id = "mine-shaft"
    name = "Mine Shaft"
    players = (2, 4)
    variants = ("basic", "advanced")  # basic first: the rulebook suggests it for new players
    # Fields, and which actions draw a tile, roll dice or take minerals blind: see declared.py.
    actions = DECLARATION

    def __init__(self, data_dir: str | None = None) -> None:
        self.data_dir = data_dir  # an edited copy of the data, or None for the shipped data

    @property
    def rules(self):
        return rules(self.data_dir)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> MineState:
        return setup.new_game(self.rules, players, variant or "basic", seed)

    def apply(self, state: MineState, action: Action) -> MineState:
        self.check_shape(action)
        handler = HANDLERS[action["type"]]
        if state.phase == "over":
            raise GameOver()
        seat = action.get("seat", state.turn)
        if seat != state.turn:
            raise NotYourTurn(f"It is {state.current.name}'s turn, not seat {seat}'s.", "turn order")
        r = self.rules
        after = handler(r, state, action, rng(state.seed, state.step))
        return turn.settle(r, replace(after, step=state.step + 1))

    def end_if(self, state: MineState) -> Outcome | None:
        if state.phase != "over":
            return None
        sheet = self.score(state)
        winners = tuple(s for s, rank in enumerate(sheet.ranks) if rank == 1)
        reason = turn.ENDINGS.get(state.ending or "", "the game ended")
        return Outcome(Finish.WIN if len(winners) == 1 else Finish.TIE, winners, f"{reason}; final turns played")

    def score(self, state: MineState) -> ScoreSheet:
        return scoring.score_hauls(self.rules, [m.name for m in state.players], [m.haul for m in state.players])

    def check_data(self, data_dir: Any = None) -> None:
        rules(data_dir)

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        names, hauls = scoring.read_file(data)
        scoring.check_totals(self.rules, hauls)
        return scoring.score_hauls(self.rules, names, hauls)

    def problems(self, state: MineState) -> list[Problem]:
        return checks.problems(self.rules, state)

    def to_json(self, state: MineState) -> dict:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> MineState:
        return from_json(data)

    def view(self, state: MineState, seat: int | None) -> dict:
        """The pile's contents and the seed are hidden (only how many tiles are left);
        everything else is on the table. ``board`` is the mine ready to draw, with the squares this seat may tap."""
        data = to_json(state)
        data["pile"] = {"left": len(state.pile)}
        del data["seed"]  # with the seed, the next dice and draws could be worked out
        data["board"] = board(self.rules, state, self.options(state, seat))
        return data

    def options(self, state: MineState, seat: int | None) -> list[Option]:
        return _options(self.rules, state, seat)

    def describe(self, before: MineState, action: Action, after: MineState) -> str:
        return after.note or super().describe(before, action, after)

    bot_names = ("random", "heuristic")

    def first_seat(self, state: MineState) -> int:
        return state.first

    def bot_step(self, state: MineState, seat: int, bot: str, chooser) -> tuple[dict, MineState] | None:
        from .bots import bot_set
        return bot_set(self).step(state, seat, bot, chooser)

    def acting_seats(self, state: MineState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.turn,)

    def turn_phrase(self, state: MineState, seat: int) -> str | None:
        """The step of the turn in a few words, for the turn banner."""
        return TURN_PHRASES.get(state.phase)

    def bot_action(self, state: MineState, seat: int) -> dict | None:
        """The action a bot seat takes now (see bot.py), or None when it is not that seat's move."""
        options = self.options(state, seat)
        if not any(o.allowed for o in options):
            return None
        return dict(bot.choose(self.rules, state, options), seat=seat)

