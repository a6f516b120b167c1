"""Laying out the table for 3-5 players and each variant (rulebook "Game set up" and
"Variants"); ``scenario`` builds a described position directly, for tests and teaching."""

from __future__ import annotations

from typing import Sequence

from ...core import PlayerSpec, rng
from ..data import RESOURCES, Catalog
from ..state import Bank, Barrels, Cards, Mine, Pile, Player, State

VARIANTS = ("standard", "short", "long", "contract-race")
SETUP_STEP = -1  # the shuffles of setup draw from rng(seed, -1); actions use their own step


def _mine_piles(cat: Catalog, players: int, variant: str, rand) -> dict[str, list[str]]:
    numbers = cat.numbers
    decks = ("3p", "4-5p") if variant == "long" else (numbers.by_players[players].mines,)
    piles = {}
    for res in RESOURCES:
        cards = sorted(m.id for m in cat.mines.values() if m.res == res and m.deck in decks)
        rand.shuffle(cards)
        if variant == "short":
            cards = cards[:numbers.short.mines[res]]
        piles[res] = cards
    return piles


def _asset_pile(cat: Catalog, players: int, variant: str, rand) -> list[str]:
    pool = sorted(a.id for a in cat.assets.values() for _ in range(a.qty)
                  if not (variant == "short" and a.light))
    rand.shuffle(pool)
    if variant == "long":
        return pool
    if variant == "short":
        return pool[:cat.numbers.short.assets]
    return pool[:cat.numbers.by_players[players].assets]


def _initiative_pile(cat: Catalog, variant: str, rand) -> list[str]:
    pool = sorted(i.id for i in cat.initiatives.values() for _ in range(i.qty)
                  if not (variant == "short" and i.light))
    rand.shuffle(pool)
    return pool


def _contracts(cat: Catalog, players: int, variant: str, rand) -> tuple[list[int], list[int], list[int]]:
    """Contract draw pile, discard pile and the contract dealt to each seat (the highest starts)."""
    numbers = sorted(cat.contracts)
    if variant == "short":
        numbers = [n for n in numbers if n <= cat.numbers.short.contracts_up_to]
    rand.shuffle(numbers)
    dealt, rest = numbers[:players], numbers[players:]
    if variant in ("long", "contract-race"):
        rest = rest + dealt
        rand.shuffle(rest)
        return rest, [], dealt
    used = cat.numbers.short.contracts if variant == "short" else cat.numbers.by_players[players].contracts
    return rest[:used], sorted(dealt), dealt


def _row(cards: list, size: int) -> tuple:
    shown = tuple(cards[:size])
    return shown + (None,) * (size - len(shown))


def new_table(cat: Catalog, players: Sequence[PlayerSpec], variant: str, seed: int | str) -> State:
    rand = rng(seed, SETUP_STEP)
    count = len(players)
    numbers = cat.numbers
    piles = _mine_piles(cat, count, variant, rand)
    assets = _asset_pile(cat, count, variant, rand)
    initiatives = _initiative_pile(cat, variant, rand)
    contracts, discards, dealt = _contracts(cat, count, variant, rand)
    start = dealt.index(max(dealt))
    money = numbers.starting_money
    race: list[tuple[int, ...]] = [()] * count
    if variant == "contract-race":
        stack = numbers.contract_race_stack
        race = [tuple(contracts[seat * stack:(seat + 1) * stack]) for seat in range(count)]
        contracts = []
    seats = tuple(Player(p.name, p.bot, money, Barrels(), numbers.starting_miners, race=race[seat])
                  for seat, p in enumerate(players))
    size = numbers.row
    return State(
        variant=variant, seed=seed, step=0, round=1, phase="placement", start=start, turn=start,
        dealt=tuple(dealt), queue=(), takeover=(), market_order=(), end=None, contract_taken=False,
        players=seats,
        mines=tuple(Mine(piles[res][0]) for res in RESOURCES),
        piles=tuple(Pile(tuple(piles[res][1:])) for res in RESOURCES),
        rows=Cards(_row(assets, size), _row(initiatives, size), _row(contracts, size)),
        draw=Cards(tuple(assets[size:]), tuple(initiatives[size:]), tuple(contracts[size:])),
        discard=Cards((), (), tuple(discards)),
        asset_track=(), contract_track=(), slag=(),
        bank=Bank(numbers.chips - money * count, Barrels(**numbers.barrels)),
    )


__all__ = ["SETUP_STEP", "VARIANTS", "new_table"]
