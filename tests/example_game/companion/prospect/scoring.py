"""The score sheet: staked gold, and a point per few pounds left; fewer claims in hand breaks ties."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import ScoreRow, ScoreSheet, sheet
from companion.errors import BadAction

from .state import State


def score(game, state: State) -> ScoreSheet:
    claims = game.data.claims
    names = [p.name for p in state.players]
    gold = tuple(sum(claims[c].gold for c in p.staked) for p in state.players)
    money = tuple(p.money // game.data.money_per_point for p in state.players)
    held = tuple(len(p.hand) for p in state.players)
    return sheet(names, [ScoreRow("claims", "Staked claims", gold), ScoreRow("money", "Money left", money)],
                 [held], ["claims left in hand (fewer is better)"], lower=[0])


def score_file(game, data: Mapping[str, Any]) -> ScoreSheet:
    """{"players": [{"name": "Ann", "staked": ["oxbow"], "money": 4, "hand": 1}, ...]}"""
    players = data.get("players") if isinstance(data, Mapping) else None
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise BadAction('the file needs "players": a list of 2 to 4 players')
    claims = game.data.claims
    rows = []
    for index, p in enumerate(players):
        if not isinstance(p, Mapping) or not isinstance(p.get("name"), str):
            raise BadAction(f"players[{index}] needs a \"name\"")
        staked = p.get("staked", [])
        unknown = [c for c in staked if c not in claims] if isinstance(staked, list) else ["?"]
        if unknown:
            raise BadAction(f"players[{index}]: unknown claim {unknown[0]!r}; claims: {', '.join(claims)}")
        rows.append((p["name"], sum(claims[c].gold for c in staked), int(p.get("money", 0)), int(p.get("hand", 0))))
    return sheet([r[0] for r in rows], [ScoreRow("claims", "Staked claims", tuple(r[1] for r in rows)),
                                        ScoreRow("money", "Money left",
                                                 tuple(r[2] // game.data.money_per_point for r in rows))],
                 [tuple(r[3] for r in rows)], ["claims left in hand (fewer is better)"], lower=[0])
