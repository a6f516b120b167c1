"""Final scoring, from a live table or from the documented end-of-game file.

Targets and incentives score their printed points; most money (net of unpaid loans) and most
resources 4 each (a tie gives nobody the points); 4 per active mine, 4 per plain asset, 8 per
upgraded asset or factory; each region's ribbon points go to the one player with the most
presence there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core import ScoreRow, ScoreSheet, sheet
from ..errors import BadAction
from .data import INFRASTRUCTURE, UPGRADES, Catalog
from .state import ArdState, Asset, Infra, Player, count_assets, leader, presence_map


@dataclass(frozen=True)
class Holding:
    """What scores for one player: the same fields as a player of the end-of-game file."""

    name: str
    money: int
    resources: int
    targets: tuple[str, ...]
    incentives: tuple[str, ...]
    mines: tuple[str, ...]
    assets: tuple[Asset, ...]
    infrastructure: tuple[Infra, ...]

    def as_player(self) -> Player:
        return Player(self.name, self.money, sites=tuple((t, "active") for t in self.mines), assets=self.assets,
                      infra=self.infrastructure)


def holding(p: Player, net: bool = True) -> Holding:
    """A live player's holding. Money counts net of an unpaid loan (the double repayment still
    owed), never below 0; ``net=False`` counts the money in hand."""
    money = max(0, p.money - p.debt) if net else p.money
    return Holding(p.name, money, p.stock_value if p.corp else 0, p.targets, p.incentives, tuple(sorted(p.active)),
                   p.assets, p.infra)


def holdings(s: ArdState) -> list[Holding]:
    return [holding(p) for p in s.players]


def score_rows(cat: Catalog, hs: Sequence[Holding]) -> list[ScoreRow]:
    points = cat.tables["score"]
    n = len(hs)

    def most(values: list[float], worth: int) -> tuple[float, ...]:
        win = leader(values)
        return tuple(float(worth) if s == win else 0.0 for s in range(n))

    players = [h.as_player() for h in hs]
    maps = [presence_map(cat, q) for q in players]
    supremacy = [0.0] * n
    for region in cat.regions.values():
        win = leader([m.get(region.id, 0) for m in maps])
        if win is not None:
            supremacy[win] += region.ribbon
    return [
        ScoreRow("targets", "Strategic targets",
                 tuple(float(sum(cat.targets[t].points for t in h.targets)) for h in hs)),
        ScoreRow("incentives", "Government incentives",
                 tuple(float(sum(cat.incentives[i].points for i in h.incentives)) for h in hs)),
        ScoreRow("money", "Most money", most([h.money for h in hs], int(points["most_money"]))),
        ScoreRow("resources", "Most resources", most([h.resources for h in hs], int(points["most_resources"]))),
        ScoreRow("mines", "Active mines", tuple(float(len(h.mines) * int(points["mine"])) for h in hs)),
        ScoreRow("assets", "Assets",
                 tuple(float(count_assets(q, None, False) * int(points["asset"])) for q in players)),
        ScoreRow("upgraded", "Upgraded assets",
                 tuple(float(count_assets(q, None, True) * int(points["upgraded"])) for q in players)),
        ScoreRow("supremacy", "Regional supremacy", tuple(supremacy)),
    ]


def score_holdings(cat: Catalog, hs: Sequence[Holding]) -> ScoreSheet:
    return sheet([h.name for h in hs], score_rows(cat, hs))


def _list(entry: Mapping, key: str, who: str) -> list:
    value = entry.get(key, [])
    if not isinstance(value, list):
        raise BadAction(f"{who}: {key} must be a list")
    return value


def _whole(entry: Mapping, key: str, who: str) -> int:
    value = entry.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadAction(f"{who}: {key} must be a whole number of at least 0, got {value!r}")
    return value


def _cards(cat: Catalog, entry: Mapping, who: str) -> dict[str, tuple[str, ...]]:
    found = {}
    for key, known in (("targets", cat.targets), ("incentives", cat.incentives), ("mines", cat.territories)):
        found[key] = tuple(_list(entry, key, who))
        for item in found[key]:
            if item not in known:
                raise BadAction(f"{who}: unknown {key[:-1]} {item!r}")
    return found


def _assets(cat: Catalog, entry: Mapping, who: str) -> tuple[Asset, ...]:
    found = []
    for item in _list(entry, "assets", who):
        kind, region = (item.get("kind"), item.get("region")) if isinstance(item, Mapping) else (None, None)
        if kind not in UPGRADES or region not in cat.regions:
            raise BadAction(f"{who}: an asset is {{\"kind\": {'|'.join(UPGRADES)}, \"region\": REGION, "
                            f"\"upgraded\": true|false}}, got {item!r}")
        found.append(Asset(kind, region, kind == "factory" or bool(item.get("upgraded"))))
    return tuple(found)


def _infrastructure(cat: Catalog, entry: Mapping, who: str) -> tuple[Infra, ...]:
    found = []
    for item in _list(entry, "infrastructure", who):
        kind, region = (item.get("kind"), item.get("region")) if isinstance(item, Mapping) else (None, None)
        if kind not in INFRASTRUCTURE or region not in cat.regions:
            raise BadAction(f"{who}: infrastructure is {{\"kind\": road|water, \"region\": REGION}}, got {item!r}")
        found.append(Infra(kind, region))
    return tuple(found)


def score_file(cat: Catalog, data: Mapping[str, Any]) -> ScoreSheet:
    if not isinstance(data, Mapping) or not isinstance(data.get("players"), list) or not 2 <= len(data["players"]) <= 4:
        raise BadAction("the file needs a 'players' list with one entry for each of the 2-4 players")
    hs = []
    for index, entry in enumerate(data["players"], start=1):
        if not isinstance(entry, Mapping):
            raise BadAction(f"player {index}: each player is an object with name, money, resources, ...")
        who = str(entry.get("name") or f"player {index}")
        money, resources = _whole(entry, "money", who), _whole(entry, "resources", who)
        cards = _cards(cat, entry, who)
        hs.append(Holding(who, money, resources, cards["targets"], cards["incentives"], cards["mines"],
                          _assets(cat, entry, who), _infrastructure(cat, entry, who)))
    return score_holdings(cat, hs)


__all__ = ["Holding", "holding", "holdings", "score_file", "score_holdings", "score_rows"]
