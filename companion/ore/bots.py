"""Ore's bots, for the lab (``random`` and ``heuristic``) and for bot seats at a table.

Both choose among the phase's buttons (``options.candidates``, leaving out exchanges and futures)
and play the first their order puts forward that the rules allow (``Game.refusal``): ``random``
in a uniformly random order, ``heuristic`` by what it values, from its own view of the table
(never the order of a face-down pile): filling and taking over contracts first; a contract-track
worker when it holds no contract; an asset-track worker when it has $12 or more, then the asset
worth most VP; otherwise the mine whose top space pays most at today's price; selling every
barrel no contract of its own still needs; never buying initiatives. A bot seat at a table
(``bot_action``) plays the heuristic, ties going to the earlier button.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Mapping

from ..bots import random_order
from ..core import Game
from ..frozen import evolve
from .data import Catalog
from .moves.flow import waiting_for
from .options import candidates as buttons
from .state import Cards, State


NAMES = ("random", "heuristic")
TRACK_WORTH = {"slag": 5, "asset_track": 8, "contract_track": 6}
CLOSING = ("replenish", "relief_done", "market_done", "pass", "decline")
ANYTIME = ("exchange", "cash_futures")
Step = tuple[dict, State]
NO_CARDS = Cards()


def candidates(game: Game, state: State, seat: int) -> list[dict]:
    """The actions a bot considers for ``seat``: none unless the table waits for it."""
    if seat not in waiting_for(state):
        return []
    return [action for action, _, _ in buttons(game, state, seat) if action["type"] not in ANYTIME]


def seen(state: State, seat: int) -> State:
    """The table as ``seat`` values it from: the face-down piles are left out (a phone shows how
    many cards lie there, never their order; the heuristic needs neither)."""
    return evolve(state, piles=(), draw=NO_CARDS)


def value(cat: Catalog, table: State, action: Mapping[str, Any]) -> float:
    kind = action["type"]
    me = table.players[action["seat"]]
    if kind == "place":
        return _place_value(cat, table, action, bool(me.contracts), me.money)
    if kind in ("fill", "take_over"):
        return 50
    if kind == "buy_asset":
        return 20 + cat.assets[table.rows.assets[action["slot"]]].vp
    if kind == "take_contract":
        return 15
    if kind == "sell":
        # Sell what no contract of ours still needs: money pays salaries and scores.
        needed = sum(h.barrels.count(action["resource"]) for h in me.contracts)
        return 2 if needed else 12
    if kind == "buy_initiative":
        return -1
    return 5 - CLOSING.index(kind) if kind in CLOSING else 0


def _place_value(cat: Catalog, table: State, action: Mapping[str, Any], holds_contracts: bool, money: int) -> float:
    where = action["where"]
    if where == "contract_track":
        return 4 if holds_contracts else 30
    if where == "asset_track":
        return 28 if money >= 12 else 3
    if where == "mine" and not action.get("token"):
        card = cat.mines[table.mine(action["mine"]).card]
        return 10 + card.spaces[0] * card.price
    return TRACK_WORTH.get(where, 1)


def first_allowed(game: Game, state: State, actions: Iterable[dict]) -> dict | None:
    """The first of ``actions`` the rules allow."""
    for action in actions:
        if game.refusal(state, action) is None:
            return dict(action)
    return None


def _played(game: Game, state: State, action: dict | None) -> Step | None:
    return None if action is None else (action, game.apply(state, action))


def bot_step(game: Game, state: State, seat: int, bot: str, chooser: random.Random) -> Step | None:
    if bot not in NAMES:
        raise ValueError(f"unknown bot {bot!r}; {game.name} has {', '.join(NAMES)}")
    found = candidates(game, state, seat)
    if not found:
        return None
    if bot == "random":
        return _played(game, state, first_allowed(game, state, random_order(found, chooser)))
    table = seen(state, seat)
    keyed = sorted(((value(game.data, table, action), chooser.random(), i) for i, action in enumerate(found)),
                   reverse=True)
    return _played(game, state, first_allowed(game, state, (found[i] for _, _, i in keyed)))


def bot_action(game: Game, state: State, seat: int) -> dict | None:
    """What a bot seat at a table plays now (None when the table is not waiting for it): the
    heuristic's choice, ties going to the earlier button, so the same table gets the same move."""
    found = candidates(game, state, seat)
    table = seen(state, seat)
    ranked = sorted(range(len(found)), key=lambda i: (-value(game.data, table, found[i]), i))
    return first_allowed(game, state, (found[i] for i in ranked))


__all__ = ["NAMES", "bot_action", "bot_step", "candidates", "seen", "value"]
