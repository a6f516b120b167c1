"""ARDEVUR's tables as the rules read them: frozen records, one per printed card or row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...data.model import GameData

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
class Numbers:
    """The numbers the rules ask for on every move, read once from ``game.toml``'s tables."""

    faces: tuple[int, ...]           # the die
    storage: tuple[int, int, int]    # capacity: none, a warehouse, a large warehouse
    mines_per_extraction: tuple[int, int, int]  # no office, an office, a large office
    markers: Mapping[str, int]       # structure markers per corporation
    asset_price: Mapping[str, int]
    upgrade_price: Mapping[str, int]
    presence: tuple[float, float, float, float]  # mine, asset, upgraded asset, infrastructure
    phone_multiplier: int
    loan_multiplier: int
    dev_card_limit: int
    action_card_limit: int
    action_card_limit_clash: int
    max_active_mines: int
    max_african_infrastructure: int
    factory_bonus: int
    factory_fee: int
    infrastructure_fee: int
    large_vessel_lease: int
    endgame_points: int


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
    numbers: Numbers

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


__all__ = ["ASSETS", "ActionCard", "CONDITIONS", "CONTINENTS", "Catalog", "Corporation", "DEV_CARDS", "EFFECTS",
           "INFRASTRUCTURE", "Incentive", "NUMBERED", "Numbers", "PHASES", "Region", "Reward", "STANDALONE", "TIERS",
           "TIMINGS", "Target", "Territory", "UPGRADES"]
