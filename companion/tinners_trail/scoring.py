"""Final scores: investment points plus Sierra Madre points; ties go to money, then tin and
copper left in one's mines, then the disc uppermost (earliest to pass in round 4)."""

from __future__ import annotations

from typing import Any, Mapping

from ..core import ScoreRow, ScoreSheet, TieWords, ordinal, sheet
from ..errors import BadAction
from .state import State

def _passed(place: float) -> str:
    return f"passed {ordinal(int(place))}"


# The last key is the order of passing in the last round: the disc uppermost in the 0 column
# passed first. Said as players say it: "who passed first decides (Cara passed 2nd, Ben passed 3rd)".
LABELS = ("money left (£)", "tin and copper left in their mines", TieWords("who passed first in the last round", _passed))
CATEGORIES = (("investment", "Investments"), ("sierra_madre", "Sierra Madre"))


def ore_in_mines(state: State, seat: int) -> int:
    return sum(a.tin + a.copper for a in state.areas if a.owner == seat)


def _pass_position(state: State, seat: int) -> int:
    order = list(state.passed) + [s for col in state.track for s in col if s not in state.passed]
    return order.index(seat) + 1 if seat in order else len(state.players)


def _sheet(names, investment, sierra, money, ore, position, emigration: bool = True) -> ScoreSheet:
    """Sierra Madre points come only from the Emigration module: without it the row is left out."""
    rows = [ScoreRow(CATEGORIES[0][0], CATEGORIES[0][1], tuple(investment))]
    if emigration:
        rows.append(ScoreRow(CATEGORIES[1][0], CATEGORIES[1][1], tuple(sierra)))
    # the lower place in the 0 column (the disc on top) wins that tie-break
    return sheet(names, rows, (tuple(money), tuple(ore), tuple(position)), LABELS, lower=(2,))


def score(state: State) -> ScoreSheet:
    seats = state.seats
    return _sheet([p.name for p in state.players], [p.points for p in state.players],
                  [p.emigration_points for p in state.players], [p.money for p in state.players],
                  [ore_in_mines(state, s) for s in seats], [_pass_position(state, s) for s in seats],
                  bool(state.module("emigration")))


def _whole(entry: Mapping[str, Any], key: str, who: str, default: int | None = None) -> int:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadAction(f"{who}: {key!r} must be a whole number of at least 0, got {value!r}")
    return value


def score_file(data: Mapping[str, Any]) -> ScoreSheet:
    """Score the end-of-game file documented in cards_data/tinners-trail/NOTES.md."""
    if not isinstance(data, Mapping):
        raise BadAction("the file must hold a JSON object with a 'players' list")
    if data.get("game", "tinners-trail") != "tinners-trail":
        raise BadAction(f"this file is for {data.get('game')!r}, not tinners-trail")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 5:
        raise BadAction("'players' must list 1 to 5 players")
    names, inv, sierra, money, ore, position = [], [], [], [], [], []
    for index, entry in enumerate(players, start=1):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str) or not entry["name"]:
            raise BadAction(f"player {index}: needs a 'name'")
        who = entry["name"]
        names.append(who)
        inv.append(_whole(entry, "investment", who))
        sierra.append(_whole(entry, "sierra_madre", who, 0))
        money.append(_whole(entry, "money", who, 0))
        ore.append(_whole(entry, "ore_in_mines", who, 0))
        position.append(_whole(entry, "pass_order", who, index))
    if sorted(position) != list(range(1, len(players) + 1)):
        raise BadAction(f"'pass_order' must number the players 1 to {len(players)} once each, got {position}")
    emigration = any(isinstance(e, Mapping) and "sierra_madre" in e for e in players)
    return _sheet(names, inv, sierra, money, ore, position, emigration)
