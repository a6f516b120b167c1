"""The moves table: every action of the published edition, declared once with the rule that
plays it (``tasking``, ``collection``, ``business``: one module per part of the round) and,
for the moves a seat is offered many of, the cheap check built from the rule's ``forbid_*``
half. The deal, the collection and the close of a round come once a round, so their legality
is found by running them.

Private fields: the building cards a seat names as drawn at the permit office go to its hand,
hidden from the others, so only that seat sees them in the log.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...declare import ActionSpec, Field, Kind, seat_field
from ...moves import Move, Moves, check_from
from ..data import RESOURCES
from ..state import ACTION_SPACES, State
from . import business, collection, tasking

SPACES = ACTION_SPACES + ("contract", "mine", "overtime")


def _reveals_place(game: Any, state: State, action: Mapping[str, Any]) -> bool:
    space = action.get("target") if action.get("space") == "overtime" else action.get("space")
    return space == "private" or (space == "permit" and bool(action.get("count")))


def _reveals_collect(game: Any, state: State, action: Mapping[str, Any]) -> bool:
    return bool(collection.exhausting(game.data, state)) if isinstance(state, State) else True


def _reveals_close(game: Any, state: State, action: Mapping[str, Any]) -> bool:
    return any(slot is None for slot in state.row) if isinstance(state, State) else True


def _reveals_draw(game: Any, state: State, action: Mapping[str, Any]) -> bool:
    return bool(action.get("count"))


CARDS = Field("cards", Kind.STR, False, doc="the cards a real deck turned up, ids separated by commas")
MOVES = Moves([
    Move(ActionSpec("deal", (seat_field(), Field("mines", Kind.STR, False, doc="face-up mine cards, ids separated by commas"),
                             Field("contracts", Kind.STR, False, doc="contracts dealt to the row, left to right, by commas")),
                    randomises=True, reveals=True, doc="Turn up the first mine cards and deal the contract row."),
         tasking.deal),
    Move(ActionSpec("place", (seat_field(), Field("space", Kind.STR, choices=SPACES),
                              Field("res", Kind.STR, False, choices=RESOURCES, doc="market resource or mine type"),
                              Field("buy", Kind.INT, False), Field("sell", Kind.INT, False),
                              Field("count", Kind.INT, False, doc="building cards to draw at the permit office"),
                              CARDS, Field("card", Kind.STR, False, doc="private mine card turned up"),
                              Field("slot", Kind.INT, False, doc="contract slot, 0 = leftmost"),
                              Field("depth", Kind.INT, False, doc="mine space with a drill bit, 0 = top"),
                              Field("target", Kind.STR, False, choices=tasking.COPYABLE, doc="space overtime copies")),
                    reveals_if=_reveals_place, private=("cards",), doc="Place a worker; the space acts at once."),
         tasking.place, check_from(tasking.forbid_place)),
    Move(ActionSpec("trade", (seat_field(), Field("buy", Kind.INT, False), Field("sell", Kind.INT, False)),
                    doc="Secondary market action: buy or sell one of the chosen resource."),
         tasking.reply, check_from(tasking.forbid_reply)),
    Move(ActionSpec("draw", (seat_field(), Field("count", Kind.INT), CARDS), reveals_if=_reveals_draw,
                    private=("cards",), doc="Secondary permit action: draw up to two."),
         tasking.reply, check_from(tasking.forbid_reply)),
    Move(ActionSpec("decline", (seat_field(),), doc="Let a secondary action go."),
         tasking.reply, check_from(tasking.forbid_reply)),
    Move(ActionSpec("pass", (seat_field(),), doc="Place no more workers this round."),
         tasking.pass_turn, check_from(tasking.forbid_pass)),
    Move(ActionSpec("collect", (seat_field(), CARDS), reveals_if=_reveals_collect,
                    doc="Run the collection phase: gather, advance, replace exhausted mines."),
         collection.collect),
    Move(ActionSpec("fill", (seat_field(), Field("contract", Kind.STR),
                             Field("choice", Kind.STR, False, doc="resources for the row's either-ore icons, in order")),
                    doc="Fill the next row of a contract."),
         business.fill, check_from(business.forbid_fill)),
    Move(ActionSpec("build", (seat_field(), Field("building", Kind.STR),
                              Field("cubes", Kind.STR, False, doc="cubes the when-built action sells or buys, e.g. 'coal coal iron'"),
                              Field("recruit", Kind.BOOL, False)),
                    doc="Build a building from hand with a completed contract's icon."),
         business.build, check_from(business.forbid_build)),
    Move(ActionSpec("recall", (seat_field(), Field("res", Kind.STR, choices=RESOURCES), Field("depth", Kind.INT)),
                    doc="Pay to bring a worker home from a mine."),
         business.recall, check_from(business.forbid_recall)),
    Move(ActionSpec("done", (seat_field(),), doc="Finish filling contracts (early orders or business)."),
         business.done, check_from(business.forbid_done)),
    Move(ActionSpec("close_round", (seat_field(), CARDS), reveals_if=_reveals_close,
                    doc="Pass the first player token, bring workers home, replace contracts, next round."),
         business.close_round),
])

__all__ = ["MOVES", "SPACES"]
