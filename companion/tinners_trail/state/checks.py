"""Whole-state checks: everything wrong with a position at once (for imported or hand-built
states; the rules never produce one of these)."""

from __future__ import annotations

from ...errors import Problem
from ..data.tables import Rules
from ..moves.track import final_column
from ..state import ACTIONS, State

WHERE = "tinners-trail state"


def problems(state: State, rules: Rules) -> list[Problem]:
    found: list[Problem] = []

    def report(field: str, message: str) -> None:
        found.append(Problem(WHERE, None, field, message))

    for seat, player in enumerate(state.players):
        who = f"players[{seat}]"
        for name in ("money", "points", "mines", "tin", "copper", "arsenic", "own_miners"):
            if getattr(player, name) < 0:
                report(f"{who}.{name}", f"{player.name} has {getattr(player, name)} {name}; it cannot be negative")
        places = sum(seat in column for column in state.track) + (seat in state.passed)
        if state.phase == ACTIONS and places != 1:
            report(f"{who}", f"{player.name}'s disc is in {places} places on the work track; it must be in one")
        column = state.column_of(seat)
        if column is not None and column > final_column(state, seat, rules):
            report(f"{who}.limit", f"{player.name}'s disc (column {column}) is beyond the limiter")
    for area in state.areas:
        for name in ("tin", "copper", "water", "arsenic", "drainage"):
            if getattr(area, name) < 0:
                report(f"areas.{area.id}.{name}", f"{area.id} has {getattr(area, name)} {name}")
        if area.owner is not None and area.tile is not None:
            report(f"areas.{area.id}.tile", f"{area.id} has a mine and still an area tile")
        if area.owner is not None and area.drainage:
            report(f"areas.{area.id}.drainage", f"{area.id} has a mine and unused drainage tokens")
        if area.port and not rules.areas[area.id].coastal:
            report(f"areas.{area.id}.port", f"{area.id} is inland but has a port")
    for border in state.adits:
        if tuple(border) not in rules.adit_borders:
            report("adits", f"no adit may cross {border[0]}–{border[1]}")
    if len(set(state.adits)) != len(state.adits):
        report("adits", "a border holds two adits")
    if any(n < 0 for row in state.stock for n in row):
        report("stock", "the development board shows a negative number of pieces")
    return found
