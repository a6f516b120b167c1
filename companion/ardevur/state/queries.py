"""The questions the rules ask of a state: storage, how many mines one extraction may use,
infrastructure, what a lot sells for, presence in a region."""

from __future__ import annotations

from ..data import Catalog
from .records import ArdState, Player


def half_even(value: int) -> int:
    """Half of an amount, rounded up to an even number: odd amounts do not exist (10 -> 6)."""
    half = value / 2
    whole = int(half) if half == int(half) else int(half) + 1
    return whole if whole % 2 == 0 else whole + 1


def capacity(cat: Catalog, p: Player) -> int:
    base, warehouse, large = cat.numbers.storage
    houses = [a for a in p.assets if a.kind == "warehouse"]
    if any(a.upgraded for a in houses):
        return large
    return warehouse if houses else base


def room(cat: Catalog, p: Player) -> int:
    """Storage still free."""
    return capacity(cat, p) - p.stock_value


def active_mines(p: Player) -> list[str]:
    return p.active


def mine_limit(cat: Catalog, p: Player, mines: list[str]) -> int:
    """How many of ``mines`` one extraction may use: 1, 2 with an office on their continent,
    3 with a large office anywhere."""
    none, office, large = cat.numbers.mines_per_extraction
    offices = [a for a in p.assets if a.kind == "office"]
    if any(a.upgraded for a in offices):
        return large
    continents = {cat.region_of(t).continent for t in mines}
    for held in offices:
        if len(continents) <= 1 and (not continents or cat.regions[held.region].continent in continents):
            return office
    return none


def infra_owners(s: ArdState, region: str, kind: str) -> list[int]:
    return [seat for seat, p in enumerate(s.players) if any(i.region == region and i.kind == kind for i in p.infra)]


def has_infra(s: ArdState, region: str, kind: str) -> bool:
    return any(i.region == region and i.kind == kind for p in s.players for i in p.infra)


def source_region(cat: Catalog, source: str) -> str:
    return source[2:] if source.startswith("w:") else cat.territories[source].region


def sellable(cat: Catalog, s: ArdState, source: str) -> bool:
    region = cat.regions[source_region(cat, source)]
    return "road" not in region.needs or has_infra(s, region.id, "road")


def needs_water_half(cat: Catalog, s: ArdState, source: str) -> bool:
    region = cat.regions[source_region(cat, source)]
    return "water" in region.needs and not has_infra(s, region.id, "water")


def sale_value(cat: Catalog, s: ArdState, source: str, value: int) -> int:
    """A lot's market value: half without a pipeline where the region needs water."""
    return half_even(value) if needs_water_half(cat, s, source) else value


def count_assets(p: Player, kind: str | None = None, upgraded: bool | None = None) -> int:
    return sum(1 for a in p.assets if (kind is None or a.kind == kind)
               and (upgraded is None or (a.upgraded or a.kind == "factory") == upgraded))


def presence_map(cat: Catalog, p: Player) -> dict[str, float]:
    """A player's presence in each region where they have any: active mines, then assets, then
    roads and pipelines, added in that order."""
    mine, asset, upgraded, infrastructure = cat.numbers.presence
    found: dict[str, float] = {}
    for t in p.active:
        region = cat.territories[t].region
        found[region] = found.get(region, 0) + mine
    for a in p.assets:
        found[a.region] = found.get(a.region, 0) + (upgraded if a.upgraded or a.kind == "factory" else asset)
    built: dict[str, float] = {}
    for i in p.infra:
        built[i.region] = built.get(i.region, 0) + infrastructure
    for region, value in built.items():
        found[region] = found.get(region, 0) + value
    return found


def presence(cat: Catalog, p: Player, region: str) -> float:
    return presence_map(cat, p).get(region, 0)


def leader(values: list[float]) -> int | None:
    """The one seat with the highest positive value; a tie or nothing gives nobody."""
    best = max(values) if values else 0
    if best <= 0 or values.count(best) > 1:
        return None
    return values.index(best)


def clockwise(s: ArdState, start: int) -> list[int]:
    n = len(s.players)
    return [(start + i) % n for i in range(n)]


def completes_region(cat: Catalog, p: Player, territory: str) -> bool:
    """The anti-monopoly rule: nobody holds all three territories of a region (unless an
    action card lifted the rule for them)."""
    if p.monopoly:
        return False
    region = cat.territories[territory].region
    held = {t for t in p.territories if cat.territories[t].region == region}
    return len(held | {territory}) == 3


def can_hold_dev(cat: Catalog, p: Player, card: str) -> bool:
    """No duplicates; the corporation's market advantage counts as the card it replaces."""
    return card not in p.dev and card != cat.corporations[p.corp].advantage


def points_held(cat: Catalog, p: Player) -> int:
    return sum(cat.targets[t].points for t in p.targets) + sum(cat.incentives[i].points for i in p.incentives)


__all__ = ["active_mines", "can_hold_dev", "capacity", "clockwise", "completes_region", "count_assets", "half_even",
           "has_infra", "infra_owners", "leader", "mine_limit", "needs_water_half", "points_held", "presence",
           "presence_map", "room", "sale_value", "sellable", "source_region"]
