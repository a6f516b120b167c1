"""Lord Wallace's sale and investment: revenue less what he owes is his profit; all of it is
invested in £10 and £5 steps at his passing position, and whatever is left (under £5) is lost."""

from __future__ import annotations

from ..data.tables import Rules
from ..state import State, with_player
from ..state.wallace import human_seat, with_lord
from .prices import price

LAST_ROW = 4


def row_index(state: State, seat: int) -> int:
    """Which investment row a seat uses: its passing position, moved by the difficulty options."""
    index = state.passed.index(seat)
    lord = state.lord
    if lord is None:
        return index
    if seat == lord.seat and lord.has("friends-in-high-places"):
        return max(0, index - 1)
    if seat == human_seat(state) and lord.has("financial-sabotage"):
        return min(LAST_ROW, index + 1)
    return index


def his_sale(state: State, rules: Rules) -> State:
    """Sell his ore, take off what he owes and invest all the profit (done before the table sells)."""
    lord = state.lord
    seat = lord.seat
    player = state.players[seat]
    tin_price, copper_price = price("tin", state.tin_column, rules), price("copper", state.copper_column, rules)
    sold = player.tin * tin_price + player.copper * copper_price
    parts = [f"{player.tin} tin × £{tin_price} + {player.copper} copper × £{copper_price} = £{sold}"]
    if player.adelaide == state.round:
        per_cube = max(rules.emigration["adelaide"]["bonus"][state.round - 1])
        bonus = per_cube * (player.tin + player.copper)
        sold += bonus
        parts.append(f"Adelaide +£{bonus}")
    if lord.income:
        parts.append(f"+ £{lord.income} income")
    if lord.arsenic_money:
        parts.append(f"+ £{lord.arsenic_money} arsenic")
    revenue = sold + lord.income + lord.arsenic_money
    owed = lord.owed
    if lord.has("cheap-labour"):
        owed = (owed + 1) // 2
        parts.append(f"owes £{lord.owed}, halved to £{owed}")
    profit = max(0, revenue - owed)
    per_ten, per_five = rules.investment[state.round - 1][row_index(state, seat)]
    tens, rest = divmod(profit, 10)
    fives = rest // 5
    lost = rest - 5 * fives
    points = tens * per_ten + fives * per_five
    line = (f"Round {state.round}: {'; '.join(parts)}; revenue £{revenue} − owed £{owed} = profit £{profit}; "
            f"{tens} × £10 at {per_ten} + {fives} × £5 at {per_five} = {points} points; £{lost} lost.")
    state = with_player(state, seat, tin=0, copper=0, adelaide=None, money=0, points=player.points + points)
    return with_lord(state, owed=0, income=0, arsenic_money=0, ledger=lord.ledger + (line,),
                     steps=lord.steps + (line,))


__all__ = ["his_sale", "row_index"]
