"""Reading and checking ARDEVUR's tables from a data folder, one reader per CSV. Every
malformed cell is one ``DataError`` line ``path:line: column: message``, and every problem of
every file is reported together."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...data import columns as col
from ...data import load_game, number_problems, read_rows
from ...data.box import printed_problems
from ...data.model import GameData, Row
from ...errors import DataError, Problem
from . import cells
from .tables import (ASSETS, CONTINENTS, DEV_CARDS, INFRASTRUCTURE, TIERS, TIMINGS, UPGRADES, ActionCard, Catalog,
                     Corporation, Incentive, Numbers, Region, Target, Territory)

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


class _Reading:
    """One pass over a data folder: the game's generic data, and the problems found so far."""

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.root = Path(data.root)
        self.problems: list[Problem] = []

    def rows(self, name: str) -> list[Row]:
        types = {k: col.parse_type(v) for k, v in _TYPES[name].items()}
        rows, found = read_rows(self.root / f"{name}.csv", types, set(), set())
        self.problems.extend(found)
        return rows

    def bad(self, name: str, row: Row, column: str, message: str) -> None:
        self.problems.append(Problem(str(self.root / f"{name}.csv"), row.line, column, message))


def _corporations(read: _Reading) -> dict[str, Corporation]:
    found = {}
    colours = read.data.colours
    for r in read.rows("corporations"):
        v = r.values
        if v["colour"] not in colours:
            read.bad("corporations", r, "colour", f"unknown colour {v['colour']!r}; colours: {', '.join(colours)}")
        found[r.id] = Corporation(r.id, v["name"], v["short"], colours.get(v["colour"], "#000000"), v["advantage"],
                                  v["order"])
    return found


def _regions(read: _Reading) -> dict[str, Region]:
    found = {}
    for r in read.rows("regions"):
        v = r.values
        for need in v["needs"]:
            if need not in INFRASTRUCTURE:
                read.bad("regions", r, "needs", f"unknown infrastructure {need!r}; use road, water")
        if v["needs"] and v["continent"] != "africa":
            read.bad("regions", r, "needs", "only African regions need infrastructure")
        if v["continent"] == "africa" and not v["needs"]:
            read.bad("regions", r, "needs", "every African region needs a road, a pipeline or both")
        found[r.id] = Region(r.id, v["name"], v["continent"], v["ribbon"], tuple(v["needs"]),
                             {"road": v["road_cost"], "water": v["water_cost"]}, v["port_slots"], v["x"], v["y"])
    return found


def _territories(read: _Reading, regions: dict[str, Region]) -> dict[str, Territory]:
    found = {}
    for r in read.rows("territories"):
        v = r.values
        if v["region"] not in regions:
            read.bad("territories", r, "region", f"unknown region {v['region']!r}; regions: {', '.join(regions)}")
        for key in ("explore", "exploit", "output"):
            if v[key] < 0 or v[key] % 2:
                read.bad("territories", r, key, f"must be an even number of millions, got {v[key]}")
        found[r.id] = Territory(r.id, v["name"], v["region"], v["tier"], v["explore"], v["exploit"], v["output"])
    for region in regions.values():
        tiers = sorted(t.tier for t in found.values() if t.region == region.id)
        if tiers and tiers != sorted(TIERS):
            read.problems.append(Problem(str(read.root / "regions.csv"), None, region.id,
                                         f"a region has exactly one gold, one silver and one bronze territory, "
                                         f"got {tiers}"))
    return found


def _development(read: _Reading) -> dict[str, dict[str, int]]:
    found = {}
    for r in read.rows("development"):
        v = r.values
        if r.id not in DEV_CARDS:
            read.bad("development", r, "id", f"unknown development card; cards: {', '.join(DEV_CARDS)}")
        for key in ("p4", "p3", "p2"):
            if not 0 <= v[key] <= r.qty:
                read.bad("development", r, key, f"must lie between 0 and the {r.qty} copies in the box, got {v[key]}")
        found[r.id] = {"qty": r.qty, "p4": v["p4"], "p3": v["p3"], "p2": v["p2"]}
    return found


def _targets(read: _Reading) -> dict[str, Target]:
    found = {}
    for r in read.rows("targets"):
        v = r.values
        cond, reward = cells.condition(v["condition"]), cells.reward(v["reward"])
        if isinstance(cond, str):
            read.bad("targets", r, "condition", cond)
        if isinstance(reward, str):
            read.bad("targets", r, "reward", reward)
        if isinstance(cond, str) or isinstance(reward, str):
            continue
        for copy in range(r.qty):
            key = r.id if r.qty == 1 else f"{r.id}-{copy + 1}"
            found[key] = Target(key, v["name"], v["tier"], cond, reward, v["points"], v["needs_action"])
    return found


def _incentives(read: _Reading) -> dict[str, Incentive]:
    found = {}
    for r in read.rows("incentives"):
        reward = cells.reward(r.values["reward"])
        if isinstance(reward, str):
            read.bad("incentives", r, "reward", reward)
        else:
            found[r.id] = Incentive(r.id, r.values["name"], reward, r.values["points"])
    return found


def _actions(read: _Reading, corporations: dict[str, Corporation]) -> dict[str, ActionCard]:
    found = {}
    for r in read.rows("actions"):
        v = r.values
        if v["corporation"] not in corporations:
            read.bad("actions", r, "corporation", f"unknown corporation {v['corporation']!r}; "
                                                  f"corporations: {', '.join(corporations)}")
        effect = cells.effect(v["effect"])
        if isinstance(effect, str):
            read.bad("actions", r, "effect", effect)
            continue
        for copy in range(r.qty):
            key = f"{r.id}-{copy + 1}"
            found[key] = ActionCard(key, r.id, v["corporation"], v["name"], v["timing"], effect[0], effect[1],
                                    v["text"])
    return found


MARKERS = ("site", "infrastructure", "warehouse", "office", "vessel", "factory")
# The numbers of [tables] the rules and the print set read, checked before any is used: whole
# numbers of 0 or more, but for the die's faces (1 or more) and the presence weights (fractions).
SINGLE = ("phone_call_multiplier", "loan_repayment_multiplier", "dev_card_limit", "action_card_limit",
          "action_card_limit_clash", "max_active_mines", "max_african_infrastructure", "factory_bonus",
          "factory_fee", "infrastructure_fee", "large_vessel_lease", "endgame_points", "starting_money",
          "auction_territories_first", "auction_territories_second", "launched_start_territories")
WHOLE = (*(f"tables.{key}" for key in SINGLE), "tables.starting_bills[]", "tables.bills[]",
         "tables.storage.base", "tables.storage.warehouse", "tables.storage.large",
         "tables.mines_per_extraction.none", "tables.mines_per_extraction.office", "tables.mines_per_extraction.large",
         *(f"tables.markers.{kind}" for kind in MARKERS), *(f"tables.asset_price.{kind}" for kind in ASSETS),
         *(f"tables.upgrade_price.{kind}" for kind in UPGRADES),
         *(f"tables.score.{kind}" for kind in ("most_money", "most_resources", "mine", "asset", "upgraded")),
         "tables.tokens.*[2]", *(f"tables.targets_in_play.<players>.{kind}" for kind in TIERS + ("incentives",)))
FACES = ("tables.die_faces[]",)
PRESENCE = ("mine", "asset", "upgraded", "infrastructure")
FRACTIONS = tuple(f"tables.presence.{kind}" for kind in PRESENCE)


def _numbers(read: _Reading) -> Numbers | None:
    """The numbers the rules ask for on every move, or None with every problem of them noted."""
    data = read.data
    found = (number_problems(data, WHOLE) + number_problems(data, FACES, least=1)
             + number_problems(data, FRACTIONS, whole=False))
    read.problems.extend(found or _tokens(data))
    if found:
        return None
    t = data.tables
    return Numbers(
        faces=tuple(t["die_faces"]), storage=(t["storage"]["base"], t["storage"]["warehouse"], t["storage"]["large"]),
        mines_per_extraction=tuple(t["mines_per_extraction"][k] for k in ("none", "office", "large")),
        markers={k: t["markers"][k] for k in MARKERS}, asset_price={k: t["asset_price"][k] for k in ASSETS},
        upgrade_price={k: t["upgrade_price"][k] for k in UPGRADES},
        presence=tuple(float(t["presence"][k]) for k in PRESENCE),
        phone_multiplier=t["phone_call_multiplier"], loan_multiplier=t["loan_repayment_multiplier"],
        dev_card_limit=t["dev_card_limit"], action_card_limit=t["action_card_limit"],
        action_card_limit_clash=t["action_card_limit_clash"], max_active_mines=t["max_active_mines"],
        max_african_infrastructure=t["max_african_infrastructure"], factory_bonus=t["factory_bonus"],
        factory_fee=t["factory_fee"], infrastructure_fee=t["infrastructure_fee"],
        large_vessel_lease=t["large_vessel_lease"], endgame_points=t["endgame_points"])


def _tokens(data) -> list[Problem]:
    """The resource tokens in the box (``tables.tokens``: resource -> [value, count]): each named
    by one of the game's resources, which gives its colour and letter, and as many printed as
    they count (``components.resource-tokens``)."""
    known = list(data.resources)
    unknown = [Problem(str(data.toml_path), data.line_of(f"tables.tokens.{name}"), f"tables.tokens.{name}",
                       f"{name!r} is not one of the game's resources: {', '.join(known)}")
               for name in data.tables["tokens"] if name not in known]
    if unknown:
        return unknown
    counts = [count for _, count in data.tables["tokens"].values()]
    return printed_problems(data, "resource-tokens", sum(counts),
                            f"tables.tokens ({' + '.join(map(str, counts))})")


def _load(data_dir: str | None) -> Catalog:
    read = _Reading(load_game("ardevur", data_dir))
    corporations = _corporations(read)
    regions = _regions(read)
    territories = _territories(read, regions)
    development = _development(read)
    targets = _targets(read)
    incentives = _incentives(read)
    actions = _actions(read, corporations)
    numbers = _numbers(read)
    if read.problems:
        raise DataError(read.problems)
    return Catalog(read.data, corporations, regions, territories, development, targets, incentives, actions,
                   numbers)


@lru_cache(maxsize=8)
def catalog(data_dir: str | None = None) -> Catalog:
    """The tables of the data folder ``data_dir`` (None: the shipped data), read once per folder."""
    return _load(str(data_dir) if data_dir else None)


__all__ = ["catalog"]
