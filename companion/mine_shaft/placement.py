"""Drawing a shaft tile and laying it against the tile the player stands on."""

from __future__ import annotations

import random
from dataclasses import replace

from ..core import Action, field_of, require
from ..errors import BadAction
from . import advanced, bag, mine, words
from .state import MineState, Placed
from .tiles import ROTATIONS, Rules, describe


def draw_tile(rules: Rules, state: MineState, action: Action, rnd: random.Random) -> MineState:
    if state.phase == "roll" and not state.placed:
        require(bool(state.pile), "There are no tiles left to draw.", "tile placement")
    require(state.phase in ("start", "extra", "roll") and not (state.phase == "roll" and state.placed),
            "You already hold a drawn tile: place it first." if state.phase == "place"
            else "You can only draw a tile at the start of your turn, before rolling the dice.", "tile placement")
    require(any(mine.open_ends(rules, state, a) for a in state.anchors),
            "You can only lay a tile when you stand at the end of an open shaft: no open track on your tile "
            "leads to an empty square.", "tile placement")
    # every draw of a player's first turn, the Porous rock's extra tile too, skips ends of shaft
    first_turn = state.phase in ("start", "extra") and not state.current.started
    pile = list(state.pile)
    has_other = any(not rules.design(d).is_end for d in pile)
    given = action.get("tile")
    redraws = 0
    if given is not None:
        if not isinstance(given, str):
            raise BadAction("'tile' must be a tile design id such as \"Sy1\"")
        require(given in pile, f"Tile {given!r} is not among the {len(pile)} face-down tiles.", "tile placement")
        require(not (first_turn and rules.design(given).is_end and has_other),
                "On your first turn an end-of-shaft tile goes back: shuffle it in and draw again.", "first turn")
        drawn = given
    else:
        drawn = pile[rnd.randrange(len(pile))]
        while first_turn and rules.design(drawn).is_end and has_other:
            redraws += 1
            drawn = pile[rnd.randrange(len(pile))]
    pile.remove(drawn)
    again = f" (after putting back {redraws} end-of-shaft tile{'s' if redraws > 1 else ''})" if redraws else ""
    note = f"{state.current.name} drew a {describe(rules.design(drawn))} tile{again}"
    return replace(state, pile=tuple(pile), drawn=drawn, phase="place", note=note)


def _position(action: Action) -> tuple[int, int]:
    return field_of(action, "x", int), field_of(action, "y", int)


def place_tile(rules: Rules, state: MineState, action: Action, rnd: random.Random) -> MineState:
    require(state.phase == "place" and state.drawn is not None, "Draw a tile before placing one.", "tile placement")
    square = _position(action)
    rotation = field_of(action, "rotation", int)
    require(rotation in ROTATIONS, f"Rotation {rotation} is not a quarter turn: use 0, 90, 180 or 270.",
            "tile placement")
    options = mine.placements(rules, state, state.drawn, state.anchors)
    squares = sorted({s for s, _ in options})
    if square not in squares:
        where = " or ".join(words.square(s) for s in squares)
        raise_msg = (f"The square {words.square(square)} is not at an open end of your tile: the tile must go "
                     f"{where}.") if squares else "There is no open end to lay this tile at."
        require(False, raise_msg, "tile placement")
    require((square, rotation) in options,
            f"{words.facing(rules.design(state.drawn), rotation).capitalize()}, this tile has no track on the "
            f"edge facing your tile: it must connect to the tile you stand on.", "tile placement")
    design = rules.design(state.drawn)
    state = state.with_tiles({square: Placed(design.id, rotation)}, drawn=None, placed=True, anchors=())
    state = bag.fill(state, square, design.slots, rnd, bag.given_minerals(action))
    got = state.tiles[square].minerals
    note = f"{state.current.name} laid {words.laying(design, square, rotation)}, and filled it with {bag.describe(got)}"
    state = replace(state, note=note)
    return advanced.on_placed(rules, state, square)
