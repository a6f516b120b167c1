"""What one seat may see: its own survey cards, tiles it has looked at, nothing else hidden."""

from __future__ import annotations

from .rules import Rules
from .state import State, to_json


def view(state: State, seat: int | None, rules: Rules) -> dict:
    data = to_json(state)
    for index, player in enumerate(data["players"]):
        if index != seat:
            player["hand"] = len(player["hand"])
            player["drawn"] = len(player["drawn"])
    data["decks"] = [[region, len(cards)] for region, cards in data["decks"]]
    for area in data["areas"]:
        if area["tile"] and not area["face_up"]:
            tile = rules.tiles[area["tile"]]
            area["tile"] = area["tile"] if seat in area["peeks"] else f"?{tile.region}"
    data["seed"] = None
    return data
