"""Whole-table checks: everything that must always hold, listed at once (``Game.problems``)."""

from __future__ import annotations

from ...errors import Problem
from ..data import RESOURCES, Catalog
from . import State


def table_problems(cat: Catalog, s: State) -> list[Problem]:
    return [Problem("ore table", None, field, message)
            for field, message in (*_money(cat, s), *_barrels(cat, s), *_miners(cat, s))]


def _money(cat: Catalog, s: State) -> list[tuple[str, str]]:
    money = s.bank.money + sum(p.money for p in s.players)
    if money != cat.numbers.chips:
        return [("money", f"bank and players hold ${money}, not the ${cat.numbers.chips} in the box")]
    return []


def _barrels(cat: Catalog, s: State) -> list[tuple[str, str]]:
    """Every barrel of the box is in the bank, with a player, on a Futures token or on a contract."""
    found = []
    for res in RESOURCES:
        held = sum(p.barrels[res] for p in s.players)
        futures = sum(f.count for p in s.players for f in p.futures if f.res == res)
        on_cards = sum(c.barrels.count(res) for p in s.players for c in p.contracts)
        on_cards += sum(o.barrels.count(res) for o in s.takeover)
        total = s.bank.barrels[res] + held + futures + on_cards
        if total != cat.numbers.barrels[res]:
            found.append((f"barrels.{res}", f"{total} {res} barrels on the table, not {cat.numbers.barrels[res]}"))
        if s.bank.barrels[res] < 0 or any(p.barrels[res] < 0 for p in s.players):
            found.append((f"barrels.{res}", "a negative number of barrels"))
    return found


def _miners(cat: Catalog, s: State) -> list[tuple[str, str]]:
    """One miner a space, none below its owner's cage, no more on mines than employed."""
    found = []
    for res, mine in zip(RESOURCES, s.mines):
        card = cat.mines[mine.card]
        spaces = [m.space for m in mine.miners]
        if len(spaces) != len(set(spaces)):
            found.append((f"mines.{res}", "two miners share a space"))
        for miner in mine.miners:
            owner = s.players[miner.seat]
            if not 0 <= miner.space < len(card.spaces) or card.level(miner.space) > owner.cage:
                found.append((f"mines.{res}", f"{owner.name}'s miner stands below the level their cage allows"))
    for seat, p in enumerate(s.players):
        on_mines = sum(1 for m in s.mines for x in m.miners if x.seat == seat)
        if not on_mines <= p.miners <= cat.numbers.max_miners:
            found.append((f"players.{seat}.miners", f"{p.name} has {p.miners} miners and {on_mines} on mines"))
    return found
