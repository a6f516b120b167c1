"""Bots for the simulation lab. Both decide from ``view(state, seat)`` only and try their
preferred moves in order until one is allowed, so they never return a refused action.

* ``random``: any allowed move, uniformly.
* ``heuristic``: fills every contract it can, builds the best building it can afford, takes
  contracts whose next row it can meet, mines where the top space is worth most to it and buys
  the cubes its contracts need next.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping

from .moves import candidates, try_on
from .views import as_state

if TYPE_CHECKING:
    from .game import OrePublished
    from .state import State


def bot_move(game: "OrePublished", state: "State", seat: int, bot: str, chooser: random.Random) -> dict | None:
    d = as_state(game.view(state, seat))
    found = [a for a, _ in candidates(game, d, seat)]
    if not found:
        return None
    if bot == "random":
        chooser.shuffle(found)
    else:
        scored = [(_value(game, d, seat, a) + chooser.random() * 0.01, i) for i, a in enumerate(found)]
        found = [found[i] for _, i in sorted(scored, reverse=True)]
    for action in found:
        if not try_on(game, d, action):
            return action
    return None


def _needs(game: "OrePublished", d: Mapping, seat: int) -> dict[str, int]:
    """Cubes still missing for the next row of every contract held."""
    me = d["players"][seat]
    need: dict[str, int] = {}
    for c in me["contracts"]:
        if c["now"]:
            continue
        row = game.cat.contracts[c["id"]].rows[c["filled"]]
        for item in row.items:
            need[item[0]] = need.get(item[0], 0) + 1
    return {r: n - me["cubes"][r] for r, n in need.items() if n > me["cubes"][r]}


def _value(game: "OrePublished", d: Mapping, seat: int, a: Mapping[str, Any]) -> float:
    cat, me, kind = game.cat, d["players"][seat], a["type"]
    need = _needs(game, d, seat)
    prices = {r: (cat.mines[m["card"]].price if m["card"] else 0) for r, m in d["mines"].items()}
    if kind in ("deal", "collect", "close_round"):
        return 100
    if kind == "fill":
        return 100
    if kind == "build":
        return 80 + cat.buildings[a["building"]].vp
    if kind in ("done", "decline"):
        return 0
    if kind == "recall":
        return -100
    if kind == "pass":
        return -5
    if kind == "trade":
        res = d["queue"][0]["res"]
        return 20 if a.get("buy") and need.get(res) else (-1 if a.get("sell") else -2)
    if kind == "draw":
        return 2 if a["count"] == 1 and me["money"] > 15 and len(me["hand"]) < 3 else -3
    space = a.get("space")
    if space == "contract":
        card = cat.contracts[d["row"][a["slot"]]]
        row = card.rows[0]
        short = sum(max(0, sum(1 for i in row.items if i[0] == r) - me["cubes"][r] + need.get(r, 0))
                    for r in {i[0] for i in row.items})
        if len(me["contracts"]) >= 2 or d["round"] >= 6 and len(card.rows) > 8 - d["round"]:
            return -10
        return 30 + card.vp * 2 - short * 12 + (5 if len(card.rows) <= 2 else 0)
    if space == "mine":
        mine = d["mines"][a["res"]]
        card = cat.mines[mine["card"]]
        depth = a.get("depth") or 0
        left = min(len(card.spaces) - depth, 8 - d["round"])
        worth = sum(card.spaces[depth:depth + left]) * prices[a["res"]] * (1.3 if need.get(a["res"]) else 1)
        return 10 + worth / 2 - (2 if depth else 0) - (8 if d["round"] == 7 else 0)
    if space == "market":
        res = a["res"]
        if a.get("buy"):
            return 45 if need.get(res, 0) >= a["buy"] else (5 if need.get(res) else -20)
        return -20
    if space == "permit":
        return 14 - a["count"] * 2 if len(me["hand"]) < 2 and me["money"] >= 10 else -8
    if space == "recruit":
        return 25 if d["round"] <= 4 else -5
    if space == "cage":
        return 18 if me["cage"] == 0 else 6
    if space == "private":
        return 16 if d["round"] <= 5 else -5
    if space == "advance":
        return 8 if me["contracts"] else 1
    if space == "drill":
        return 2
    if space == "overtime":
        return -10
    return 0
