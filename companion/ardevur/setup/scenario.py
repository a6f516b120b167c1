"""Tables built directly in a chosen position, for tests and worked examples: the setup is
skipped, every other rule applies as usual. A position is built and changed in its stored
(JSON) form, which a test reads and writes like the table it stands for, and ``at`` makes the
state from it."""

from __future__ import annotations

from typing import Sequence

from ...core import PlayerSpec, rng
from ..data import DEV_CARDS, Catalog
from ..moves.opening import lay_grid
from ..state import FRESH_TURN, ArdState, from_json, replace, to_json
from . import new_table

CORPS = ("great", "machine", "ardevur", "amu")


def _shipped() -> Catalog:
    from ...registry import find_game

    return find_game("ardevur").data


def table(players: int = 2, mode: str = "standard", corps: Sequence[str] = CORPS, seed: int = 1,
          cat: Catalog | None = None) -> dict:
    """A table in play: corporations chosen, full market, grid laid, seat 0 in its strategy
    phase, nobody holding any card, territory or structure."""
    cat = cat or _shipped()
    s = new_table(cat, [PlayerSpec(n) for n in ("Ann", "Bo", "Cy", "Di")[:players]], mode, seed)
    s = lay_grid(cat, replace(s, market=tuple(cat.dev_count(c, players) for c in DEV_CARDS)), rng(seed, 0))
    decks = tuple((c, tuple(sorted(a for a, card in cat.actions.items() if card.corporation == c)))
                  for c in sorted(cat.corporations))
    s = replace(s, territory_deck=tuple(sorted(cat.territories)), action_decks=decks,
                players=tuple(replace(p, corp=corp) for p, corp in zip(s.players, corps)),
                phase="play", turn=0, first=0, stage="strategy", turn_no=1, ts=FRESH_TURN)
    return to_json(s)


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
    faces = (cat or _shipped()).numbers.faces
    for seed in range(10_000):
        if rng(seed, d["step"]).choice(faces) == face:
            return seed
    raise ValueError(face)


def at(d: dict, stage: str, seat: int = 0) -> ArdState:
    """The state of position ``d`` with ``seat`` in its ``stage`` phase."""
    d["turn"], d["stage"] = seat, stage
    return from_json(d)


__all__ = ["CORPS", "at", "give_card", "give_mine", "seed_for_roll", "table"]
