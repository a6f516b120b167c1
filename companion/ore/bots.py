"""The simulation lab's bots for Ore: ``random`` and ``heuristic``.

The heuristic player, from its own view: fills and takes over contracts first, buys the asset
worth most victory points, places on the mine whose top space pays most at today's price, and
otherwise prefers the asset track, then the contract track, then the slag heap.
"""

from __future__ import annotations

from ..bots import BotSet
from .flow import waiting_for
from .options import candidates as _candidates

TRACK_WORTH = {"slag": 5, "asset_track": 8, "contract_track": 6}
CLOSING = ("replenish", "relief_done", "market_done", "pass", "decline")


def candidates(game, state, seat: int) -> list[dict]:
    if seat not in waiting_for(state.data):
        return []
    return [c[0] for c in _candidates(game, state, seat) if c[0]["type"] not in ("exchange", "cash_futures")]


HIDDEN = ("piles", "draw")  # face-down piles: a bot knows how many cards, never their order


def seen(state, seat: int) -> dict:
    return {k: v for k, v in state.data.items() if k not in HIDDEN}


def value_for(game):
    cat = game.cat

    def value(seen: dict, action: dict) -> float:
        kind = action["type"]
        me = seen["players"][action["seat"]]
        open_contracts = len(me["contracts"])
        if kind == "place":
            where = action["where"]
            if where == "contract_track":
                return 30 if open_contracts == 0 else 4
            if where == "asset_track":
                return 28 if me["money"] >= 12 else 3
            if where == "mine" and not action.get("token"):
                card = cat.mines[seen["mines"][action["mine"]]["card"]]
                return 10 + card.spaces[0] * card.price
            return TRACK_WORTH.get(where, 1)
        if kind in ("fill", "take_over"):
            return 50
        if kind == "buy_asset":
            return 20 + cat.assets[seen["rows"]["assets"][action["slot"]]].vp
        if kind == "take_contract":
            return 15
        if kind == "sell":
            # Sell what no contract of ours still needs: money pays salaries and scores.
            needed = sum(c["barrels"].count(action["resource"]) if isinstance(c.get("barrels"), list) else 0
                         for c in me["contracts"])
            return 2 if needed else 12
        if kind == "buy_initiative":
            return -1
        return 5 - CLOSING.index(kind) if kind in CLOSING else 0

    return value


def bot_set(game) -> BotSet:
    return BotSet(game, lambda state, seat: candidates(game, state, seat), seen, value_for(game))
