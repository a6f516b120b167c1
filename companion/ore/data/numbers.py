"""The numbers of ``[setup]`` and ``[tables]`` in ``game.toml`` the rules play by, read once into
typed fields, so a rule reads ``numbers.track_spaces`` rather than a text key, and a missing or
malformed number is reported at its line before any game starts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...data.model import GameData
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


def _at(section: Mapping[str, Any], dotted: str) -> Any:
    """The value at ``dotted`` ("tables.salaries.2") in its section (``[tables]``), or None."""
    value: Any = section
    for key in dotted.split(".")[1:]:
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


class _Reader:
    """Whole numbers from the TOML, each problem noted at its line."""

    def __init__(self, data: GameData, problems: list[Problem]):
        self.data, self.problems = data, problems

    def number(self, section: Mapping[str, Any], dotted: str) -> int:
        value = _at(section, dotted)
        if isinstance(value, bool) or not isinstance(value, int):
            self._problem(dotted, f"needs a whole number, not {value!r}")
            return 0
        return value

    def table(self, section: Mapping[str, Any], dotted: str, keys) -> dict:
        return {key: self.number(section, f"{dotted}.{key}") for key in keys}

    def numbered(self, section: Mapping[str, Any], dotted: str) -> dict[int, int]:
        """A table keyed by whole numbers written as text (``salaries = { 2 = 5, 3 = 10 }``)."""
        value = _at(section, dotted)
        if not isinstance(value, Mapping) or not all(str(k).isdigit() for k in value):
            self._problem(dotted, "needs a table of whole numbers such as { 2 = 5, 3 = 10 }")
            return {}
        return {int(k): self.number(section, f"{dotted}.{k}") for k in value}

    def count(self, component: str) -> int:
        found = self.data.components.get(component)
        if found is None:
            self._problem(f"components.{component}", "the rules count these printed tokens; the component is missing")
            return 0
        return found.count

    def _problem(self, dotted: str, message: str) -> None:
        self.problems.append(Problem(str(self.data.toml_path), self.data.line_of(dotted), dotted, message))


def read_numbers(data: GameData, problems: list[Problem]) -> Numbers:
    read = _Reader(data, problems)
    setup, tables = data.setup, data.tables
    by_players = {}
    for count in range(data.players[0], data.players[1] + 1):
        where = f"setup.by_players.{count}"
        deck = (setup.get("by_players", {}).get(str(count)) or {}).get("mines")
        if not isinstance(deck, str):
            read._problem(f"{where}.mines", "needs the mine deck, \"3p\" or \"4-5p\"")
        by_players[count] = PlayerCount(str(deck), read.number(setup, f"{where}.assets"),
                                        read.number(setup, f"{where}.contracts"))
    short = Short(read.table(setup, "setup.short.mines", RESOURCES), read.number(setup, "setup.short.assets"),
                  read.number(setup, "setup.short.contracts"), read.number(setup, "setup.short.contracts_up_to"))
    chips = read.numbered(tables, "tables.chips")
    numbers = Numbers(
        by_players=by_players, short=short, chips=sum(value * n for value, n in chips.items()),
        barrels=read.table(tables, "tables.barrels", RESOURCES),
        salaries=read.numbered(tables, "tables.salaries"),
        extra_miner_cost=read.numbered(tables, "tables.extra_miner_cost"),
        futures_tokens=read.count(FUTURES_TOKENS), drill_tokens=read.count(DRILL_TOKENS),
        **{name: read.number(setup if dotted.startswith("setup.") else tables, dotted) for name, dotted in PLAIN},
    )
    _check(read, numbers)
    return numbers


def _check(read: _Reader, numbers: Numbers) -> None:
    """Numbers the rules divide by, and tables every miner count the game reaches must find."""
    for dotted, value in (("tables.strike_per", numbers.strike_per), ("tables.vp_per_money", numbers.vp_per_money)):
        if value < 1:
            read._problem(dotted, f"must be at least 1, not {value}")
    employed = range(numbers.starting_miners, numbers.max_miners + 1)
    missing = [n for n in employed if n not in numbers.salaries]
    if numbers.salaries and missing:
        read._problem("tables.salaries", f"needs the salary for {', '.join(map(str, missing))} miners")
    hired = [n for n in employed[1:] if n not in numbers.extra_miner_cost]
    if numbers.extra_miner_cost and hired:
        read._problem("tables.extra_miner_cost", f"needs the price of miner {', '.join(map(str, hired))}")


__all__ = ["Numbers", "PlayerCount", "Short", "read_numbers"]
