"""Tinners' Trail's moves table: every action declared once (``companion.declare``) with the rule
that plays it and, for the moves a player makes, the check that answers "may I?" without building
the new state.

Each rule module (one per part of the round) has ``check_<move>`` (raises the rule's refusal) and
``<move>`` (the same check, then the new state), so the two cannot disagree. The declarations list
what a phone form sends instead of a list or a map (``discard_A`` ... ``discard_D``,
``area``/``amount`` pairs), which actions draw on randomness or show something hidden, and the
fields only the acting seat may see (the survey cards it discards face down).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...core import Action, field_of, rng
from ...declare import ActionSpec, Field, Kind
from ...errors import NotYourTurn
from ...moves import Move, Moves, check_from
from ..data.tables import PIECES, REGIONS
from ..state import State
from ..state.wallace import printed
from . import (actions, arsenic, auction, building, emigration, invest, prices, survey, wallace_auction,
               wallace_turn)
from .emigration import LOCATIONS
from .fields import card_number, count, dice, discards, drains, optional, optional_dice

SEAT = Field("seat", Kind.INT, doc="the seat acting (0 = first seat)")
ANY_SEAT = Field("seat", Kind.INT, doc="the seat tapping it (anyone at the table may)")
AREA = Field("area", Kind.STR, doc="an area id such as B3")
LORD_MOVES = ("wallace_turn", "wallace_bid")


# -- undo barriers that depend on the state ---------------------------------------------------
def _peek_shows_tile(game, state: State, action: Mapping[str, Any]) -> bool:
    """Playing a survey card on a face-down tile lets its player look at the tile."""
    area_id = action.get("area")
    if action.get("card") is None or not isinstance(area_id, str) or not state.has_area(area_id):
        return False
    area = state.area(area_id)
    return area.tile is not None and not area.face_up and action.get("seat") not in area.peeks


def _ends_auction(game, state: State, action: Mapping[str, Any]) -> bool:
    if state.lord is not None:
        return wallace_auction.solo_ends_on_hidden_tile(state, str(action.get("type")), action.get("seat"), game.data)
    return auction.ends_on_hidden_tile(state, str(action.get("type")), action.get("seat"), action.get("amount"))


def _peeks(game, state: State, action: Mapping[str, Any]) -> bool:
    return action.get("area") is not None


# -- rules and checks from one reading of the action --------------------------------------------
Reader = Callable[[Action], tuple]


def ruled(read: Reader, check: Callable[..., Any], play: Callable[..., State]) -> tuple[Callable, Callable]:
    """The move's rule and its check, both given the action's fields as ``read`` finds them:
    ``play`` runs ``check`` itself before building the new state."""
    def run(game, state: State, action: Action) -> State:
        return play(state, *read(action), game.data)

    def forbid(game, state: State, action: Action) -> None:
        check(state, *read(action), game.data)

    return run, check_from(forbid)


def _seat(action: Action) -> tuple:
    return (action["seat"],)


def _area(action: Action) -> tuple:
    return action["seat"], field_of(action, "area", str)


def _extract(action: Action) -> tuple:
    return action["seat"], field_of(action, "area", str), count(action, "tin"), count(action, "copper")


def _develop(action: Action) -> tuple:
    return (action["seat"], field_of(action, "piece", str), field_of(action, "area", str), optional(action, "to"),
            bool(optional(action, "own", bool)))


def _bonus(action: Action) -> tuple:
    return action["seat"], field_of(action, "piece", str), field_of(action, "area", str), optional(action, "to")


def _roll(game, state: State, action: Action) -> State:
    return prices.roll_prices(state, game.data)


def _forbid_roll(game, state: State, action: Action) -> None:
    prices.check_roll(state)


def _his_move(state: State, action: Action) -> State:
    """Who may play Lord Wallace: the game itself (his own seat), or with the printed cards
    the player, who enters the card and dice drawn for him."""
    if state.lord is not None and not printed(state) and action["seat"] != state.lord.seat:
        raise NotYourTurn("Lord Wallace plays by himself at this table: the phone shuffles his cards and "
                          "rolls his dice after your move. To enter cards drawn from the printed deck, start "
                          "the table with the option \"his printed action cards\".", "Lord Wallace's turn")
    return state


def _his_turn(game, state: State, action: Action) -> State:
    return wallace_turn.turn(_his_move(state, action), card_number(action), optional_dice(action), game.data)


def _his_answer(game, state: State, action: Action) -> State:
    return wallace_auction.answer(_his_move(state, action), optional_dice(action), rng(state.seed, state.step),
                                  game.data)


def _move(spec: ActionSpec, read: Reader, check: Callable[..., Any], play: Callable[..., State]) -> Move:
    run, may = ruled(read, check, play)
    return Move(spec, run, may)


MOVES = Moves([
    _move(ActionSpec("keep_cards", (SEAT, Field("discard", Kind.STR_LIST, False, doc="one dealt card of each region"),
                                    *(Field(f"discard_{r}", Kind.STR, False,
                                            doc=f"the region {r} card to discard (form)") for r in REGIONS)),
                     private=("discard",), doc="Choose the survey cards to keep: discard one of each region."),
          lambda a: (a["seat"], discards(a)), survey.check_keep_cards, survey.keep_cards),
    Move(ActionSpec("roll_prices", (ANY_SEAT,), randomises=True, doc="Roll the ore price dice."), _roll, check_from(_forbid_roll)),
    _move(ActionSpec("set_prices", (ANY_SEAT, Field("tin", Kind.DICE), Field("copper", Kind.DICE)),
                     doc="Enter the price dice rolled at the table."),
          lambda a: (dice(a, "tin"), dice(a, "copper")), prices.check_set_prices, prices.set_prices),
    _move(ActionSpec("start_auction", (SEAT, AREA, Field("card", Kind.STR, False, doc="a survey card from hand")),
                     reveals_if=_peek_shows_tile, doc="Start an auction for the right to build in an area."),
          lambda a: (a["seat"], field_of(a, "area", str), optional(a, "card")), auction.check_start_auction,
          auction.start_auction),
    _move(ActionSpec("draw_survey", (SEAT, AREA), randomises=True, reveals=True,
                     doc="Two players: start an auction with the top card of the region's survey deck."),
          _area, auction.check_draw_survey, auction.draw_survey),
    _move(ActionSpec("bid", (SEAT, Field("amount", Kind.INT, doc="pounds bid")), reveals_if=_ends_auction,
                     doc="Bid in the running auction."),
          lambda a: (a["seat"], field_of(a, "amount", int)), auction.check_bid, auction.bid),
    _move(ActionSpec("drop", (SEAT,), reveals_if=_ends_auction, doc="Drop out of the running auction."),
          _seat, auction.check_drop, auction.drop),
    _move(ActionSpec("build_mine", (SEAT, Field("card", Kind.STR, False, doc="a survey card to buy and play"),
                                    Field("calciner", Kind.BOOL, False)),
                     doc="The auction's winner builds the mine."),
          lambda a: (a["seat"], optional(a, "card"), bool(optional(a, "calciner", bool))), building.check_build_mine,
          building.build_mine),
    _move(ActionSpec("extract", (SEAT, AREA, Field("tin", Kind.INT, False), Field("copper", Kind.INT, False)),
                     doc="Extract tin and copper cubes from one of your mines."),
          _extract, actions.check_extract, actions.extract),
    _move(ActionSpec("develop", (SEAT, Field("piece", Kind.STR, choices=PIECES), AREA,
                                 Field("to", Kind.STR, False, doc="the second area of a train or adit"),
                                 Field("own", Kind.BOOL, False, doc="place your own miner (Emigration module)")),
                     doc="Place a development bought with work points."),
          _develop, actions.check_develop, actions.develop),
    _move(ActionSpec("steam_pumps", (SEAT, Field("drain", Kind.INT_MAP, False, doc="water to remove per area id"),
                                     *(Field(f"area{n}", Kind.STR, False, doc="an area to drain (form)")
                                       for n in ("", "2", "3")),
                                     *(Field(f"amount{n}", Kind.INT, False, doc="water to remove there (form)")
                                       for n in ("", "2", "3"))),
                     doc="Use the rightmost steam-pump group to remove water."),
          lambda a: (a["seat"], drains(a)), actions.check_steam_pumps, actions.steam_pumps),
    _move(ActionSpec("sell_pasties", (SEAT,), doc="Sell pasties for £1."),
          _seat, actions.check_sell_pasties, actions.sell_pasties),
    _move(ActionSpec("pass", (SEAT,), doc="Pass for the rest of the round."),
          _seat, actions.check_pass, actions.pass_turn),
    _move(ActionSpec("place_bonus", (SEAT, Field("piece", Kind.STR, choices=PIECES), AREA,
                                     Field("to", Kind.STR, False)),
                     doc="Place a Michigan development for free."),
          _bonus, actions.check_place_bonus, actions.place_bonus),
    _move(ActionSpec("process_arsenic", (SEAT, AREA), doc="Process an arsenic cube at one of your mines."),
          _area, arsenic.check_process, arsenic.process),
    _move(ActionSpec("sell_arsenic", (SEAT,), doc="Sell your processed arsenic."),
          _seat, arsenic.check_sell, arsenic.sell),
    _move(ActionSpec("emigrate", (SEAT, AREA, Field("location", Kind.STR, choices=LOCATIONS)),
                     doc="Send a miner abroad (Emigration module)."),
          lambda a: (a["seat"], field_of(a, "area", str), field_of(a, "location", str)), emigration.check_emigrate,
          emigration.emigrate),
    _move(ActionSpec("invest", (SEAT, Field("tens", Kind.INT, False), Field("fives", Kind.INT, False)),
                     doc="Invest £10 or £5 for points."),
          lambda a: (a["seat"], count(a, "tens"), count(a, "fives")), invest.check_invest, invest.invest),
    _move(ActionSpec("invest_pass", (SEAT,), doc="Invest nothing more this round."),
          _seat, invest.check_invest_pass, invest.invest_pass),
    _move(ActionSpec("peek", (SEAT, Field("area", Kind.STR, False, doc="a face-down tile to look at; none to skip")),
                     reveals_if=_peeks, doc="End of the round: look at a face-down tile."),
          lambda a: (a["seat"], optional(a, "area")), invest.check_peek, invest.peek),
    # Lord Wallace's moves draw cards and roll dice as they go: their rule is their only check.
    Move(ActionSpec("wallace_turn", (ANY_SEAT, Field("card", Kind.INT_OR_STR, False,
                                                     doc="the number of the action card drawn from the printed deck"),
                                     Field("dice", Kind.DICE, False, doc="his bid dice, rolled at the table")),
                    randomises=True, reveals=True,
                    doc="Solo: Lord Wallace reveals action cards until he takes an action."), _his_turn),
    Move(ActionSpec("wallace_bid", (ANY_SEAT, Field("dice", Kind.DICE, False, doc="his bid dice, rolled at the table")),
                    randomises=True, reveals=True, doc="Solo: Lord Wallace answers the player's bid."), _his_answer),
])

__all__ = ["LORD_MOVES", "MOVES"]
