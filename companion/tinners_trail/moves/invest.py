"""Phases 3 and 4: sell all ore, invest in £10 and £5 steps in passing order, then reset
the work track, refill the steam pumps and let the leaders peek at a face-down tile."""

from __future__ import annotations

from ...errors import NotYourTurn, RuleViolation
from ..data.tables import Rules
from ..setup import size_key
from ..state import ACTIONS, INVEST, OVER, PEEK, PRICES, State, with_area, with_player
from ..state.values import evolve
from ..state.wallace import lord_seat
from .emigration import adelaide_bonus
from .prices import price
from .wallace_extras import round_start
from .wallace_invest import his_sale, row_index

RULE = "Phase 3: Sell & invest"
STEPS = (10, 5)


def after_actions(state: State, rules: Rules) -> State:
    """Once every disc has passed: sell, then invest (round 4: everything at once)."""
    if state.phase != ACTIONS or any(state.track):
        return state
    if state.lord is not None:
        state = his_sale(state, rules)
    state = sell_ore(state, rules)
    if state.round == rules.rounds:
        for seat in state.passed:
            player = state.players[seat]
            tens, rest = divmod(player.money, 10)
            fives = rest // 5
            state = _invest(state, seat, tens, fives, rules)
        return evolve(state, phase=OVER)
    order = tuple(s for s in state.passed if s != lord_seat(state))
    return evolve(state, phase=INVEST, investing=order, invest_turn=order[0])


def sell_ore(state: State, rules: Rules) -> State:
    sale = []
    for seat, player in enumerate(state.players):
        earned = player.tin * price("tin", state.tin_column, rules) + \
            player.copper * price("copper", state.copper_column, rules)
        if player.adelaide == state.round:
            earned += adelaide_bonus(player.tin, player.copper, state.round, rules)
        sale.append(earned)
        state = with_player(state, seat, money=player.money + earned, tin=0, copper=0, adelaide=None)
    return evolve(state, last_sale=tuple(sale))


def rates(state: State, seat: int, rules: Rules) -> tuple[int, int]:
    """Points per £10 and per £5 for this seat: by round and its passing position."""
    return rules.investment[state.round - 1][row_index(state, seat)]


def _invest(state: State, seat: int, tens: int, fives: int, rules: Rules) -> State:
    per_ten, per_five = rates(state, seat, rules)
    player = state.players[seat]
    return with_player(state, seat, money=player.money - 10 * tens - 5 * fives,
                       points=player.points + tens * per_ten + fives * per_five)


def _require_turn(state: State, seat: int) -> None:
    if state.phase != INVEST:
        raise NotYourTurn("Investing happens in phase 3, after everyone has passed.", RULE)
    if state.invest_turn != seat:
        raise NotYourTurn(f"It is {state.players[state.invest_turn].name}'s turn to invest.", RULE)


def check_invest(state: State, seat: int, tens: int, fives: int, rules: Rules) -> None:
    _require_turn(state, seat)
    if not (tens >= 0 and fives >= 0 and tens + fives > 0):
        raise RuleViolation("Invest at least one £10 or £5 step, or pass.", RULE)
    player = state.players[seat]
    amount = 10 * tens + 5 * fives
    if amount > player.money:
        raise RuleViolation(f"Investing £{amount} needs more than {player.name}'s £{player.money}.", RULE)


def invest(state: State, seat: int, tens: int, fives: int, rules: Rules) -> State:
    check_invest(state, seat, tens, fives, rules)
    state = _invest(state, seat, tens, fives, rules)
    return evolve(state, invest_turn=_next(state.investing, seat))


def check_invest_pass(state: State, seat: int, rules: Rules) -> None:
    _require_turn(state, seat)


def invest_pass(state: State, seat: int, rules: Rules) -> State:
    _require_turn(state, seat)
    order = state.investing
    following = _next(order, seat)
    remaining = tuple(s for s in order if s != seat)
    state = evolve(state, investing=remaining, invest_turn=following if remaining else None)
    return state if remaining else end_round(state, rules)


def _next(order: tuple[int, ...], seat: int) -> int:
    index = order.index(seat)
    return order[(index + 1) % len(order)]


def end_round(state: State, rules: Rules) -> State:
    column_zero = state.passed
    track = (column_zero,) + tuple(() for _ in range(rules.track_columns))
    pumps = tuple((r, size, False) for r, size, _ in state.pumps)
    state = evolve(state, track=track, passed=(), pumps=pumps, investing=(), invest_turn=None)
    peekers = tuple(s for s in column_zero[:1 if size_key(state.players) <= 2 else 2] if s != lord_seat(state))
    if any(a.tile and not a.face_up for a in state.areas) and peekers:
        return evolve(state, phase=PEEK, peekers=peekers)
    return next_round(state, rules)


def next_round(state: State, rules: Rules | None = None) -> State:
    state = evolve(state, round=state.round + 1, phase=PRICES, peekers=())
    if state.lord is not None and rules is not None:
        state = round_start(state, rules)
    return state


def check_peek(state: State, seat: int, area_id: str | None, rules: Rules) -> None:
    rule = "Phase 4: End of round"
    if state.phase != PEEK or not state.peekers:
        raise NotYourTurn("Peeking happens at the end of a round.", rule)
    if state.peekers[0] != seat:
        raise NotYourTurn(f"It is {state.players[state.peekers[0]].name}'s turn to peek.", rule)
    if area_id is not None:
        if not state.has_area(area_id):
            raise RuleViolation(f"There is no area {area_id!r}.", rule)
        area = state.area(area_id)
        if not (area.tile is not None and not area.face_up):
            raise RuleViolation(f"{rules.areas[area_id].name} has no face-down tile to look at.", rule)


def peek(state: State, seat: int, area_id: str | None, rules: Rules) -> State:
    check_peek(state, seat, area_id, rules)
    if area_id is not None:
        area = state.area(area_id)
        if state.lord is not None:
            state = with_area(state, area_id, face_up=True)  # solo: a peek shows the tile to everyone
        elif seat not in area.peeks:
            state = with_area(state, area_id, peeks=area.peeks + (seat,))
    rest = state.peekers[1:]
    return evolve(state, peekers=rest) if rest else next_round(state, rules)
