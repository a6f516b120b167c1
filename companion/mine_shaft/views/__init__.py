"""What each seat, a watcher and nobody may see of a game of Mine Shaft, the log line of each
move and the turn banner's words. Everything is on the table but the order of the tile pile
and the seed; ``board`` is the mine as the phone draws it, ``words`` names squares and tiles
the way players point at them."""

from __future__ import annotations

from typing import Any

from ...core import Action
from ..state import MineState, to_json
from .board import board

# The step of a turn, phase by phase (the turn banner's words).
TURN_PHRASES = {"clear": "clearing a collapsed tile", "start": "drawing a tile or rolling", "place": "laying a tile",
                "effect": "resolving a tile", "extra": "drawing another tile", "roll": "rolling the dice",
                "die_a": "placing die A", "move": "moving", "mine": "taking a mineral"}


def view(game: Any, state: MineState, seat: int | None) -> dict:
    """The pile's contents and the seed are hidden (only how many tiles are left); everything
    else is on the table. ``board`` is the mine ready to draw, with the squares this seat may tap."""
    data = to_json(state)
    data["pile"] = {"left": len(state.pile)}
    del data["seed"]  # with the seed, the next dice and draws could be worked out
    data["board"] = board(game.data, state, game.options(state, seat))
    return data


def describe(before: MineState, action: Action, after: MineState) -> str:
    """The log line: what the move did, as the rule wrote it down (``note``)."""
    return after.note


def turn_phrase(state: MineState) -> str | None:
    """The step of the turn in a few words, for the turn banner."""
    return TURN_PHRASES.get(state.phase)


__all__ = ["TURN_PHRASES", "describe", "turn_phrase", "view"]
