"""Bots for the simulation lab and bot seats. Both decide from what their seat may see (the
candidates of ``options.candidates``, the table and their own hand): the random bot takes any
move the rules allow; the heuristic bot (``heuristic``) follows a plain mining plan and calls
the end when it leads. Both bring the game to its end once it has run its course, whatever
ending the table agreed (``closing``)."""

from __future__ import annotations

import random
from typing import Any

from ..options.candidates import candidates
from ..scoring import holding, score_rows
from ..state import ArdState
from .closing import closing
from .heuristic import Plan, value

NAMES = ("random", "heuristic")
NEVER_RANDOM = ("call_time", "retire_target", "restore_target")  # the table's agreements, never a bot's choice


def leading(game: Any, s: ArdState, seat: int) -> bool:
    """Whether ``seat`` would win were the game scored now (money in hand, loans not counted)."""
    rows = score_rows(game.data, [holding(p, net=False) for p in s.players])
    totals = [sum(row.points[other] for row in rows) for other in range(len(s.players))]
    return totals[seat] > max(t for other, t in enumerate(totals) if other != seat)


def ranked(game: Any, s: ArdState, seat: int, bot: str, chooser: random.Random) -> list[dict]:
    """The candidates in the order the bot would try them (the moves it never makes left out)."""
    found = candidates(game.data, s, seat)
    if bot == "random":
        found = [a for a in found if a["type"] not in NEVER_RANDOM]
        chooser.shuffle(found)
        return found
    plan = Plan(game, s, seat, lambda: s.phase == "play" and leading(game, s, seat))
    scored = [(value(plan, a), i, a) for i, a in enumerate(found)]
    return [a for v, _, a in sorted(scored, key=lambda x: (-x[0], x[1])) if v >= 0]


def bot_step(game: Any, s: ArdState, seat: int, bot: str, chooser: random.Random) -> tuple[dict, ArdState] | None:
    """The bot's move for ``seat`` and the state it leads to; None when the table does not
    wait for ``seat`` or nothing is allowed. Once the game has run its course, the moves that
    end it come first (``closing``)."""
    if seat not in game.acting_seats(s):
        return None
    for action in closing(game.data, s, seat):
        if game.refusal(s, action) is None:
            return action, game.apply(s, action)
    for action in ranked(game, s, seat, bot, chooser):
        if game.refusal(s, action) is None:
            return action, game.apply(s, action)
    return None


__all__ = ["NAMES", "NEVER_RANDOM", "bot_step", "leading", "ranked"]
