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

from ..data import load_game, number_problems
from ..data.box import printed_problems
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
    workers_per_colour: int        # the workers of a colour in the box: no player has more

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
    numbers = read_numbers(data, problems)
    if not problems:  # the counts compare the cards with the numbers: both must have been read
        problems.extend(_check_counts(data, mines, contracts, buildings))
    if problems or numbers is None:
        raise DataError(problems)
    return Catalog(data, mines, contracts, buildings, numbers)


# The [tables] costs and limits every rule reads (whole numbers of 0 or more), each a field of Numbers.
COUNTS = ("drill_bits", "temp_workers", "recall_cost", "permit_card_cost", "permit_primary", "permit_secondary",
          "market_primary", "market_secondary", "private_mine_cost", "overtime_cost", "cage_levels",
          "workers_per_colour")
# Every number the rules, the print set and the box's counts read, checked before any is used:
# whole numbers of 0 or more, and 1 or more for the rounds, the workers and the contract row.
WHOLE = (*(f"tables.{key}" for key in COUNTS), "setup.starting_money.first", "setup.starting_money.step",
         "setup.overtime_spaces.<players>", "tables.recruit_costs[]", *(f"tables.mines_per_type.{res}" for res in RESOURCES),
         "tables.contract_count", "tables.building_count", "tables.money_cards.#", "tables.cubes_per_type",
         "tables.five_tokens", "tables.private_mine_tokens", "tables.mine_cage_tokens")
AT_LEAST_ONE = ("setup.rounds", "setup.workers", "setup.contract_row.<players>")


def read_numbers(data: GameData, problems: list[Problem]) -> Numbers | None:
    """The typed ``Numbers``, or None with a problem for each number missing or malformed."""
    found = number_problems(data, WHOLE) + number_problems(data, AT_LEAST_ONE, least=1)
    colours = data.setup.get("player_colours")
    if not isinstance(colours, list) or len(colours) < data.players[1] or not all(isinstance(c, str) for c in colours):
        found.append(Problem(str(data.toml_path), data.line_of("setup.player_colours"), "setup.player_colours",
                             f"needs a colour name for each of {data.players[1]} seats"))
    problems.extend(found)
    if found:
        return None
    setup, tables = data.setup, data.tables
    counts = range(data.players[0], data.players[1] + 1)
    per_count = lambda key: {n: setup[key][str(n)] for n in counts}  # noqa: E731
    return Numbers(
        rounds=setup["rounds"], first_money=setup["starting_money"]["first"],
        money_step=setup["starting_money"]["step"], workers=setup["workers"], colours=tuple(colours),
        contract_row=per_count("contract_row"), overtime_spaces=per_count("overtime_spaces"),
        recruit_costs=tuple(tables["recruit_costs"]), **{key: tables[key] for key in COUNTS})


def _check_counts(data: GameData, mines: Mapping[str, MineCard], contracts: Mapping[str, Contract],
                  buildings: Mapping[str, Building]) -> list[Problem]:
    """The rulebook's counts: mine cards by type, 40 contracts, 64 buildings, 120 money cards."""
    problems = []
    toml = str(data.toml_path)
    wanted = data.tables["mines_per_type"]
    for res in RESOURCES:
        have = sum(1 for m in mines.values() if m.res == res)
        if have != wanted[res]:
            problems.append(Problem(str(data.root / "mines.csv"), None, "res",
                                    f"{have} {res} mine cards; tables.mines_per_type says {wanted[res]}"))
    for name, have, key in (("contracts", len(contracts), "contract_count"),
                            ("buildings", sum(b.qty for b in buildings.values()), "building_count")):
        if have != data.tables.get(key):
            problems.append(Problem(str(data.root / f"{name}.csv"), None, "qty",
                                    f"{have} {name} cards; tables.{key} says {data.tables.get(key)}"))
    money = sum(data.tables["money_cards"].values())
    if money != 120:
        problems.append(Problem(toml, data.line_of("tables.money_cards"), "tables.money_cards",
                                f"{money} money cards; the box holds 120"))
    costs = data.tables["recruit_costs"]
    if len(costs) < data.players[1]:
        problems.append(Problem(toml, data.line_of("tables.recruit_costs"), "tables.recruit_costs",
                                f"needs one cost per possible recruit ({data.players[1]}), got {len(costs)}"))
    return problems + _box(data)


def _box(data: GameData) -> list[Problem]:
    """The box's pieces the tables count: a player's starting workers are of their colour and
    the printed workers are these; each seat's colour has its private mine and mine cage token
    (print only, and printed as many: their components' count names them)."""
    tables, seats, toml = data.tables, data.players[1], str(data.toml_path)
    per, workers = tables["workers_per_colour"], data.setup["workers"]
    if per < workers:
        return [Problem(toml, data.line_of("tables.workers_per_colour"), "tables.workers_per_colour",
                        f"a player starts with {workers} workers of their colour (setup.workers): the box needs at "
                        f"least that many, not {per}")]
    few = [Problem(toml, data.line_of(f"tables.{key}"), f"tables.{key}",
                   f"one for each player colour: at least {seats} (the most players), not {tables[key]}")
           for key in ("private_mine_tokens", "mine_cage_tokens") if tables[key] < seats]
    if few:
        return few
    return printed_problems(data, "workers", per * seats + tables["temp_workers"],
                            f"tables.workers_per_colour ({per}) for each of {seats} colours and tables.temp_workers "
                            f"({tables['temp_workers']})")


@lru_cache(maxsize=4)
def catalog(data_dir: str | None = None) -> Catalog:
    """The tables of ``data_dir`` (None: the shipped data): the implementation of
    ``OrePublished.load``; the rules read them from the game instance (``game.data``)."""
    return build_catalog(load_game(GAME_ID, data_dir))
