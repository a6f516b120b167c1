"""The published edition's numbers as the rules use them, read once per data folder from
``cards_data/ore-published``: the cards (mines, contracts, buildings) and the table's numbers
(``Numbers``: costs, limits, starting amounts).

Cells that carry rules are small text formats (see the data folder's NOTES.md):

* mine spaces ``1 2 | 2 3 | 4``: cubes gathered on each space, top first; each ``|`` is a
  thick line below which a deeper side of the mine cage is needed (0 = none, 1, 2);
* contract rows ``iron+lead=10; iron/gold+coal=15``: cubes for each row and its payment, where
  ``iron/gold`` is an "either ore" icon;
* building costs ``$12 + iron + coal`` and effects ``sell 3``, ``buy 2``, ``recruit``, ``drill``,
  ``cage``, ``cube coal 2`` or nothing.

A malformed cell or a missing number is a ``DataError`` naming the file, line and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from ..data import load_game
from ..data.model import GameData
from ..errors import DataError, Problem
from ..ore_rules import cells, descent
from ..ore_rules.tables import cell, check_resources, read_table

GAME_ID = "ore-published"
RESOURCES = ("lead", "coal", "copper", "iron", "gold")
EFFECTS = {"sell": 1, "buy": 1, "recruit": 0, "drill": 0, "cage": 0, "cube": 2}


@dataclass(frozen=True)
class MineCard:
    id: str
    res: str
    price: int
    spaces: tuple[int, ...]  # cubes gathered on each space, top first
    cages: tuple[int, ...]   # cage level each space needs (0 = none)

    def reaches(self, space: int, cage: int) -> bool:
        """Whether a worker whose owner's cage is on side ``cage`` (0: none) may stand on ``space``."""
        return descent.reaches(self.cages, space, cage)


@dataclass(frozen=True)
class ContractRow:
    items: tuple[tuple[str, ...], ...]  # one entry per cube: the resources that may fill it
    pay: int

    def label(self) -> str:
        return " + ".join("/".join(i) for i in self.items) + f" = ${self.pay}"


@dataclass(frozen=True)
class Contract:
    id: str
    rows: tuple[ContractRow, ...]
    vp: int
    buildings: int
    two_player: bool


@dataclass(frozen=True)
class Building:
    id: str
    qty: int
    name: str
    vp: int
    money: int
    cubes: tuple[str, ...]
    effect: tuple[str, ...]
    two_player: bool
    text: str

    def cost_label(self) -> str:
        return " + ".join([f"${self.money}"] + list(self.cubes))


@dataclass(frozen=True)
class Numbers:
    """The numbers of ``[setup]`` and ``[tables]`` that the rules, the bots and the views use."""

    rounds: int
    first_money: int               # the first seat's starting money
    money_step: int                # each later seat starts with this much more
    workers: int                   # placeable workers at the start (one more waits to be recruited)
    colours: tuple[str, ...]       # by seat
    contract_row: Mapping[int, int]    # players -> contracts in the row
    overtime_spaces: Mapping[int, int]  # players -> overtime spaces
    drill_bits: int
    temp_workers: int
    recruit_costs: tuple[int, ...]  # by recruiting order
    recall_cost: int
    permit_card_cost: int
    permit_primary: int
    permit_secondary: int
    market_primary: int
    market_secondary: int
    private_mine_cost: int
    overtime_cost: int
    cage_levels: int

    def recruit_cost(self, recruited: int) -> int:
        """The wage of the next recruit when ``recruited`` have been hired before."""
        return self.recruit_costs[min(recruited, len(self.recruit_costs) - 1)]


@dataclass(frozen=True)
class Catalog:
    data: GameData
    mines: Mapping[str, MineCard]
    contracts: Mapping[str, Contract]
    buildings: Mapping[str, Building]
    numbers: Numbers

    @property
    def tables(self) -> Mapping[str, Any]:
        return self.data.tables

    @property
    def setup(self) -> Mapping[str, Any]:
        return self.data.setup

    def building_copies(self) -> list[str]:
        """One entry per printed building card: ``slag-heap#1``, ``slag-heap#2``, ..."""
        return [f"{b.id}#{n}" for b in self.buildings.values() for n in range(1, b.qty + 1)]

    def building(self, card: str) -> Building:
        return self.buildings[card.split("#")[0]]


def contract_name(cid: Any) -> str:
    """A contract as the table says it: "c12" -> "#12" (its number on the card)."""
    text = str(cid)
    return f"#{text[1:]}" if text[:1] == "c" and text[1:].isdigit() else text


def parse_spaces(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A mine card's cubes on each space and the cage side each needs (0: no cage)."""
    return cells.parse_spaces(text, 0, "cubes")


def parse_rows(text: str) -> tuple[ContractRow, ...]:
    return tuple(ContractRow(items, pay) for items, pay in cells.parse_rows(text, RESOURCES))


def parse_cost(text: str) -> tuple[int, tuple[str, ...]]:
    parts = [p.strip() for p in text.split("+")]
    if not parts[0].startswith("$") or not parts[0][1:].isdigit():
        raise ValueError(f"a cost starts with money such as $12, got {text!r}")
    for res in parts[1:]:
        if res not in RESOURCES:
            raise ValueError(f"unknown resource {res!r} in cost; resources: {', '.join(RESOURCES)}")
    return int(parts[0][1:]), tuple(parts[1:])


def parse_effect(text: str) -> tuple[str, ...]:
    words = tuple(text.split())
    if not words:
        return ()
    if words[0] not in EFFECTS:
        raise ValueError(f"unknown effect {words[0]!r}; effects: {', '.join(EFFECTS)} or nothing")
    if len(words) - 1 != EFFECTS[words[0]]:
        raise ValueError(f"effect {words[0]!r} takes {EFFECTS[words[0]]} arguments")
    if words[0] == "cube" and (words[1] not in RESOURCES or not words[2].isdigit()):
        raise ValueError("cube takes a resource and a count, such as 'cube coal 2'")
    if words[0] in ("sell", "buy") and not words[1].isdigit():
        raise ValueError(f"{words[0]} takes a count, such as '{words[0]} 3'")
    return words


def build_catalog(data: GameData) -> Catalog:
    check_resources(data, RESOURCES)
    problems: list[Problem] = []
    root = data.root
    mines: dict[str, MineCard] = {}
    contracts: dict[str, Contract] = {}
    buildings: dict[str, Building] = {}
    for row in read_table(data, "mines", problems):
        parsed = cell(problems, root / "mines.csv", row, "spaces", parse_spaces)
        if parsed:
            mines[row.id] = MineCard(row.id, row["res"], row["price"], parsed[0], parsed[1])
    for row in read_table(data, "contracts", problems):
        rows = cell(problems, root / "contracts.csv", row, "rows", parse_rows)
        if rows is None:
            continue
        two = row["two_player"] == "yes"
        if two and any("copper" in item for r in rows for item in r.items):
            problems.append(Problem(str(root / "contracts.csv"), row.line, "two_player",
                                    "a contract in the two-player set cannot ask for copper (copper is boxed)"))
        contracts[row.id] = Contract(row.id, rows, row["vp"], row["buildings"], two)
    for row in read_table(data, "buildings", problems):
        cost = cell(problems, root / "buildings.csv", row, "cost", parse_cost)
        effect = cell(problems, root / "buildings.csv", row, "effect", parse_effect)
        if cost is None or effect is None:
            continue
        two = row["two_player"] == "yes"
        if two and ("copper" in cost[1] or "copper" in effect):
            problems.append(Problem(str(root / "buildings.csv"), row.line, "two_player",
                                    "a building in the two-player set cannot use copper (copper is boxed)"))
        buildings[row.id] = Building(row.id, row.qty, row["name"], row["vp"], cost[0], cost[1], effect, two,
                                     row["text"])
    if not problems:
        problems.extend(_check_counts(data, mines, contracts, buildings))
    numbers = read_numbers(data, problems)
    if problems:
        raise DataError(problems)
    return Catalog(data, mines, contracts, buildings, numbers)


# [tables] numbers every rule needs: whole numbers of at least 0 (the least allowed, when more)
COUNTS = {"drill_bits": 0, "temp_workers": 0, "recall_cost": 0, "permit_card_cost": 0, "permit_primary": 0,
          "permit_secondary": 0, "market_primary": 0, "market_secondary": 0, "private_mine_cost": 0,
          "overtime_cost": 0, "cage_levels": 0}


def read_numbers(data: GameData, problems: list[Problem]) -> Numbers | None:
    """The typed ``Numbers``, or None with a problem for each number missing or malformed."""
    toml = str(data.toml_path)
    found: list[Problem] = []

    def whole(section: str, key: str, value: Any, least: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            found.append(Problem(toml, data.line_of(f"{section}.{key}"), f"{section}.{key}",
                                 f"needs a whole number of at least {least}, got {value!r}"))
            return least
        return value

    def per_count(key: str, least: int) -> dict[int, int]:
        table = data.setup.get(key)
        low, high = data.players
        if not isinstance(table, Mapping) or any(str(n) not in table for n in range(low, high + 1)):
            found.append(Problem(toml, data.line_of(f"setup.{key}"), f"setup.{key}",
                                 f"needs a number for every player count from {low} to {high}"))
            return {}
        return {n: whole("setup", f"{key}.{n}", table[str(n)], least) for n in range(low, high + 1)}

    money = data.setup.get("starting_money")
    money = money if isinstance(money, Mapping) else {}
    colours = data.setup.get("player_colours")
    if not isinstance(colours, list) or len(colours) < data.players[1] or not all(isinstance(c, str) for c in colours):
        found.append(Problem(toml, data.line_of("setup.player_colours"), "setup.player_colours",
                             f"needs a colour name for each of {data.players[1]} seats"))
        colours = []
    costs = data.tables.get("recruit_costs")
    if not isinstance(costs, list) or not costs:
        found.append(Problem(toml, data.line_of("tables.recruit_costs"), "tables.recruit_costs",
                             f"needs a list of wages, one for each recruit in order, got {costs!r}"))
        costs = [0]
    costs = [whole("tables", "recruit_costs", c) for c in costs]
    counts = {key: whole("tables", key, data.tables.get(key), least) for key, least in COUNTS.items()}
    numbers = Numbers(
        rounds=whole("setup", "rounds", data.setup.get("rounds"), 1),
        first_money=whole("setup", "starting_money.first", money.get("first")),
        money_step=whole("setup", "starting_money.step", money.get("step")),
        workers=whole("setup", "workers", data.setup.get("workers"), 1),
        colours=tuple(colours), contract_row=per_count("contract_row", 1),
        overtime_spaces=per_count("overtime_spaces", 0), recruit_costs=tuple(costs), **counts)
    problems.extend(found)
    return None if found else numbers


def _check_counts(data: GameData, mines: Mapping[str, MineCard], contracts: Mapping[str, Contract],
                  buildings: Mapping[str, Building]) -> list[Problem]:
    """The rulebook's counts: mine cards by type, 40 contracts, 64 buildings, 120 money cards."""
    problems = []
    toml = str(data.toml_path)
    wanted = data.tables.get("mines_per_type", {})
    for res in RESOURCES:
        have = sum(1 for m in mines.values() if m.res == res)
        if have != int(wanted.get(res, -1)):
            problems.append(Problem(str(data.root / "mines.csv"), None, "res",
                                    f"{have} {res} mine cards; tables.mines_per_type says {wanted.get(res)}"))
    for name, have, key in (("contracts", len(contracts), "contract_count"),
                            ("buildings", sum(b.qty for b in buildings.values()), "building_count")):
        if have != data.tables.get(key):
            problems.append(Problem(str(data.root / f"{name}.csv"), None, "qty",
                                    f"{have} {name} cards; tables.{key} says {data.tables.get(key)}"))
    money = data.tables.get("money_cards", {})
    if sum(int(v) for v in money.values()) != 120:
        problems.append(Problem(toml, data.line_of("tables.money_cards"), "tables.money_cards",
                                f"{sum(int(v) for v in money.values())} money cards; the box holds 120"))
    costs = data.tables.get("recruit_costs", [])
    if isinstance(costs, list) and len(costs) < data.players[1]:
        problems.append(Problem(toml, data.line_of("tables.recruit_costs"), "tables.recruit_costs",
                                f"needs one cost per possible recruit ({data.players[1]}), got {len(costs)}"))
    return problems


@lru_cache(maxsize=4)
def catalog(data_dir: str | None = None) -> Catalog:
    """The tables of ``data_dir`` (None: the shipped data): the implementation of
    ``OrePublished.load``; the rules read them from the game instance (``game.data``)."""
    return build_catalog(load_game(GAME_ID, data_dir))
