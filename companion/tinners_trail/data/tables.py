"""The game's facts, read once from ``cards_data/tinners-trail`` into plain typed tables.

Every number the rules use comes from here, so the printed pieces and the companion agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Mapping

from ...data import load_game, number_problems
from ...data.numbers import value_at
from ...errors import DataError, Problem
from .wallace_cards import ActionDeck, load_deck

GAME_ID = "tinners-trail"
REGIONS = ("A", "B", "C", "D")
PIECES = ("miner", "port", "train", "adit")
ORES = ("tin", "copper")


@dataclass(frozen=True)
class AreaInfo:
    id: str
    name: str
    region: str
    position: int
    coastal: bool


@dataclass(frozen=True)
class Tile:
    id: str
    region: str
    tin: int
    copper: int
    water: int
    bonus: str | None = None  # "money": +£3 after paying; "work": build for 1 work point


@dataclass(frozen=True)
class SurveyCard:
    id: str
    regions: tuple[str, ...]  # the regions it may be played in; ("wild",) fits every region
    benefit: str               # tin, copper, water, miner, port, pump
    amount: int
    value: int
    name: str

    def fits(self, region: str) -> bool:
        return "wild" in self.regions or region in self.regions

    def describe(self) -> str:
        where = "any region" if "wild" in self.regions else "/".join(self.regions)
        what = {"tin": f"+{self.amount} tin", "copper": f"+{self.amount} copper",
                "water": f"−{self.amount} water", "miner": "miner", "port": "port",
                "pump": "steam pump"}[self.benefit]
        return f"{what} ({where}, £{self.value})"


@dataclass(frozen=True)
class Board:
    """A development board: pieces per round column and steam-pump groups per round."""

    pieces: Mapping[str, tuple[int, ...]]
    pump_groups: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Rules:
    areas: Mapping[str, AreaInfo]
    west_to_east: tuple[str, ...]
    neighbours: Mapping[str, tuple[str, ...]]
    adit_borders: frozenset[tuple[str, str]]
    tiles: Mapping[str, Tile]
    base_tiles: tuple[str, ...]
    kickstarter_tiles: tuple[str, ...]
    cards: Mapping[str, SurveyCard]
    region_decks: Mapping[str, tuple[str, ...]]   # one id per physical card
    wild_deck: tuple[str, ...]
    kickstarter_deck: tuple[str, ...]
    arrangement: Mapping[int, tuple[tuple[str, ...], tuple[int, ...]]]
    boards: Mapping[int, Board]
    mines: Mapping[int, int]
    reveals: Mapping[int, int]
    starting_money: int
    own_miners: int
    rounds: int
    track_columns: int
    extraction_base: int
    work_costs: Mapping[str, int]
    dice: Mapping[str, tuple[int, ...]]
    column_from: tuple[int, ...]
    prices: Mapping[str, tuple[int, ...]]
    investment: tuple[tuple[tuple[int, int], ...], ...]  # [round-1][position-1] = (per £10, per £5)
    market: tuple[tuple[int, ...], ...]
    emigration: Mapping[str, Mapping]
    lord_deck: ActionDeck                          # Lord Wallace's action cards (solo)
    data_dir: str | None = None

    def area_ids(self) -> tuple[str, ...]:
        return tuple(self.areas)

    @cached_property
    def later_neighbours(self) -> Mapping[str, tuple[str, ...]]:
        """Each area's neighbours listed after it: every border once, from its first area."""
        return {a: tuple(n for n in ns if a < n) for a, ns in self.neighbours.items()}

    def border(self, a: str, b: str) -> tuple[str, str]:
        return (a, b) if a < b else (b, a)


def _problem(data, key: str, message: str) -> DataError:
    return DataError(Problem(str(data.toml_path), data.line_of(key), key, message))


@lru_cache(maxsize=4)
def load_rules(data_dir: str | None = None) -> Rules:
    data = load_game(GAME_ID, data_dir)
    t, s = data.tables, data.setup
    _check_counts(data)
    areas, neighbours, adits = _map(data)
    tiles, kickstarter_tiles = _tiles(data)
    cards, decks, wild, kick = _cards(data)
    boards = {}
    for count, b in t["development_boards"].items():
        boards[int(count)] = Board({p: tuple(b[p]) for p in PIECES}, tuple(tuple(g) for g in b["steam_pumps"]))
    arrangement = {int(n): (tuple(a["regions"]), tuple(a["positions"])) for n, a in t["arrangement"].items()}
    inv = t["investment"]
    investment = tuple(tuple(tuple(cell) for cell in inv.get(f"round_{r}", ()))
                       for r in range(1, t["rounds"] + 1))
    rules = Rules(
        areas=areas, west_to_east=tuple(t["map"]["west_to_east"]), neighbours=neighbours, adit_borders=adits,
        tiles=tiles, base_tiles=tuple(r.id for r in data.decks["area-tiles"].rows), kickstarter_tiles=kickstarter_tiles,
        cards=cards, region_decks=decks, wild_deck=wild, kickstarter_deck=kick, arrangement=arrangement, boards=boards,
        mines={int(k): v for k, v in s["mines"].items()}, reveals={int(k): v for k, v in s["reveals"].items()},
        starting_money=s["starting_money"], own_miners=s["own_miners"], rounds=t["rounds"],
        track_columns=t["track_columns"], extraction_base=t["extraction_base"], work_costs=dict(t["work_costs"]),
        dice={k: tuple(v) for k, v in t["price_dice"].items()}, column_from=tuple(t["ore_prices"]["column_from"]),
        prices={o: tuple(t["ore_prices"][o]) for o in ORES}, investment=investment,
        market=tuple(tuple(sec) for sec in t["arsenic_market"]["sections"]), emigration=t["emigration"],
        lord_deck=load_deck(data_dir), data_dir=data_dir,
    )
    _check(rules, data)
    return rules


# The rules' own whole numbers (money, counts, work costs, the boards' tables), each checked
# before any is used: at least 1 where the game needs one (rounds), 0 or more for the others.
ROUNDS = ("tables.rounds",)
COUNTS = ("setup.starting_money", "setup.own_miners", "setup.mines.<players>", "setup.reveals.<players>",
          "setup.survey_draw_per_region", "setup.survey_draw_wild", "setup.survey_keep_per_region",
          "tables.track_columns", "tables.extraction_base", "tables.work_costs.*",
          "tables.map.areas.*.position", "tables.arrangement.<players>.positions[]")
# The boards' tables: a price die is a d6 (six faces), the ore-price table a list per row,
# the investment panel [points per £10, points per £5] per passing position, the arsenic
# market's sections, the development boards' pieces and steam-pump groups per round column,
# and the emigration board's rewards per round.
BOARDS = ("tables.price_dice.*[6]", "tables.ore_prices.*[]", "tables.investment.*[][2]",
          "tables.arsenic_market.sections[][]",
          *(f"tables.development_boards.<players>.{piece}[]" for piece in PIECES),
          "tables.development_boards.<players>.steam_pumps[][]",
          "tables.emigration.sierra_madre.points[]", "tables.emigration.kimberly.money[]",
          "tables.emigration.adelaide.bonus[][2]")


def _check_counts(data) -> None:
    problems = number_problems(data, ROUNDS, least=1) + number_problems(data, COUNTS + BOARDS)
    if problems:
        raise DataError(problems)
    problems = _lengths(data)
    if problems:
        raise DataError(problems)


def _lengths(data) -> list[Problem]:
    """The lengths one list of the boards' tables must share with another: one entry per round
    in each list read by round, one price per ore-table column, and the same passing positions
    (one per seat at the largest table) in every round of the investment panel."""
    t = data.tables
    rounds, seats, columns = t["rounds"], data.players[1], len(t["ore_prices"]["column_from"])
    by_round = [f"tables.development_boards.{n}.{piece}" for n in t["development_boards"]
                for piece in PIECES + ("steam_pumps",)]
    by_round += ["tables.emigration.michigan.pieces", "tables.emigration.sierra_madre.points",
                 "tables.emigration.kimberly.money", "tables.emigration.adelaide.bonus"]
    wanted = {key: (rounds, f"one entry per round ({rounds})") for key in by_round}
    wanted |= {f"tables.investment.round_{r}": (seats, f"a row for round {r} of {rounds} with one entry per passing "
                                                       f"position ({seats}, a seat at the largest table)")
               for r in range(1, rounds + 1)}
    wanted |= {f"tables.ore_prices.{ore}": (columns, f"one price per column of tables.ore_prices.column_from "
                                                     f"({columns})") for ore in ORES}
    problems = []
    for key, (length, words) in wanted.items():
        value = value_at(data, key)
        if not isinstance(value, list) or len(value) != length:
            found = "missing" if value is None else f"has {len(value) if isinstance(value, list) else repr(value)}"
            problems.append(Problem(str(data.toml_path), data.line_of(key), key, f"needs {words}; {found}"))
    return problems


def _map(data) -> tuple[dict[str, AreaInfo], dict[str, tuple[str, ...]], frozenset[tuple[str, str]]]:
    """The areas, each area's neighbours and the borders an adit may cross."""
    t = data.tables
    areas = {aid: AreaInfo(aid, a["name"], a["region"], a["position"], a["coastal"])
             for aid, a in sorted(t["map"]["areas"].items())}
    neighbours: dict[str, set[str]] = {aid: set() for aid in areas}
    adits = set()
    for entry in t["map"]["borders"]["list"]:
        a, b = entry["areas"]
        if a not in areas or b not in areas:
            raise _problem(data, "tables.map.borders", f"border {a}–{b} names an unknown area")
        neighbours[a].add(b)
        neighbours[b].add(a)
        if entry.get("adit", True):
            adits.add((min(a, b), max(a, b)))
    return areas, {a: tuple(sorted(n)) for a, n in neighbours.items()}, frozenset(adits)


def _tiles(data) -> tuple[dict[str, Tile], tuple[str, ...]]:
    """Every area tile by id, and the Kickstarter tiles among them."""
    tiles: dict[str, Tile] = {}
    for row in data.decks["area-tiles"].rows:
        tiles[row.id] = Tile(row.id, row["region"], row["tin"], row["copper"], row["water"])
    kickstarter = []
    for row in data.decks["kickstarter-area-tiles"].rows:
        tiles[row.id] = Tile(row.id, row["region"], row["tin"], row["copper"], row["water"], row["bonus"])
        kickstarter.append(row.id)
    return tiles, tuple(kickstarter)


def _cards(data) -> tuple[dict[str, SurveyCard], dict[str, tuple[str, ...]], tuple[str, ...], tuple[str, ...]]:
    """Every survey card by id, and the decks as one id per physical card: by region, the wild
    deck and the Kickstarter deck."""
    cards: dict[str, SurveyCard] = {}
    decks: dict[str, list[str]] = {r: [] for r in REGIONS}
    wild: list[str] = []
    for row in data.decks["survey-cards"].rows:
        region = "wild" if row["region"] == "Wild" else row["region"]  # printed capitalised on the cards
        cards[row.id] = SurveyCard(row.id, (region,), row["benefit"], row["amount"], row["value"], row["name"])
        for _ in range(row.qty):
            (wild if region == "wild" else decks[region]).append(row.id)
    kick = []
    for row in data.decks["kickstarter-survey-cards"].rows:
        cards[row.id] = SurveyCard(row.id, tuple(row["regions"]), row["benefit"], row["amount"], row["value"], row["name"])
        kick.extend([row.id] * row.qty)
    return cards, {r: tuple(d) for r, d in decks.items()}, tuple(wild), tuple(kick)


def _check(rules: Rules, data) -> None:
    """Cross-checks no schema can express: every area west to east once."""
    if set(rules.west_to_east) != set(rules.areas):
        raise DataError(Problem(str(data.toml_path), data.line_of("tables.map.west_to_east"),
                                "tables.map.west_to_east", "must list every area exactly once"))
