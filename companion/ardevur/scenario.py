"""Tables built directly in a chosen position, for tests and worked examples: the setup is
skipped, every other rule applies as usual."""

from __future__ import annotations

from typing import Sequence

from ..core import PlayerSpec, rng
from .cards import DEV_CARDS, Catalog, catalog
from .setup import new_table
from .state import ArdState, fresh_turn

CORPS = ("great", "machine", "ardevur", "amu")


def table(players: int = 2, mode: str = "standard", corps: Sequence[str] = CORPS, seed: int = 1,
          cat: Catalog | None = None) -> dict:
    """A table in play: corporations chosen, full market, grid laid, seat 0 in its strategy
    phase, nobody holding any card, territory or structure."""
    cat = cat or catalog()
    d = new_table(cat, [PlayerSpec(n) for n in ("Ann", "Bo", "Cy", "Di")[:players]], mode, seed)
    d["market"] = {c: cat.dev_count(c, players) for c in DEV_CARDS}
    r = rng(seed, 0)
    from .setup import _grid
    _grid(cat, d, r)
    d["territory_deck"] = sorted(cat.territories)
    d["action_decks"] = {c: sorted(a for a, card in cat.actions.items() if card.corporation == c)
                         for c in cat.corporations}
    for p, corp in zip(d["players"], corps):
        p["corp"] = corp
    d.update(phase="play", turn=0, first=0, stage="strategy", turn_no=1, ts=fresh_turn())
    return d


def give_mine(d: dict, seat: int, territory: str, status: str = "active", on_turn: int = 0) -> None:
    p = d["players"][seat]
    if territory in d["territory_deck"]:
        d["territory_deck"].remove(territory)
    if territory not in p["territories"]:
        p["territories"].append(territory)
    p["sites"][territory] = status
    p["explored_on"][territory] = on_turn


def give_card(d: dict, seat: int, *cards: str) -> None:
    for card in cards:
        d["market"][card] -= 1
        d["players"][seat]["dev"].append(card)


def seed_for_roll(d: dict, face: int, cat: Catalog | None = None) -> int:
    """A seed whose roll at the table's next step is ``face`` (the sale's roll is its first draw)."""
    cat = cat or catalog()
    for seed in range(10_000):
        if rng(seed, d["step"]).choice(cat.tables["die_faces"]) == face:
            return seed
    raise ValueError(face)


def at(d: dict, stage: str, seat: int = 0) -> ArdState:
    d["turn"], d["stage"] = seat, stage
    return ArdState.of(d)
