"""Selling resources: local sales (half price, warehouse owners' first refusal) and global
sales (one roll for the whole lot, vessels, fixed lease income, shared earnings)."""

from __future__ import annotations

from typing import Mapping

from ...core import rng
from ..data import Catalog
from ..state import (ArdState, Offer, Sale, add_stock, capacity, count_assets, drop, gain, half_even, replace,
                     sale_value, sellable, source_region, with_player)
from .rolls import roll
from .turn import advance, own_turn, refuse, spent


def lot_offers(cat: Catalog, s: ArdState, seller: int, lots: Mapping[str, int]) -> tuple[Offer, ...]:
    """Local-sale lots grouped by region, each offered first to competitors who own a warehouse
    there (clockwise from the seller). Lots from a region without a needed road cannot be sold."""
    by_region: dict[str, list[int]] = {}
    for source, value in sorted(lots.items()):
        if not value or not sellable(cat, s, source):
            continue
        totals = by_region.setdefault(source_region(cat, source), [0, 0])
        totals[0] += value
        totals[1] += half_even(sale_value(cat, s, source, value))
    n = len(s.players)
    return tuple(Offer(seller, region, value, price,
                       tuple(q for q in ((seller + i) % n for i in range(1, n))
                             if any(a.kind == "warehouse" and a.region == region for a in s.players[q].assets)))
                 for region, (value, price) in by_region.items())


def able_to_buy(cat: Catalog, s: ArdState, seat: int, offer: Offer) -> bool:
    """Whether a warehouse owner can pay for the lot and store it; one who cannot is not asked."""
    p = s.players[seat]
    return p.money >= offer.price and capacity(cat, p) - p.stock_value >= offer.value


def drop_unable(cat: Catalog, s: ArdState) -> ArdState:
    """Skip owners who cannot buy; a lot nobody can buy goes to the bank at once."""
    kept = []
    for offer in s.offers:
        queue = tuple(q for q in offer.queue if able_to_buy(cat, s, q, offer))
        if queue:
            kept.append(offer if queue == offer.queue else replace(offer, queue=queue))
        else:
            s = gain(s, offer.seller, offer.price)
    return replace(s, offers=tuple(kept))


def check_answer(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    if not (s.offers and s.offers[0].queue and s.offers[0].queue[0] == seat):
        refuse("No local sale is waiting for your answer.", "Local sale")
    if action["buy"]:
        offer, p = s.offers[0], s.players[seat]
        if p.money < offer.price:
            refuse(f"Buying costs {offer.price}M; you have {p.money}M.", "Local sale")
        free = capacity(cat, p) - p.stock_value
        if free < offer.value:
            refuse(f"The lot is worth {offer.value}M and your storage has room for {free}M.", "Storage")


def answer_offer(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_answer(cat, s, action)
    seat, offer = action["seat"], s.offers[0]
    if not action["buy"]:
        s = replace(s, offers=(replace(offer, queue=offer.queue[1:]),) + s.offers[1:])
        return drop_unable(cat, s)
    p = s.players[seat]
    bought = add_stock(p, f"w:{offer.region}", offer.value)
    s = with_player(s, seat, money=p.money - offer.price, stock=bought.stock)
    s = gain(replace(s, offers=s.offers[1:]), offer.seller, offer.price)
    return drop_unable(cat, s)


def _lots(cat: Catalog, s: ArdState, seat: int) -> dict[str, int]:
    return {source: value for source, value in s.players[seat].stock if value and sellable(cat, s, source)}


def _check_stock(cat: Catalog, s: ArdState, seat: int, rule: str) -> None:
    """A sale needs resources, and some from a region whose needed road stands."""
    if not s.players[seat].stock:
        refuse("You have no resources to sell.", rule)
    if not _lots(cat, s, seat):
        refuse("Your resources come from regions without a needed road: they cannot be sold.", "Road")


def check_local_sale(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    own_turn(s, seat, "development")
    if s.ts.local_sale:
        refuse("You have already sold locally this turn.", "Local sale")
    _check_stock(cat, s, seat, "Local sale")


def local_sale(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_local_sale(cat, s, action)
    seat = action["seat"]
    lots = _lots(cat, s, seat)
    s = with_player(s, seat, stock=drop(s.players[seat].stock, lots))
    s = replace(s, offers=s.offers + lot_offers(cat, s, seat, lots))
    s = drop_unable(cat, s)
    return spent(replace(s, ts=replace(s.ts, local_sale=True)))


def global_income(cat: Catalog, s: ArdState, seat: int, roll: int, steady: bool = False) -> tuple[int, int, list[str]]:
    """(rolled income, fixed income, sources sold) of a global sale of everything sellable."""
    p = s.players[seat]
    stock = dict(p.stock)
    sources = sorted(source for source, value in p.stock if value and sellable(cat, s, source))
    income = sum(sale_value(cat, s, source, stock[source]) for source in sources)
    if count_assets(p, "vessel"):
        income *= 2
    faces = cat.numbers.faces
    if roll == max(faces):
        income *= 2
    elif roll == min(faces) and not steady:
        income = half_even(income)
    fixed = cat.numbers.large_vessel_lease if count_assets(p, "vessel", True) else 0
    return income, fixed, sources


def check_global_sale(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    own_turn(s, seat, "development")
    if s.ts.embargo:
        refuse("An action card forbids your global sale this turn.", "Action cards")
    if s.ts.done:
        refuse("You have already taken your development action.", "Development")
    _check_stock(cat, s, seat, "Global sale")


def _share(cat: Catalog, s: ArdState, seat: int, die: int, income: int) -> ArdState:
    """Partners named by a shared-earnings card take half of the sale's own income; a roll of
    the lowest face ends the card instead."""
    for effect in s.continuous:
        if effect.kind != "share" or effect.target != seat:
            continue
        if die == min(cat.numbers.faces):
            s = replace(s, continuous=tuple(e for e in s.continuous if e is not effect))
            continue
        share = min(half_even(income), s.players[seat].money)  # the large vessel's lease is not sale earnings
        s = gain(gain(s, seat, -share), effect.owner, share)
    return s


def global_sale(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_global_sale(cat, s, action)
    seat = action["seat"]
    die = roll(rng(s.seed, s.step), cat)
    income, fixed, sources = global_income(cat, s, seat, die, s.ts.steady)
    p = s.players[seat]
    s = with_player(s, seat, stock=drop(p.stock, sources), money=p.money + income + fixed,
                    best_sale=max(p.best_sale, income + fixed))
    s = _share(cat, s, seat, die, income)
    s = replace(s, rolls=(((seat, die),),), last_sale=Sale(seat, die, income, fixed))
    return advance(spent(s))


__all__ = ["able_to_buy", "answer_offer", "check_answer", "check_global_sale", "check_local_sale", "drop_unable",
           "global_income", "global_sale", "local_sale", "lot_offers"]
