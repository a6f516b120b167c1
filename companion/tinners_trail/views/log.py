"""The table's log: one line per move saying what it did, with the money and points it moved."""

from __future__ import annotations

from ..data.tables import Rules
from ..moves.prices import roll
from ..state import State


# Log lines that need only the action's own fields, by action type.
SIMPLE = {
    "bid": "{who} bids £{amount}", "drop": "{who} drops out of the auction",
    "extract": "{who} extracts {tin} tin and {copper} copper at {where}",
    "draw_survey": "{who} draws a survey card and starts an auction for {where}",
    "sell_pasties": "{who} sells pasties for £1",
    "pass": "{who} passes", "invest_pass": "{who} stops investing", "process_arsenic": "{who} processes arsenic at {where}",
    "sell_arsenic": "{who} sells arsenic", "emigrate": "{who}'s miner emigrates from {where} to {location}",
    "keep_cards": "{who} chooses survey cards", "place_bonus": "{who} places a Michigan {piece} in {where}",
    "set_prices": "Ore prices entered: tin dice {tin}, copper dice {copper}",
}


def _card(card_id, rules: Rules) -> str:
    """A played card as the table sees it, by what it does: "+1 copper (B, £2)"."""
    card = rules.cards.get(card_id) if isinstance(card_id, str) else None
    return card.describe() if card else str(card_id)


def describe(state: State, action: dict, rules: Rules) -> str:
    """One log line for ``action`` applied to ``state`` (the state before it)."""
    kind = action.get("type", "?")
    seat = action.get("seat")
    who = state.players[seat].name if isinstance(seat, int) and 0 <= seat < len(state.players) else "The table"
    area = action.get("area")
    where = rules.areas[area].name if area in rules.areas else area
    if kind in SIMPLE:
        location = action.get("location")
        place = rules.emigration[location]["name"] if location in rules.emigration else location
        fields = {"tin": 0, "copper": 0, **action, "who": who, "where": where, "location": place}
        try:
            return SIMPLE[kind].format(**fields)
        except (KeyError, IndexError):
            return str(kind).replace("_", " ")
    if kind in LINES:
        return LINES[kind](state, action, rules, who, where)
    return str(kind).replace("_", " ")


def _pumps(state: State, action: dict, rules: Rules, who: str, where: str) -> str:
    drain = action.get("drain") if isinstance(action.get("drain"), dict) else {}
    parts = [f"{n} water from {rules.areas[a].name if a in rules.areas else a}" for a, n in drain.items()]
    return f"{who} takes steam pumps and removes {' and '.join(parts) or 'no water'}"


def _rolled(state: State, action: dict, rules: Rules, who: str, where: str) -> str:
    tin, copper = roll(state, rules)
    return f"Ore prices rolled: tin {'+'.join(map(str, tin))}, copper {'+'.join(map(str, copper))}"


def _auction(state: State, action: dict, rules: Rules, who: str, where: str) -> str:
    card = f" playing survey card {_card(action['card'], rules)}" if action.get("card") else ""
    return f"{who} starts an auction for {where}{card}"


def _built(state: State, action: dict, rules: Rules, who: str, where: str) -> str:
    extras = [x for x in (f"card {_card(action['card'], rules)}" if action.get("card") else "",
                          "calciner" if action.get("calciner") else "") if x]
    return f"{who} builds the mine" + (f" with {' and '.join(extras)}" if extras else "")


def _developed(state: State, action: dict, rules: Rules, who: str, where: str) -> str:
    target = f"{where}–{rules.areas[action['to']].name}" if action.get("to") in rules.areas else where
    piece = str(action.get("piece"))
    article = "an" if piece[:1] in "aeiou" else "a"
    return f"{who} places {article} {piece} in {target}"


def _invested(state: State, action: dict, rules: Rules, who: str, where: str) -> str:
    amount = 10 * action.get("tens", 0) + 5 * action.get("fives", 0)
    return f"{who} invests £{amount}"


def _peeked(state: State, action: dict, rules: Rules, who: str, where: str) -> str:
    return f"{who} looks at the tile in {where}" if action.get("area") else f"{who} does not peek"


# Log lines that need more than the action's own fields, by action type.
LINES = {"steam_pumps": _pumps, "roll_prices": _rolled, "start_auction": _auction, "build_mine": _built,
         "develop": _developed, "invest": _invested, "peek": _peeked}


def changes(before: State, after: State) -> str:
    """What an action did to money and points, e.g. " (Katie −£9, Mike +£5)": the log then
    shows insurance, extraction costs, sales and investments without anyone doing sums."""
    parts = []
    for old, new in zip(before.players, after.players):
        bits = []
        if new.money != old.money:
            bits.append(f"{'+' if new.money > old.money else '−'}£{abs(new.money - old.money)}")
        points = new.points + new.emigration_points - old.points - old.emigration_points
        if points:
            bits.append(f"+{points} points")
        if bits:
            parts.append(f"{new.name} {' '.join(bits)}")
    return f" ({', '.join(parts)})" if parts else ""

