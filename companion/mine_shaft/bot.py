"""A simple bot for seats marked as bots: legal moves only, with a miner's common sense —
lay a tile whenever possible, walk to the richest tile in reach (or to a shaft end, where
the next tile can be laid, or onto a collapse to clear and refill it), mine the most
valuable counter. Ties are broken at random from
the table's seed, so a replay gives the same game."""

from __future__ import annotations

from ..core import Option, rng
from . import mine
from .state import MineState
from .tiles import KINDS, Rules

WORTH = {"coal": 1, "silver": 3, "gold": 5}


def _tile_worth(rules: Rules, state: MineState, pos) -> float:
    placed = state.tiles[pos]
    if placed.collapsed:
        return 0.8  # clearing costs a turn but refills the tile for its clearer
    best = max((WORTH[k] for k in placed.minerals), default=0)
    return best + (0.5 if mine.at_open_end(rules, state, pos) else 0.0)


def choose(rules: Rules, state: MineState, options: list[Option]) -> dict:
    allowed = [o.action for o in options if o.allowed]
    pick = rng(f"bot/{state.seed}", state.step)
    kinds = {a["type"] for a in allowed}
    if "take" in kinds:
        takes = [a for a in allowed if a["type"] == "take"]
        return max(takes, key=lambda a: KINDS.index(a["mineral"]))
    if "draw_tile" in kinds:
        return next(a for a in allowed if a["type"] == "draw_tile")
    if state.phase == "move":
        moves = [a for a in allowed if a["type"] in ("move", "tunnel")]
        pick.shuffle(moves)
        return max(moves, key=lambda a: _tile_worth(rules, state, (a["x"], a["y"])))
    if state.phase == "die_a" and state.die_a == "quake":
        # bring down the poorest neighbour: its minerals go back to the bag, not to a rival
        return min(allowed, key=lambda a: len(state.tiles[(a["x"], a["y"])].minerals))
    if state.phase == "effect" and state.effect == "kart":
        return max(allowed, key=lambda a: len(a.get("tiles", [])))
    fills = [a for a in allowed if a["type"] != "skip"] or allowed
    return pick.choice(fills)
