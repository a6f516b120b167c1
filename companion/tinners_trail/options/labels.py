"""The words on the phone's buttons: what each candidate action does, with its numbers."""

from __future__ import annotations

from ..data.tables import Rules
from ..moves.arsenic import sale_value
from ..state import State

KIND_LABELS = {
    "start_auction": "Build mine (auction)", "draw_survey": "Build mine: draw a survey card", "extract": "Extract ore",
    "develop": "Development", "steam_pumps": "Steam pumps", "sell_pasties": "Sell pasties (+£1)", "pass": "Pass",
    "process_arsenic": "Process arsenic", "sell_arsenic": "Sell arsenic", "emigrate": "Emigrate",
    "place_bonus": "Place a Michigan piece",
}
COST_KEYS = {"start_auction": "build_mine", "draw_survey": "build_mine", "extract": "extract",
             "steam_pumps": "steam_pumps", "sell_pasties": "sell_pasties", "pass": "pass",
             "process_arsenic": "process_arsenic", "sell_arsenic": "sell_arsenic", "emigrate": "emigrate"}


def label(state: State, action: dict, rules: Rules) -> str:
    kind = action["type"]
    if kind == "bid":
        return f"Bid £{action['amount']}"
    if kind == "drop":
        return "Drop out"
    if kind == "invest":
        per_ten, per_five = rules.investment[state.round - 1][state.passed.index(action["seat"])]
        return f"Invest £10 ({per_ten} points)" if action.get("tens") else f"Invest £5 ({per_five} points)"
    if kind == "invest_pass":
        return "Stop investing"
    if kind == "peek":
        return f"Look at {rules.areas[action['area']].name}" if action.get("area") else "Do not peek"
    if kind == "build_mine":
        if action.get("card"):
            card = rules.cards[action["card"]]
            return f"Build with {card.describe()}"
        return "Build with calciner" if action.get("calciner") else "Build the mine"
    if kind == "keep_cards":
        return "Discard " + ", ".join(action["discard"])
    return _action_label(state, action, rules)


def _action_label(state: State, action: dict, rules: Rules) -> str:
    kind = action["type"]
    area = rules.areas[action["area"]].name if action.get("area") in rules.areas else ""
    if kind == "start_auction":
        a = state.area(action["area"])
        shown = "face down"
        if a.face_up:
            tile = rules.tiles[a.tile]
            shown = f"{tile.tin} tin, {tile.copper} copper, {tile.water} water"
        return f"Auction {area} ({shown})"
    if kind == "draw_survey":
        return f"Draw a survey card and auction {area}"
    if kind == "extract":
        water = state.area(action["area"]).water
        cubes = action["tin"] + action["copper"]
        return f"Extract {action['tin']} tin and {action['copper']} copper at {area} (£{water * cubes})"
    if kind == "develop":
        where = f"{area}–{rules.areas[action['to']].name}" if action.get("to") else area
        own = " (your own miner)" if action.get("own") else ""
        return f"{action['piece'].capitalize()} in {where}{own}"
    if kind == "place_bonus":
        return f"Michigan {action['piece']} in {area}"
    if kind == "steam_pumps":
        drains = ", ".join(f"{rules.areas[a].name} −{n}" for a, n in action["drain"].items()) or "no water"
        return f"Steam pumps: {drains}"
    if kind == "process_arsenic":
        return f"Process arsenic at {area}"
    if kind == "sell_arsenic":
        cubes = state.players[action["seat"]].arsenic
        return f"Sell {cubes} arsenic for £{sale_value(state, cubes, rules)}"
    if kind == "emigrate":
        return f"Emigrate from {area} to {rules.emigration[action['location']]['name']}"
    return KIND_LABELS.get(kind, kind)
