"""Mine Shaft's bots: the simulation lab's ``random`` and ``heuristic``, and the bot that plays
a table's bot seats.

Both heuristic players decide from the table (everything but the order of the bag and the tile
pile is public) with a miner's common sense: take the most valuable mineral underfoot, lay a
tile whenever possible, walk to the richest tile in reach (or to a shaft end, where the next
tile can be laid, or onto a collapse to clear and refill it), and bring down the poorest
neighbour when the quake is theirs to place. The bot seats break ties at random from the
table's seed, so a replay gives the same game. No bot ever plays a move ``apply`` would
refuse: the lab's bots play the first candidate it accepts, a bot seat chooses among the
candidates ``game.refusal`` allows.
"""

from __future__ import annotations

from typing import Any

from ..bots import BotSet
from ..core import rng
from .data import KINDS, Pos, Rules
from .moves import mine
from .options import candidates
from .state import MineState

WORTH = {"coal": 1, "silver": 3, "gold": 5}
ORDER = {"take": 40, "draw_tile": 30, "place_tile": 20, "clear": 15, "roll": 10, "tunnel": 5, "move": 5}


def allowed(game: Any, state: MineState, seat: int) -> list[dict]:
    """The candidates the rules accept for ``seat`` now (none when it is not that seat's turn)."""
    if game.is_over(state) or seat != state.turn:
        return []
    return [a for a in candidates(game, state, seat) if game.refusal(state, a) is None]


# -- the lab's bots --------------------------------------------------------------------------

def seen(state: MineState, seat: int) -> Any:
    """The tiles on the table (all public); never the pile or the bag."""
    return state.tiles


def value(tiles: Any, action: dict) -> float:
    kind = action["type"]
    base = ORDER.get(kind, 1)
    if kind == "take":
        return base + WORTH[action["mineral"]]
    if kind in ("move", "tunnel"):
        tile = tiles.get((action["x"], action["y"]))
        if tile is None:
            return base
        if tile.collapsed:
            return base + 0.8
        return base + max((WORTH[m] for m in tile.minerals), default=0)
    if kind == "skip":
        return 0
    return base


def _tries(game: Any, state: MineState, seat: int) -> list[dict]:
    """What the lab's bots try, best first by their own order: the candidates for the seat whose
    turn it is. ``BotSet`` plays the first one the rules accept (random: in a random order, so
    uniformly among the allowed ones), so the candidates need no check of their own."""
    if game.is_over(state) or seat != state.turn:
        return []
    return candidates(game, state, seat)


def bot_set(game: Any) -> BotSet:
    return BotSet(game, lambda state, seat: _tries(game, state, seat), seen, value)


# -- bot seats ---------------------------------------------------------------------------------

def _tile_worth(rules: Rules, state: MineState, pos: Pos) -> float:
    placed = state.tiles[pos]
    if placed.collapsed:
        return 0.8  # clearing costs a turn but refills the tile for its clearer
    best = max((WORTH[k] for k in placed.minerals), default=0)
    return best + (0.5 if mine.at_open_end(rules, state, pos) else 0.0)


def choose(rules: Rules, state: MineState, legal: list[dict]) -> dict:
    """A bot seat's move among the ``legal`` ones."""
    pick = rng(f"bot/{state.seed}", state.step)
    kinds = {a["type"] for a in legal}
    if "take" in kinds:
        takes = [a for a in legal if a["type"] == "take"]
        return max(takes, key=lambda a: KINDS.index(a["mineral"]))
    if "draw_tile" in kinds:
        return next(a for a in legal if a["type"] == "draw_tile")
    if state.phase == "move":
        moves = [a for a in legal if a["type"] in ("move", "tunnel")]
        pick.shuffle(moves)
        return max(moves, key=lambda a: _tile_worth(rules, state, (a["x"], a["y"])))
    if state.phase == "die_a" and state.die_a == "quake":
        # bring down the poorest neighbour: its minerals go back to the bag, not to a rival
        return min(legal, key=lambda a: len(state.tiles[(a["x"], a["y"])].minerals))
    if state.phase == "effect" and state.effect == "kart":
        return max(legal, key=lambda a: len(a.get("tiles", [])))
    fills = [a for a in legal if a["type"] != "skip"] or legal
    return pick.choice(fills)


def bot_action(game: Any, state: MineState, seat: int) -> dict | None:
    """The action a bot seat takes now, or None when it is not that seat's move."""
    found = allowed(game, state, seat)
    return dict(choose(game.data, state, found), seat=seat) if found else None


__all__ = ["ORDER", "WORTH", "allowed", "bot_action", "bot_set", "choose", "seen", "value"]
