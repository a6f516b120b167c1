"""Laying out the table for 3-5 players and each variant (rulebook "Game set up" and "Variants")."""

from __future__ import annotations

from typing import Sequence

from ..core import PlayerSpec, rng
from .cards import RESOURCES, Catalog
from .state import fresh_round, new_player

VARIANTS = ("standard", "short", "long", "contract-race")
ROW = 5
SETUP_STEP = -1  # the shuffles of setup draw from rng(seed, -1); actions use their own step


def _mine_piles(cat: Catalog, players: int, variant: str, rand) -> dict:
    decks = ("3p", "4-5p") if variant == "long" else (str(cat.setup["by_players"][str(players)]["mines"]),)
    piles = {}
    for res in RESOURCES:
        cards = sorted(m.id for m in cat.mines.values() if m.res == res and m.deck in decks)
        rand.shuffle(cards)
        if variant == "short":
            cards = cards[:int(cat.setup["short"]["mines"][res])]
        piles[res] = cards
    return piles


def _asset_pile(cat: Catalog, players: int, variant: str, rand) -> list[str]:
    pool = sorted(a.id for a in cat.assets.values() for _ in range(a.qty)
                  if not (variant == "short" and a.light))
    rand.shuffle(pool)
    if variant == "long":
        return pool
    if variant == "short":
        return pool[:int(cat.setup["short"]["assets"])]
    return pool[:int(cat.setup["by_players"][str(players)]["assets"])]


def _initiative_pile(cat: Catalog, variant: str, rand) -> list[str]:
    pool = sorted(i.id for i in cat.initiatives.values() for _ in range(i.qty)
                  if not (variant == "short" and i.light))
    rand.shuffle(pool)
    return pool


def _contracts(cat: Catalog, players: int, variant: str, rand) -> tuple[list[int], list[int], list[int]]:
    """Contract draw pile, discard pile and the contract dealt to each seat (the highest starts)."""
    numbers = sorted(cat.contracts)
    if variant == "short":
        numbers = [n for n in numbers if n <= int(cat.setup["short"]["contracts_up_to"])]
    rand.shuffle(numbers)
    dealt, rest = numbers[:players], numbers[players:]
    if variant in ("long", "contract-race"):
        rest = rest + dealt
        rand.shuffle(rest)
        return rest, [], dealt
    used = int(cat.setup["short"]["contracts"]) if variant == "short" else \
        int(cat.setup["by_players"][str(players)]["contracts"])
    return rest[:used], sorted(dealt), dealt


def new_table(cat: Catalog, players: Sequence[PlayerSpec], variant: str, seed: int | str) -> dict:
    rand = rng(seed, SETUP_STEP)
    count = len(players)
    piles = _mine_piles(cat, count, variant, rand)
    assets = _asset_pile(cat, count, variant, rand)
    initiatives = _initiative_pile(cat, variant, rand)
    contracts, discards, dealt = _contracts(cat, count, variant, rand)
    start = dealt.index(max(dealt))
    money = int(cat.setup["starting_money"])
    seats = [new_player(p.name, p.bot, money, int(cat.setup["starting_miners"])) for p in players]
    if variant == "contract-race":
        stack = int(cat.setup["contract_race_stack"])
        for seat, player in enumerate(seats):
            player["race"] = contracts[seat * stack:(seat + 1) * stack]
        contracts = []
    chips = sum(int(value) * int(n) for value, n in cat.tables["chips"].items())
    d = {
        "variant": variant, "seed": seed, "step": 0, "round": 1, "phase": "placement", "start": start,
        "turn": start, "dealt": dealt, "queue": [], "takeover": [], "market_order": [], "end": None, "contract_taken": False,
        "players": seats,
        "mines": {res: {"card": piles[res].pop(0), "exhausted": False, "miners": []} for res in RESOURCES},
        "piles": {res: {"draw": piles[res], "used": []} for res in RESOURCES},
        "rows": {"assets": assets[:ROW], "initiatives": initiatives[:ROW], "contracts": contracts[:ROW]},
        "draw": {"assets": assets[ROW:], "initiatives": initiatives[ROW:], "contracts": contracts[ROW:]},
        "discard": {"assets": [], "initiatives": [], "contracts": discards},
        "asset_track": [], "contract_track": [], "slag": [],
        "bank": {"money": chips - money * count,
                 "barrels": {res: int(cat.tables["barrels"][res]) for res in RESOURCES}},
    }
    for row in ("assets", "initiatives", "contracts"):
        d["rows"][row] += [None] * (ROW - len(d["rows"][row]))
    for player in seats:
        player["round"] = fresh_round()
    return d
