"""The mineral bag: blind draws without replacement, or the result of a real bag typed in."""

from __future__ import annotations

import random
from typing import Any

from ...core import require
from ...errors import BadAction
from ..data import KINDS, Pos
from ..state import MineState, Placed, add, counts, sorted_minerals
from ..views import words
from . import mine


def check_draw(bag: tuple[int, int, int], wanted: int, given: Any) -> None:
    """Refuse what the table says came out of its cloth bag (``given``, a list of kinds) unless
    it is a draw of ``wanted`` counters (fewer if the bag runs out) the bag still holds."""
    if given is None:
        return
    number = min(wanted, sum(bag))
    if not isinstance(given, list) or not all(isinstance(k, str) for k in given):
        raise BadAction("'minerals' must be a list such as [\"coal\", \"gold\"]")
    unknown = [k for k in given if k not in KINDS]
    require(not unknown, f"Unknown mineral {unknown[0] if unknown else ''!r}: the bag holds coal, silver and gold.",
            "bag")
    require(len(given) == number,
            f"This draw takes {number} mineral{'s' if number != 1 else ''} from the bag, not {len(given)}.", "bag")
    taken = counts(tuple(given))
    for kind, have, want in zip(KINDS, bag, taken):
        require(want <= have, f"The bag has only {have} {kind} left, not {want}.", "bag")


def draw(bag: tuple[int, int, int], wanted: int, rnd: random.Random | None,
         given: Any = None) -> tuple[tuple[str, ...], tuple[int, int, int]]:
    """Take ``wanted`` counters (fewer if the bag runs out): at random from ``rnd``, or the ones
    the table drew from a cloth bag (``given``, a list of kinds) after checking the bag still
    holds them (then there is no ``rnd``: nothing is left to chance)."""
    number = min(wanted, sum(bag))
    if given is not None:
        check_draw(bag, wanted, given)
        taken = counts(tuple(given))
        return sorted_minerals(given), tuple(b - t for b, t in zip(bag, taken))  # type: ignore[return-value]
    left = list(bag)
    out: list[str] = []
    for _ in range(number):
        index = rnd.randrange(sum(left))
        for k, n in enumerate(left):
            if index < n:
                left[k] -= 1
                out.append(KINDS[k])
                break
            index -= n
    return sorted_minerals(out), tuple(left)  # type: ignore[return-value]


def given_minerals(action: Any) -> list[str] | None:
    """What the table drew from a real bag, if the action says: ``minerals`` as a list of
    kinds, or counts ``coal``/``silver``/``gold`` (what a phone form sends). None: draw here."""
    if action.get("minerals") is not None:
        return action["minerals"]
    if not any(k in action for k in KINDS):
        return None
    drawn: list[str] = []
    for kind in KINDS:
        n = action.get(kind, 0)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 4:
            raise BadAction(f"'{kind}' must be how many {kind} came out of the bag, 0 to 4, not {n!r}")
        drawn += [kind] * n
    return drawn


def topped(bag: tuple[int, int, int], placed: Placed, slots: int, rnd: random.Random | None,
           given: Any = None) -> tuple[Placed, tuple[int, int, int]]:
    """The tile ``placed`` topped up to its ``slots`` from the bag (face up), and the bag after."""
    drawn, left = draw(bag, slots - len(placed.minerals), rnd, given)
    return Placed(placed.design, placed.rotation, False, sorted_minerals(placed.minerals + drawn)), left


def check_collapsible(state: MineState, pos: Pos, missing: str, rule: str) -> None:
    """Refuse to collapse anything but a face-up tile other than the start (``missing``: the
    words for an empty square)."""
    placed = state.tile(pos)
    require(placed is not None, missing, rule)
    require(not placed.collapsed, "That tile has already collapsed.", rule)
    require(not mine.is_start(state, pos), "The starting tile never collapses.", rule)


def collapse(state: MineState, pos: Pos, **more: Any) -> MineState:
    """Turn a tile face down; whatever lay on it goes back into the bag (and ``more`` changes)."""
    placed = state.tiles[pos]
    back = add(state.bag, counts(placed.minerals))
    return state.with_tiles({pos: Placed(placed.design, placed.rotation, True, ())}, bag=back, **more)


def collapse_told(rules: Any, state: MineState, pos: Pos) -> str:
    """The log's words for a collapse at ``pos``: "the red straight east of the start tile;
    1 coal went back into the bag"."""
    return f"{words.tile(rules, state, pos)}; {describe(state.tiles[pos].minerals)} went back into the bag"


def describe(minerals: tuple[str, ...]) -> str:
    if not minerals:
        return "nothing"
    parts = [f"{minerals.count(k)} {k}" for k in KINDS if minerals.count(k)]
    return ", ".join(parts)
