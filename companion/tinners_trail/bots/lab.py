"""The simulation lab's bots for Tinners' Trail: ``random`` and ``heuristic``.

The heuristic player values, from its own view of the table: investing every pound it can
(investment is where points come from), building and working mines whose cubes are worth more
than their water costs, bidding on a tile only up to what its visible cubes are worth, and
draining its own wet mines. It never values an action by hidden information: a face-down
tile counts at an average worth for its region.
"""

from __future__ import annotations

from ...bots import BotSet
from ..options import candidates as _candidates
from ..options import to_act

FACE_DOWN_WORTH = 6  # a face-down tile's expected £ value to a bidder that cannot see it


def candidates(game, state, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    return _candidates(state, seat, game.rules)


def seen(game, state, seat: int) -> dict:
    """What ``seat`` knows: prices, its own purse, and each area's cubes only when face up."""
    from ..moves.prices import price
    rules = game.rules
    areas = {a.id: {"face_up": a.face_up, "owner": a.owner, "tin": a.tin if a.face_up else None,
                    "copper": a.copper if a.face_up else None, "water": a.water if a.face_up else None}
             for a in state.areas}
    return {
        "tin": price("tin", state.tin_column, rules) if state.tin_column is not None else 5,
        "copper": price("copper", state.copper_column, rules) if state.copper_column is not None else 6,
        "areas": areas, "players": state.players,
        "auction": state.auction.area if state.auction else None,
    }


def _worth(seen: dict, area_id: str) -> float:
    area = seen["areas"][area_id]
    if not area["face_up"]:
        return FACE_DOWN_WORTH
    cubes = area["tin"] + area["copper"]
    return area["tin"] * seen["tin"] + area["copper"] * seen["copper"] - area["water"] * cubes


def value(seen: dict, action: dict) -> float:
    kind, seat = action["type"], action["seat"]
    me = seen["players"][seat]
    if kind in ("invest",):
        return 60 + action.get("tens", 0) * 2 + action.get("fives", 0)
    if kind == "invest_pass":
        return -10
    if kind == "build_mine":
        return 50 + (1 if action.get("card") else 0)
    if kind == "extract":
        water = seen["areas"][action["area"]]["water"] or 0
        gain = action["tin"] * (seen["tin"] - water) + action["copper"] * (seen["copper"] - water)
        return 20 + gain if gain > 0 else -5
    if kind == "bid":
        worth = _worth(seen, seen["auction"])
        room = min(worth, me.money - 4)
        return 10 - action["amount"] if action["amount"] <= room else -20
    if kind == "drop":
        return 0
    if kind in ("start_auction", "draw_survey"):
        if me.mines <= 0 or me.money < 8:
            return -15
        return 5 + _worth(seen, action["area"]) / 4 + (0.5 if action.get("card") else 0)
    if kind == "steam_pumps":
        return 8 if action.get("drain") else -20
    if kind in ("develop", "place_bonus"):
        areas = seen["areas"]
        own = areas[action["area"]]["owner"] == seat or (action.get("to") and areas[action["to"]]["owner"] == seat)
        return 6 if own and me.money > 6 else -12
    if kind in ("process_arsenic", "sell_arsenic"):
        return 12
    if kind == "emigrate":
        return 1
    if kind == "sell_pasties":
        return 2
    if kind == "pass":
        return 0
    return 1  # keep_cards, roll_prices, peek: any choice will do


def bot_set(game) -> BotSet:
    return BotSet(game, lambda state, seat: candidates(game, state, seat),
                  lambda state, seat: seen(game, state, seat), value)
