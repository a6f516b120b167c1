"""Squares, tiles and turns in words, for every text a player reads (buttons, the log, refusals).

Players point at the table, not at coordinates: a square is named from the start tile by
compass points (north is the top of the phone's picture), a tile by its colour and shape,
and a turned tile by where its track opens ("running north-south", "joining south and east").
"""

from __future__ import annotations

from functools import lru_cache

from ..data import START, Design, Pos, Rules, describe, open_edges
from ..state import MineState

COMPASS = {"N": "north", "E": "east", "S": "south", "W": "west"}


@lru_cache(maxsize=1024)  # the squares of a mine: every log line and button names some
def square(pos: Pos) -> str:
    """``(0, -1)`` -> "north of the start tile"; ``(2, -1)`` -> "1 north and 2 east of the start tile"."""
    x, y = pos
    if (x, y) == (0, 0):
        return "on the start tile"
    steps = [(abs(y), "north" if y < 0 else "south"), (abs(x), "west" if x < 0 else "east")]
    steps = [(n, way) for n, way in steps if n]
    if len(steps) == 1 and steps[0][0] == 1:
        return f"{steps[0][1]} of the start tile"
    return " and ".join(f"{n} {way}" for n, way in steps) + " of the start tile"


def tile(rules: Rules, state: MineState, pos: Pos) -> str:
    """The tile lying on a square: "the start tile", "the red curve 2 north of the start tile"."""
    placed = state.tiles.get(pos)
    if placed is None:
        return f"the empty square {square(pos)}"
    if placed.design == START:
        return "the start tile"
    fallen = "collapsed " if placed.collapsed else ""
    return f"the {fallen}{describe(rules.design(placed.design))} {square(pos)}"


def tiles(rules: Rules, state: MineState, places) -> str:
    return " and ".join(tile(rules, state, tuple(p)) for p in places)


def _list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number(n: int) -> str:
    """A small count in words ("two"), a larger one in figures."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def up_to(most: int, thing: str) -> str:
    """"one tile", "one or two tiles", "one to three tiles": a choice of at least one."""
    if most <= 1:
        return f"one {thing}"
    return f"one {'or' if most == 2 else 'to'} {number(most)} {thing}s"


def kart_run(tiles: int) -> str:
    """What a Mine kart gathers from, for a kart of ``tiles`` tiles."""
    if tiles <= 1:
        return "the one tile joined to it by track"
    behind = "the one behind" if tiles == 2 else "those behind it"
    return f"the {number(tiles)} tiles on one track leading up to it (the one joined to it and {behind})"


def facing(design: Design, rotation: int) -> str:
    """Where a tile laid at this turn opens, in the order north, east, south, west."""
    edges = [COMPASS[e] for e in "NESW" if e in open_edges(design, rotation)]
    if design.shape == "end":
        return f"open to the {edges[0]}"
    if design.shape == "straight":
        return f"running {edges[0]}-{edges[1]}"
    if design.shape == "curve":
        return f"joining {edges[0]} and {edges[1]}"
    if len(edges) == 4:
        return "open on all four sides"
    closed = [COMPASS[e] for e in "NESW" if COMPASS[e] not in edges]
    return f"closed to the {closed[0]}"


def laying(design: Design, pos: Pos, rotation: int) -> str:
    """"the red curve north of the start tile, joining south and east"."""
    return f"the {describe(design)} {square(pos)}, {facing(design, rotation)}"
