"""Contract rows: which barrels fill them, which rows are due, completing and losing a contract."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Mapping, Sequence

from ..core import require
from ..errors import BadAction
from .cards import Catalog, ContractRow
from .table import earn, name

RULE = "Market: contracts"


def assignments(have: Mapping[str, int], row: ContractRow):
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


def next_row(cat: Catalog, held: Mapping) -> int | None:
    rows = cat.contracts[held["number"]].rows
    for index in range(len(rows)):
        if index not in held["done"]:
            return index
    return None


def due(cat: Catalog, d: dict, seat: int) -> list[tuple[dict, int]]:
    """(contract, row) pairs the player must still fill this market phase: the topmost unfilled
    row of every contract held since before this round and not yet filled this round."""
    player = d["players"][seat]
    found = []
    for held in player["contracts"]:
        if held["since"] >= d["round"] or held["number"] in player["round"]["sold_on"]:
            continue
        row = next_row(cat, held)
        if row is not None:
            found.append((held, row))
    return found


def find_held(d: dict, seat: int, number: int) -> dict:
    for held in d["players"][seat]["contracts"]:
        if held["number"] == number:
            return held
    raise BadAction(f"{name(d, seat)} holds no contract #{number}")


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


def fill_row(cat: Catalog, d: dict, seat: int, held: dict, row_index: int, barrels: list[str], payee: int) -> int:
    """Move ``barrels`` from ``seat`` onto the contract, pay ``payee`` the row's dollars and
    complete the contract if that was its last row. Returns the dollars paid."""
    row = cat.contracts[held["number"]].rows[row_index]
    have = d["players"][seat]["barrels"]
    for res in barrels:
        have[res] -= 1
    held["barrels"] += list(barrels)
    held["done"] = sorted(set(held["done"]) | {row_index})
    earn(d, payee, row.pay)
    return row.pay


def complete_if_done(cat: Catalog, d: dict, owner: int, held: dict) -> bool:
    if len(held["done"]) < len(cat.contracts[held["number"]].rows):
        return False
    return_barrels(d, held)
    d["players"][owner]["contracts"].remove(held)
    d["players"][owner]["completed"].append(held["number"])
    return True


def return_barrels(d: dict, held: dict) -> None:
    for res in held["barrels"]:
        d["bank"]["barrels"][res] += 1
    held["barrels"] = []
