"""Bot seats: a function chooses the seat's next action. Lord Wallace, the solo opponent, is
not one of these: his own rules (``wallace_turn``) play him when the player reveals his turn."""

from __future__ import annotations

from typing import Callable

from ...core import rng
from ..state import State

BotFn = Callable[[object, State, int], dict | None]


def simple_bot(game, state: State, seat: int) -> dict | None:
    """A cautious legal move: never bids above the minimum, invests what it can, else passes."""
    from ..options import legal_actions
    moves = legal_actions(game, state, seat)
    if not moves:
        return None
    chooser = rng(state.seed, state.step)
    preferred = [m for m in moves if m["type"] in ("keep_cards", "roll_prices", "invest", "build_mine", "peek",
                                                   "extract")]
    return chooser.choice(preferred or moves)


BOTS: dict[str, BotFn] = {"simple": simple_bot}


def bot_action(game, state: State, seat: int) -> dict | None:
    """The next action for a bot seat, or None when the table is not waiting for it."""
    bot = state.players[seat].bot
    if bot is None:
        return None
    return BOTS.get(bot, simple_bot)(game, state, seat)
