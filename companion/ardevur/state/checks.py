"""Everything wrong with a state as a table (a position typed by hand, a stored table): amounts
below zero, more than storage or the markers allow, a card in two places or missing."""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from ...errors import Problem
from ..data import DEV_CARDS, Catalog
from .queries import capacity, count_assets
from .records import ArdState


def _twice(cards: Iterable[str]) -> list[str]:
    return sorted(card for card, count in Counter(cards).items() if count > 1)


def _places(cat: Catalog, s: ArdState) -> dict[str, tuple[list[str], Iterable[str]]]:
    """Per kind of card, every card found on the table, and the cards that must all be there."""
    players, box = s.players, s.box
    territories = list(s.territory_deck) + [t for p in players for t in p.territories]
    if s.auction:
        territories += s.auction.revealed
    actions = [c for _, deck in s.action_decks for c in deck] + [c for p in players for c in p.actions]
    targets = [c for _, piles in s.grid for pile in piles for c in pile] + [c for p in players for c in p.targets]
    incentives = list(s.incentives) + [c for p in players for c in p.incentives]
    laid = bool(s.action_decks)  # before the start nothing is dealt yet
    return {"territories": (territories, cat.territories if laid else ()),
            "actions": (actions + [c for c in box if c in cat.actions], cat.actions if laid else ()),
            "targets": (targets + [c for c in box if c in cat.targets], ()),
            "incentives": (incentives + [c for c in box if c in cat.incentives], ())}


def _market_problems(cat: Catalog, s: ArdState) -> list[Problem]:
    """The development cards in the market and in hand add up to the card-count table's."""
    if not s.market:
        return []
    held = Counter(c for p in s.players for c in p.dev) + Counter("phone" for p in s.players if p.phone)
    remove = s.options.remove_cards == "yes"
    off = [c for c in DEV_CARDS if s.count(c) < 0 or s.count(c) + held[c] != cat.dev_count(c, len(s.players), remove)]
    if not off:
        return []
    return [Problem("state", None, "market", "the market and the players' development cards do not add up to the "
                                             f"card-count table's: {', '.join(off)}")]


def _card_problems(cat: Catalog, s: ArdState) -> list[Problem]:
    """Each card is in one place; territories and action cards are all somewhere once the
    decks are laid."""
    found = []
    for name, (cards, every) in _places(cat, s).items():
        twice = _twice(cards)
        if twice:
            found.append(Problem("state", None, name, f"in two places at once: {', '.join(twice[:3])}"))
        missing = sorted(set(every) - set(cards))
        if missing:
            found.append(Problem("state", None, name, f"nowhere on the table: {', '.join(missing[:3])}"))
    return found + _market_problems(cat, s)


def _player_problems(cat: Catalog, s: ArdState) -> list[Problem]:
    found = []
    numbers = cat.numbers
    for seat, p in enumerate(s.players):
        where = f"players[{seat}]"
        if p.money < 0 or p.debt < 0 or any(value <= 0 for _, value in p.stock):
            found.append(Problem("state", None, where, f"{p.name} has less than nothing (money, debt or stock)"))
        if p.corp and p.stock_value > capacity(cat, p):
            found.append(Problem("state", None, f"{where}.stock", f"{p.name} stores {p.stock_value}M in room for "
                                                                  f"{capacity(cat, p)}M"))
        if len(p.active) > numbers.max_active_mines or len(p.sites) > numbers.markers["site"]:
            found.append(Problem("state", None, f"{where}.sites", f"{p.name} has more mines or sites than allowed"))
        if len(p.infra) > numbers.max_african_infrastructure or any(
                count_assets(p, kind) > numbers.markers[kind] for kind in ("warehouse", "office", "vessel", "factory")):
            found.append(Problem("state", None, f"{where}.assets", f"{p.name} has more structures than markers"))
        if any(t not in p.territories for t, _ in p.sites):
            found.append(Problem("state", None, f"{where}.sites", f"{p.name} works a site without its territory card"))
    return found


def problems(cat: Catalog, s: ArdState) -> list[Problem]:
    return _player_problems(cat, s) + _card_problems(cat, s)


__all__ = ["problems"]
