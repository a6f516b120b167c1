"""Every Mine Shaft action, declared once with the rule that plays it and its check.

Where the table uses its own tiles, dice and bag it may say what came out (``tile``,
``die_a``/``die_b``, ``minerals`` or ``coal``/``silver``/``gold`` counts); only an action that
leaves the draw to the companion is random, and only a random one stops undo. Every action
names the seat acting (``seat``, required: the web room fills it in from the phone's token),
and only the player whose turn it is may act.

The rules live in one module per part of the turn: ``placement`` (drawing and laying a tile),
``advanced`` (the icons), ``dice`` (the roll and die A), ``movement`` (moving, the Tunnel,
mining, clearing), with ``bag`` and ``mine`` (the mine's geometry) under them and ``turn`` (the
flow from phase to phase, the end of the game) after them. Each move's ``check`` is the first
half of its rule: the refusals, without building the new state.
"""

from __future__ import annotations

from typing import Any, Callable

from ...core import Action
from ...declare import ActionSpec, Field, Kind, seat_field, unless_all_given, unless_given
from ...moves import Move, Moves
from ..data import KINDS, Rules
from ..state import MineState
from . import advanced, dice, movement, placement
from .turn import check_turn

Rule = Callable[[Rules, MineState, Action], Any]


def _played(rule: Rule) -> Callable[[Any, MineState, Action], MineState]:
    """A rule as the moves table runs it: by the player whose turn it is, on the game's data."""
    def run(game: Any, state: MineState, action: Action) -> MineState:
        check_turn(state, action["seat"])
        return rule(game.data, state, action)
    return run


def _checked(check: Rule) -> Callable[[Any, MineState, Action], None]:
    """A rule's check as the moves table asks it: raises the refusal ``run`` would raise."""
    def why_not(game: Any, state: MineState, action: Action) -> None:
        check_turn(state, action["seat"])
        check(game.data, state, action)
    return why_not


def _skip(rules: Rules, state: MineState, action: Action) -> MineState:
    # "skip" lets a colour on die A go unused; advanced icons cannot be skipped (decline says why).
    return (advanced.decline if state.phase == "effect" else dice.skip_fill)(rules, state, action)


def _check_skip(rules: Rules, state: MineState, action: Action) -> None:
    (advanced.check_decline if state.phase == "effect" else dice.check_skip_fill)(rules, state, action)


def _move(spec: ActionSpec, rule: Rule, check: Rule) -> Move:
    return Move(spec, _played(rule), _checked(check))


SEAT = seat_field("the seat acting (0 = first seat)")
X = Field("x", Kind.INT, doc="column of the square")
Y = Field("y", Kind.INT, doc="row of the square")
DRAWN = (Field("minerals", Kind.STR_LIST, False, doc="what came out of the real bag, e.g. [\"coal\", \"gold\"]"),
         *(Field(kind, Kind.INT, False, doc=f"how many {kind} came out of the real bag (form)") for kind in KINDS))
FROM_BAG = unless_given("minerals", *KINDS)

MOVES = Moves([
    _move(ActionSpec("draw_tile", (SEAT, Field("tile", Kind.STR, False, doc="the tile drawn from the real pile")),
                     randomises_if=unless_given("tile"), doc="Draw a shaft tile."),
          placement.draw_tile, placement.check_draw_tile),
    _move(ActionSpec("place_tile", (SEAT, X, Y, Field("rotation", Kind.INT, doc="0, 90, 180 or 270"), *DRAWN),
                     randomises_if=FROM_BAG, doc="Lay the drawn tile and fill it from the bag."),
          placement.place_tile, placement.check_place_tile),
    _move(ActionSpec("swap", (SEAT, X, Y), doc="Swap: exchange the new tile with another."),
          advanced.swap, advanced.check_swap),
    _move(ActionSpec("fuse", (SEAT, X, Y), doc="Timed fuse: collapse a tile."), advanced.fuse, advanced.check_fuse),
    _move(ActionSpec("porous", (SEAT, *DRAWN), randomises_if=FROM_BAG, doc="Porous rock: draw minerals from the bag."),
          advanced.porous, advanced.check_porous),
    _move(ActionSpec("kart", (SEAT, Field("tiles", Kind.POINTS,
                                          doc="the squares of one run of track into the kart, as [[x, y], [x, y]]")),
                     doc="Mine kart: gather the minerals of the tiles of one run of track."),
          advanced.kart, advanced.check_kart),
    _move(ActionSpec("roll", (SEAT, Field("die_a", Kind.STR, False, doc="what die A showed at the table"),
                              Field("die_b", Kind.INT, False, doc="what die B showed at the table")),
                     randomises_if=unless_all_given("die_a", "die_b"), doc="Roll both dice."),
          dice.roll, dice.check_roll),
    _move(ActionSpec("fill_tile", (SEAT, X, Y, *DRAWN), randomises_if=FROM_BAG,
                     doc="Die A's colour: fill a tile of that colour from the bag."),
          dice.fill_tile, dice.check_fill_tile),
    _move(ActionSpec("collapse", (SEAT, X, Y), doc="A quake: collapse a tile next to yours."),
          dice.collapse, dice.check_collapse),
    _move(ActionSpec("move", (SEAT, X, Y), doc="Move along the shaft."), movement.move, movement.check_move),
    _move(ActionSpec("tunnel", (SEAT, X, Y), doc="Tunnel to a square."), movement.tunnel, movement.check_tunnel),
    _move(ActionSpec("take", (SEAT, Field("mineral", Kind.STR, choices=KINDS)), doc="Take a mineral from your tile."),
          movement.take, movement.check_take),
    _move(ActionSpec("pass", (SEAT,), doc="Take nothing this turn."), movement.pass_mining, movement.check_pass),
    _move(ActionSpec("clear", (SEAT, *DRAWN), randomises_if=FROM_BAG, doc="Clear a collapsed tile and refill it."),
          movement.clear, movement.check_clear),
    _move(ActionSpec("skip", (SEAT,), doc="Leave die A's colour unused."), _skip, _check_skip),
])

__all__ = ["MOVES"]
