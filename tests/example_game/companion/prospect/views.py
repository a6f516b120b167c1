"""What each seat may see, the log line of each move and the turn banner's words.

A seat sees its own hand; everyone else sees only how many claims a player holds. Nobody sees
the deck's order or the seed (with the seed the next draw could be worked out).
"""

from __future__ import annotations

from companion.core import Action

from .state import State, to_json


def view(game, state: State, seat: int | None) -> dict:
    data = to_json(state)
    del data["seed"]
    data["deck"] = {"left": len(state.deck)}
    for index, player in enumerate(data["players"]):
        if index != seat:
            player["hand"] = {"held": len(player["hand"])}
    return data


def describe(game, before: State, action: Action, after: State) -> str:
    who = before.players[action["seat"]].name
    if action["type"] == "prospect":
        return f"{who} draws a claim card"
    if action["type"] == "pan":
        return f"{who} pans the river for £{game.data.pan}"
    claim = game.data.claims[action["card"]]
    return f"{who} stakes {claim.name} for £{claim.cost} ({claim.gold} gold)"


def turn_phrase(game, state: State, seat: int) -> str:
    return f"round {state.round} of {game.data.rounds}"
