"""Every Ore action, declared once (``companion.declare``): the fields the phase modules read,
including what a phone form sends (``give`` as one kind with a ``count``, ``take_<kind>``
numbers, contract lines as ``line``/``line2``), and which actions draw on randomness or show
something hidden."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..declare import ActionSpec, Declaration, Field, Kind
from .cards import RESOURCES
from .placement import WHERES

SEAT = Field("seat", Kind.INT, doc="the seat acting (0 = first seat)")
BARRELS = Field("barrels", Kind.STR_LIST, False, doc="one barrel kind per box of the row; left out: the companion "
                                                    "chooses")
MINE = Field("mine", Kind.STR, choices=RESOURCES, doc="the mine, named by its resource")
CONTRACT = Field("contract", Kind.INT, doc="a contract number")


def declaration(private_draw: Callable[[Any, Mapping[str, Any]], bool]) -> Declaration:
    """Ore's actions. ``private_draw(state, action)``: whether buying that initiative takes the
    unseen top card of a mine pile (it depends on the cards in play)."""
    return Declaration([
        ActionSpec("place", (SEAT, Field("where", Kind.STR, choices=WHERES),
                             Field("mine", Kind.STR, False, choices=RESOURCES),
                             Field("token", Kind.STR, False, choices=("drill_bit", "collab_ops")),
                             Field("space", Kind.INT, False, doc="Drill Bit: space 1 or 2 (counted from 0)"),
                             Field("pay", Kind.STR, False, choices=("money", "coal"))),
                   doc="Place a miner."),
        ActionSpec("sell", (SEAT, Field("resource", Kind.STR, choices=RESOURCES),
                            Field("via", Kind.STR, False, choices=("market", "railroad", "private")),
                            Field("card", Kind.STR, False, doc="the private market's mine card")),
                   doc="Sell one barrel."),
        ActionSpec("fill", (SEAT, CONTRACT, BARRELS), doc="Fill the due row of a contract."),
        ActionSpec("efficient", (SEAT, CONTRACT, Field("rows", Kind.INT, doc="extra rows to fill")),
                   doc="Efficient Ops: fill extra rows of a contract."),
        ActionSpec("market_done", (SEAT,), doc="End your market turn."),
        ActionSpec("take_over", (SEAT, BARRELS), doc="Take over the failed contract on offer."),
        ActionSpec("decline", (SEAT,), doc="Decline the failed contract on offer."),
        ActionSpec("subcontract", (
            SEAT,
            Field("rows", Kind.RECORDS, False, doc="the lines to fill",
                  items=(CONTRACT, Field("row", Kind.INT, doc="the line, counted from 0"), BARRELS)),
            Field("target", Kind.INT, False, doc="the opponent's seat"),
            Field("line", Kind.STR, False, doc="a line written contract:row (form)"),
            Field("line2", Kind.STR, False, doc="a second line (form)")),
            doc="Subcontracted Ops: fill lines of an opponent's contracts."),
        ActionSpec("pass", (SEAT,), doc="Pass the current choice."),
        ActionSpec("buy_asset", (SEAT, Field("slot", Kind.INT), Field("pay", Kind.INT, False, doc="which cost")),
                   doc="Buy an asset from the row."),
        ActionSpec("buy_initiative", (SEAT, Field("slot", Kind.INT),
                                      Field("barrel", Kind.STR, False, choices=RESOURCES)),
                   reveals_if=private_draw,
                   doc="Buy an initiative; a private mine or market takes the top card of a mine pile."),
        ActionSpec("take_contract", (SEAT, Field("slot", Kind.INT, False),
                                     Field("discarded", Kind.INT, False, doc="Black Market Ops: a discarded contract")),
                   doc="Take a contract."),
        ActionSpec("take_own_contract", (SEAT,), doc="Contract race: take the next contract of your stack."),
        ActionSpec("replenish", (SEAT,), randomises=True, reveals=True,
                   doc="Replenish mines and card rows (new cards are drawn)."),
        ActionSpec("relieve", (SEAT, MINE), doc="Take a miner back from a mine."),
        ActionSpec("relief_done", (SEAT,), doc="Finish relief for this round."),
        ActionSpec("exchange", (SEAT, Field("asset", Kind.STR), Field("give", Kind.STR_OR_LIST),
                                Field("count", Kind.INT, False, doc="how many of one kind are given (form)"),
                                Field("take", Kind.STR_OR_LIST, False),
                                *(Field(f"take_{res}", Kind.INT, False, doc="barrels of it taken (form)")
                                  for res in RESOURCES)),
                   doc="Trade barrels with an exchange asset."),
        ActionSpec("cash_futures", (SEAT, Field("token", Kind.INT, doc="which Futures token, from 0")),
                   doc="Cash in a Futures token."),
    ])
