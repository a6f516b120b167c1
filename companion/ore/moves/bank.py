"""Moving money and barrels between the bank and the players.

Every transfer goes through here so that money and barrels are conserved: whatever a player
gains, the bank loses, and the other way round. A ``check_*`` function refuses what its
transfer could not do, naming the numbers, without building anything; the transfer itself
returns the next state.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Mapping

from ...core import require
from ...errors import BadAction, RuleViolation
from ...frozen import evolve
from ..data import RESOURCES, Catalog
from ..state import State, with_player

RULE_SUPPLY = "the barrel supply"


def order_from(first: int, count: int) -> tuple[int, ...]:
    """Seats clockwise starting at ``first``."""
    return tuple((first + i) % count for i in range(count))


def earn(state: State, seat: int, amount: int) -> State:
    """``seat`` takes ``amount`` from the bank (a negative amount goes back)."""
    if not amount:
        return state
    state = with_player(state, seat, money=state.players[seat].money + amount)
    return evolve(state, bank=evolve(state.bank, money=state.bank.money - amount))


def check_pay(state: State, seat: int, amount: int, why: str, rule: str) -> None:
    have = state.players[seat].money
    if have < amount:
        raise RuleViolation(f"{why} costs ${amount} but {state.name(seat)} has only ${have}.", rule)


def pay(state: State, seat: int, amount: int, why: str, rule: str) -> State:
    check_pay(state, seat, amount, why, rule)
    return earn(state, seat, -amount)


def pay_what_you_can(state: State, seat: int, amount: int) -> tuple[State, int]:
    """Pay up to ``amount``; returns the next state and the dollars still owed."""
    paid = min(amount, state.players[seat].money)
    return earn(state, seat, -paid), amount - paid


def strikes_for(short: int, per: int) -> int:
    return math.ceil(short / per) if short > 0 else 0


def gather(state: State, seat: int, res: str, count: int) -> tuple[State, int]:
    """Take up to ``count`` barrels from the bank (it may run dry); returns how many came."""
    got = min(count, state.bank.barrels[res])
    if got <= 0:
        return state, 0
    return move_barrels(state, seat, {res: got}), got


def move_barrels(state: State, seat: int, counts: Mapping[str, int], sign: int = 1) -> State:
    """``counts`` barrels from the bank to ``seat`` (``sign`` -1: from ``seat`` to the bank)."""
    state = with_player(state, seat, barrels=state.players[seat].barrels.added(counts, sign))
    return evolve(state, bank=evolve(state.bank, barrels=state.bank.barrels.added(counts, -sign)))


def check_spend(state: State, seat: int, barrels: Iterable[str] | Mapping[str, int], why: str, rule: str) -> Counter:
    """Refuse unless the player has all of ``barrels`` (names, or kind -> count); returns them counted."""
    need = Counter(barrels)
    have = state.players[seat].barrels
    for res, count in need.items():
        require(res in RESOURCES, f"{res!r} is not a barrel; barrels: {', '.join(RESOURCES)}.", rule)
        if have[res] < count:
            raise RuleViolation(f"{why} needs {count} {res} but {state.name(seat)} has {have[res]}.", rule)
    return need


def spend(state: State, seat: int, barrels: Iterable[str] | Mapping[str, int], why: str, rule: str) -> State:
    """Return barrels to the bank, refusing unless the player has all of them."""
    return move_barrels(state, seat, check_spend(state, seat, barrels, why, rule), -1)


def market_price(cat: Catalog, state: State, res: str) -> int:
    """The price on the face-up mine of ``res`` (an exhausted one still shows its price)."""
    return cat.mines[state.mine(res).card].price


def asset_effects(cat: Catalog, state: State, seat: int, kind: str) -> list[tuple[str, tuple[str, ...]]]:
    """(asset id, effect arguments) for each of the player's assets with effect ``kind``."""
    found = []
    for asset_id in state.players[seat].assets:
        effect = cat.assets[asset_id].effect
        if effect and effect[0] == kind:
            found.append((asset_id, effect[1:]))
    return found


def owns(cat: Catalog, state: State, seat: int, kind: str) -> bool:
    return any(cat.assets[a].kind == kind for a in state.players[seat].assets)


def resource(value: object, what: str = "barrel") -> str:
    """``value`` as a barrel kind, or a BadAction naming the kinds."""
    if value not in RESOURCES:
        raise BadAction(f"unknown {what} {value!r}; {what}s: {', '.join(RESOURCES)}")
    return value  # type: ignore[return-value]


def total_barrels(state: State, seat: int) -> int:
    player = state.players[seat]
    return player.barrels.total() + sum(f.count for f in player.futures)


__all__ = ["RULE_SUPPLY", "asset_effects", "check_pay", "check_spend", "earn", "gather", "market_price",
           "move_barrels", "order_from", "owns", "pay", "pay_what_you_can", "resource", "spend", "strikes_for",
           "total_barrels"]
