"""Rolling both dice and resolving die A: a colour fills a tile, a quake collapses one."""

from __future__ import annotations

from ...core import Action, require, rng
from ...errors import BadAction
from ..data import Pos, Rules, describe
from ..data.geometry import adjacent
from ..state import MineState
from ..views import words
from . import bag, mine

COLOURS = ("yellow", "blue", "red", "green")


def check_roll(rules: Rules, state: MineState, action: Action) -> None:
    if state.phase == "start":
        require(state.current.started or not state.anchors,
                "On your first turn you must draw and lay a tile before rolling.", "first turn")
    else:
        require(state.phase == "roll", _not_now(state), "dice")
    die_a, die_b = action.get("die_a"), action.get("die_b")
    if die_a is not None and (not isinstance(die_a, str) or die_a not in rules.die_a):
        raise BadAction(f"die A shows one of {', '.join(sorted(set(rules.die_a)))}, not {die_a!r}")
    if die_b is not None and (isinstance(die_b, bool) or not isinstance(die_b, int) or die_b not in rules.die_b):
        raise BadAction(f"die B shows {', '.join(str(v) for v in sorted(set(rules.die_b)))}, not {die_b!r}")


def roll(rules: Rules, state: MineState, action: Action) -> MineState:
    check_roll(rules, state, action)
    die_a, die_b = action.get("die_a"), action.get("die_b")
    if die_a is None or die_b is None:
        rnd = rng(state.seed, state.step)
        if die_a is None:
            die_a = rules.die_a[rnd.randrange(len(rules.die_a))]
        if die_b is None:
            die_b = rules.die_b[rnd.randrange(len(rules.die_b))]
    note = f"{state.current.name} rolled {die_a} and {die_b}"
    return state.evolve(die_a=die_a, die_b=die_b, phase="die_a", anchors=(), note=note)


def _not_now(state: MineState) -> str:
    if state.phase == "place":
        return "Place the tile you drew before rolling."
    if state.phase == "effect":
        return "Resolve the advanced tile you laid before rolling."
    if state.phase == "extra":
        return "Porous rock: draw and lay the extra tile before rolling."
    if state.phase == "clear":
        return "You stand on a collapsed tile: this turn you clear it and nothing else."
    return "You have already rolled this turn."


def fill_targets(rules: Rules, state: MineState) -> list[Pos]:
    """The tiles of die A's colour with an empty slot (worked out once per state: the turn's
    flow, the buttons and the bots all ask)."""
    return state.worked("_fills", rules, lambda: [
        p for p, t in state.tiles.items()
        if rules.designs[t.design].colour == state.die_a and mine.free_slots(rules, t) > 0])


def quake_targets(state: MineState) -> list[Pos]:
    return [p for p in adjacent(state.current.pos)
            if (t := state.tile(p)) is not None and not t.collapsed and not mine.is_start(state, p)]


def targets(rules: Rules, state: MineState) -> list[Pos]:
    """Where die A's result may land; empty means nothing happens."""
    if state.die_a == "quake":
        return quake_targets(state)
    if sum(state.bag) == 0:
        return []
    return fill_targets(rules, state)


def check_fill_tile(rules: Rules, state: MineState, action: Action) -> None:
    require(state.phase == "die_a" and state.die_a in COLOURS, "Only a colour on die A fills a tile.", "dice")
    square = action["x"], action["y"]
    placed = state.tile(square)
    require(placed is not None, f"There is no tile {words.square(square)}.", "mineral placement")
    design = rules.designs[placed.design]
    require(design.colour == state.die_a,
            f"Die A shows {state.die_a}; that tile is {describe(design)}: choose a {state.die_a} tile.",
            "mineral placement")
    require(not placed.collapsed, "That tile has collapsed: it holds no minerals until cleared.", "mineral placement")
    require(mine.free_slots(rules, placed) > 0,
            f"That tile's {design.slots} slot{'s are' if design.slots > 1 else ' is'} already full.",
            "mineral placement")
    bag.check_draw(state.bag, design.slots - len(placed.minerals), bag.given_minerals(action))


def fill_tile(rules: Rules, state: MineState, action: Action) -> MineState:
    check_fill_tile(rules, state, action)
    square = action["x"], action["y"]
    given = bag.given_minerals(action)
    placed = state.tiles[square]
    filled, left = bag.topped(state.bag, placed, rules.designs[placed.design].slots,
                              rng(state.seed, state.step) if given is None else None, given)
    note = (f"{state.current.name} filled {words.tile(rules, state, square)}: it now holds "
            f"{bag.describe(filled.minerals)}")
    return state.with_tiles({square: filled}, bag=left, phase="move", note=note)


def check_skip_fill(rules: Rules, state: MineState, action: Action) -> None:
    require(state.phase == "die_a" and state.die_a in COLOURS,
            "A quake must collapse a tile next to you; only a colour may be left unused.", "mine collapse")


def skip_fill(rules: Rules, state: MineState, action: Action) -> MineState:
    check_skip_fill(rules, state, action)
    return state.evolve(phase="move", note=f"{state.current.name} left the {state.die_a} unused")


def check_collapse(rules: Rules, state: MineState, action: Action) -> None:
    require(state.phase == "die_a" and state.die_a == "quake", "Only a quake on die A collapses a tile.", "dice")
    square = action["x"], action["y"]
    me = state.current.pos
    if square not in adjacent(me):
        require(False, f"A quake collapses a tile right next to yours ({words.tile(rules, state, me)}); "
                       f"{words.tile(rules, state, square)} is not next to it.", "mine collapse")
    bag.check_collapsible(state, square, f"There is no tile {words.square(square)}.", "mine collapse")


def collapse(rules: Rules, state: MineState, action: Action) -> MineState:
    check_collapse(rules, state, action)
    square = action["x"], action["y"]
    buried = [m.name for m in state.players if m.pos == square]
    who = f"; {', '.join(buried)} must clear it next turn" if buried else ""
    note = f"{state.current.name} collapsed {bag.collapse_told(rules, state, square)}{who}"
    return bag.collapse(state, square, phase="move", note=note)


__all__ = ["COLOURS", "check_collapse", "check_fill_tile", "check_roll", "check_skip_fill", "collapse", "fill_tile",
           "fill_targets", "quake_targets", "roll", "skip_fill", "targets"]
