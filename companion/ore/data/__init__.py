"""Ore's numbers, read once from a data folder (``cards_data/ore`` or an edited copy): the
cards as typed tables (``cards``), the numbers of ``[setup]`` and ``[tables]`` (``numbers``)
and ``load``, which ``Ore.load`` calls and which reports every problem at once."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from ...data import load_game
from ...data.model import GameData
from ...errors import DataError, Problem
from ...ore_rules.tables import cell, check_resources, read_table
from .cards import (ANY, RESOURCES, AssetCard, ContractCard, ContractRow, Cost, InitiativeCard, MineCard,
                    best_threshold, parse_cost, parse_effect, parse_rows, parse_spaces, thresholds)
from .numbers import Numbers, read_numbers

GAME_ID = "ore"


@dataclass(frozen=True)
class Catalog:
    """Everything a game of Ore reads from its data folder."""

    data: GameData
    mines: Mapping[str, MineCard]
    assets: Mapping[str, AssetCard]
    initiatives: Mapping[str, InitiativeCard]
    contracts: Mapping[int, ContractCard]
    numbers: Numbers

    @property
    def tables(self) -> Mapping[str, Any]:
        """``[tables]`` as written; the rules read ``numbers``."""
        return self.data.tables


def build_catalog(data: GameData) -> Catalog:
    check_resources(data, RESOURCES)
    problems: list[Problem] = []
    mines, assets, initiatives, contracts = {}, {}, {}, {}
    root = data.root
    for row in read_table(data, "mines", problems):
        parsed = cell(problems, root / "mines.csv", row, "spaces", parse_spaces)
        if parsed:
            mines[row.id] = MineCard(row.id, row["deck"], row["res"], row["price"], parsed[0], parsed[1])
    for row in data.decks["assets"].rows:
        costs = cell(problems, root / "assets.csv", row, "cost", parse_cost)
        effect = cell(problems, root / "assets.csv", row, "effect", parse_effect)
        if costs is not None and effect is not None:
            assets[row.id] = AssetCard(row.id, row.qty, row["name"], row["group"], costs, row["vp"],
                                       row["mark"], effect, row["text"])
    for row in data.decks["initiatives"].rows:
        cost = cell(problems, root / "initiatives.csv", row, "cost", parse_cost)
        if cost is not None:
            initiatives[row.id] = InitiativeCard(row.id, row.qty, row["name"], cost[0], row["mark"],
                                                 row["effect"], row["text"])
    for row in read_table(data, "contracts", problems):
        rows = cell(problems, root / "contracts.csv", row, "rows", parse_rows)
        if rows is not None:
            if row["number"] in contracts:
                problems.append(Problem(str(root / "contracts.csv"), row.line, "number",
                                        f"contract #{row['number']} appears twice"))
            contracts[row["number"]] = ContractCard(row["number"], rows)
    numbers = read_numbers(data, problems)
    if numbers is not None:  # the mix each deck needs is one of the numbers
        problems.extend(_check_counts(data, mines, contracts))
    if problems or numbers is None:
        raise DataError(problems)
    return Catalog(data, mines, assets, initiatives, contracts, numbers)


def _check_counts(data: GameData, mines: Mapping[str, MineCard], contracts: Mapping[int, ContractCard]) -> list[Problem]:
    """Each mine deck holds the rulebook's mix of kinds; contracts are numbered 1 to N."""
    problems = []
    wanted = data.tables.get("mines_per_deck", {})
    for deck in ("3p", "4-5p"):
        for res in RESOURCES:
            have = sum(1 for m in mines.values() if m.deck == deck and m.res == res)
            if res in wanted and have != wanted[res]:
                problems.append(Problem(str(data.root / "mines.csv"), None, "res",
                                        f"the {deck} deck has {have} {res} mines; tables.mines_per_deck says {wanted[res]}"))
    if contracts and sorted(contracts) != list(range(1, len(contracts) + 1)):
        problems.append(Problem(str(data.root / "contracts.csv"), None, "number",
                                f"contracts must be numbered 1 to {len(contracts)} without gaps"))
    return problems


@lru_cache(maxsize=8)
def load(data_dir: str | None = None) -> Catalog:
    """The catalogue of ``data_dir`` (None: the shipped data), read once per folder."""
    return build_catalog(load_game(GAME_ID, data_dir))


__all__ = ["ANY", "RESOURCES", "AssetCard", "Catalog", "ContractCard", "ContractRow", "Cost", "InitiativeCard",
           "MineCard", "Numbers", "best_threshold", "build_catalog", "load", "thresholds"]
