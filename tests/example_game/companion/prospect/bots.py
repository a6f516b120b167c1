"""Prospect's bots: ``random`` and ``heuristic`` (stake the best claim it can pay for, else
pan when it cannot pay for its best claim, else prospect). Both judge from the seat's own view."""

from __future__ import annotations

from companion.bots import BotSet

from .options import candidates
from .views import view


def bot_set(game) -> BotSet:
    claims = game.data.claims

    def value(seen: dict, action: dict) -> float:
        me = seen["players"][action["seat"]]
        if action["type"] == "stake":
            return 10 + claims[action["card"]].gold
        best = max((claims[c].cost for c in me["hand"]), default=0)
        if action["type"] == "pan":
            return 6 if best > me["money"] else 2
        return 4

    return BotSet(game, lambda state, seat: candidates(game, state, seat) if seat == state.turn else [],
                  lambda state, seat: view(game, state, seat), value)
