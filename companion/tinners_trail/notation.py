"""A compact one-line text form of a position, for tests and logs, and one-line summaries of
actions for the table's log.

    R1 actions tin£4 copper£8 | track 0:Ann,Bo 2:Cy | passed Di | Ann £20 0p 5m ... | B3=Kt3c4w4 ...

Areas print only when something is on them: ``B3=m1`` mine of seat 1, ``t c w a``
tin, copper, water, arsenic, ``d`` drainage tokens, ``M P T S`` miner, port, train, steam
pump, ``?`` face-down tile, ``^`` face-up tile.
"""

from __future__ import annotations

from .prices import price, roll
from .rules import Rules
from .state import State


def area_text(state: State, area_id: str) -> str:
    a = state.area(area_id)
    parts = []
    if a.owner is not None:
        parts.append(f"m{a.owner}")
    if a.tile:
        parts.append("^" if a.face_up else "?")
    for letter, count in (("t", a.tin), ("c", a.copper), ("w", a.water), ("a", a.arsenic), ("d", a.drainage)):
        if count:
            parts.append(f"{letter}{count}")
    for letter, flag in (("M", a.miner is not None), ("P", a.port), ("T", a.train), ("S", a.pump)):
        if flag:
            parts.append(letter)
    return "".join(parts)


def notation(state: State, rules: Rules) -> str:
    head = f"R{state.round} {state.phase}"
    if state.tin_column is not None:
        head += f" tin£{price('tin', state.tin_column, rules)} copper£{price('copper', state.copper_column, rules)}"
    track = " ".join(f"{i}:{','.join(state.players[s].name for s in col)}" for i, col in enumerate(state.track) if col)
    passed = ",".join(state.players[s].name for s in state.passed)
    players = " ".join(f"{p.name} £{p.money} {p.points + p.emigration_points}p {p.mines}m" for p in state.players)
    areas = " ".join(f"{a.id}={area_text(state, a.id)}" for a in state.areas
                     if a.owner is not None or a.tin or a.copper or a.water or a.drainage or a.arsenic)
    return f"{head} | track {track} | passed {passed} | {players} | {areas}".rstrip(" |")


def describe(state: State, action: dict, rules: Rules) -> str:
    """One log line for ``action`` applied to ``state`` (the state before it)."""
    kind = action.get("type", "?")
    seat = action.get("seat")
    who = state.players[seat].name if isinstance(seat, int) and 0 <= seat < len(state.players) else "The table"
    area = action.get("area")
    where = rules.areas[area].name if area in rules.areas else area
    if kind == "roll_prices":
        tin, copper = roll(state, rules)
        return f"Ore prices rolled: tin {'+'.join(map(str, tin))}, copper {'+'.join(map(str, copper))}"
    if kind == "set_prices":
        return f"Ore prices entered: tin dice {action.get('tin')}, copper dice {action.get('copper')}"
    if kind == "start_auction":
        card = f" playing survey card {action['card']}" if action.get("card") else ""
        return f"{who} starts an auction for {where}{card}"
    if kind == "draw_survey":
        return f"{who} draws a survey card and starts an auction for {where}"
    if kind == "bid":
        return f"{who} bids £{action.get('amount')}"
    if kind == "drop":
        return f"{who} drops out of the auction"
    if kind == "build_mine":
        extras = [x for x in (f"card {action['card']}" if action.get("card") else "",
                              "calciner" if action.get("calciner") else "") if x]
        return f"{who} builds the mine" + (f" with {' and '.join(extras)}" if extras else "")
    if kind == "extract":
        return f"{who} extracts {action.get('tin', 0)} tin and {action.get('copper', 0)} copper at {where}"
    if kind == "develop":
        target = f"{where}–{rules.areas[action['to']].name}" if action.get("to") in rules.areas else where
        return f"{who} places a {action.get('piece')} in {target}"
    if kind == "steam_pumps":
        return f"{who} takes steam pumps and removes water: {action.get('drain', {})}"
    if kind == "sell_pasties":
        return f"{who} sells pasties for £1"
    if kind == "pass":
        return f"{who} passes"
    if kind == "invest":
        amount = 10 * action.get("tens", 0) + 5 * action.get("fives", 0)
        return f"{who} invests £{amount}"
    if kind == "invest_pass":
        return f"{who} stops investing"
    if kind == "peek":
        return f"{who} looks at the tile in {where}" if area else f"{who} does not peek"
    if kind == "process_arsenic":
        return f"{who} processes arsenic at {where}"
    if kind == "sell_arsenic":
        return f"{who} sells arsenic"
    if kind == "emigrate":
        return f"{who}'s miner emigrates from {where} to {action.get('location')}"
    if kind == "keep_cards":
        return f"{who} chooses survey cards"
    if kind == "place_bonus":
        return f"{who} places a Michigan {action.get('piece')} in {where}"
    return str(kind).replace("_", " ")
