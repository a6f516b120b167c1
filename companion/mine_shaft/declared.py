"""Every Mine Shaft action, declared once (``companion.declare``). Where the table uses its own
tiles, dice and bag it may say what came out (``tile``, ``die_a``/``die_b``, ``minerals`` or
``coal``/``silver``/``gold`` counts); only an action that leaves the draw to the companion is
random, and only a random one stops undo."""

from __future__ import annotations

from ..declare import ActionSpec, Declaration, Field, Kind, unless_all_given, unless_given
from .tiles import KINDS

SEAT = Field("seat", Kind.INT, False, doc="the seat acting; left out: the seat whose turn it is")
X = Field("x", Kind.INT, doc="column of the square")
Y = Field("y", Kind.INT, doc="row of the square")
DRAWN = (Field("minerals", Kind.STR_LIST, False, doc="what came out of the real bag, e.g. [\"coal\", \"gold\"]"),
         *(Field(kind, Kind.INT, False, doc=f"how many {kind} came out of the real bag (form)") for kind in KINDS))
FROM_BAG = unless_given("minerals", *KINDS)

DECLARATION = Declaration([
    ActionSpec("draw_tile", (SEAT, Field("tile", Kind.STR, False, doc="the tile drawn from the real pile")),
               randomises_if=unless_given("tile"), doc="Draw a shaft tile."),
    ActionSpec("place_tile", (SEAT, X, Y, Field("rotation", Kind.INT, doc="0, 90, 180 or 270"), *DRAWN),
               randomises_if=FROM_BAG, doc="Lay the drawn tile and fill it from the bag."),
    ActionSpec("swap", (SEAT, X, Y), doc="Swap: exchange the new tile with another."),
    ActionSpec("fuse", (SEAT, X, Y), doc="Timed fuse: collapse a tile."),
    ActionSpec("porous", (SEAT, *DRAWN), randomises_if=FROM_BAG, doc="Porous rock: draw two minerals."),
    ActionSpec("kart", (SEAT, Field("tiles", Kind.POINTS, doc="one or two squares as [[x, y], [x, y]]")),
               doc="Mine kart: gather the minerals of one or two tiles."),
    ActionSpec("roll", (SEAT, Field("die_a", Kind.STR, False, doc="what die A showed at the table"),
                        Field("die_b", Kind.INT, False, doc="what die B showed at the table")),
               randomises_if=unless_all_given("die_a", "die_b"), doc="Roll both dice."),
    ActionSpec("fill_tile", (SEAT, X, Y, *DRAWN), randomises_if=FROM_BAG,
               doc="Die A's colour: fill a tile of that colour from the bag."),
    ActionSpec("collapse", (SEAT, X, Y), doc="A quake: collapse a tile next to yours."),
    ActionSpec("move", (SEAT, X, Y), doc="Move along the shaft."),
    ActionSpec("tunnel", (SEAT, X, Y), doc="Tunnel to a square."),
    ActionSpec("take", (SEAT, Field("mineral", Kind.STR, choices=KINDS)), doc="Take a mineral from your tile."),
    ActionSpec("pass", (SEAT,), doc="Take nothing this turn."),
    ActionSpec("clear", (SEAT, *DRAWN), randomises_if=FROM_BAG, doc="Clear a collapsed tile and refill it."),
    ActionSpec("skip", (SEAT,), doc="Leave die A's colour unused."),
])
