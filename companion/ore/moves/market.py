"""Phase 3, market: one open-market barrel (plus railroads and private markets), the due row
of every contract, Efficient and Negotiation Ops, and finishing a market turn, which fails the
rows left unfilled (``takeover`` offers them around the table)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Mapping, NamedTuple

from ...core import field_of, require
from ...errors import BadAction, NotYourTurn, RuleViolation
from ...frozen import evolve
from ..data import Catalog, best_threshold
from ..state import Held, Offer, State, replaced, with_player, with_round
from .bank import (asset_effects, check_pay, earn, market_price, move_barrels, order_from, pay, pay_what_you_can,
                   resource, strikes_for)
from .collection import step_private
from .contracts import (RULE as CONTRACTS, choose_barrels, complete_if_done, drop_held, due, due_rows, fill_row,
                        find_held, most_fillable, next_row, return_barrels, taken_from)

RULE = "Market"


def my_turn(state: State, seat: int) -> None:
    if state.phase != "market":
        raise RuleViolation(f"Selling happens in the market phase; this is the {state.phase} phase.", RULE)
    require(not state.takeover, "A failed contract is being offered around the table first.", RULE)
    if state.turn != seat:
        raise NotYourTurn(f"It is {state.name(state.turn)}'s market turn.", RULE)


def sale_price(cat: Catalog, state: State, seat: int, res: str, price: int) -> int:
    bonus = sum(int(args[1]) for _, args in asset_effects(cat, state, seat, "plant") if args[0] == res)
    return price + bonus


def railroad_slots(cat: Catalog, state: State, seat: int) -> Counter:
    """Extra barrels of each kind the player's railroads carry a round."""
    return Counter(w for _, args in asset_effects(cat, state, seat, "railroad") for w in args)


# -- selling one barrel --------------------------------------------------------------------
class Sale(NamedTuple):
    res: str
    via: str
    price: int
    private: int | None = None  # the private market's place in the player's list


def check_sell(game, state: State, action: Mapping) -> Sale:
    cat, seat = game.data, action["seat"]
    my_turn(state, seat)
    res = resource(field_of(action, "resource", str))
    player = state.players[seat]
    if player.barrels[res] <= 0:
        raise RuleViolation(f"{player.name} has no {res} to sell.", RULE)
    rows = due_rows(cat, state, seat)
    if rows:
        have = player.barrels.counts()
        before = most_fillable(have, rows)
        have[res] -= 1
        require(most_fillable(have, rows) >= before,
                f"Selling this {res} would leave a due contract row unfilled: fill your contracts first.", CONTRACTS)
    used = player.round
    via = action.get("via") or _default_via(cat, state, seat, res)
    if via == "market":
        require(not used.market, "Each player sells one barrel on the open market a round; "
                                 f"{player.name} already has.", RULE)
        return Sale(res, via, market_price(cat, state, res))
    if via == "railroad":
        slots = railroad_slots(cat, state, seat)
        require(used.railroad.count(res) < slots[res],
                f"{player.name}'s railroads carry {slots[res]} extra {res} a round, all used.", "Railroads")
        return Sale(res, via, market_price(cat, state, res))
    if via == "private":
        return _private_market(cat, state, seat, res, action)
    raise BadAction(f"sell via 'market', 'railroad' or 'private', not {via!r}")


def _default_via(cat: Catalog, state: State, seat: int, res: str) -> str:
    used = state.players[seat].round
    if not used.market:
        return "market"
    if used.railroad.count(res) < railroad_slots(cat, state, seat)[res]:
        return "railroad"
    return "market"


def _private_market(cat: Catalog, state: State, seat: int, res: str, action: Mapping) -> Sale:
    rule = "Private Market"
    player = state.players[seat]
    card_id = field_of(action, "card", str)
    for index, private in enumerate(player.private):
        if private.card == card_id and private.kind == "market":
            break
    else:
        raise BadAction(f"{player.name} has no private market {card_id!r}")
    card = cat.mines[card_id]
    require(private.space is not None, f"The private market {card_id} is exhausted.", rule)
    require(card.res == res, f"The private market {card_id} buys {card.res}, not {res}.", rule)
    require(card_id not in player.round.private_market, "A private market sells one barrel a round.", rule)
    return Sale(res, "private", card.price, index)


def sell(game, state: State, action: Mapping) -> State:
    sale = check_sell(game, state, action)
    cat, seat = game.data, action["seat"]
    player = state.players[seat]
    used = player.round
    if sale.via == "market":
        state = with_round(state, seat, market=True)
    elif sale.via == "railroad":
        state = with_round(state, seat, railroad=used.railroad + (sale.res,))
    else:
        private = player.private[sale.private]
        state = with_round(state, seat, private_market=used.private_market + (private.card,))
        state = with_player(state, seat, private=replaced(player.private, sale.private,
                                                          step_private(cat, player, private)))
    state = move_barrels(state, seat, {sale.res: 1}, -1)
    return earn(state, seat, sale_price(cat, state, seat, sale.res, sale.price))


# -- the due row of a contract ---------------------------------------------------------------
class Filling(NamedTuple):
    held: Held
    row: int
    barrels: list[str]


def check_fill(game, state: State, action: Mapping) -> Filling:
    cat, seat = game.data, action["seat"]
    my_turn(state, seat)
    number = field_of(action, "contract", int)
    held = find_held(state, seat, number)
    pending = {h.number: r for h, r in due(cat, state, seat)}
    require(number in pending, f"Contract #{number} has no row due this round.", CONTRACTS)
    row_index = pending[number]
    row = cat.contracts[number].rows[row_index]
    others = [cat.contracts[h.number].rows[r] for h, r in due(cat, state, seat) if h.number != number]
    have = state.players[seat].barrels.counts()
    barrels = choose_barrels(have, row, action.get("barrels"), others)
    if others:
        require(most_fillable(taken_from(have, barrels), others) + 1 >= most_fillable(have, [row, *others]),
                f"Paying {' + '.join(barrels)} on contract #{number} would leave another due row unfilled: "
                "choose other barrels.", CONTRACTS)
    return Filling(held, row_index, barrels)


def fill(game, state: State, action: Mapping) -> State:
    filling = check_fill(game, state, action)
    cat, seat = game.data, action["seat"]
    state, held = fill_row(cat, state, seat, seat, filling.held, filling.row, filling.barrels)
    state = with_round(state, seat, sold_on=state.players[seat].round.sold_on + (held.number,))
    return complete_if_done(cat, state, seat, held)


# -- Efficient Ops ---------------------------------------------------------------------------
def efficient(game, state: State, action: Mapping) -> State:
    """Pay to fill more rows of one contract, after its due row (no cheap check: each row's
    barrels come from what the rows before it left)."""
    rule = "Efficient Ops"
    cat, seat = game.data, action["seat"]
    my_turn(state, seat)
    effects = asset_effects(cat, state, seat, "efficient")
    player = state.players[seat]
    require(bool(effects), f"{player.name} does not own Efficient Ops.", rule)
    require(not player.round.efficient, "Efficient Ops works once a market phase.", rule)
    number = field_of(action, "contract", int)
    rows = field_of(action, "rows", int)
    prices = dict(cat.assets[effects[0][0]].steps)
    require(rows in prices, f"Efficient Ops fills {', '.join(map(str, prices))} extra rows, not {rows}.", rule)
    held = find_held(state, seat, number)
    require(number not in {h.number for h, _ in due(cat, state, seat)},
            f"Fill the due row of contract #{number} first; Efficient Ops adds rows after it.", rule)
    state = pay(state, seat, prices[rows], f"Efficient Ops for {rows} row(s)", rule)
    for _ in range(rows):
        index = next_row(cat, held)
        require(index is not None, f"Contract #{number} has fewer than {rows} rows left.", rule)
        row = cat.contracts[number].rows[index]
        barrels = choose_barrels(state.players[seat].barrels.counts(), row, None)
        state, held = fill_row(cat, state, seat, seat, held, index, barrels)
    used = state.players[seat].round
    state = with_round(state, seat, efficient=True,
                       sold_on=used.sold_on if number in used.sold_on else used.sold_on + (number,))
    return complete_if_done(cat, state, seat, held)


# -- finishing a market turn -----------------------------------------------------------------
def check_market_done(game, state: State, action: Mapping) -> None:
    """Refused while a due row can still be filled."""
    cat, seat = game.data, action["seat"]
    my_turn(state, seat)
    have = state.players[seat].barrels.counts()
    for held, row_index in due(cat, state, seat):
        row = cat.contracts[held.number].rows[row_index]
        require(most_fillable(have, [row]) == 0,
                f"Contract #{held.number} is due: you can fill {row.label()} and must do so.", CONTRACTS)


def market_done(game, state: State, action: Mapping) -> State:
    """End a market turn: Negotiation Ops pays, the due rows left fail, the next seat sells."""
    check_market_done(game, state, action)
    cat, seat = game.data, action["seat"]
    sold_on = len(set(state.players[seat].round.sold_on))
    for asset_id, _ in asset_effects(cat, state, seat, "negotiation"):
        state = earn(state, seat, best_threshold(cat.assets[asset_id].steps, sold_on))
    for held, row_index in due(cat, state, seat):
        state = _fail(cat, state, seat, held, row_index)
    order = state.market_order[1:]
    return evolve(state, market_order=order, turn=order[0] if order else None)


def _fail(cat: Catalog, state: State, seat: int, held: Held, row_index: int) -> State:
    state = drop_held(state, seat, held.number)
    player = state.players[seat]
    if state.variant == "contract-race":
        state = with_player(state, seat, strikes=player.strikes + 1)
        state = return_barrels(state, held.barrels)
        return evolve(state, discard=evolve(state.discard, contracts=state.discard.contracts + (held.number,)))
    row = cat.contracts[held.number].rows[row_index]
    state, owed = pay_what_you_can(state, seat, math.ceil(row.pay / 2))
    state = with_player(state, seat, strikes=player.strikes + strikes_for(owed, cat.numbers.strike_per))
    count = len(state.players)
    offers = order_from((seat + 1) % count, count)[:-1]
    return evolve(state, takeover=state.takeover + (Offer(held.number, row_index, seat, offers, held.done,
                                                          held.barrels),))


__all__ = ["RULE", "Filling", "Sale", "check_fill", "check_market_done", "check_pay", "check_sell", "efficient",
           "fill", "market_done", "my_turn", "railroad_slots", "sale_price", "sell"]
