"""ARDEVUR as a ``Game``: the skeleton binding the parts to one data folder."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from .. import search
from ..core import Action, Finish, Game, Option, Outcome, PlayerSpec, ScoreSheet, rng
from ..errors import BadAction, Problem, RuleViolation
from . import bots, views
from .data import Catalog, catalog
from .moves import MOVES
from .moves.auction import bidders
from .moves.endgame import track
from .options import options
from .scoring import holdings, score_file, score_holdings
from .setup import MODES, new_table, parse_variant
from .setup.switches import SWITCHES, variant_title
from .state import ArdState, from_json, problems, replace, to_json
from .views.log import describe
from .views.sample import determinise


def _repay_loans(s: ArdState) -> ArdState:
    """A loan is repaid (double) as soon as its borrower holds enough money."""
    if not any(p.debt and p.money >= p.debt for p in s.players):
        return s
    return replace(s, players=tuple(replace(p, money=p.money - p.debt, debt=0) if p.debt and p.money >= p.debt else p
                                    for p in s.players))


class Ardevur(Game):
    id = "ardevur"
    name = "ARDEVUR: The Game of Resources"
    players = (2, 4)
    variants = MODES
    moves = MOVES
    bot_names = bots.NAMES
    # The table options offered as switches on the new-table form; the words chosen follow the
    # mode in the variant ("fair-play+minute-64").
    switches = SWITCHES
    taken_name = "corporation and territories"

    def load(self, data_dir: str | None) -> Catalog:
        return catalog(data_dir)

    def check_setup(self, players: Sequence[PlayerSpec], variant: str | None) -> str | None:
        low, high = self.players
        if not low <= len(players) <= high:
            return f"{self.name} is for {low}–{high} players, not {len(players)}"
        try:
            parse_variant(variant)
        except BadAction as exc:
            return str(exc)
        return None

    def variant_title(self, variant: str | None) -> str:
        """The mode and the options chosen, in words: "Fair Play, ends at minute 64"."""
        return variant_title(variant)

    def setup(self, players: Sequence[PlayerSpec], variant: str | None = None, seed: int = 0) -> ArdState:
        problem = self.check_setup(players, variant)
        if problem:
            raise BadAction(problem)
        return new_table(self.data, players, variant or "standard", seed)

    # -- the skeleton's hooks ------------------------------------------------------------
    def move_for(self, state: ArdState, action: Action):
        move = super().move_for(state, action)
        if state.phase == "ready" and action["type"] != "start":
            raise RuleViolation("The host starts the game first: shuffle and roll for the first pick.", "Setup")
        return move

    def prepare(self, state: ArdState, action: Action) -> ArdState:
        """What the last move left lasts until this one: a claimer's chance to call Total
        Control, a retired target that may be put back."""
        if state.may_call is None and state.retired is None:
            return state
        return replace(state, claimer=state.may_call, may_call=None, last_retired=state.retired, retired=None)

    def stepped(self, before: ArdState, after: ArdState) -> ArdState:
        return replace(after, step=before.step + 1)

    def settle(self, state: ArdState, action: Action) -> ArdState:
        if state.claimer is not None or state.last_retired is not None:
            state = replace(state, claimer=None, last_retired=None)
        return track(_repay_loans(state))

    # -- results -------------------------------------------------------------------------
    def score(self, state: ArdState) -> ScoreSheet:
        return score_holdings(self.data, holdings(state))

    def end_if(self, state: ArdState) -> Outcome | None:
        if state.phase != "over":
            return None
        sheet = self.score(state)
        winners = tuple(s for s, r in enumerate(sheet.ranks) if r == 1)
        return Outcome(Finish.WIN if len(winners) == 1 else Finish.TIE, winners, state.over_reason)

    def problems(self, state: ArdState) -> list[Problem]:
        """Everything wrong with ``state`` as a table (see ``state.checks``)."""
        return problems(self.data, state)

    def round_of(self, state: ArdState) -> int:
        return state.round

    def to_json(self, state: ArdState) -> dict:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> ArdState:
        return from_json(data)

    # -- who moves, and what they see ----------------------------------------------------
    def acting_seats(self, state: ArdState) -> tuple[int, ...]:
        phase = state.phase
        if phase == "ready":
            return (0,)
        if phase == "corporations":
            return (state.picker,)
        # the first player (who won the roll for 64) deals; an auction roll is one roll for
        # every bidder, so the table waits on the bidders and not on a player who has all the
        # territories this round gives, or whom the anti-monopoly rule keeps out
        if phase == "deal":
            return (state.first,)
        if phase == "auction":
            if state.auction.winner is not None:
                return (state.auction.winner,)
            return tuple(bidders(self.data, state))
        if phase == "redraft":
            return state.redraft[:1]
        if phase == "play":
            if state.offers:
                return state.offers[0].queue[:1]
            return (state.turn,)
        return ()

    def turn_phrase(self, state: ArdState, seat: int) -> str | None:
        return views.turn_phrase(self.data, state, seat)

    def waiting_phrase(self, state: ArdState, seats: tuple[int, ...]) -> str | None:
        return views.waiting_phrase(self.data, state)

    def view(self, state: ArdState, seat: int | None) -> dict:
        return views.public_view(self.data, state, seat)

    def options(self, state: ArdState, seat: int | None) -> list[Option]:
        """``seat``'s options, with what each costs (see ``options``)."""
        return options(self, state, seat)

    def summary(self, state: ArdState, action: Action) -> str:
        """The move's label before it is made (the phone's buttons)."""
        return describe(self.data, state, action)

    def describe(self, before: ArdState, action: Action, after: ArdState) -> str:
        return describe(self.data, before, action, after)

    # -- bots ------------------------------------------------------------------------------
    def determinise(self, state: ArdState, seat: int, chooser: random.Random) -> ArdState:
        return determinise(self.data, state, seat, chooser)

    def bot_step(self, state: ArdState, seat: int, bot: str, chooser: random.Random) -> tuple[Action, Any] | None:
        if search.is_search(bot):
            return search.step(self, state, seat, bot, chooser)
        if bot not in self.bot_names:
            raise BadAction(f"unknown bot {bot!r}; bots: {', '.join(self.bot_names)}")
        return bots.bot_step(self, state, seat, bot, chooser)

    def bot_action(self, state: ArdState, seat: int) -> Action | None:
        bot = state.bot_of(seat)
        chooser = rng(state.seed, 100000 + state.step * 8 + seat)
        return self.bot_move(state, seat, bot if bot in self.bot_names else "heuristic", chooser)

    # -- the lab ---------------------------------------------------------------------------
    def first_seat(self, state: ArdState) -> int:
        return 0 if state.first is None else int(state.first)

    def taken(self, state: ArdState) -> tuple[tuple[str, ...], ...]:
        """Each seat's corporation and the territories it holds, by name."""
        cat = self.data
        return tuple(((cat.corporations[p.corp].name,) if p.corp else ())
                     + tuple(cat.territories[t].name for t in p.territories) for p in state.players)

    def listed_items(self) -> tuple[str, ...]:
        """Every corporation and territory by name. A territory auction is won by a roll and
        the winner then picks (``pick_territory``), so the seat's own pick takes it at once and
        nothing is reached for before: ``reached_items`` keeps the core's default."""
        cat = self.data
        return tuple(c.name for c in cat.corporations.values()) + tuple(t.name for t in cat.territories.values())

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        return score_file(self.data, data)


__all__ = ["Ardevur"]
