"""The simulation lab's bots for Mine Shaft: ``random`` and ``heuristic``.

The heuristic player, from the table (everything but the order of the bag and the tile pile is
public): always takes the most valuable mineral under it, lays a tile whenever it can, walks to
the richest tile in reach (or a shaft end, or a collapse to clear), and brings down the
poorest neighbour when the quake is its to place (see ``bot.choose``).
"""

from __future__ import annotations

from ..bots import BotSet
from .bot import WORTH

ORDER = {"take": 40, "draw_tile": 30, "place_tile": 20, "clear": 15, "roll": 10, "tunnel": 5, "move": 5}


def candidates(game, state, seat: int) -> list[dict]:
    if state.phase == "over" or seat != state.turn:
        return []
    return [dict(o.action, seat=seat) for o in game.options(state, seat) if o.allowed]


def seen(state, seat: int) -> dict:
    """The tiles on the table (all public); never the pile or the bag."""
    return {"tiles": state.tiles}


def value(seen: dict, action: dict) -> float:
    kind = action["type"]
    base = ORDER.get(kind, 1)
    if kind == "take":
        return base + WORTH[action["mineral"]]
    if kind in ("move", "tunnel"):
        tile = seen["tiles"].get((action["x"], action["y"]))
        if tile is None:
            return base
        if tile.collapsed:
            return base + 0.8
        return base + max((WORTH[m] for m in tile.minerals), default=0)
    if kind == "skip":
        return 0
    return base


def bot_set(game) -> BotSet:
    return BotSet(game, lambda state, seat: candidates(game, state, seat), seen, value)
