"""The development phase's building actions: explore, exploit, infrastructure, assets and
upgrades, each paid with its development cards (or the phone call at double price) and money
(or a loan taken with the phone call, repaid double).

Each action is checked whole (``check_*``, which builds nothing) before it is paid for and
built, so the buttons, the bots and the rule share one answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...errors import BadAction
from ..data import ASSETS, INFRASTRUCTURE, UPGRADES, Catalog
from ..state import ArdState, Asset, Infra, count_assets, put, replace, with_player, with_ts, without
from .reward import reward_of
from .strategy import with_cards
from .turn import advance, own_turn, refuse, spent

PERMITS = {"explore": ("license", "geologist"), "exploit": ("workforce", "machinery")}


@dataclass(frozen=True)
class Bill:
    """What a development action costs once checked: the money paid, the loan taken for it,
    the cards it uses and whether the phone call stood in for a missing one."""

    price: int
    borrowed: int
    needed: tuple[str, ...]
    replaced: bool


def _start(s: ArdState, seat: int) -> None:
    own_turn(s, seat, "development")
    if s.ts.done:
        refuse("You have already taken your development action this turn.", "Development")


def missing_cards(cat: Catalog, p, needed: Sequence[str]) -> list[str]:
    advantage = cat.corporations[p.corp].advantage
    return [c for c in needed if c not in p.dev and c != advantage]


def bill(cat: Catalog, s: ArdState, seat: int, what: str, price: int, needed: tuple[str, ...], action,
         extra_missing: Sequence[str] = ()) -> Bill:
    """Check what a development action costs and that ``seat`` can pay it as ``action`` says."""
    p = s.players[seat]
    missing = missing_cards(cat, p, needed) + list(extra_missing)
    phone, loan = bool(action.get("phone")), bool(action.get("loan"))
    replaced = False
    if missing:
        if not (phone and p.phone and len(missing) == 1):
            refuse(f"{what} needs {' and '.join(missing)}; you do not hold {'it' if len(missing) == 1 else 'them'}"
                   + (" (the phone call replaces one card at double price)" if len(missing) == 1 else "") + ".",
                   "Development cards")
        price *= cat.numbers.phone_multiplier
        replaced = True
    elif phone:
        raise BadAction("nothing is missing: the phone call is only needed for a card you lack")
    price = max(0, price - s.ts.discount)
    borrowed = 0
    if p.money < price:
        if not (loan and p.phone and not replaced):
            refuse(f"{what} costs {price}M and you have {p.money}M"
                   + ("; the phone call card could take a loan for the difference" if p.phone and not replaced
                      else "") + ".", "Money")
        borrowed = price - p.money
    elif loan:
        raise BadAction(f"no loan is needed: {what} costs {price}M and you have {p.money}M")
    return Bill(price, borrowed, needed, replaced)


def pay(cat: Catalog, s: ArdState, seat: int, paid: Bill) -> ArdState:
    """Pay a checked bill: money (and any loan), the cards used, the phone call if it was used."""
    p = s.players[seat]
    used = [card for card in paid.needed if card in p.dev]
    dev = tuple(c for c in p.dev if c not in used)
    cards = {card: 1 for card in used}
    if paid.borrowed or paid.replaced:  # the phone call card goes back to the market
        cards["phone"] = 1
    s = with_player(s, seat, money=p.money + paid.borrowed - paid.price, dev=dev,
                    debt=p.debt + paid.borrowed * cat.numbers.loan_multiplier,
                    phone=p.phone and not (paid.borrowed or paid.replaced))
    s = with_cards(s, cards)
    return with_ts(s, discount=0) if s.ts.discount else s


def _done(s: ArdState) -> ArdState:
    return advance(spent(replace(s, ts=replace(s.ts, done=True))))


def _territory(cat: Catalog, p, action) -> str:
    t = action["territory"]
    if t not in cat.territories:
        raise BadAction(f"unknown territory {t!r}")
    if t not in p.territories:
        refuse(f"You do not hold the territory card of {cat.territories[t].name}.", "Territories")
    return t


# -- exploring and opening mines ------------------------------------------------------------
def check_explore(cat: Catalog, s: ArdState, action) -> Bill:
    seat = action["seat"]
    _start(s, seat)
    p = s.players[seat]
    t = _territory(cat, p, action)
    if p.site(t) is not None:
        refuse(f"{cat.territories[t].name} is already explored.", "Exploration")
    limit = cat.numbers.markers["site"]
    if len(p.sites) >= limit:
        refuse(f"All {limit} of your site markers are on the map.", "Structure markers")
    return bill(cat, s, seat, "Exploration", cat.territories[t].explore, PERMITS["explore"], action)


def explore(game, s: ArdState, action) -> ArdState:
    paid = check_explore(game.data, s, action)
    seat, t = action["seat"], action["territory"]
    s = pay(game.data, s, seat, paid)
    p = s.players[seat]
    s = with_player(s, seat, sites=put(p.sites, t, "explored"), explored_on=put(p.explored_on, t, s.turn_no))
    return _done(s)


def check_exploit(cat: Catalog, s: ArdState, action) -> Bill:
    seat = action["seat"]
    _start(s, seat)
    p = s.players[seat]
    t = _territory(cat, p, action)
    name = cat.territories[t].name
    if p.site(t) != "explored":
        refuse(f"{name} must be explored (and not yet a mine) first.", "Exploitation")
    if p.explored_turn(t) >= s.turn_no:
        refuse(f"{name} was explored this turn: exploitation waits for a later turn (activating a mine takes "
               "2 turns).", "Exploitation")
    limit = cat.numbers.max_active_mines
    if len(p.active) >= limit:
        refuse(f"You already manage {limit} active mines, the most allowed.", "Limitations")
    return bill(cat, s, seat, "Exploitation", cat.territories[t].exploit, PERMITS["exploit"], action)


def exploit(game, s: ArdState, action) -> ArdState:
    cat = game.data
    paid = check_exploit(cat, s, action)
    seat, t = action["seat"], action["territory"]
    s = pay(cat, s, seat, paid)
    s = with_player(s, seat, sites=put(s.players[seat].sites, t, "active"))
    if cat.region_of(t).continent == "europe":
        s = with_ts(s, europe_exploit=True)
    return _done(s)


# -- infrastructure and assets --------------------------------------------------------------
def _region(cat: Catalog, action) -> str:
    region = action["region"]
    if region not in cat.regions:
        raise BadAction(f"unknown region {region!r}; regions: {', '.join(cat.regions)}")
    return region


def _dismantled(s: ArdState, seat: int, action) -> Infra | None:
    """The road or pipeline ``action`` takes down to reuse its marker, if it names one."""
    dismantle = action.get("dismantle")
    if not dismantle:
        return None
    old_region, _, old_kind = str(dismantle).partition(":")
    old = Infra(old_kind, old_region)
    if old not in s.players[seat].infra:
        refuse(f"You have no {old_kind} in {old_region} to dismantle.", "Infrastructure")
    return old


def check_infrastructure(cat: Catalog, s: ArdState, action) -> Bill:
    seat = action["seat"]
    _start(s, seat)
    p = s.players[seat]
    region, kind = _region(cat, action), action["kind"]
    if kind not in INFRASTRUCTURE:
        raise BadAction(f"infrastructure is road or water, not {kind!r}")
    info = cat.regions[region]
    if info.continent != "africa":
        refuse("Infrastructure is built in African regions only.", "Infrastructure")
    if kind not in info.needs:
        refuse(f"{info.name} does not need a {kind} (it needs {', '.join(info.needs)}).", "Infrastructure")
    if Infra(kind, region) in p.infra:
        refuse(f"You already have a {kind} in {info.name}.", "Infrastructure")
    limit = cat.numbers.max_african_infrastructure
    if _dismantled(s, seat, action) is None and len(p.infra) >= limit:
        refuse(f"You already maintain {limit} infrastructures across Africa: dismantle one to reuse its marker.",
               "Infrastructure")
    return bill(cat, s, seat, f"A {kind} in {info.name}", info.costs[kind], (kind,), action)


def build_infrastructure(game, s: ArdState, action) -> ArdState:
    paid = check_infrastructure(game.data, s, action)
    seat = action["seat"]
    old = _dismantled(s, seat, action)
    s = pay(game.data, s, seat, paid)
    infra = tuple(i for i in s.players[seat].infra if i != old) + (Infra(action["kind"], action["region"]),)
    return _done(with_player(s, seat, infra=infra))


def check_acquire(cat: Catalog, s: ArdState, action) -> Bill:
    seat = action["seat"]
    _start(s, seat)
    p = s.players[seat]
    kind, region = action["asset"], _region(cat, action)
    if kind not in ASSETS:
        raise BadAction(f"assets are {', '.join(ASSETS)}, not {kind!r}")
    limit = cat.numbers.markers[kind]
    if count_assets(p, kind) >= limit:
        refuse(f"All {limit} of your {kind} markers are on the map.", "Structure markers")
    if kind == "vessel":
        slots = cat.regions[region].port_slots
        used = sum(1 for q in s.players for a in q.assets if a.kind == "vessel" and a.region == region)
        if used >= slots:
            refuse(f"The port slots of {cat.regions[region].name} are full ({slots}).", "Vessels")
    return bill(cat, s, seat, f"A {kind}", cat.numbers.asset_price[kind], (kind,), action)


def acquire_asset(game, s: ArdState, action) -> ArdState:
    paid = check_acquire(game.data, s, action)
    seat = action["seat"]
    s = pay(game.data, s, seat, paid)
    asset = Asset(action["asset"], action["region"], False)
    return _done(with_player(s, seat, assets=s.players[seat].assets + (asset,)))


# -- upgrades -------------------------------------------------------------------------------
def _upgraded(cat: Catalog, s: ArdState, seat: int, kind: str, region: str) -> int | None:
    """The index of the plain asset an upgrade of ``kind`` takes (None for a new factory)."""
    p = s.players[seat]
    name = cat.regions[region].name
    if kind == "factory":
        if not any(cat.territories[t].region == region for t in p.active):
            refuse(f"A factory needs one of your active mines in {name}.", "Factory")
        limit = cat.numbers.markers["factory"]
        if count_assets(p, "factory") >= limit:
            refuse(f"All {limit} of your factory markers are on the map.", "Structure markers")
        return None
    for index, a in enumerate(p.assets):
        if a.kind == kind and a.region == region and not a.upgraded:
            return index
    refuse(f"You have no plain {kind} in {name} to upgrade.", "Upgrades")
    return None


def _reward_card(cat: Catalog, s: ArdState, seat: int, kind: str, action) -> list[str]:
    """Outside Fair Play an upgrade exchanges a target or incentive with an upgrade reward: the
    cards still missing for it (none when ``action`` names a fitting one)."""
    if s.variant == "fair-play":
        return []
    card, p = action.get("card"), s.players[seat]
    if not card:
        return ["a target or incentive card with an upgrade reward"]
    if card not in p.targets and card not in p.incentives:
        refuse("You do not hold that target or incentive.", "Rewards")
    reward = reward_of(cat, card)
    if not (reward.kind == "upgrade" and reward.value in (kind, "any")):
        refuse(f"That card's reward is {reward.label()}, not an upgrade of a {kind}.", "Rewards")
    return []


def check_upgrade(cat: Catalog, s: ArdState, action) -> Bill:
    seat = action["seat"]
    _start(s, seat)
    kind, region = action["asset"], _region(cat, action)
    if kind not in UPGRADES:
        raise BadAction(f"upgrades are {', '.join(UPGRADES)}, not {kind!r}")
    index = _upgraded(cat, s, seat, kind, region)
    extra = _reward_card(cat, s, seat, kind, action)
    return bill(cat, s, seat, f"Upgrading to a large {kind}" if index is not None else "A factory",
                cat.numbers.upgrade_price[kind], (kind,), action, extra)


def upgrade_asset(game, s: ArdState, action) -> ArdState:
    cat = game.data
    paid = check_upgrade(cat, s, action)
    seat, kind, region, card = action["seat"], action["asset"], action["region"], action.get("card")
    index = _upgraded(cat, s, seat, kind, region)
    s = pay(cat, s, seat, paid)
    p = s.players[seat]
    if card and s.variant != "fair-play":
        held = "targets" if card in p.targets else "incentives"
        s = replace(with_player(s, seat, **{held: without(getattr(p, held), card)}),
                    box=s.box + (card,))
        p = s.players[seat]
    if index is None:
        assets = p.assets + (Asset("factory", region, True),)
    else:
        assets = p.assets[:index] + (replace(p.assets[index], upgraded=True),) + p.assets[index + 1:]
    return _done(with_player(s, seat, assets=assets))


__all__ = ["Bill", "PERMITS", "acquire_asset", "bill", "build_infrastructure", "check_acquire", "check_explore",
           "check_exploit", "check_infrastructure", "check_upgrade", "explore", "exploit", "missing_cards", "pay",
           "upgrade_asset"]
