"""Final scoring, from a live table or from the documented end-of-game file.

Targets and incentives score their printed points; most money (net of unpaid loans) and most resources 4 each (a tie
gives nobody the points); 4 per active mine, 4 per plain asset, 8 per upgraded asset or
factory; each region's ribbon points go to the one player with the most presence there.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..core import ScoreRow, ScoreSheet, sheet
from ..errors import BadAction
from .cards import ASSETS, INFRASTRUCTURE, UPGRADES, Catalog
from .state import active_mines, count_assets, leader, presence, stock_value


def holdings(d: Mapping) -> list[dict]:
    """What scores, per player: the same shape as a player entry of the end-of-game file. Money
    counts net of an unpaid loan (the double repayment still owed), never below 0."""
    return [{"name": p["name"], "money": max(0, p["money"] - p["debt"]), "resources": stock_value(p), "targets": list(p["targets"]),
             "incentives": list(p["incentives"]), "mines": active_mines(p),
             "assets": [dict(a) for a in p["assets"]], "infrastructure": [dict(i) for i in p["infra"]]}
            for p in d["players"]]


def _as_player(h: Mapping) -> dict:
    return {"sites": {t: "active" for t in h["mines"]}, "assets": h["assets"], "infra": h["infrastructure"]}


def score_holdings(cat: Catalog, hs: Sequence[Mapping]) -> ScoreSheet:
    points = cat.tables["score"]
    n = len(hs)

    def most(values: list[float], worth: int) -> tuple[float, ...]:
        win = leader(values)
        return tuple(float(worth) if s == win else 0.0 for s in range(n))

    players = [_as_player(h) for h in hs]
    supremacy = [0.0] * n
    for region in cat.regions.values():
        win = leader([presence(cat, q, region.id) for q in players])
        if win is not None:
            supremacy[win] += region.ribbon
    rows = [
        ScoreRow("targets", "Strategic targets", tuple(float(sum(cat.targets[t].points for t in h["targets"])) for h in hs)),
        ScoreRow("incentives", "Government incentives",
                 tuple(float(sum(cat.incentives[i].points for i in h["incentives"])) for h in hs)),
        ScoreRow("money", "Most money", most([h["money"] for h in hs], int(points["most_money"]))),
        ScoreRow("resources", "Most resources", most([h["resources"] for h in hs], int(points["most_resources"]))),
        ScoreRow("mines", "Active mines", tuple(float(len(h["mines"]) * int(points["mine"])) for h in hs)),
        ScoreRow("assets", "Assets", tuple(float(count_assets(q, None, False) * int(points["asset"])) for q in players)),
        ScoreRow("upgraded", "Upgraded assets",
                 tuple(float(count_assets(q, None, True) * int(points["upgraded"])) for q in players)),
        ScoreRow("supremacy", "Regional supremacy", tuple(supremacy)),
    ]
    return sheet([h["name"] for h in hs], rows)


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


def score_file(cat: Catalog, data: Mapping[str, Any]) -> ScoreSheet:
    if not isinstance(data, Mapping) or not isinstance(data.get("players"), list) or not 2 <= len(data["players"]) <= 4:
        raise BadAction("the file needs a 'players' list with one entry for each of the 2-4 players")
    hs = []
    for index, entry in enumerate(data["players"], start=1):
        if not isinstance(entry, Mapping):
            raise BadAction(f"player {index}: each player is an object with name, money, resources, ...")
        who = str(entry.get("name") or f"player {index}")
        h = {"name": who, "money": _whole(entry, "money", who), "resources": _whole(entry, "resources", who)}
        for key, known in (("targets", cat.targets), ("incentives", cat.incentives), ("mines", cat.territories)):
            h[key] = _list(entry, key, who)
            for item in h[key]:
                if item not in known:
                    raise BadAction(f"{who}: unknown {key[:-1]} {item!r}")
        h["assets"], h["infrastructure"] = [], []
        for item in _list(entry, "assets", who):
            kind, region = (item.get("kind"), item.get("region")) if isinstance(item, Mapping) else (None, None)
            if kind not in UPGRADES or region not in cat.regions:
                raise BadAction(f"{who}: an asset is {{\"kind\": {'|'.join(UPGRADES)}, \"region\": REGION, "
                                f"\"upgraded\": true|false}}, got {item!r}")
            h["assets"].append({"kind": kind, "region": region,
                                "upgraded": kind == "factory" or bool(item.get("upgraded"))})
        for item in _list(entry, "infrastructure", who):
            kind, region = (item.get("kind"), item.get("region")) if isinstance(item, Mapping) else (None, None)
            if kind not in INFRASTRUCTURE or region not in cat.regions:
                raise BadAction(f"{who}: infrastructure is {{\"kind\": road|water, \"region\": REGION}}, got {item!r}")
            h["infrastructure"].append({"kind": kind, "region": region})
        hs.append(h)
    return score_holdings(cat, hs)


__all__ = ["ASSETS", "holdings", "score_file", "score_holdings"]
