"""Victory points from completed contracts and built buildings; ties go to money, then to the
number of completed contracts (the tie-break is our choice: see NOTES.md). Also the documented
end-of-game file for ``headframe score ore-published FILE.json``."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..core import ScoreRow, ScoreSheet, sheet
from ..errors import BadAction
from ..ore_rules.scorefile import player_entries, players_of, whole
from .data import Catalog
from .state import State

FIELDS = ("name", "money", "contracts", "buildings")
TIEBREAKS = ("most money", "most completed contracts")


def score_holdings(cat: Catalog, names: Sequence[str], money: Sequence[int], completed: Sequence[Sequence[str]],
                   built: Sequence[Sequence[str]]) -> ScoreSheet:
    contracts = tuple(float(sum(cat.contracts[c].vp for c in done)) for done in completed)
    buildings = tuple(float(sum(cat.building(b).vp for b in cards)) for cards in built)
    rows = (ScoreRow("contracts", "Completed contracts", contracts), ScoreRow("buildings", "Buildings built", buildings))
    return sheet(names, rows, (tuple(money), tuple(len(c) for c in completed)), TIEBREAKS)


def score_state(cat: Catalog, state: State) -> ScoreSheet:
    players = state.players
    return score_holdings(cat, [p.name for p in players], [p.money for p in players],
                          [p.completed for p in players], [p.built for p in players])


def score_file(cat: Catalog, data: Mapping[str, Any]) -> ScoreSheet:
    names, money, completed, built = [], [], [], []
    for who, entry in player_entries(players_of(data, cat.data.players), FIELDS):
        name = str(entry.get("name", who))
        cash = whole(entry, "money", name)
        contracts = entry.get("contracts", [])
        if not isinstance(contracts, list) or any(c not in cat.contracts for c in contracts):
            bad = next((c for c in contracts if c not in cat.contracts), contracts) if isinstance(contracts, list) else contracts
            raise BadAction(f"{name}: unknown contract {bad!r}; contracts are c1-c{len(cat.contracts)}")
        buildings = entry.get("buildings", [])
        if not isinstance(buildings, list) or any(str(b).split("#")[0] not in cat.buildings for b in buildings):
            bad = next((b for b in buildings if str(b).split("#")[0] not in cat.buildings), buildings) \
                if isinstance(buildings, list) else buildings
            raise BadAction(f"{name}: unknown building {bad!r}; see cards_data/ore-published/buildings.csv")
        names.append(name)
        money.append(cash)
        completed.append(contracts)
        built.append([str(b) for b in buildings])
    return score_holdings(cat, names, money, completed, built)
