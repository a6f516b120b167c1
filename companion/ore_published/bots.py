"""Bots for the simulation lab. Both decide from what their seat may see (``views.seen_by``)
and try their preferred moves in order until the rules allow one, so they never return a
refused action.

* ``random``: any allowed move, uniformly.
* ``heuristic``: fills every contract it can, builds the best building it can afford, takes
  contracts whose next row it can meet, mines where the top space is worth most to it and buys
  the cubes its contracts need next.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..core import Game
from .options import candidates
from .state import Player, State
from .views import seen_by

NAMES = ("random", "heuristic")
Action = Mapping[str, Any]


def bot_move(game: Game, state: State, seat: int, bot: str, chooser: random.Random) -> dict | None:
    seen = seen_by(state, seat)
    found = [a for a, _ in candidates(game, seen, seat)]
    if not found:
        return None
    if bot == "random":
        chooser.shuffle(found)
    else:
        sight = _Sight.of(game, seen, seat)
        scored = [(_value(sight, a) + chooser.random() * 0.01, i) for i, a in enumerate(found)]
        found = [found[i] for _, i in sorted(scored, reverse=True)]
    for action in found:
        if game.refusal(seen, action) is None:
            return action
    return None


@dataclass(frozen=True)
class _Sight:
    """What the heuristic weighs, worked out once a move: the bot's seat, the cubes its
    contracts still miss for their next rows and the market prices."""

    game: Game
    state: State
    me: Player
    need: Mapping[str, int]
    prices: Mapping[str, int]
    rounds: int

    @classmethod
    def of(cls, game: Game, state: State, seat: int) -> "_Sight":
        cat, me = game.data, state.players[seat]
        prices = {m.res: (cat.mines[m.card].price if m.card else 0) for m in state.mines}
        return cls(game, state, me, _needs(game, me), prices, cat.numbers.rounds)


def _needs(game: Game, me: Player) -> dict[str, int]:
    """Cubes still missing for the next row of every contract held."""
    need: dict[str, int] = {}
    for c in me.contracts:
        if c.now:
            continue
        row = game.data.contracts[c.id].rows[c.filled]
        for item in row.items:
            need[item[0]] = need.get(item[0], 0) + 1
    return {r: n - me.cube(r) for r, n in need.items() if n > me.cube(r)}


# What a move is worth whatever the table looks like.
FIXED = {"deal": 100, "collect": 100, "close_round": 100, "fill": 100, "done": 0, "decline": 0, "recall": -100,
         "pass": -5}


def _value(sight: _Sight, a: Action) -> float:
    kind = a["type"]
    if kind in FIXED:
        return FIXED[kind]
    if kind == "build":
        return 80 + sight.game.data.buildings[a["building"]].vp
    if kind == "trade":
        res = sight.state.queue[0].res
        return 20 if a.get("buy") and sight.need.get(res) else (-1 if a.get("sell") else -2)
    if kind == "draw":
        me = sight.me
        return 2 if a["count"] == 1 and me.money > 15 and len(me.hand) < 3 else -3
    value = PLACES.get(a.get("space"))
    return value(sight, a) if value is not None else 0


def _contract(sight: _Sight, a: Action) -> float:
    state, me, need = sight.state, sight.me, sight.need
    card = sight.game.data.contracts[state.row[a["slot"]]]
    row = card.rows[0]
    short = sum(max(0, sum(1 for i in row.items if i[0] == r) - me.cube(r) + need.get(r, 0))
                for r in {i[0] for i in row.items})
    if len(me.contracts) >= 2 or state.round >= sight.rounds - 1 and len(card.rows) > sight.rounds + 1 - state.round:
        return -10
    return 30 + card.vp * 2 - short * 12 + (5 if len(card.rows) <= 2 else 0)


def _mine(sight: _Sight, a: Action) -> float:
    state = sight.state
    card = sight.game.data.mines[state.mine(a["res"]).card]
    depth = a.get("depth") or 0
    left = min(len(card.spaces) - depth, sight.rounds + 1 - state.round)
    worth = sum(card.spaces[depth:depth + left]) * sight.prices[a["res"]] * (1.3 if sight.need.get(a["res"]) else 1)
    return 10 + worth / 2 - (2 if depth else 0) - (8 if state.round == sight.rounds else 0)


def _market(sight: _Sight, a: Action) -> float:
    need = sight.need.get(a["res"], 0)
    if a.get("buy"):
        return 45 if need >= a["buy"] else (5 if need else -20)
    return -20


def _permit(sight: _Sight, a: Action) -> float:
    return 14 - a["count"] * 2 if len(sight.me.hand) < 2 and sight.me.money >= 10 else -8


PLACES: dict[Any, Callable[[_Sight, Action], float]] = {
    "contract": _contract, "mine": _mine, "market": _market, "permit": _permit,
    "recruit": lambda sight, a: 25 if sight.state.round <= 4 else -5,
    "cage": lambda sight, a: 18 if sight.me.cage == 0 else 6,
    "private": lambda sight, a: 16 if sight.state.round <= 5 else -5,
    "advance": lambda sight, a: 8 if sight.me.contracts else 1,
    "drill": lambda sight, a: 2,
    "overtime": lambda sight, a: -10,
}
