"""The extraction phase: each named mine's output (and a factory's) fills storage, fees go to
the owners of the roads, pipelines and factories used, and what does not fit is offered for
sale locally."""

from __future__ import annotations

from ..data import Catalog
from ..state import ArdState, add_stock, capacity, clockwise, gain, mine_limit, pay_all, replace, with_player
from .sales import drop_unable, lot_offers
from .strategy import draw_to_hand
from .turn import advance, own_turn, refuse, spent


def check_extract(cat: Catalog, s: ArdState, action) -> None:
    seat, mines = action["seat"], action["mines"]
    own_turn(s, seat, "extraction")
    p = s.players[seat]
    if not mines or len(set(mines)) != len(mines):
        refuse("Name one or more different active mines.", "Extraction")
    for t in mines:
        if p.site(t) != "active":
            name = cat.territories[t].name if t in cat.territories else t
            refuse(f"{name} is not one of your active mines.", "Extraction")
    limit = mine_limit(cat, p, list(mines)) + s.ts.extra_mine
    if len(mines) > limit:
        refuse(f"You may extract from {limit} mine{'s' if limit > 1 else ''} at once "
               "(1; 2 in one continent with an office; 3 anywhere with a large office).", "Simultaneous extraction")


def _owner(s: ArdState, seat: int, owners: list[int]) -> int:
    """The first of ``owners`` clockwise from ``seat``."""
    return next(q for q in clockwise(s, seat) if q in owners)


def _mine_output(cat: Catalog, s: ArdState, seat: int, territory: str, use_factories: bool) -> tuple[ArdState, int]:
    output = cat.territories[territory].output
    region = cat.territories[territory].region
    numbers = cat.numbers
    owners = [q for q, p in enumerate(s.players) if any(a.kind == "factory" and a.region == region for a in p.assets)]
    if seat in owners:
        return s, output + numbers.factory_bonus
    if owners and use_factories:
        owner = _owner(s, seat, owners)
        if s.ts.no_fees:
            return s, output + numbers.factory_bonus
        # The treatment fee is half the processed output; the owner is paid its value in money.
        return gain(s, owner, numbers.factory_fee), output + numbers.factory_bonus - numbers.factory_fee
    return s, output


def _infrastructure_fees(cat: Catalog, s: ArdState, seat: int, territory: str, output: int) -> tuple[ArdState, int]:
    """Pay the fee to a competitor for each of their roads or pipelines this mine uses; what the
    player cannot pay in money comes out of this extraction's resources. Returns the resources
    given up."""
    if s.ts.no_fees:
        return s, 0
    region = cat.region_of(territory)
    given = 0
    fee = cat.numbers.infrastructure_fee
    for kind in region.needs:
        owners = [q for q, p in enumerate(s.players)
                  if any(i.region == region.id and i.kind == kind for i in p.infra)]
        if not owners or seat in owners:
            continue
        owner = _owner(s, seat, owners)
        s, paid = pay_all(s, seat, fee, owner)
        short = min(fee - paid, output - given)
        given += short
        s = gain(s, owner, short)
    return s, given


def extract(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_extract(cat, s, action)
    seat = action["seat"]
    use_factories = action.get("use_factories", True) is not False
    free = capacity(cat, s.players[seat]) - s.players[seat].stock_value
    surplus: dict[str, int] = {}
    for t in action["mines"]:
        s, output = _mine_output(cat, s, seat, t, use_factories)
        s, given = _infrastructure_fees(cat, s, seat, t, output)
        output -= given
        stored = min(output, max(0, free))
        free -= stored
        if stored:
            s = with_player(s, seat, stock=add_stock(s.players[seat], t, stored).stock)
        if output > stored:
            surplus[t] = output - stored
    if surplus:
        s = drop_unable(cat, replace(s, offers=s.offers + lot_offers(cat, s, seat, surplus)))
    if s.variant == "clash-of-titans":
        s = draw_to_hand(cat, s, seat, auto_discard=True)
    return advance(spent(s))


def reveals(game, s: ArdState, action) -> bool:
    """In Clash of Titans every extraction draws an action card."""
    return s.variant == "clash-of-titans"


__all__ = ["check_extract", "extract", "reveals"]
