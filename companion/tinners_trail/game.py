"""Tinners' Trail as a ``Game``: the parts bound to one data folder. The skeleton (``companion.core``)
checks each action's shape, seat and the game's end, runs the move's rule from the moves table
and counts the step; here are only what comes before a move (Lord Wallace's last words are
history once the player moves) and what follows by itself (forced passes, the sale)."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Mapping, Sequence

from .. import search
from ..bots import BotSet
from ..core import Action, Finish, Game, Option, Outcome, PlayerSpec, ScoreSheet
from ..errors import BadAction
from .bots.lab import bot_set
from .bots.seats import bot_action as seat_bot
from .data.tables import Rules, load_rules
from .moves import LORD_MOVES, MOVES
from .moves.invest import after_actions
from .moves.track import forced_passes, work_left
from .options import lord_action, to_act
from .options import options as buttons
from .scoring import score, score_file
from .setup import difficulty, setup, variant_ids
from .setup import switches as tt_switches
from .state import ACTIONS, State, from_json, to_json
from .state.checks import problems as state_problems
from .state.values import evolve
from .state.wallace import printed, told, with_lord
from .views import view as seen_by
from .views.log import changes
from .views.sample import determinise
from .views.log import describe as log_line

# What a seat the table waits for is doing, phase by phase (the turn banner's words).
TURN_PHRASES = {"survey": "choosing survey cards", "prices": "rolling the ore prices", "auction": "bidding",
                "build": "building the mine", "invest": "investing", "peek": "looking at a tile"}


class TinnersTrail(Game):
    id = "tinners-trail"
    name = "Tinners' Trail"
    players = (1, 5)
    variants = variant_ids()
    moves = MOVES
    # Listed once and once as a solo game, with switches: see setup/switches.py.
    entries = tt_switches.ENTRIES
    entry_legends = tt_switches.LEGENDS
    bot_names = ("random", "heuristic")
    taken_name = "mine sites"

    def load(self, data_dir: str | None) -> Rules:
        return load_rules(data_dir)

    @property
    def rules(self) -> Rules:
        """The game's numbers (``data``), by the name the rule modules give them."""
        return self.data

    @property
    def switches(self) -> tuple[dict, ...]:
        return tt_switches.switches(self.data_dir)

    def entry_problem(self, entry: str | None, players: int) -> str | None:
        return tt_switches.entry_problem(entry, players)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> State:
        return setup(players, variant, seed, self.data)

    def check_setup(self, players: Sequence[PlayerSpec], variant: str | None) -> str | None:
        low, high = self.players
        if not low <= len(players) <= high:
            return f"{self.name} is for {low}–{high} players, not {len(players)}"
        try:
            options = difficulty(variant)
        except BadAction as exc:
            return str(exc)
        if options and len(players) != 1:
            return f"{', '.join(options)}: the difficulty options are for a solo game against Lord Wallace"
        return None

    # -- around each move ----------------------------------------------------------------------
    def stepped(self, before: State, after: State) -> State:
        return evolve(after, step=before.step + 1)

    def prepare(self, state: State, action: Action) -> State:
        if state.lord is not None and action["type"] not in LORD_MOVES:
            return with_lord(state, steps=(), turns=())  # the player moved: what he did before is history
        return state

    def settle(self, state: State, action: Action) -> State:
        """Forced passes in the final column, then the sale once all passed; and what Lord
        Wallace did in this move, kept for the phone as one text."""
        if state.phase == ACTIONS:
            state, _ = forced_passes(state, self.data)
            state = after_actions(state, self.data)
        if state.lord is not None and state.lord.steps:
            state = with_lord(state, turns=state.lord.turns + (told(state.lord.steps),))
        return state

    # -- the end and the score -------------------------------------------------------------------
    def end_if(self, state: State) -> Outcome | None:
        if not self.is_over(state):
            return None
        sheet = self.score(state)
        winners = tuple(s for s, r in enumerate(sheet.ranks) if r == 1)
        finish = Finish.WIN if len(winners) == 1 else Finish.TIE
        return Outcome(finish, winners, "four rounds played" + (f"; {sheet.tiebreak}" if sheet.tiebreak else ""))

    def score(self, state: State) -> ScoreSheet:
        return score(state)

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        return score_file(data)

    def score_notes(self, state: State) -> tuple[tuple[str, tuple[str, ...]], ...]:
        if state.lord is None or not state.lord.ledger:
            return ()
        return (("How Lord Wallace scored", state.lord.ledger),)

    def running_totals(self, state: State) -> tuple[float, ...]:
        return tuple(p.points + p.emigration_points for p in state.players)

    def taken(self, state: State) -> tuple[tuple[str, ...], ...]:
        """Each seat's mines by area name."""
        names = self.data.areas
        return tuple(tuple(names[a.id].name for a in state.areas if a.owner == seat) for seat in state.seats)

    def listed_items(self) -> tuple[str, ...]:
        """Every mine site, by area name."""
        return tuple(area.name for area in self.data.areas.values())

    def reached_items(self, state: State, action: Action) -> tuple[str, ...]:
        """The site an auction is for: the area an auction is started on (from the hand or the
        region's deck) and the running auction's area for a bid. The last bidder wins the site
        when the others drop out, in their moves, not the winner's, so a seat kept from a site
        must stay out of its auctions."""
        kind = action.get("type")
        if kind in ("start_auction", "draw_survey"):
            area = action.get("area")
        elif kind == "bid" and state.auction is not None:
            area = state.auction.area
        else:
            return ()
        info = self.data.areas.get(area) if isinstance(area, str) else None
        return (info.name,) if info is not None else ()

    # Who passes first invests at the richer rows of the investment table.
    turn_order_moves = {"pass": "passing early invests at a richer row of the investment table"}

    # -- the state as values -------------------------------------------------------------------
    def to_json(self, state: State) -> dict:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)

    def problems(self, state: State) -> list:
        return state_problems(state, self.data)

    # -- what the phones show ------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict:
        return seen_by(state, seat, self.data)

    def options(self, state: State, seat: int | None) -> list[Option]:
        return buttons(self, state, seat)

    def describe(self, before: State, action: Action, after: State) -> str:
        if action.get("type") in LORD_MOVES and after.lord is not None:
            return told(after.lord.steps)
        return log_line(before, action, self.data) + changes(before, after)

    def round_of(self, state: State) -> int:
        return state.round

    def first_seat(self, state: State) -> int:
        return state.track[0][0] if state.track and state.track[0] else 0

    def acting_seats(self, state: State) -> tuple[int, ...]:
        return tuple(to_act(state))

    def turn_phrase(self, state: State, seat: int) -> str | None:
        if state.phase == ACTIONS:
            left = work_left(state, seat, self.data)
            return f"{left} work point{'s' if left != 1 else ''} left"
        return TURN_PHRASES.get(state.phase)

    def determinise(self, state: State, seat: int, chooser) -> State:
        return determinise(state, seat, chooser, self.data)

    # -- bots and Lord Wallace -------------------------------------------------------------------
    def automatic_seats(self, state: State) -> tuple[int, ...]:
        """Bot seats, and Lord Wallace: the game plays his turns and his auction answers by
        his own rules, unless the table draws his cards from the printed deck (the player
        then enters each card)."""
        lord = state.lord.seat if state.lord is not None and not printed(state) else None
        return tuple(i for i, p in enumerate(state.players) if p.bot and (i == lord or state.lord is None))

    def bot_action(self, state: State, seat: int) -> dict | None:
        """The next action of a bot seat (``PlayerSpec.bot``) or of Lord Wallace, or None when
        none is due."""
        if state.lord is not None and seat == state.lord.seat:
            kind = lord_action(state)
            return {"type": kind, "seat": seat} if kind and not printed(state) else None
        return seat_bot(self, state, seat) if seat in to_act(state) else None

    def bot_step(self, state: State, seat: int, bot: str, chooser) -> tuple[dict, State] | None:
        if search.is_search(bot):
            return search.step(self, state, seat, bot, chooser)
        return self.bots.step(state, seat, bot, chooser)

    @cached_property
    def bots(self) -> BotSet:
        return bot_set(self)
