"""Building a position directly, for tests and for teaching: set up a table, then lay out the
cards and holdings an example describes instead of replaying a whole game.

A position is written as the JSON a table stores (``state.codec``), the layout a reader of a
stored table already knows; ``state(d)`` makes the typed state of it.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

from ...core import PlayerSpec
from ..data import RESOURCES
from ..state import State
from ..state.codec import from_json, to_json


def table(game, names: Sequence[str] = ("Joe", "Ann", "Bo"), variant: str = "standard", seed: int = 1) -> dict:
    """A fresh set-up table as JSON to edit."""
    return to_json(game.setup([PlayerSpec(n) for n in names], variant, seed))


def set_mine(d: dict, res: str, card: str, miners: Iterable[tuple[int, int]] = (), next_cards: Sequence[str] = ()) -> None:
    """Show ``card`` as the available ``res`` mine with (seat, space) miners on it; ``next_cards``
    go on top of its draw pile. A card moved here leaves the pile it was in."""
    pile = d["piles"][res]
    for moved in [card, *next_cards]:
        if moved in pile["draw"]:
            pile["draw"].remove(moved)
    old = d["mines"][res]["card"]
    if old != card:
        pile["draw"].append(old)
    pile["draw"] = list(next_cards) + pile["draw"]
    d["mines"][res] = {"card": card, "exhausted": False,
                       "miners": [{"seat": s, "space": sp} for s, sp in miners]}


def set_row(d: dict, row: str, cards: Sequence) -> None:
    """Lay out a row of 5 (assets, initiatives, contracts); cards shown leave the draw pile."""
    cards = list(cards) + [None] * (5 - len(cards))
    pool = d["draw"][row] + [c for c in d["rows"][row] if c is not None]
    for card in cards:
        if card is not None and card in pool:
            pool.remove(card)
    d["rows"][row] = cards
    d["draw"][row] = pool


def give(d: dict, seat: int, money: int | None = None, barrels: Mapping[str, int] | None = None,
         **fields) -> None:
    """Set a player's money and barrels, taking barrels out of (or back to) the bank."""
    player = d["players"][seat]
    if money is not None:
        d["bank"]["money"] += player["money"] - money
        player["money"] = money
    for res, count in (barrels or {}).items():
        assert res in RESOURCES, res
        d["bank"]["barrels"][res] += player["barrels"][res] - count
        player["barrels"][res] = count
    player.update(fields)


def hold_contract(d: dict, seat: int, number: int, done: Sequence[int] = (), since: int = 0) -> None:
    """Hand a player contract ``number`` (taken in round ``since``) with rows ``done`` filled."""
    shown = d["rows"]["contracts"]
    if number in shown:
        shown[shown.index(number)] = None
    for pile in (d["draw"]["contracts"], d["discard"]["contracts"]):
        if number in pile:
            pile.remove(number)
    d["players"][seat]["contracts"].append({"number": number, "done": list(done), "barrels": [], "since": since})


def state(d: Mapping) -> State:
    """The typed state of a position written as JSON."""
    return from_json(d)


def as_json(s: State) -> dict:
    """A state as the JSON a table stores: a fresh copy, free to read and edit."""
    return to_json(s)


def play(game, s: State, actions: Iterable[Mapping]) -> State:
    for action in actions:
        s = game.apply(s, action)
    return s


def edit(s: State, change: Callable[[dict], None]) -> State:
    d = to_json(s)
    change(d)
    return from_json(d)
