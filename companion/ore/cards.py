"""The printed cards as the rules use them, read once from ``cards_data/ore``.

The CSV cells that carry rules (mine spaces, contract rows, costs, asset effects) are small
text formats described in ``cards_data/ore/NOTES.md``; a malformed cell is a ``DataError``
naming the file, line and column, exactly like the loader's own checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ..data import columns as col
from ..data import load_game, read_rows
from ..data.model import BUILTIN_ICONS, GameData, Row
from ..errors import DataError, Problem

RESOURCES = ("gold", "oil", "iron", "copper", "coal")
ANY = "any"


@dataclass(frozen=True)
class MineCard:
    id: str
    deck: str  # "3p" or "4-5p"
    res: str
    price: int
    spaces: tuple[int, ...]  # barrels gathered on each space, top first
    levels: tuple[int, ...]  # the cage level each space needs: 1, 2 or 3

    def level(self, space: int) -> int:
        return self.levels[space]


@dataclass(frozen=True)
class Cost:
    """One way to pay: money plus barrels (``any`` = one barrel of the buyer's choice)."""

    money: int
    barrels: tuple[str, ...]

    def label(self) -> str:
        parts = [f"${self.money}"] if self.money or not self.barrels else []
        parts += list(self.barrels)
        return " + ".join(parts)


@dataclass(frozen=True)
class AssetCard:
    id: str
    qty: int
    name: str
    group: str
    costs: tuple[Cost, ...]
    vp: int
    mark: str  # "light" or "dark" icon marking
    effect: tuple[str, ...]  # effect kind first, then its arguments
    text: str

    @property
    def kind(self) -> str:
        return self.effect[0] if self.effect else ""

    @property
    def light(self) -> bool:
        """Light-icon cards are left out of the short game."""
        return self.mark == "light"


@dataclass(frozen=True)
class InitiativeCard:
    id: str
    qty: int
    name: str
    cost: Cost
    mark: str
    effect: str
    text: str

    @property
    def light(self) -> bool:
        return self.mark == "light"


@dataclass(frozen=True)
class ContractRow:
    boxes: tuple[tuple[str, ...], ...]  # each box: the barrel kinds it accepts
    pay: int

    def label(self) -> str:
        return " + ".join("/".join(box) for box in self.boxes) + f" for ${self.pay}"


@dataclass(frozen=True)
class ContractCard:
    number: int
    rows: tuple[ContractRow, ...]


@dataclass(frozen=True)
class Catalog:
    data: GameData
    mines: Mapping[str, MineCard]
    assets: Mapping[str, AssetCard]
    initiatives: Mapping[str, InitiativeCard]
    contracts: Mapping[int, ContractCard]

    @property
    def tables(self) -> Mapping[str, Any]:
        return self.data.tables

    @property
    def setup(self) -> Mapping[str, Any]:
        return self.data.setup

    def table_int(self, name: str, key: int | str) -> int:
        return int(self.data.tables[name][str(key)])


_COST_WORD = re.compile(r"^\$(\d+)$")


ANY_PHRASE = "1 barrel of any kind"


def parse_cost(text: str) -> tuple[Cost, ...]:
    """``$12 or :oil: + :coal: + :coal:`` -> two ways to pay; ``1 barrel of any kind`` is the
    buyer's choice. The cell is printed as it stands, so barrels are written as icons."""
    options = []
    for part in text.replace(ANY_PHRASE, ANY).split(" or "):
        money, barrels = 0, []
        for word in part.split():
            match = _COST_WORD.match(word)
            name = word.strip(":")
            if match:
                money += int(match.group(1))
            elif word == "+":
                continue
            elif (word.startswith(":") and name in RESOURCES) or word == ANY:
                barrels.append(name)
            else:
                raise ValueError(f"unknown cost word {word!r}; write $N, a barrel as :coal:, "
                                 f"'{ANY_PHRASE}', joined by + and 'or'")
        options.append(Cost(money, tuple(barrels)))
    return tuple(options)


def parse_spaces(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    levels = [p.split() for p in text.split("|")]
    if not 1 <= len(levels) <= 3 or any(not lv for lv in levels):
        raise ValueError("expected 1-3 levels of numbers separated by |, such as '1 1 2 | 2 3 | 4'")
    spaces, needs = [], []
    for depth, level in enumerate(levels, start=1):
        for word in level:
            if not word.isdigit():
                raise ValueError(f"{word!r} is not a whole number of barrels")
            spaces.append(int(word))
            needs.append(depth)
    return tuple(spaces), tuple(needs)


def parse_rows(text: str) -> tuple[ContractRow, ...]:
    rows = []
    last = 0
    for part in text.split(";"):
        boxes_text, _, pay = part.strip().partition("=")
        if not pay.strip().isdigit():
            raise ValueError(f"row {part.strip()!r} needs '=' and the dollars paid")
        boxes = tuple(tuple(box.split("/")) for box in boxes_text.strip().split("+"))
        for box in boxes:
            for kind in box:
                if kind not in RESOURCES:
                    raise ValueError(f"unknown resource {kind!r} in row {part.strip()!r}")
        value = int(pay)
        if value <= last:
            raise ValueError(f"row {part.strip()!r} pays ${value}, not more than the row above (${last})")
        last = value
        rows.append(ContractRow(boxes, value))
    return tuple(rows)


EFFECT_ARITY = {"": 0, "railroad": 1, "plant": 2, "venture": 3, "exchange": 3, "diversified": 1,
                "efficient": 1, "negotiation": 1, "ops_team": 1, "exploratory": 0, "relief": 1, "sales": 1,
                "subcontract": 2, "black_market": 0, "score": 2}


def thresholds(words: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """``("2:3", "3:6")`` -> ((2, 3), (3, 6)), checked to rise."""
    pairs = []
    for word in words:
        at, _, value = word.partition(":")
        if not (at.isdigit() and value.isdigit()):
            raise ValueError(f"{word!r} should be AT:VALUE such as 2:3")
        pairs.append((int(at), int(value)))
    if [p[0] for p in pairs] != sorted({p[0] for p in pairs}):
        raise ValueError("thresholds must rise")
    return tuple(pairs)


def parse_effect(text: str) -> tuple[str, ...]:
    words = tuple(text.split())
    if not words:
        return ()
    kind = words[0]
    if kind not in EFFECT_ARITY:
        raise ValueError(f"unknown effect {kind!r}; known: {', '.join(k for k in EFFECT_ARITY if k)}")
    if len(words) - 1 < EFFECT_ARITY[kind]:
        raise ValueError(f"effect {kind!r} needs at least {EFFECT_ARITY[kind]} arguments")
    if kind in ("diversified", "efficient", "negotiation", "ops_team"):
        thresholds(words[1:])
    if kind == "sales" and words[1] not in ("asset", "contract"):
        raise ValueError(f"effect 'sales' takes 'asset' or 'contract', not {words[1]!r}")
    return words


def read_table(data: GameData, name: str, problems: list[Problem]) -> list[Row]:
    """Rows of a CSV named in ``[tables.<name>]`` (file + columns), checked with the same column
    types as a deck. Mines and contracts are printed by code, so they are tables, not decks."""
    spec = data.tables.get(name)
    where = str(data.toml_path)
    if not isinstance(spec, dict) or not isinstance(spec.get("file"), str) or not isinstance(spec.get("columns"), dict):
        problems.append(Problem(where, data.line_of(f"tables.{name}"), f"tables.{name}",
                                f"needs file = \"{name}.csv\" and a columns table"))
        return []
    types = {}
    for column, text in spec["columns"].items():
        try:
            types[column] = col.parse_type(text)
        except ValueError as exc:
            problems.append(Problem(where, data.line_of(f"tables.{name}"), f"tables.{name}.columns.{column}", str(exc)))
    if problems:
        return []
    icons = set(BUILTIN_ICONS) | set(data.resources)
    rows, found = read_rows(data.root / spec["file"], types, icons, set(data.resources))
    problems.extend(found)
    return rows


def _cell(problems: list[Problem], path: Path, row: Row, column: str, parse):
    try:
        return parse(row[column])
    except ValueError as exc:
        problems.append(Problem(str(path), row.line, column, str(exc)))
        return None


def build_catalog(data: GameData) -> Catalog:
    problems: list[Problem] = []
    mines, assets, initiatives, contracts = {}, {}, {}, {}
    root = data.root
    for row in read_table(data, "mines", problems):
        parsed = _cell(problems, root / "mines.csv", row, "spaces", parse_spaces)
        if parsed:
            mines[row.id] = MineCard(row.id, row["deck"], row["res"], row["price"], parsed[0], parsed[1])
    for row in data.decks["assets"].rows:
        costs = _cell(problems, root / "assets.csv", row, "cost", parse_cost)
        effect = _cell(problems, root / "assets.csv", row, "effect", parse_effect)
        if costs is not None and effect is not None:
            assets[row.id] = AssetCard(row.id, row.qty, row["name"], row["group"], costs, row["vp"],
                                       row["mark"], effect, row["text"])
    for row in data.decks["initiatives"].rows:
        cost = _cell(problems, root / "initiatives.csv", row, "cost", parse_cost)
        if cost is not None:
            initiatives[row.id] = InitiativeCard(row.id, row.qty, row["name"], cost[0], row["mark"],
                                                 row["effect"], row["text"])
    for row in read_table(data, "contracts", problems):
        rows = _cell(problems, root / "contracts.csv", row, "rows", parse_rows)
        if rows is not None:
            if row["number"] in contracts:
                problems.append(Problem(str(root / "contracts.csv"), row.line, "number",
                                        f"contract #{row['number']} appears twice"))
            contracts[row["number"]] = ContractCard(row["number"], rows)
    problems.extend(_check_counts(data, mines, contracts))
    if problems:
        raise DataError(problems)
    return Catalog(data, mines, assets, initiatives, contracts)


def _check_counts(data: GameData, mines: Mapping[str, MineCard], contracts: Mapping[int, ContractCard]) -> list[Problem]:
    """Each mine deck holds the rulebook's mix of kinds; contracts are numbered 1 to N."""
    problems = []
    wanted = data.tables.get("mines_per_deck", {})
    for deck in ("3p", "4-5p"):
        for res in RESOURCES:
            have = sum(1 for m in mines.values() if m.deck == deck and m.res == res)
            if res in wanted and have != int(wanted[res]):
                problems.append(Problem(str(data.root / "mines.csv"), None, "res",
                                        f"the {deck} deck has {have} {res} mines; tables.mines_per_deck says {wanted[res]}"))
    if contracts and sorted(contracts) != list(range(1, len(contracts) + 1)):
        problems.append(Problem(str(data.root / "contracts.csv"), None, "number",
                                f"contracts must be numbered 1 to {len(contracts)} without gaps"))
    return problems


@lru_cache(maxsize=4)
def catalog(data_dir: str | None = None) -> Catalog:
    return build_catalog(load_game("ore", data_dir))
