"""Setup steps printed on a game's checklist: how a group that has never seen the game lays
it out from the printed pieces alone, for the player count and variant of the build.

A game registers one function with ``@setup_steps("<game id>")`` (in ``pdf/games/``); it
returns the steps as short paragraphs in our own words, every number read from the game's
data or from what this build prints (``counts``: pieces per component or deck id), so a
``--players 3`` build names the numbers for three players.
"""

from __future__ import annotations

from typing import Callable, Mapping

from companion.data.model import GameData

StepsFn = Callable[[GameData, object, Mapping[str, int]], list[str]]
_STEPS: dict[str, StepsFn] = {}


def setup_steps(game_id: str) -> Callable[[StepsFn], StepsFn]:
    def register(fn: StepsFn) -> StepsFn:
        _STEPS[game_id] = fn
        return fn
    return register


def steps_for(game: GameData, options, counts: Mapping[str, int]) -> list[str]:
    """The game's setup steps for this build, or none when the game registers no steps."""
    from .painters import discover

    discover(game.id)
    fn = _STEPS.get(game.id)
    return fn(game, options, counts) if fn is not None else []


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"
