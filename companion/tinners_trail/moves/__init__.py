"""Every Tinners' Trail action, declared once (``companion.declare``): the fields each handler in
``game.HANDLERS`` reads, including what a phone form sends instead of a list or a map
(``discard_A`` ... ``discard_D``, ``area``/``amount`` pairs), and which actions draw on
randomness or show something hidden."""

from __future__ import annotations

from typing import Any, Mapping

from ...declare import ActionSpec, Declaration, Field, Kind
from .auction import ends_on_hidden_tile
from .wallace_auction import solo_ends_on_hidden_tile
from ..data.tables import PIECES, REGIONS
from ..state import State

SEAT = Field("seat", Kind.INT, doc="the seat acting (0 = first seat)")
ANY_SEAT = Field("seat", Kind.INT, required=False, doc="the seat tapping it (anyone at the table may)")
AREA = Field("area", Kind.STR, doc="an area id such as B3")
LOCATIONS = ("michigan", "sierra_madre", "kimberly", "adelaide")


def _peek_shows_tile(state: State, action: Mapping[str, Any]) -> bool:
    """Playing a survey card on a face-down tile lets its player look at the tile."""
    area_id = action.get("area")
    if action.get("card") is None or not isinstance(area_id, str) or not state.has_area(area_id):
        return False
    area = state.area(area_id)
    return area.tile is not None and not area.face_up and action.get("seat") not in area.peeks


def _ends_auction(state: State, action: Mapping[str, Any]) -> bool:
    if state.lord is not None:
        return solo_ends_on_hidden_tile(state, str(action.get("type")), action.get("seat"))
    return ends_on_hidden_tile(state, str(action.get("type")), action.get("seat"), action.get("amount"))


DECLARATION = Declaration([
    ActionSpec("keep_cards", (SEAT, Field("discard", Kind.STR_LIST, False, doc="one dealt card of each region"),
                              *(Field(f"discard_{r}", Kind.STR, False, doc=f"the region {r} card to discard (form)")
                                for r in REGIONS)),
               doc="Choose the survey cards to keep: discard one of each region."),
    ActionSpec("roll_prices", (ANY_SEAT,), randomises=True, doc="Roll the ore price dice."),
    ActionSpec("set_prices", (ANY_SEAT, Field("tin", Kind.DICE), Field("copper", Kind.DICE)),
               doc="Enter the price dice rolled at the table."),
    ActionSpec("start_auction", (SEAT, AREA, Field("card", Kind.STR, False, doc="a survey card from hand")),
               reveals_if=_peek_shows_tile, doc="Start an auction for the right to build in an area."),
    ActionSpec("draw_survey", (SEAT, AREA), randomises=True, reveals=True,
               doc="Two players: start an auction with the top card of the region's survey deck."),
    ActionSpec("bid", (SEAT, Field("amount", Kind.INT, doc="pounds bid")), reveals_if=_ends_auction,
               doc="Bid in the running auction."),
    ActionSpec("drop", (SEAT,), reveals_if=_ends_auction, doc="Drop out of the running auction."),
    ActionSpec("build_mine", (SEAT, Field("card", Kind.STR, False, doc="a survey card to buy and play"),
                              Field("calciner", Kind.BOOL, False)),
               doc="The auction's winner builds the mine."),
    ActionSpec("extract", (SEAT, AREA, Field("tin", Kind.INT, False), Field("copper", Kind.INT, False)),
               doc="Extract tin and copper cubes from one of your mines."),
    ActionSpec("develop", (SEAT, Field("piece", Kind.STR, choices=PIECES), AREA,
                           Field("to", Kind.STR, False, doc="the second area of a train or adit"),
                           Field("own", Kind.BOOL, False, doc="place your own miner (Emigration module)")),
               doc="Place a development bought with work points."),
    ActionSpec("steam_pumps", (SEAT, Field("drain", Kind.INT_MAP, False, doc="water to remove per area id"),
                               *(Field(f"area{n}", Kind.STR, False, doc="an area to drain (form)") for n in ("", "2", "3")),
                               *(Field(f"amount{n}", Kind.INT, False, doc="water to remove there (form)")
                                 for n in ("", "2", "3"))),
               doc="Use the rightmost steam-pump group to remove water."),
    ActionSpec("sell_pasties", (SEAT,), doc="Sell pasties for £1."),
    ActionSpec("pass", (SEAT,), doc="Pass for the rest of the round."),
    ActionSpec("place_bonus", (SEAT, Field("piece", Kind.STR, choices=PIECES), AREA, Field("to", Kind.STR, False)),
               doc="Place a Michigan development for free."),
    ActionSpec("process_arsenic", (SEAT, AREA), doc="Process an arsenic cube at one of your mines."),
    ActionSpec("sell_arsenic", (SEAT,), doc="Sell your processed arsenic."),
    ActionSpec("emigrate", (SEAT, AREA, Field("location", Kind.STR, choices=LOCATIONS)),
               doc="Send a miner abroad (Emigration module)."),
    ActionSpec("invest", (SEAT, Field("tens", Kind.INT, False), Field("fives", Kind.INT, False)),
               doc="Invest £10 or £5 for points."),
    ActionSpec("invest_pass", (SEAT,), doc="Invest nothing more this round."),
    ActionSpec("peek", (SEAT, Field("area", Kind.STR, False, doc="a face-down tile to look at; none to skip")),
               reveals_if=lambda state, action: action.get("area") is not None,
               doc="End of the round: look at a face-down tile."),
    ActionSpec("wallace_turn", (ANY_SEAT, Field("card", Kind.INT_OR_STR, False,
                                                doc="the number of the action card drawn from the printed deck"),
                                Field("dice", Kind.DICE, False, doc="his bid dice, rolled at the table")),
               randomises=True, reveals=True,
               doc="Solo: Lord Wallace reveals action cards until he takes an action."),
    ActionSpec("wallace_bid", (ANY_SEAT, Field("dice", Kind.DICE, False, doc="his bid dice, rolled at the table")),
               randomises=True, reveals=True, doc="Solo: Lord Wallace answers the player's bid."),
])
