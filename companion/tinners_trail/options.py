"""What a seat can do now: concrete candidate actions (for bots and tests) and the phone's
buttons, one per kind of action, greyed out with the rule's reason when not allowed."""

from __future__ import annotations

from itertools import product

from ..core import Option
from .moves.arsenic import sale_value
from .moves.auction import two_player
from .moves.building import calciner_possible, cards_after
from .moves.developments import available_pump_group
from .moves.emigration import LOCATIONS
from .data.tables import PIECES, Rules
from .setup import regions_in_play, size_key
from .state import ACTIONS, AUCTION, BUILD, INVEST, PEEK, PRICES, SURVEY, State
from .moves.track import active_seat
from .state.wallace import printed


def lord_action(state: State) -> str | None:
    """The action that plays Lord Wallace now, if the table waits for him."""
    if state.lord is None:
        return None
    if state.phase == ACTIONS and active_seat(state) == state.lord.seat:
        return "wallace_turn"
    if state.phase == AUCTION and state.auction.turn == state.lord.seat:
        return "wallace_bid"
    return None


def to_act(state: State) -> list[int]:
    """Seats the table is waiting for (every seat may roll the prices). While Lord Wallace is
    to play, the table waits for him (the game plays him), or with the printed cards for the
    player, who enters the card drawn for him."""
    if lord_action(state):
        return [1 - state.lord.seat if printed(state) else state.lord.seat]
    if state.phase == SURVEY:
        return [s for s in state.seats if state.players[s].drawn]
    if state.phase == PRICES:
        return list(state.seats)
    if state.phase == ACTIONS:
        seat = active_seat(state)
        return [] if seat is None else [seat]
    if state.phase == AUCTION:
        return [state.auction.turn]
    if state.phase == BUILD:
        return [state.won.winner]
    if state.phase == INVEST:
        return [state.invest_turn]
    if state.phase == PEEK:
        return [state.peekers[0]]
    return []


def candidates(state: State, seat: int, rules: Rules) -> list[dict]:
    """Concrete actions worth trying for ``seat`` (not all are legal: apply decides)."""
    s = {"seat": seat}
    if seat not in to_act(state):
        return []
    if lord_action(state):
        return [{"type": lord_action(state), **s}]
    if state.phase == SURVEY:
        drawn = state.players[seat].drawn
        by_region = [[c for c in dict.fromkeys(drawn) if rules.cards[c].regions == (r,)]
                     for r in regions_in_play(size_key(state.players))]
        return [{"type": "keep_cards", **s, "discard": list(combo)} for combo in product(*by_region)]
    if state.phase == PRICES:
        return [{"type": "roll_prices", **s}]
    if state.phase == AUCTION:
        a = state.auction
        low = a.minimum if a.leader is None else a.high + 1
        return [{"type": "bid", **s, "amount": amount} for amount in (low, low + 2)] + [{"type": "drop", **s}]
    if state.phase == BUILD:
        out = [{"type": "build_mine", **s}]
        out += [{"type": "build_mine", **s, "card": c} for c in cards_after(state, rules)]
        if calciner_possible(state):
            out.append({"type": "build_mine", **s, "calciner": True})
        return out
    if state.phase == INVEST:
        return [{"type": "invest", **s, "tens": 1}, {"type": "invest", **s, "fives": 1}, {"type": "invest_pass", **s}]
    if state.phase == PEEK:
        return [{"type": "peek", **s, "area": a.id} for a in state.areas if a.tile and not a.face_up] + \
            [{"type": "peek", **s}]
    return _action_candidates(state, seat, rules)


def _action_candidates(state: State, seat: int, rules: Rules) -> list[dict]:
    s = {"seat": seat}
    player = state.players[seat]
    out: list[dict] = [{"type": "pass", **s}, {"type": "sell_pasties", **s}]
    for area in state.areas:
        if area.tile and area.owner is None:
            if two_player(state):
                out.append({"type": "draw_survey", **s, "area": area.id})
            else:
                out.append({"type": "start_auction", **s, "area": area.id})
            for card in dict.fromkeys(player.hand):
                out.append({"type": "start_auction", **s, "area": area.id, "card": card})
        if area.owner == seat:
            out += [{"type": "extract", **s, "area": area.id, "tin": t, "copper": c}
                    for t, c in _extract_choices(state, area.id, rules)]
            if area.arsenic:
                out.append({"type": "process_arsenic", **s, "area": area.id})
            if area.miner == seat:
                out += [{"type": "emigrate", **s, "area": area.id, "location": loc} for loc in LOCATIONS]
        for piece in PIECES:
            if piece == "adit":
                out += [{"type": "develop", **s, "piece": "adit", "area": area.id, "to": n}
                        for n in rules.neighbours[area.id] if area.id < n]
            else:
                out.append({"type": "develop", **s, "piece": piece, "area": area.id})
        if area.owner == seat and state.module("emigration"):
            out.append({"type": "develop", **s, "piece": "miner", "area": area.id, "own": True})
        for piece in dict.fromkeys(player.bonus_pieces):
            if piece == "adit":
                out += [{"type": "place_bonus", **s, "piece": piece, "area": area.id, "to": n}
                        for n in rules.neighbours[area.id] if area.id < n]
            else:
                out.append({"type": "place_bonus", **s, "piece": piece, "area": area.id})
    out.append({"type": "steam_pumps", **s, "drain": _pump_drains(state, seat)})
    if player.arsenic:
        out.append({"type": "sell_arsenic", **s})
    return out


def _extract_choices(state: State, area_id: str, rules: Rules) -> list[tuple[int, int]]:
    from .moves.developments import capacity
    area = state.area(area_id)
    cap = capacity(state, area_id, rules)
    copper = min(area.copper, cap)
    tin = min(area.tin, cap - copper)
    choices = {(tin, copper)}
    tin_first = min(area.tin, cap)
    choices.add((tin_first, min(area.copper, cap - tin_first)))
    choices.add((min(area.tin, 1), 0) if area.tin else (0, min(area.copper, 1)))
    return sorted(c for c in choices if sum(c) > 0)


def _pump_drains(state: State, seat: int) -> dict[str, int]:
    """Greedy use of the rightmost group: the seat's wettest mines first."""
    group = available_pump_group(state)
    left = state.pumps[group][1] if group is not None else 0
    drains: dict[str, int] = {}
    for area in sorted((a for a in state.areas if a.owner == seat and a.water), key=lambda a: -a.water):
        take = min(left, area.water)
        if take:
            drains[area.id] = take
            left -= take
    return drains


def legal_actions(game, state: State, seat: int | None = None) -> list[dict]:
    seats = to_act(state) if seat is None else [seat]
    out = []
    for s in seats:
        for action in candidates(state, s, game.rules):
            if game.legal(state, action):
                out.append(action)
    return out


KIND_LABELS = {
    "start_auction": "Build mine (auction)", "draw_survey": "Build mine: draw a survey card", "extract": "Extract ore",
    "develop": "Development", "steam_pumps": "Steam pumps", "sell_pasties": "Sell pasties (+£1)", "pass": "Pass",
    "process_arsenic": "Process arsenic", "sell_arsenic": "Sell arsenic", "emigrate": "Emigrate",
    "place_bonus": "Place a Michigan piece",
}
COST_KEYS = {"start_auction": "build_mine", "draw_survey": "build_mine", "extract": "extract",
             "steam_pumps": "steam_pumps", "sell_pasties": "sell_pasties", "pass": "pass",
             "process_arsenic": "process_arsenic", "sell_arsenic": "sell_arsenic", "emigrate": "emigrate"}


def _offered(state: State, action: dict) -> bool:
    """The phone lists developments only in or next to the seat's own mines (the page's form
    places them anywhere) and auctions without a card (the form plays cards)."""
    kind = action["type"]
    if kind == "start_auction":
        return "card" not in action
    if kind in ("develop", "place_bonus"):
        seat = action["seat"]
        return state.area(action["area"]).owner == seat or \
            (action.get("to") is not None and state.area(action["to"]).owner == seat)
    return True


def _cost(kind: str, action: dict, rules: Rules) -> int:
    key = action.get("piece") if kind == "develop" else COST_KEYS.get(kind, "")
    return rules.work_costs.get(key, 0)


def options(game, state: State, seat: int | None) -> list[Option]:
    rules = game.rules
    if seat is None:
        return []
    if state.phase == PRICES:
        return [Option({"type": "roll_prices", "seat": seat}, "Roll the ore prices")]
    if lord_action(state):
        return _lord_options(state, seat)
    if state.phase != ACTIONS:
        out = []
        for action in candidates(state, seat, rules):
            reason = game.refusal(state, action)
            out.append(Option(action, _label(state, action, rules), reason is None, reason or ""))
        return out
    if active_seat(state) != seat:
        return []
    grouped: dict[str, list[dict]] = {}
    for action in candidates(state, seat, rules):
        key = action["type"] if action["type"] != "develop" else f"develop:{action['piece']}"
        grouped.setdefault(key, []).append(action)
    out = []
    for key, group in grouped.items():
        kind = key.partition(":")[0]
        legal = [a for a in group if _offered(state, a) and game.legal(state, a)]
        for action in legal:
            cost = _cost(kind, action, rules)
            out.append(Option(action, _label(state, action, rules), True, "", f"{cost} work" if cost else "free"))
        if not legal:
            offered = [a for a in group if _offered(state, a)]
            elsewhere = next((a for a in group if not _offered(state, a) and game.legal(state, a)), None)
            if elsewhere is not None and (kind != "start_auction" or not offered):
                # legal only away from the seat's mines (or with a card): the piece stays
                # available, so a form for it is not greyed by another piece's reason
                if kind in ("develop", "place_bonus"):
                    cost = _cost(kind, elsewhere, rules)
                    out.append(Option(elsewhere, _label(state, elsewhere, rules), True, "",
                                      f"{cost} work" if cost else "free"))
                continue
            sample = offered[0] if offered else group[0]
            cost = _cost(kind, sample, rules)
            reason = game.refusal(state, sample) or "Not possible now."
            label = f"Develop: {sample['piece']}" if kind == "develop" else KIND_LABELS.get(kind, kind)
            out.append(Option(sample, label, False, reason, f"{cost} work" if cost else "free"))
    return out


def _lord_options(state: State, seat: int) -> list[Option]:
    if seat not in to_act(state):
        return []
    kind = lord_action(state)
    if kind == "wallace_turn":
        return [Option({"type": kind, "seat": seat}, "Lord Wallace's turn: enter the action card drawn for him")]
    return [Option({"type": kind, "seat": seat}, "Lord Wallace answers your bid: enter his dice")]


def _label(state: State, action: dict, rules: Rules) -> str:
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
