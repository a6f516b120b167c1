"""The development phase's building actions: explore, exploit, infrastructure, assets and
upgrades, each paid with its development cards (or the phone call at double price) and money
(or a loan taken with the phone call, repaid double)."""

from __future__ import annotations

from typing import Mapping, Sequence

from ..core import require
from ..errors import BadAction
from .cards import ASSETS, INFRASTRUCTURE, UPGRADES, Catalog
from .state import active_mines, count_assets
from .turn import advance, own_turn, reward_of

_PERMITS = {"explore": ("license", "geologist"), "exploit": ("workforce", "machinery")}


def _start(d: Mapping, seat: int) -> None:
    own_turn(d, seat, "development")
    require(not d["ts"]["done"], "You have already taken your development action this turn.", "Development")


def missing_cards(cat: Catalog, p: Mapping, needed: Sequence[str]) -> list[str]:
    advantage = cat.corporations[p["corp"]].advantage
    return [c for c in needed if c not in p["dev"] and c != advantage]


def pay(cat: Catalog, d: dict, seat: int, what: str, price: int, needed: Sequence[str], action: Mapping,
        extra_missing: Sequence[str] = ()) -> bool:
    """Check and pay for a development action. Returns whether the phone call replaced a card."""
    p = d["players"][seat]
    missing = missing_cards(cat, p, needed) + list(extra_missing)
    phone, loan = bool(action.get("phone")), bool(action.get("loan"))
    replaced = False
    if missing:
        require(phone and p["phone"] and len(missing) == 1,
                f"{what} needs {' and '.join(missing)}; you do not hold "
                f"{'it' if len(missing) == 1 else 'them'}"
                + (" (the phone call replaces one card at double price)" if len(missing) == 1 else "") + ".",
                "Development cards")
        price *= int(cat.tables["phone_call_multiplier"])
        replaced = True
    elif phone:
        raise BadAction("nothing is missing: the phone call is only needed for a card you lack")
    price = max(0, price - d["ts"]["discount"])
    if p["money"] < price:
        require(loan and p["phone"] and not replaced,
                f"{what} costs {price}M and you have {p['money']}M"
                + ("; the phone call card could take a loan for the difference" if p["phone"] and not replaced
                   else "") + ".", "Money")
        borrowed = price - p["money"]
        p["money"] += borrowed
        p["debt"] += borrowed * int(cat.tables["loan_repayment_multiplier"])
        p["phone"] = False
        d["market"]["phone"] += 1
    elif loan:
        raise BadAction(f"no loan is needed: {what} costs {price}M and you have {p['money']}M")
    p["money"] -= price
    d["ts"]["discount"] = 0
    for card in needed:
        if card in p["dev"]:
            p["dev"].remove(card)
            d["market"][card] += 1
    if replaced:
        p["phone"] = False
        d["market"]["phone"] += 1
    return replaced


def _finish(cat: Catalog, d: dict) -> None:
    d["ts"]["done"] = True
    d["ts"]["quiet"] = False
    advance(cat, d)


def _territory(cat: Catalog, p: Mapping, action: Mapping) -> str:
    t = action["territory"]
    if t not in cat.territories:
        raise BadAction(f"unknown territory {t!r}")
    require(t in p["territories"], f"You do not hold the territory card of {cat.territories[t].name}.", "Territories")
    return t


def explore(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    _start(d, seat)
    p = d["players"][seat]
    t = _territory(cat, p, action)
    require(t not in p["sites"], f"{cat.territories[t].name} is already explored.", "Exploration")
    limit = int(cat.tables["markers"]["site"])
    require(len(p["sites"]) < limit, f"All {limit} of your site markers are on the map.", "Structure markers")
    pay(cat, d, seat, "Exploration", cat.territories[t].explore, _PERMITS["explore"], action)
    p["sites"][t] = "explored"
    p["explored_on"][t] = d["turn_no"]
    _finish(cat, d)


def exploit(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    _start(d, seat)
    p = d["players"][seat]
    t = _territory(cat, p, action)
    name = cat.territories[t].name
    require(p["sites"].get(t) == "explored", f"{name} must be explored (and not yet a mine) first.", "Exploitation")
    require(p["explored_on"][t] < d["turn_no"], f"{name} was explored this turn: exploitation waits for a later "
                                                "turn (activating a mine takes 2 turns).", "Exploitation")
    limit = cat.number("max_active_mines")
    require(len(active_mines(p)) < limit, f"You already manage {limit} active mines, the most allowed.",
            "Limitations")
    pay(cat, d, seat, "Exploitation", cat.territories[t].exploit, _PERMITS["exploit"], action)
    p["sites"][t] = "active"
    if cat.region_of(t).continent == "europe":
        d["ts"]["europe_exploit"] = True
    _finish(cat, d)


def _region(cat: Catalog, action: Mapping) -> str:
    region = action["region"]
    if region not in cat.regions:
        raise BadAction(f"unknown region {region!r}; regions: {', '.join(cat.regions)}")
    return region


def build_infrastructure(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    _start(d, seat)
    p = d["players"][seat]
    region, kind = _region(cat, action), action["kind"]
    if kind not in INFRASTRUCTURE:
        raise BadAction(f"infrastructure is road or water, not {kind!r}")
    info = cat.regions[region]
    require(info.continent == "africa", "Infrastructure is built in African regions only.", "Infrastructure")
    require(kind in info.needs, f"{info.name} does not need a {kind} (it needs {', '.join(info.needs)}).",
            "Infrastructure")
    require(not any(i["region"] == region and i["kind"] == kind for i in p["infra"]),
            f"You already have a {kind} in {info.name}.", "Infrastructure")
    limit = cat.number("max_african_infrastructure")
    dismantle = action.get("dismantle")
    if dismantle:
        old_region, _, old_kind = str(dismantle).partition(":")
        old = {"region": old_region, "kind": old_kind}
        require(old in p["infra"], f"You have no {old_kind} in {old_region} to dismantle.", "Infrastructure")
    else:
        require(len(p["infra"]) < limit, f"You already maintain {limit} infrastructures across Africa: dismantle "
                                         "one to reuse its marker.", "Infrastructure")
    pay(cat, d, seat, f"A {kind} in {info.name}", info.costs[kind], (kind,), action)
    if dismantle:
        p["infra"].remove(old)
    p["infra"].append({"kind": kind, "region": region})
    _finish(cat, d)


def acquire_asset(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    _start(d, seat)
    p = d["players"][seat]
    kind, region = action["asset"], _region(cat, action)
    if kind not in ASSETS:
        raise BadAction(f"assets are {', '.join(ASSETS)}, not {kind!r}")
    limit = int(cat.tables["markers"][kind])
    require(count_assets(p, kind) < limit, f"All {limit} of your {kind} markers are on the map.", "Structure markers")
    if kind == "vessel":
        slots = cat.regions[region].port_slots
        used = sum(1 for q in d["players"] for a in q["assets"] if a["kind"] == "vessel" and a["region"] == region)
        require(used < slots, f"The port slots of {cat.regions[region].name} are full ({slots}).", "Vessels")
    pay(cat, d, seat, f"A {kind}", int(cat.tables["asset_price"][kind]), (kind,), action)
    p["assets"].append({"kind": kind, "region": region, "upgraded": False})
    _finish(cat, d)


def upgrade_asset(cat: Catalog, d: dict, seat: int, action: Mapping) -> None:
    _start(d, seat)
    p = d["players"][seat]
    kind, region = action["asset"], _region(cat, action)
    if kind not in UPGRADES:
        raise BadAction(f"upgrades are {', '.join(UPGRADES)}, not {kind!r}")
    name = cat.regions[region].name
    if kind == "factory":
        require(any(cat.territories[t].region == region for t in active_mines(p)),
                f"A factory needs one of your active mines in {name}.", "Factory")
        limit = int(cat.tables["markers"]["factory"])
        require(count_assets(p, "factory") < limit, f"All {limit} of your factory markers are on the map.",
                "Structure markers")
        asset = None
    else:
        asset = next((a for a in p["assets"] if a["kind"] == kind and a["region"] == region and not a["upgraded"]),
                     None)
        require(asset is not None, f"You have no plain {kind} in {name} to upgrade.", "Upgrades")
    card, extra = action.get("card"), []
    if d["variant"] != "fair-play":
        if card:
            require(card in p["targets"] or card in p["incentives"], "You do not hold that target or incentive.",
                    "Rewards")
            reward = reward_of(cat, card)
            require(reward.kind == "upgrade" and reward.value in (kind, "any"),
                    f"That card's reward is {reward.label()}, not an upgrade of a {kind}.", "Rewards")
        else:
            extra = ["a target or incentive card with an upgrade reward"]
    pay(cat, d, seat, f"Upgrading to a large {kind}" if asset else "A factory",
        int(cat.tables["upgrade_price"][kind]), (kind,), action, extra)
    if card and d["variant"] != "fair-play":
        (p["targets"] if card in p["targets"] else p["incentives"]).remove(card)
        d["box"].append(card)
    if asset is None:
        p["assets"].append({"kind": "factory", "region": region, "upgraded": True})
    else:
        asset["upgraded"] = True
    _finish(cat, d)
