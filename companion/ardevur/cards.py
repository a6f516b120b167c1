"""ARDEVUR's printed cards and tables as the rules use them, read once from ``cards_data/ardevur``.

The tables are plain CSVs read with declared column types (``read_rows``); the cells that carry
rules are small text formats described in ``cards_data/ardevur/NOTES.md``:

* a target's ``condition``: ``KIND N`` or ``KIND:ARG N`` (e.g. ``mines 2``, ``asset:vessel 1``);
* a ``reward``: ``money N`` or ``upgrade ASSET`` (``warehouse``, ``office``, ``vessel``,
  ``factory`` or ``any``);
* an action card's ``effect``: a kind from ``EFFECTS``, with a number where the kind takes one.

Every malformed cell is one ``DataError`` line ``path:line: column: message``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ..data import columns as col
from ..data import load_game, read_rows
from ..data.model import GameData
from ..errors import DataError, Problem

CONTINENTS = ("africa", "europe")
TIERS = ("bronze", "silver", "gold")
INFRASTRUCTURE = ("road", "water")
ASSETS = ("warehouse", "office", "vessel")
UPGRADES = ASSETS + ("factory",)
PHASES = ("extraction", "strategy", "development", "reward")
TIMINGS = PHASES + ("competitor", "anytime")
DEV_CARDS = ("license", "geologist", "machinery", "workforce", "warehouse", "office", "vessel", "road", "water",
             "factory", "phone")
# What a target's condition may count (see NOTES.md for each).
CONDITIONS = ("explored", "mines", "money", "stock", "asset", "assets", "upgraded", "infra", "regions",
              "continents", "africa", "europe", "gold_mine", "factory", "sale", "territories", "actions_used",
              "supremacy")
# Action-card effects; those in ``NUMBERED`` take an amount.
EFFECTS = ("gain", "take", "discount", "territory", "embargo", "monopoly", "extra_mine", "no_fees", "steady",
           "shift", "card", "share", "steal_action")
NUMBERED = ("gain", "take", "discount")
# Effects that stand alone: played in their own phase they take the place of that phase's action.
STANDALONE = ("gain", "take", "territory", "shift")

_TYPES = {
    "corporations": {"id": "id", "qty": "qty", "name": "str", "short": "str", "colour": "str",
                     "advantage": f"enum:{'|'.join(DEV_CARDS[:4])}", "order": "int"},
    "regions": {"id": "id", "qty": "qty", "name": "str", "continent": f"enum:{'|'.join(CONTINENTS)}",
                "ribbon": "int", "needs": "list", "road_cost": "int", "water_cost": "int", "port_slots": "int",
                "x": "number", "y": "number"},
    "territories": {"id": "id", "qty": "qty", "name": "str", "region": "str", "tier": f"enum:{'|'.join(TIERS)}",
                    "explore": "int", "exploit": "int", "output": "int"},
    "development": {"id": "id", "qty": "qty", "name": "str", "builds": "str", "p4": "int", "p3": "int", "p2": "int"},
    "targets": {"id": "id", "qty": "qty", "name": "str", "tier": f"enum:{'|'.join(TIERS)}", "condition": "str",
                "reward": "str", "points": "int", "needs_action": "bool"},
    "incentives": {"id": "id", "qty": "qty", "name": "str", "reward": "str", "points": "int"},
    "actions": {"id": "id", "qty": "qty", "corporation": "str", "name": "str", "timing": f"enum:{'|'.join(TIMINGS)}",
                "effect": "str", "text": "text"},
}


@dataclass(frozen=True)
class Corporation:
    id: str
    name: str
    short: str
    colour: str
    advantage: str  # the development card it never needs
    order: int      # left-to-right slot of its action deck in the market


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    continent: str
    ribbon: int
    needs: tuple[str, ...]  # infrastructure its mines need to work without limits
    costs: Mapping[str, int]  # setup cost of each infrastructure
    port_slots: int
    x: float
    y: float


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    region: str
    tier: str
    explore: int
    exploit: int
    output: int


@dataclass(frozen=True)
class Reward:
    kind: str   # "money" or "upgrade"
    value: int | str

    def label(self) -> str:
        if self.kind == "money":
            return f"{self.value}M"
        return "upgrade any asset" if self.value == "any" else f"upgrade: {self.value}"


@dataclass(frozen=True)
class Target:
    id: str
    name: str
    tier: str
    condition: tuple[str, str, int]  # kind, argument ("" if none), amount
    reward: Reward
    points: int
    needs_action: bool


@dataclass(frozen=True)
class Incentive:
    id: str
    name: str
    reward: Reward
    points: int


@dataclass(frozen=True)
class ActionCard:
    id: str      # one id per physical card: the design id and copy number, e.g. "amu-audit-2"
    design: str
    corporation: str
    name: str
    timing: str
    effect: str
    amount: int
    text: str


@dataclass(frozen=True)
class Catalog:
    data: GameData
    corporations: Mapping[str, Corporation]
    regions: Mapping[str, Region]
    territories: Mapping[str, Territory]
    development: Mapping[str, Mapping[str, int]]  # card -> {"qty", "p4", "p3", "p2"}
    targets: Mapping[str, Target]
    incentives: Mapping[str, Incentive]
    actions: Mapping[str, ActionCard]

    @property
    def tables(self) -> Mapping[str, Any]:
        return self.data.tables

    def number(self, name: str, key: str | None = None) -> int:
        value = self.data.tables[name]
        return int(value[key] if key is not None else value)

    def dev_count(self, card: str, players: int, remove: bool = True) -> int:
        """Copies of a development card in play: the card-count table's column, or all of them."""
        row = self.development[card]
        return row[f"p{players}"] if remove else row["qty"]

    def region_of(self, territory: str) -> Region:
        return self.regions[self.territories[territory].region]


def _reward(text: str) -> Reward | str:
    parts = text.split()
    if len(parts) == 2 and parts[0] == "money" and parts[1].isdigit():
        return Reward("money", int(parts[1]))
    if len(parts) == 2 and parts[0] == "upgrade" and parts[1] in UPGRADES + ("any",):
        return Reward("upgrade", parts[1])
    return f"expected 'money N' or 'upgrade ASSET' (ASSET: {', '.join(UPGRADES)}, any), got {text!r}"


def _condition(text: str) -> tuple[str, str, int] | str:
    parts = text.split()
    if len(parts) != 2 or not parts[1].isdigit():
        return f"expected 'KIND N' or 'KIND:ARG N', got {text!r}"
    kind, _, arg = parts[0].partition(":")
    if kind not in CONDITIONS:
        return f"unknown condition {kind!r}; conditions: {', '.join(CONDITIONS)}"
    if (kind == "asset") != bool(arg) or (arg and arg not in ASSETS):
        return f"'asset' takes one of {', '.join(ASSETS)} as 'asset:NAME N'; other conditions take no ':'"
    return kind, arg, int(parts[1])


def _effect(text: str) -> tuple[str, int] | str:
    parts = text.split()
    if not parts or parts[0] not in EFFECTS:
        return f"unknown effect {text!r}; effects: {', '.join(EFFECTS)}"
    if parts[0] in NUMBERED:
        if len(parts) != 2 or not parts[1].isdigit() or int(parts[1]) % 2:
            return f"{parts[0]!r} takes an even amount in millions, e.g. '{parts[0]} 8'"
        return parts[0], int(parts[1])
    if len(parts) != 1:
        return f"{parts[0]!r} takes no amount"
    return parts[0], 0


def _rows(root: Path, name: str, problems: list[Problem]):
    types = {k: col.parse_type(v) for k, v in _TYPES[name].items()}
    rows, found = read_rows(root / f"{name}.csv", types, set(), set())
    problems.extend(found)
    return rows


def _load(data_dir: str | None) -> Catalog:
    data = load_game("ardevur", data_dir)
    root = Path(data.root)
    problems: list[Problem] = []

    def bad(name: str, row, column: str, message: str) -> None:
        problems.append(Problem(str(root / f"{name}.csv"), row.line, column, message))

    corporations = {}
    for r in _rows(root, "corporations", problems):
        v = r.values
        if v["colour"] not in data.colours:
            bad("corporations", r, "colour", f"unknown colour {v['colour']!r}; colours: {', '.join(data.colours)}")
        corporations[r.id] = Corporation(r.id, v["name"], v["short"], data.colours.get(v["colour"], "#000000"),
                                         v["advantage"], v["order"])
    regions = {}
    for r in _rows(root, "regions", problems):
        v = r.values
        for need in v["needs"]:
            if need not in INFRASTRUCTURE:
                bad("regions", r, "needs", f"unknown infrastructure {need!r}; use road, water")
        if v["needs"] and v["continent"] != "africa":
            bad("regions", r, "needs", "only African regions need infrastructure")
        if v["continent"] == "africa" and not v["needs"]:
            bad("regions", r, "needs", "every African region needs a road, a pipeline or both")
        regions[r.id] = Region(r.id, v["name"], v["continent"], v["ribbon"], tuple(v["needs"]),
                               {"road": v["road_cost"], "water": v["water_cost"]}, v["port_slots"], v["x"], v["y"])
    territories = {}
    for r in _rows(root, "territories", problems):
        v = r.values
        if v["region"] not in regions:
            bad("territories", r, "region", f"unknown region {v['region']!r}; regions: {', '.join(regions)}")
        for key in ("explore", "exploit", "output"):
            if v[key] < 0 or v[key] % 2:
                bad("territories", r, key, f"must be an even number of millions, got {v[key]}")
        territories[r.id] = Territory(r.id, v["name"], v["region"], v["tier"], v["explore"], v["exploit"], v["output"])
    for region in regions.values():
        tiers = sorted(t.tier for t in territories.values() if t.region == region.id)
        if tiers and tiers != sorted(TIERS):
            problems.append(Problem(str(root / "regions.csv"), None, region.id,
                                    f"a region has exactly one gold, one silver and one bronze territory, got {tiers}"))
    development = {}
    for r in _rows(root, "development", problems):
        v = r.values
        if r.id not in DEV_CARDS:
            bad("development", r, "id", f"unknown development card; cards: {', '.join(DEV_CARDS)}")
        for key in ("p4", "p3", "p2"):
            if not 0 <= v[key] <= r.qty:
                bad("development", r, key, f"must lie between 0 and the {r.qty} copies in the box, got {v[key]}")
        development[r.id] = {"qty": r.qty, "p4": v["p4"], "p3": v["p3"], "p2": v["p2"]}
    targets = {}
    for r in _rows(root, "targets", problems):
        v = r.values
        cond, reward = _condition(v["condition"]), _reward(v["reward"])
        if isinstance(cond, str):
            bad("targets", r, "condition", cond)
        if isinstance(reward, str):
            bad("targets", r, "reward", reward)
        if not isinstance(cond, str) and not isinstance(reward, str):
            for copy in range(r.qty):
                key = r.id if r.qty == 1 else f"{r.id}-{copy + 1}"
                targets[key] = Target(key, v["name"], v["tier"], cond, reward, v["points"], v["needs_action"])
    incentives = {}
    for r in _rows(root, "incentives", problems):
        reward = _reward(r.values["reward"])
        if isinstance(reward, str):
            bad("incentives", r, "reward", reward)
        else:
            incentives[r.id] = Incentive(r.id, r.values["name"], reward, r.values["points"])
    actions = {}
    for r in _rows(root, "actions", problems):
        v = r.values
        if v["corporation"] not in corporations:
            bad("actions", r, "corporation", f"unknown corporation {v['corporation']!r}; "
                                             f"corporations: {', '.join(corporations)}")
        effect = _effect(v["effect"])
        if isinstance(effect, str):
            bad("actions", r, "effect", effect)
            continue
        for copy in range(r.qty):
            key = f"{r.id}-{copy + 1}"
            actions[key] = ActionCard(key, r.id, v["corporation"], v["name"], v["timing"], effect[0], effect[1],
                                      v["text"])
    if problems:
        raise DataError(problems)
    return Catalog(data, corporations, regions, territories, development, targets, incentives, actions)


@lru_cache(maxsize=8)
def catalog(data_dir: str | None = None) -> Catalog:
    return _load(str(data_dir) if data_dir else None)


__all__ = ["ASSETS", "CONDITIONS", "CONTINENTS", "Catalog", "DEV_CARDS", "EFFECTS", "INFRASTRUCTURE", "PHASES",
           "STANDALONE", "TIERS", "TIMINGS", "UPGRADES", "catalog"]
