"""What a player may do whenever the game is running: use an exchange asset (once a round
each) and cash in a Futures token."""

from __future__ import annotations

from collections import Counter
from typing import Mapping, NamedTuple

from ...core import field_of, require
from ...errors import BadAction
from ..data import RESOURCES, thresholds
from ..state import State, with_player, with_round
from .bank import check_spend, move_barrels, spend


class Trade(NamedTuple):
    asset: str
    give: Counter  # kind -> barrels given, in the order named
    take: Counter


def check_exchange(game, state: State, action: Mapping) -> Trade:
    seat = action["seat"]
    player = state.players[seat]
    asset_id = field_of(action, "asset", str)
    require(asset_id in player.assets, f"{player.name} does not own {asset_id}.", "Exchanges")
    card = game.data.assets[asset_id]
    rule = card.name
    require(card.kind == "exchange", f"{card.name} is not an exchange.", rule)
    require(asset_id not in player.round.exchanged, f"{card.name} works once a round; it was used.", rule)
    kind, *args = card.effect[1:]
    rates = dict(thresholds(tuple(args))) if kind == "same" else {int(args[0]): int(args[1])}
    give, take = _trade(action, kind, args, rates)
    for res in list(give) + list(take):
        if res not in RESOURCES:
            raise BadAction(f"unknown barrel {res!r}; barrels: {', '.join(RESOURCES)}")
    require(len(give) == 1, f"{card.name} trades barrels of one kind at a time.", rule)
    given, taken = give.total(), take.total()
    (source,) = give
    if kind == "same":
        require(given in rates, f"{card.name} takes {', '.join(map(str, rates))} barrels of one kind.", rule)
        require(taken == rates[given], f"{given} barrels trade for {rates[given]}, not {taken}.", rule)
        require(source not in take, f"{card.name} gives barrels of other kinds than {source}.", rule)
    else:
        count, back = int(args[0]), int(args[1])
        require(source == kind and given == count, f"{card.name} takes {count} {kind}.", rule)
        require(taken == back and len(take) == 1 and kind not in take,
                f"{card.name} gives {back} barrel(s) of one kind other than {kind}.", rule)
    for res, n in take.items():
        require(state.bank.barrels[res] >= n, f"The bank has only {state.bank.barrels[res]} {res} left.", rule)
    check_spend(state, seat, give, card.name, rule)
    return Trade(asset_id, give, take)


def _trade(action: Mapping, kind: str, args: list[str], rates: Mapping[int, int]) -> tuple[Counter, Counter]:
    """The barrels given and taken, counted by kind. A JSON client sends two lists; a phone form,
    whose fields hold one value each, sends ``give`` as one kind with ``count`` and either
    ``take`` as one kind (as many as the trade gives) or ``take_<kind>`` numbers (Commodities
    Exchange)."""
    give = action.get("give")
    if isinstance(give, str):
        default = 2 if kind == "same" else int(args[0])
        give = _runs((give, field_of({"count": action.get("count", default)}, "count", int)))
    elif isinstance(give, list):
        give = _runs(*((res, 1) for res in give))
    else:
        raise BadAction("give: a list of barrels, or one barrel kind with a count")
    take = action.get("take")
    if isinstance(take, str):
        take = _runs((take, rates.get(give.total(), 1)))
    elif take is None:
        counts = []
        for res in RESOURCES:
            count = field_of({f"take_{res}": action.get(f"take_{res}", 0)}, f"take_{res}", int)
            require(count >= 0, f"take_{res}: a number of barrels, 0 or more.", "Exchanges")
            counts.append((res, count))
        take = _runs(*counts)
    elif isinstance(take, list):
        take = _runs(*((res, 1) for res in take))
    else:
        raise BadAction("take: a list of barrels, or one barrel kind")
    return give, take


def _runs(*runs: tuple[str, int]) -> Counter:
    """Barrels named with how many of each, counted by kind in the order first named: what a
    list of names gives, without writing out a count a form may set to any number."""
    found: Counter = Counter()
    for res, count in runs:
        if count > 0:
            found[res] += count
    return found


def exchange(game, state: State, action: Mapping) -> State:
    trade = check_exchange(game, state, action)
    seat = action["seat"]
    state = move_barrels(spend(state, seat, trade.give, "", ""), seat, trade.take)
    return with_round(state, seat, exchanged=state.players[seat].round.exchanged + (trade.asset,))


def check_cash_futures(game, state: State, action: Mapping) -> int:
    seat = action["seat"]
    player = state.players[seat]
    index = field_of(action, "token", int)
    require(0 <= index < len(player.futures), f"{player.name} has no Futures token {index + 1}.", "Futures Exchange")
    return index


def cash_futures(game, state: State, action: Mapping) -> State:
    index = check_cash_futures(game, state, action)
    seat = action["seat"]
    player = state.players[seat]
    token = player.futures[index]
    return with_player(state, seat, futures=player.futures[:index] + player.futures[index + 1:],
                       barrels=player.barrels.plus(token.res, token.count))


__all__ = ["check_cash_futures", "check_exchange", "cash_futures", "exchange"]
