"""The numbers of ``[setup]`` and ``[tables]`` in ``game.toml`` the rules play by, read once into
typed fields, so a rule reads ``numbers.track_spaces`` rather than a text key, and a missing or
malformed number is reported at its line before any game starts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...data import number_problems
from ...data.model import GameData
from ...data.box import printed_problems
from ...data.numbers import value_at
from ...errors import Problem
from .cards import RESOURCES

# Printed tokens whose number limits a rule (the rulebook: "all 5 Futures tokens are in use").
FUTURES_TOKENS = "futures-tokens"
DRILL_TOKENS = "collab-drill-tokens"


# The plain whole numbers: (field of Numbers, where game.toml sets it).
PLAIN = (
    ("starting_money", "setup.starting_money"), ("starting_miners", "setup.starting_miners"),
    ("row", "setup.available_per_row"), ("contract_race_stack", "setup.contract_race_stack"),
    ("contracted_miners", "tables.contracted_miners"), ("mine_cages", "tables.mine_cages"),
    ("miners_per_colour", "tables.miners_per_colour"),
    ("track_spaces", "tables.track_spaces"), ("slag_heap_base", "tables.slag_heap_base"),
    ("relief_cost", "tables.relief_cost"), ("max_miners", "tables.max_miners"), ("strike_per", "tables.strike_per"),
    ("drill_third_money", "tables.drill_bit_third_space.money"),
    ("drill_third_coal", "tables.drill_bit_third_space.coal"), ("futures_max", "tables.futures_max"),
    ("vp_per_money", "tables.vp_per_money"), ("vp_per_contract", "tables.vp_per_contract"),
    ("vp_per_contract_race", "tables.vp_per_contract_race"), ("vp_per_strike", "tables.vp_per_strike"),
)


@dataclass(frozen=True)
class PlayerCount:
    """What ``[setup.by_players.N]`` deals for N players."""

    mines: str  # the mine deck: "3p" or "4-5p"
    assets: int
    contracts: int


@dataclass(frozen=True)
class Short:
    """The short game's cuts (``[setup.short]``)."""

    mines: Mapping[str, int]  # mines kept of each kind
    assets: int
    contracts: int
    contracts_up_to: int  # contracts numbered above this are set aside first


@dataclass(frozen=True)
class Numbers:
    starting_money: int
    starting_miners: int
    row: int                       # cards face up in each row (assets, initiatives, contracts)
    contract_race_stack: int
    by_players: Mapping[int, PlayerCount]
    short: Short
    chips: int                     # dollars in the box: the bank and the players together
    barrels: Mapping[str, int]     # barrels of each kind in the box
    contracted_miners: int
    mine_cages: int
    miners_per_colour: int         # the miners of a colour in the box: no player employs more
    track_spaces: int
    salaries: Mapping[int, int]    # miners employed -> salary
    slag_heap_base: int
    relief_cost: int
    extra_miner_cost: Mapping[int, int]  # the miner hired (3rd, 4th) -> its price
    max_miners: int
    strike_per: int
    drill_third_money: int
    drill_third_coal: int
    futures_max: int
    futures_tokens: int
    drill_tokens: int              # Collab Ops and Drill Bit tokens together
    vp_per_money: int
    vp_per_contract: int
    vp_per_contract_race: int
    vp_per_strike: int


# Every number of [setup] and [tables] the rules, the print set and the checks read, checked
# before any is: whole numbers of 0 or more, but for the two the rules divide by (at least 1)
# and the points a Strike! token scores (it takes points away).
COUNTS = tuple(dotted for _, dotted in PLAIN if dotted not in ("tables.strike_per", "tables.vp_per_money",
                                                                "tables.vp_per_strike")) + (
    "setup.by_players.<players>.assets", "setup.by_players.<players>.contracts",
    *(f"setup.short.mines.{res}" for res in RESOURCES), "setup.short.assets", "setup.short.contracts",
    "setup.short.contracts_up_to", "tables.chips.#", *(f"tables.barrels.{res}" for res in RESOURCES),
    "tables.strike_tokens", "tables.salaries.#", "tables.extra_miner_cost.#",
    "tables.mines_per_deck.*")
DIVISORS = ("tables.strike_per", "tables.vp_per_money")
SIGNED = ("tables.vp_per_strike",)


def _problem(data: GameData, dotted: str, message: str) -> Problem:
    return Problem(str(data.toml_path), data.line_of(dotted), dotted, message)


def _count(data: GameData, component: str, problems: list[Problem]) -> int:
    found = data.components.get(component)
    if found is None:
        problems.append(_problem(data, f"components.{component}",
                                 "the rules count these printed tokens; the component is missing"))
        return 0
    return found.count


def read_numbers(data: GameData, problems: list[Problem]) -> Numbers | None:
    """The typed ``Numbers``, or None with every problem of them added to ``problems``."""
    found = (number_problems(data, COUNTS) + number_problems(data, DIVISORS, least=1)
             + number_problems(data, SIGNED, least=None))
    low, high = data.players
    dealt = value_at(data, "setup.by_players")
    for count in (n for n in range(low, high + 1) if isinstance(dealt, Mapping) and str(n) in dealt):
        if not isinstance(value_at(data, f"setup.by_players.{count}.mines"), str):
            found.append(_problem(data, f"setup.by_players.{count}.mines", "needs the mine deck, \"3p\" or \"4-5p\""))
    futures, drills = _count(data, FUTURES_TOKENS, found), _count(data, DRILL_TOKENS, found)
    if found:
        problems.extend(found)
        return None
    setup, tables = data.setup, data.tables
    short = setup["short"]
    deals = {n: dealt[str(n)] for n in range(low, high + 1)}
    numbers = Numbers(
        by_players={n: PlayerCount(deal["mines"], deal["assets"], deal["contracts"]) for n, deal in deals.items()},
        short=Short({res: short["mines"][res] for res in RESOURCES}, short["assets"], short["contracts"],
                    short["contracts_up_to"]),
        chips=sum(int(value) * n for value, n in tables["chips"].items()),
        barrels={res: tables["barrels"][res] for res in RESOURCES},
        salaries={int(n): v for n, v in tables["salaries"].items()},
        extra_miner_cost={int(n): v for n, v in tables["extra_miner_cost"].items()},
        futures_tokens=futures, drill_tokens=drills,
        **{name: value_at(data, dotted) for name, dotted in PLAIN},
    )
    problems.extend(_check(data, numbers))
    return numbers


def _check(data: GameData, numbers: Numbers) -> list[Problem]:
    """Tables every miner count the game reaches must find, and the box's miners."""
    problems = []
    employed = range(numbers.starting_miners, numbers.max_miners + 1)
    missing = [n for n in employed if n not in numbers.salaries]
    if missing:
        problems.append(_problem(data, "tables.salaries", f"needs the salary for {', '.join(map(str, missing))} miners"))
    hired = [n for n in employed[1:] if n not in numbers.extra_miner_cost]
    if hired:
        problems.append(_problem(data, "tables.extra_miner_cost",
                                 f"needs the price of miner {', '.join(map(str, hired))}"))
    return problems + _box(data, numbers)


def _box(data: GameData, numbers: Numbers) -> list[Problem]:
    """The miners of a colour: at least a player's starting miners, and the ones printed."""
    per, colours = numbers.miners_per_colour, data.players[1]
    if per < numbers.starting_miners:
        return [_problem(data, "tables.miners_per_colour",
                         f"a player starts with {numbers.starting_miners} miners of their colour "
                         f"(setup.starting_miners): the box needs at least that many, not {per}")]
    return printed_problems(data, "miners", per, "tables.miners_per_colour", option="per_player") + printed_problems(
        data, "miners", per * colours + numbers.contracted_miners,
        f"tables.miners_per_colour ({per}) for each of {colours} colours and tables.contracted_miners "
        f"({numbers.contracted_miners})")


__all__ = ["Numbers", "PlayerCount", "Short", "read_numbers"]
