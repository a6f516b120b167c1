"""Drawing a shaft tile and laying it against the tile the player stands on.

Each move has its check (``check_*``: raises the refusal, builds nothing) and its rule, which
runs the check and then builds the new state, so the two never disagree."""

from __future__ import annotations

from ...core import Action, require, rng
from ...errors import BadAction
from ..data import Rules, describe
from ..data.geometry import ROTATIONS
from ..state import MineState, Placed
from ..views import words
from . import advanced, bag, mine


def _first_turn(state: MineState) -> bool:
    # every draw of a player's first turn, the Porous rock's extra tile too, skips ends of shaft
    return state.phase in ("start", "extra") and not state.current.started


def _has_other(rules: Rules, pile: tuple[str, ...]) -> bool:
    """Whether the pile holds a tile that is not an end of shaft."""
    return any(not rules.designs[d].is_end for d in pile)


def check_draw_tile(rules: Rules, state: MineState, action: Action) -> None:
    phase = state.phase
    if phase == "roll" and not state.placed:
        require(bool(state.pile), "There are no tiles left to draw.", "tile placement")
    require(phase in ("start", "extra", "roll") and not (phase == "roll" and state.placed),
            "You already hold a drawn tile: place it first." if phase == "place"
            else "You can only draw a tile at the start of your turn, before rolling the dice.", "tile placement")
    require(any(mine.open_ends(rules, state, a) for a in state.anchors),
            "You can only lay a tile when you stand at the end of an open shaft: no open track on your tile "
            "leads to an empty square.", "tile placement")
    given = action.get("tile")
    if given is None:
        return
    if not isinstance(given, str):
        raise BadAction("'tile' must be a tile design id such as \"Sy1\"")
    pile = state.pile
    require(given in pile, f"Tile {given!r} is not among the {len(pile)} face-down tiles.", "tile placement")
    require(not (_first_turn(state) and rules.designs[given].is_end and _has_other(rules, pile)),
            "On your first turn an end-of-shaft tile goes back: shuffle it in and draw again.", "first turn")


def draw_tile(rules: Rules, state: MineState, action: Action) -> MineState:
    check_draw_tile(rules, state, action)
    pile = list(state.pile)
    drawn = action.get("tile")
    redraws = 0
    if drawn is None:
        rnd = rng(state.seed, state.step)
        drawn = pile[rnd.randrange(len(pile))]
        if _first_turn(state) and _has_other(rules, state.pile):
            while rules.designs[drawn].is_end:
                redraws += 1
                drawn = pile[rnd.randrange(len(pile))]
    pile.remove(drawn)
    again = f" (after putting back {redraws} end-of-shaft tile{'s' if redraws > 1 else ''})" if redraws else ""
    note = f"{state.current.name} drew a {describe(rules.designs[drawn])} tile{again}"
    return state.evolve(pile=tuple(pile), drawn=drawn, phase="place", note=note)


def check_place_tile(rules: Rules, state: MineState, action: Action) -> None:
    require(state.phase == "place" and state.drawn is not None, "Draw a tile before placing one.", "tile placement")
    square = action["x"], action["y"]
    rotation = action["rotation"]
    require(rotation in ROTATIONS, f"Rotation {rotation} is not a quarter turn: use 0, 90, 180 or 270.",
            "tile placement")
    options = mine.placements(rules, state, state.drawn, state.anchors)
    if (square, rotation) in options:
        design = rules.designs[state.drawn]
        bag.check_draw(state.bag, design.slots, bag.given_minerals(action))
        return
    squares = sorted({s for s, _ in options})
    if square not in squares:
        where = " or ".join(words.square(s) for s in squares)
        require(False, (f"The square {words.square(square)} is not at an open end of your tile: the tile must go "
                        f"{where}.") if squares else "There is no open end to lay this tile at.", "tile placement")
    require(False, f"{words.facing(rules.designs[state.drawn], rotation).capitalize()}, this tile has no track on the "
                   f"edge facing your tile: it must connect to the tile you stand on.", "tile placement")


def place_tile(rules: Rules, state: MineState, action: Action) -> MineState:
    check_place_tile(rules, state, action)
    square = action["x"], action["y"]
    rotation = action["rotation"]
    design = rules.designs[state.drawn]
    given = bag.given_minerals(action)
    laid, left = bag.topped(state.bag, Placed(design.id, rotation), design.slots,
                            rng(state.seed, state.step) if given is None else None, given)
    note = (f"{state.current.name} laid {words.laying(design, square, rotation)}, and filled it with "
            f"{bag.describe(laid.minerals)}")
    state = state.with_tiles({square: laid}, bag=left, drawn=None, placed=True, anchors=(), note=note)
    return advanced.on_placed(rules, state, square)


__all__ = ["check_draw_tile", "check_place_tile", "draw_tile", "place_tile"]
