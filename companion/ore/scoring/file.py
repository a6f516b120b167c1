"""The documented end-of-game file (``headframe score ore FILE.json``), see NOTES.md."""

from __future__ import annotations

from typing import Any, Mapping

from ...core import ScoreSheet
from ...errors import BadAction
from ...ore_rules.scorefile import player_entries, players_of, whole
from ..data import RESOURCES, Catalog
from ..setup import VARIANTS
from . import Holdings, contract_vp, score_holdings

FIELDS = ("name", "money", "barrels", "miners", "assets", "completed_contracts", "strikes", "mine_cards")


def score_file(cat: Catalog, data: Mapping[str, Any]) -> ScoreSheet:
    players = players_of(data)
    variant = data.get("variant", "standard")
    if variant not in VARIANTS:
        raise BadAction(f"unknown variant {variant!r}; variants: {', '.join(VARIANTS)}")
    return score_holdings(cat, [_holdings(cat, who, entry) for who, entry in player_entries(players, FIELDS)],
                          contract_vp(cat, variant))


def _holdings(cat: Catalog, who: str, entry: Mapping[str, Any]) -> Holdings:
    name = entry.get("name", who)
    barrels = entry.get("barrels", {})
    if not isinstance(barrels, Mapping) or any(k not in RESOURCES for k in barrels):
        raise BadAction(f"{name}: barrels maps {', '.join(RESOURCES)} to counts")
    counts = {r: whole(barrels, r, name) for r in RESOURCES}
    assets = entry.get("assets", [])
    if not isinstance(assets, list):
        raise BadAction(f"{name}: assets must be a list of asset ids")
    for asset in assets:
        if asset not in cat.assets:
            raise BadAction(f"{name}: unknown asset {asset!r}; see cards_data/ore/assets.csv")
    miners = whole(entry, "miners", name, 2)
    if not 2 <= miners <= cat.numbers.max_miners:
        raise BadAction(f"{name}: miners must be 2-{cat.numbers.max_miners}, got {miners}")
    return Holdings(str(name), whole(entry, "money", name), counts, miners, tuple(assets),
                    whole(entry, "completed_contracts", name), whole(entry, "strikes", name),
                    whole(entry, "mine_cards", name))
