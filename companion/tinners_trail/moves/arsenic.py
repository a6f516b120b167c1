"""The Arsenic module: processing (the limiter moves left for good) and selling on a market
whose sections close one by one as the rounds pass."""

from __future__ import annotations

from ...errors import RuleViolation
from ..data.tables import Rules
from ..state import State, with_area, with_player
from ..state.values import evolve
from .track import advance, require_active, require_work

RULE_PROCESS = "Arsenic: process arsenic"
RULE_SELL = "Arsenic: sell arsenic"


def _require_module(state: State) -> None:
    if not state.module("arsenic"):
        raise RuleViolation("This table does not use the Arsenic module.", "Arsenic")


def check_process(state: State, seat: int, area_id: str, rules: Rules) -> None:
    _require_module(state)
    require_active(state, seat)
    player = state.players[seat]
    if not player.calciner:
        raise RuleViolation(f"{player.name} has no calciner yet; build it with a new mine first.", RULE_PROCESS)
    if not state.has_area(area_id):
        raise RuleViolation(f"There is no area {area_id!r}.", RULE_PROCESS)
    area = state.area(area_id)
    name = rules.areas[area_id].name
    if area.owner != seat:
        raise RuleViolation(f"{name} is not one of {player.name}'s mines.", RULE_PROCESS)
    if area.arsenic <= 0:
        raise RuleViolation(f"{name} has no arsenic left.", RULE_PROCESS)
    new_limit = min(player.limit, rules.track_columns + 1) - 1
    column = state.column_of(seat)
    if column >= new_limit:
        raise RuleViolation(f"The limiter would move to column {new_limit}, where {player.name}'s disc "
                            f"already stands (column {column}).", RULE_PROCESS)


def process(state: State, seat: int, area_id: str, rules: Rules) -> State:
    check_process(state, seat, area_id, rules)
    player = state.players[seat]
    area = state.area(area_id)
    new_limit = min(player.limit, rules.track_columns + 1) - 1
    state = with_area(state, area_id, arsenic=area.arsenic - 1)
    return with_player(state, seat, arsenic=player.arsenic + 1, limit=new_limit)


def open_spaces(state: State, rules: Rules) -> list[int]:
    """Indexes of market spaces a cube may go on this round, highest value first."""
    spaces = []
    index = 0
    last = sum(len(s) for s in rules.market) - 1
    for section_number, section in enumerate(rules.market, start=1):
        for _ in section:
            if section_number >= state.round and (state.market[index] == 0 or index == last):
                spaces.append(index)
            index += 1
    return spaces


def space_values(rules: Rules) -> list[int]:
    return [value for section in rules.market for value in section]


def sale_value(state: State, cubes: int, rules: Rules) -> int:
    values = space_values(rules)
    spaces = open_spaces(state, rules)
    total = 0
    for k in range(cubes):
        total += values[spaces[min(k, len(spaces) - 1)]]
    return total


def check_sell(state: State, seat: int, rules: Rules) -> None:
    _require_module(state)
    require_active(state, seat)
    player = state.players[seat]
    if not player.calciner:
        raise RuleViolation(f"{player.name} has no calciner yet.", RULE_SELL)
    if player.arsenic <= 0:
        raise RuleViolation(f"{player.name} has no processed arsenic to sell.", RULE_SELL)
    require_work(state, seat, rules.work_costs["sell_arsenic"], "Selling arsenic", rules)


def sell(state: State, seat: int, rules: Rules) -> State:
    check_sell(state, seat, rules)
    player = state.players[seat]
    values = space_values(rules)
    market = list(state.market)
    earned = 0
    for _ in range(player.arsenic):
        space = open_spaces(evolve(state, market=tuple(market)), rules)[0]
        market[space] += 1
        earned += values[space]
    state = evolve(state, market=tuple(market))
    state = with_player(state, seat, arsenic=0, money=player.money + earned)
    return advance(state, seat, rules.work_costs["sell_arsenic"])
