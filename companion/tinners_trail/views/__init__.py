"""What one seat may see: its own survey cards, tiles it has looked at, nothing else hidden,
plus the numbers the phone shows (prices in £, whose turn, work left, mine capacities)."""

from __future__ import annotations

from ..data.tables import Rules
from ..moves.auction import minimum_bid, two_player
from ..moves.developments import available_pump_group, capacity
from ..moves.prices import price
from ..moves.track import active_seat, work_left
from ..state import State, to_json


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
    if data.get("lord"):
        data["lord"]["survey"] = len(data["lord"]["survey"])   # his survey deck lies face down
    data["info"] = info(state, seat, rules)
    return data


def _tile_text(state: State, area, seat: int | None, rules: Rules) -> str:
    if not area.tile:
        return ""
    tile = rules.tiles[area.tile]
    if area.face_up or seat in area.peeks:
        bonus = {"money": ", +£3", "work": ", 1 work point"}.get(tile.bonus or "", "")
        return f"{tile.tin} tin, {tile.copper} copper, {tile.water} water{bonus}"
    return f"face down ({tile.region})"


def _pump_limit(state: State) -> int:
    """The most water steam pumps may remove now: the rightmost open group's pumps (0: none)."""
    group = available_pump_group(state)
    return 0 if group is None else state.pumps[group][1]


def info(state: State, seat: int | None, rules: Rules) -> dict:
    from ..options import to_act
    areas = []
    for area in state.areas:
        meta = rules.areas[area.id]
        areas.append({"id": area.id, "name": meta.name, "region": meta.region, "coastal": meta.coastal,
                      "capacity": capacity(state, area.id, rules), "tile": _tile_text(state, area, seat, rules),
                      "neighbours": list(rules.neighbours[area.id])})
    hand = []
    if seat is not None:
        for card in state.players[seat].hand + state.players[seat].drawn:
            hand.append({"id": card, "text": rules.cards[card].describe(), "regions": list(rules.cards[card].regions)})
    return {
        "tin_price": price("tin", state.tin_column, rules) if state.tin_column is not None else None,
        "copper_price": price("copper", state.copper_column, rules) if state.copper_column is not None else None,
        "active": active_seat(state),
        "waiting": to_act(state),
        "minimum_bid": minimum_bid(state),
        "two_player": two_player(state),
        "work_left": [work_left(state, s, rules) for s in state.seats],
        "areas": areas,
        "capacities": {a["id"]: a["capacity"] for a in areas},
        "pump_limit": _pump_limit(state),
        "hand": hand,
        "costs": dict(rules.work_costs),
        "lord": lord_info(state, rules),
    }


def lord_info(state: State, rules: Rules) -> dict | None:
    """What the phone shows of Lord Wallace: his markers, decks, the steps of his last action and
    what he did since the player's last move (``turns``), and whether the player enters his cards."""
    from ..options import lord_action
    from ..state.wallace import DIFFICULTY_NAMES, printed
    lord = state.lord
    if lord is None:
        return None
    return {"seat": lord.seat, "owed": lord.owed, "deck_left": list(lord.deck), "survey_left": len(lord.survey),
            "cards": list(rules.lord_deck.ids), "steps": list(lord.steps), "ledger": list(lord.ledger),
            "turns": list(lord.turns), "printed": printed(state),
            "options": [DIFFICULTY_NAMES[o] for o in lord.options], "due": lord_action(state),
            "income": lord.income + lord.arsenic_money}
