"""Contract rows: which barrels fill them, which rows are due, completing and losing a contract."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Iterator, Mapping, Sequence

from ...core import require
from ...errors import BadAction
from ...frozen import evolve
from ..data import Catalog, ContractRow
from ..state import Held, State, with_player
from .bank import earn

RULE = "Market: contracts"


def assignments(have: Mapping[str, int], row: ContractRow) -> Iterator[list[str]]:
    """Every way to fill ``row`` from ``have``: one barrel kind per box."""
    for choice in product(*row.boxes):
        need = Counter(choice)
        if all(have.get(res, 0) >= n for res, n in need.items()):
            yield list(choice)


def can_fill_all(have: Mapping[str, int], rows: Sequence[ContractRow]) -> bool:
    if not rows:
        return True
    first, rest = rows[0], rows[1:]
    for choice in assignments(have, first):
        left = Counter(have)
        left.subtract(choice)
        if can_fill_all(left, rest):
            return True
    return False


def most_fillable(have: Mapping[str, int], rows: Sequence[ContractRow]) -> int:
    """The largest number of ``rows`` the barrels can fill together."""
    for size in range(len(rows), 0, -1):
        if any(can_fill_all(have, list(group)) for group in combinations(rows, size)):
            return size
    return 0


def next_row(cat: Catalog, held: Held) -> int | None:
    for index in range(len(cat.contracts[held.number].rows)):
        if index not in held.done:
            return index
    return None


def due(cat: Catalog, state: State, seat: int) -> list[tuple[Held, int]]:
    """(contract, row) pairs the player must still fill this market phase: the topmost unfilled
    row of every contract held since before this round and not yet filled this round."""
    player = state.players[seat]
    found = []
    for held in player.contracts:
        if held.since >= state.round or held.number in player.round.sold_on:
            continue
        row = next_row(cat, held)
        if row is not None:
            found.append((held, row))
    return found


def due_rows(cat: Catalog, state: State, seat: int) -> list[ContractRow]:
    return [cat.contracts[h.number].rows[r] for h, r in due(cat, state, seat)]


def find_held(state: State, seat: int, number: int) -> Held:
    held = state.players[seat].held(number)
    if held is None:
        raise BadAction(f"{state.name(seat)} holds no contract #{number}")
    return held


def choose_barrels(have: Mapping[str, int], row: ContractRow, given, keep: Sequence[ContractRow] = ()) -> list[str]:
    """The barrels to put on ``row``: ``given`` if the player chose, else a choice that still
    leaves the ``keep`` rows fillable when that is possible."""
    if given is not None:
        require(isinstance(given, list) and len(given) == len(row.boxes),
                f"The row {row.label()} has {len(row.boxes)} box(es): name one barrel for each.", RULE)
        for box, res in zip(row.boxes, given):
            require(res in box, f"A box for {'/'.join(box)} cannot take {res}.", RULE)
        need = Counter(given)
        for res, n in need.items():
            require(have.get(res, 0) >= n, f"Filling {row.label()} needs {n} {res}; you have {have.get(res, 0)}.", RULE)
        return list(given)
    options = list(assignments(have, row))
    require(bool(options), f"You cannot fill {row.label()}: you lack the barrels.", RULE)
    for choice in options:
        left = Counter(have)
        left.subtract(choice)
        if can_fill_all(left, keep):
            return choice
    return options[0]


def taken_from(have: Mapping[str, int], barrels: Sequence[str]) -> dict[str, int]:
    """``have`` once ``barrels`` are put on a card."""
    left = dict(have)
    for res in barrels:
        left[res] -= 1
    return left


def with_held(state: State, owner: int, held: Held) -> State:
    """``owner``'s contract of that number replaced by ``held`` (added when they had none)."""
    contracts = state.players[owner].contracts
    for index, old in enumerate(contracts):
        if old.number == held.number:
            return with_player(state, owner, contracts=contracts[:index] + (held,) + contracts[index + 1:])
    return with_player(state, owner, contracts=contracts + (held,))


def fill_row(cat: Catalog, state: State, seat: int, owner: int, held: Held, row_index: int,
             barrels: Sequence[str]) -> tuple[State, Held]:
    """``seat`` moves ``barrels`` onto ``owner``'s contract ``held`` and is paid the row's
    dollars; returns the next state and the contract as it now stands."""
    player = state.players[seat]
    state = with_player(state, seat, barrels=player.barrels.added(Counter(barrels), -1))
    held = evolve(held, barrels=held.barrels + tuple(barrels), done=tuple(sorted(set(held.done) | {row_index})))
    state = with_held(state, owner, held)
    return earn(state, seat, cat.contracts[held.number].rows[row_index].pay), held


def drop_held(state: State, owner: int, number: int) -> State:
    return with_player(state, owner, contracts=tuple(h for h in state.players[owner].contracts if h.number != number))


def return_barrels(state: State, barrels: Sequence[str]) -> State:
    """Barrels lying on a contract go back to the bank."""
    if not barrels:
        return state
    return evolve(state, bank=evolve(state.bank, barrels=state.bank.barrels.added(Counter(barrels))))


def complete_if_done(cat: Catalog, state: State, owner: int, held: Held) -> State:
    if len(held.done) < len(cat.contracts[held.number].rows):
        return state
    state = return_barrels(state, held.barrels)
    state = drop_held(state, owner, held.number)
    return with_player(state, owner, completed=state.players[owner].completed + (held.number,))


__all__ = ["RULE", "assignments", "can_fill_all", "choose_barrels", "complete_if_done", "drop_held", "due",
           "due_rows", "fill_row", "find_held", "most_fillable", "next_row", "return_barrels", "taken_from",
           "with_held"]
