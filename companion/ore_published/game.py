"""Ore: The Mining Game, published edition, as a ``Game``: its actions declared once and
dispatched to the phase modules."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ..core import Action, Finish, Game, Option, Outcome, PlayerSpec, ScoreSheet, field_of, require
from ..declare import ActionSpec, Declaration, Field, Kind, seat_field
from ..errors import BadAction, GameOver
from . import business, collection, tasking
from .data import RESOURCES, Catalog, catalog
from .scoring import score_file, score_state
from .state import ACTION_SPACES, State, new_table

SPACES = ACTION_SPACES + ("contract", "mine", "overtime")


def _reveals_place(state: Any, action: Mapping[str, Any]) -> bool:
    space = action.get("target") if action.get("space") == "overtime" else action.get("space")
    return space == "private" or (space == "permit" and bool(action.get("count")))


def _reveals_collect(game: "OrePublished", state: Any, action: Mapping[str, Any]) -> bool:
    return bool(collection.exhausting(game.data, state.data)) if isinstance(state, State) else True


def _reveals_close(state: Any, action: Mapping[str, Any]) -> bool:
    return any(slot is None for slot in state.data["row"]) if isinstance(state, State) else True


CARDS = Field("cards", Kind.STR, False, doc="the cards a real deck turned up, ids separated by commas")
DECLARATION = Declaration([
    ActionSpec("deal", (seat_field(), Field("mines", Kind.STR, False, doc="face-up mine cards, ids separated by commas"),
                        Field("contracts", Kind.STR, False, doc="contracts dealt to the row, left to right, by commas")),
               randomises=True, reveals=True, doc="Turn up the first mine cards and deal the contract row."),
    ActionSpec("place", (seat_field(), Field("space", Kind.STR, choices=SPACES),
                         Field("res", Kind.STR, False, choices=RESOURCES, doc="market resource or mine type"),
                         Field("buy", Kind.INT, False), Field("sell", Kind.INT, False),
                         Field("count", Kind.INT, False, doc="building cards to draw at the permit office"),
                         CARDS, Field("card", Kind.STR, False, doc="private mine card turned up"),
                         Field("slot", Kind.INT, False, doc="contract slot, 0 = leftmost"),
                         Field("depth", Kind.INT, False, doc="mine space with a drill bit, 0 = top"),
                         Field("target", Kind.STR, False, choices=tasking.COPYABLE, doc="space overtime copies")),
               reveals_if=_reveals_place, doc="Place a worker; the space acts at once."),
    ActionSpec("trade", (seat_field(), Field("buy", Kind.INT, False), Field("sell", Kind.INT, False)),
               doc="Secondary market action: buy or sell one of the chosen resource."),
    ActionSpec("draw", (seat_field(), Field("count", Kind.INT), CARDS),
               reveals_if=lambda s, a: bool(a.get("count")), doc="Secondary permit action: draw up to two."),
    ActionSpec("decline", (seat_field(),), doc="Let a secondary action go."),
    ActionSpec("pass", (seat_field(),), doc="Place no more workers this round."),
    ActionSpec("collect", (seat_field(), CARDS), reveals_if=_reveals_collect,
               doc="Run the collection phase: gather, advance, replace exhausted mines."),
    ActionSpec("fill", (seat_field(), Field("contract", Kind.STR),
                        Field("choice", Kind.STR, False, doc="resources for the row's either-ore icons, in order")),
               doc="Fill the next row of a contract."),
    ActionSpec("build", (seat_field(), Field("building", Kind.STR), Field("cubes", Kind.STR, False, doc="cubes the when-built action sells or buys, e.g. 'coal coal iron'"),
                         Field("recruit", Kind.BOOL, False)),
               doc="Build a building from hand with a completed contract's icon."),
    ActionSpec("recall", (seat_field(), Field("res", Kind.STR, choices=RESOURCES), Field("depth", Kind.INT)),
               doc="Pay to bring a worker home from a mine."),
    ActionSpec("done", (seat_field(),), doc="Finish filling contracts (early orders or business)."),
    ActionSpec("close_round", (seat_field(), CARDS), reveals_if=_reveals_close,
               doc="Pass the first player token, bring workers home, replace contracts, next round."),
])


def acting(d: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats the table waits for (everyone not finished in the business phase)."""
    phase = d["phase"]
    if phase in ("deal", "collection", "cleanup"):
        return (d["first"],)
    if phase == "business":
        return tuple(s for s, p in enumerate(d["players"]) if not p["done"])
    if phase == "tasking":
        if d["early"] is not None:
            return (d["early"],)
        if d["queue"]:
            return (d["queue"][0]["seat"],)
        return (d["turn"],)
    return ()


class OrePublished(Game):
    id = "ore-published"
    name = "Ore: The Mining Game (published edition)"
    players = (2, 5)
    actions = DECLARATION
    bot_names = ("random", "heuristic")

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
        return State.of(new_table(self.cat, [p.name for p in players], seed))

    def apply(self, state: State, action: Action) -> State:
        self.check_shape(action)
        seat = field_of(action, "seat", int)
        count = len(state.data["players"])
        if not 0 <= seat < count:
            raise BadAction(f"there is no seat {seat}; seats are 0-{count - 1}")
        if state.data["phase"] == "over":
            raise GameOver()
        d = state.draft()
        self.dispatch(d, seat, action)
        d["step"] += 1
        return State.of(d)

    def dispatch(self, d: dict, seat: int, action: Action) -> str:
        cat, kind = self.cat, action["type"]
        if kind in ("deal", "collect", "close_round"):
            require(seat == d["first"], f"The first player ({d['players'][d['first']]['name']}) does this.",
                    "Turn order")
        if kind == "deal":
            tasking.deal(cat, d, action)
        elif kind == "place":
            tasking.place(cat, d, seat, action)
        elif kind in ("trade", "draw", "decline"):
            tasking.reply(cat, d, seat, kind, action)
        elif kind == "pass":
            tasking.pass_turn(d, seat)
        elif kind == "collect":
            return "; ".join(collection.collect(cat, d, action))
        elif kind == "fill":
            return business.fill(cat, d, seat, action)
        elif kind == "build":
            return business.build(cat, d, seat, action)
        elif kind == "recall":
            business.recall(cat, d, seat, action)
        elif kind == "done":
            lost = business.done(cat, d, seat)
            return f"loses {', '.join(lost)} unfilled" if lost else ""
        elif kind == "close_round":
            business.close_round(cat, d, action)
        return ""

    def acting_seats(self, state: State) -> tuple[int, ...]:
        return acting(state.data)

    def turn_phrase(self, state: State, seat: int) -> str | None:
        from .views import turn_phrase
        return turn_phrase(state.data, seat)

    def score(self, state: State) -> ScoreSheet:
        return score_state(self.cat, state.data)

    def end_if(self, state: State) -> Outcome | None:
        if state.data["phase"] != "over":
            return None
        ranks = self.score(state).ranks
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        return Outcome(Finish.WIN if len(winners) == 1 else Finish.TIE, winners, "the seventh round is over")

    def round_of(self, state: State) -> int:
        return state.round

    def to_json(self, state: State) -> dict:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        return State.of(data)

    def view(self, state: State, seat: int | None) -> dict:
        from .views import public_view
        return public_view(self.cat, state.to_json(), seat)

    def options(self, state: State, seat: int | None) -> list[Option]:
        from .moves import options_for
        return options_for(self, state, seat)

    def describe(self, before: State, action: Action, after: State) -> str:
        from .moves import describe
        return describe(self, before, action, after)

    def score_file(self, data: Mapping[str, Any]) -> ScoreSheet:
        return score_file(self.cat, data)

    def bot_move(self, state: State, seat: int, bot: str, chooser: random.Random) -> Action | None:
        from .bots import bot_move
        if bot not in self.bot_names:
            raise BadAction(f"unknown bot {bot!r}; bots: {', '.join(self.bot_names)}")
        return bot_move(self, state, seat, bot, chooser)
