"""Whole-table checks: everything that must always hold, listed at once (``Game.problems``)."""

from __future__ import annotations

from ..errors import Problem
from .cards import RESOURCES, Catalog


def table_problems(cat: Catalog, d) -> list[Problem]:
    found: list[Problem] = []

    def problem(field: str, message: str) -> None:
        found.append(Problem("ore table", None, field, message))

    chips = sum(int(value) * int(n) for value, n in cat.tables["chips"].items())
    money = d["bank"]["money"] + sum(p["money"] for p in d["players"])
    if money != chips:
        problem("money", f"bank and players hold ${money}, not the ${chips} in the box")
    for res in RESOURCES:
        held = sum(p["barrels"][res] for p in d["players"])
        futures = sum(f["count"] for p in d["players"] for f in p["futures"] if f["res"] == res)
        on_cards = sum(c["barrels"].count(res) for p in d["players"] for c in p["contracts"])
        on_cards += sum(o["barrels"].count(res) for o in d["takeover"])
        total = d["bank"]["barrels"][res] + held + futures + on_cards
        if total != int(cat.tables["barrels"][res]):
            problem(f"barrels.{res}", f"{total} {res} barrels on the table, not {cat.tables['barrels'][res]}")
        if d["bank"]["barrels"][res] < 0 or any(p["barrels"][res] < 0 for p in d["players"]):
            problem(f"barrels.{res}", "a negative number of barrels")
    for res, mine in d["mines"].items():
        card = cat.mines[mine["card"]]
        spaces = [m["space"] for m in mine["miners"]]
        if len(spaces) != len(set(spaces)):
            problem(f"mines.{res}", "two miners share a space")
        for miner in mine["miners"]:
            owner = d["players"][miner["seat"]]
            if not 0 <= miner["space"] < len(card.spaces) or card.level(miner["space"]) > owner["cage"]:
                problem(f"mines.{res}", f"{owner['name']}'s miner stands below the level their cage allows")
    for seat, p in enumerate(d["players"]):
        on_mines = sum(1 for m in d["mines"].values() for x in m["miners"] if x["seat"] == seat)
        if not on_mines <= p["miners"] <= int(cat.tables["max_miners"]):
            problem(f"players.{seat}.miners", f"{p['name']} has {p['miners']} miners and {on_mines} on mines")
    return found
