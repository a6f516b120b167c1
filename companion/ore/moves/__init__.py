"""Ore's moves table: every action with its declaration (fields, randomness, what it reveals)
and the rule that plays it, one module per part of the round.

Each rule has a ``check_*`` twin that refuses exactly what the rule refuses, with the same
words, without building the next state (``companion.moves.check_from`` makes it the move's
cheap check);
Efficient Ops and Subcontracted Ops fill several rows one after another and have none, so their
legality is decided by playing them. No field of any Ore action is private: everything a player
does happens on the open table, and the one hidden thing a move uncovers (the top card of a mine
pile, ``reveals_if``) is shown to everyone alike.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...declare import ActionSpec, Field, Kind
from ...moves import Move, Moves, check_from
from ..data import RESOURCES
from . import acquisition, anytime, market, placement, replenish, subcontract, takeover
from .placement import TOKENS, WHERES

SEAT = Field("seat", Kind.INT, doc="the seat acting (0 = first seat)")
BARRELS = Field("barrels", Kind.STR_LIST, False, doc="one barrel kind per box of the row; left out: the companion "
                                                    "chooses")
MINE = Field("mine", Kind.STR, choices=RESOURCES, doc="the mine, named by its resource")
CONTRACT = Field("contract", Kind.INT, doc="a contract number")


def private_draw(game: Any, state: Any, action: Mapping[str, Any]) -> bool:
    """Whether buying this initiative takes the unseen top card of a mine pile."""
    slot = action.get("slot")
    row = state.rows.initiatives
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < len(row) or row[slot] is None:
        return False
    return game.data.initiatives[row[slot]].effect in ("private_mine", "private_market")


def _pass(game: Any, state: Any, action: Mapping) -> Any:
    """Pass Subcontracted Ops, or the acquisition choice, whichever the phase asks."""
    if state.phase == "subcontract":
        return subcontract.pass_turn(game, state, action)
    return acquisition.pass_choice(game, state, action)


def _check_pass(game: Any, state: Any, action: Mapping) -> None:
    if state.phase == "subcontract":
        subcontract.check_turn(game, state, action)
    else:
        acquisition.check_pass(game, state, action)


MOVES = Moves([
    Move(ActionSpec("place", (SEAT, Field("where", Kind.STR, choices=WHERES),
                              Field("mine", Kind.STR, False, choices=RESOURCES),
                              Field("token", Kind.STR, False, choices=TOKENS),
                              Field("space", Kind.INT, False, doc="Drill Bit: space 1 or 2 (counted from 0)"),
                              Field("pay", Kind.STR, False, choices=("money", "coal"))),
                    doc="Place a miner."),
         placement.place, check_from(placement.check_place)),
    Move(ActionSpec("sell", (SEAT, Field("resource", Kind.STR, choices=RESOURCES),
                             Field("via", Kind.STR, False, choices=("market", "railroad", "private")),
                             Field("card", Kind.STR, False, doc="the private market's mine card")),
                    doc="Sell one barrel."),
         market.sell, check_from(market.check_sell)),
    Move(ActionSpec("fill", (SEAT, CONTRACT, BARRELS), doc="Fill the due row of a contract."),
         market.fill, check_from(market.check_fill)),
    Move(ActionSpec("efficient", (SEAT, CONTRACT, Field("rows", Kind.INT, doc="extra rows to fill")),
                    doc="Efficient Ops: fill extra rows of a contract."),
         market.efficient),
    Move(ActionSpec("market_done", (SEAT,), doc="End your market turn."),
         market.market_done, check_from(market.check_market_done)),
    Move(ActionSpec("take_over", (SEAT, BARRELS), doc="Take over the failed contract on offer."),
         takeover.take_over, check_from(takeover.check_take_over)),
    Move(ActionSpec("decline", (SEAT,), doc="Decline the failed contract on offer."),
         takeover.decline, check_from(takeover.check_decline)),
    Move(ActionSpec("subcontract", (
        SEAT,
        Field("rows", Kind.RECORDS, False, doc="the lines to fill",
              items=(CONTRACT, Field("row", Kind.INT, doc="the line, counted from 0"), BARRELS)),
        Field("target", Kind.INT, False, doc="the opponent's seat"),
        Field("line", Kind.STR, False, doc="a line written contract:row (form)"),
        Field("line2", Kind.STR, False, doc="a second line (form)")),
        doc="Subcontracted Ops: fill lines of an opponent's contracts."),
        subcontract.subcontract),
    Move(ActionSpec("pass", (SEAT,), doc="Pass the current choice."), _pass, check_from(_check_pass)),
    Move(ActionSpec("buy_asset", (SEAT, Field("slot", Kind.INT), Field("pay", Kind.INT, False, doc="which cost")),
                    doc="Buy an asset from the row."),
         acquisition.buy_asset, check_from(acquisition.check_buy_asset)),
    Move(ActionSpec("buy_initiative", (SEAT, Field("slot", Kind.INT),
                                       Field("barrel", Kind.STR, False, choices=RESOURCES)),
                    reveals_if=private_draw,
                    doc="Buy an initiative; a private mine or market takes the top card of a mine pile."),
         acquisition.buy_initiative, check_from(acquisition.check_buy_initiative)),
    Move(ActionSpec("take_contract", (SEAT, Field("slot", Kind.INT, False),
                                      Field("discarded", Kind.INT, False, doc="Black Market Ops: a discarded contract")),
                    doc="Take a contract."),
         acquisition.take_contract, check_from(acquisition.check_take_contract)),
    Move(ActionSpec("take_own_contract", (SEAT,), doc="Contract race: take the next contract of your stack."),
         acquisition.take_own_contract, check_from(acquisition.check_take_own_contract)),
    Move(ActionSpec("replenish", (SEAT,), randomises=True, reveals=True,
                    doc="Replenish mines and card rows (new cards are drawn)."),
         replenish.replenish, check_from(replenish.check_replenish)),
    Move(ActionSpec("relieve", (SEAT, MINE), doc="Take a miner back from a mine."),
         replenish.relieve, check_from(replenish.check_relieve)),
    Move(ActionSpec("relief_done", (SEAT,), doc="Finish relief for this round."),
         replenish.relief_done, check_from(replenish.check_relief_done)),
    Move(ActionSpec("exchange", (SEAT, Field("asset", Kind.STR), Field("give", Kind.STR_OR_LIST),
                                 Field("count", Kind.INT, False, doc="how many of one kind are given (form)"),
                                 Field("take", Kind.STR_OR_LIST, False),
                                 *(Field(f"take_{res}", Kind.INT, False, doc="barrels of it taken (form)")
                                   for res in RESOURCES)),
                    doc="Trade barrels with an exchange asset."),
         anytime.exchange, check_from(anytime.check_exchange)),
    Move(ActionSpec("cash_futures", (SEAT, Field("token", Kind.INT, doc="which Futures token, from 0")),
                    doc="Cash in a Futures token."),
         anytime.cash_futures, check_from(anytime.check_cash_futures)),
])

__all__ = ["MOVES", "private_draw"]
