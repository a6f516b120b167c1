"""Moving along the track, the Tunnel, mining one mineral, and clearing a collapsed tile."""

from __future__ import annotations

import random
from dataclasses import replace

from ..core import Action, field_of, require
from ..errors import BadAction
from . import bag, mine, turn, words
from .state import MineState, add, counts
from .tiles import KINDS, Pos, Rules


def _square(action: Action) -> Pos:
    return field_of(action, "x", int), field_of(action, "y", int)


def targets(rules: Rules, state: MineState) -> dict[Pos, tuple[Pos, ...]]:
    return mine.reachable(rules, state, state.current.pos, state.die_b or 0)


def on_tunnel(rules: Rules, state: MineState) -> bool:
    here = state.tile(state.current.pos)
    return here is not None and not here.collapsed and rules.design(here.design).icon == "tunnel"


def move(rules: Rules, state: MineState, action: Action, rnd: random.Random) -> MineState:
    require(state.phase == "move", _not_now(state), "movement")
    target = _square(action)
    paths = targets(rules, state)
    if target not in paths:
        if state.tile(target) is None:
            why = "there is no tile there"
        else:
            steps = mine.reachable(rules, state, state.current.pos, 99).get(target)
            why = (f"it is {len(steps) - 1} steps along the track and die B allows {state.die_b}" if steps
                   else "no track leads there without passing through a collapsed tile")
        require(False, f"You cannot move to {words.tile(rules, state, target)}: {why}.", "movement")
    path = paths[target]
    note = (f"{state.current.name} stayed put" if len(path) == 1 else
            f"{state.current.name} moved {len(path) - 1} step{'s' if len(path) > 2 else ''} to "
            f"{words.tile(rules, state, target)}")
    state = state.with_player(state.turn, pos=target)
    return replace(state, phase="mine", last_path=path, note=note)


def _not_now(state: MineState) -> str:
    if state.phase in ("roll", "die_a"):
        return "You move after die A has been resolved."
    if state.phase in ("mine", "done"):
        return "You have already moved this turn: pick up a mineral or take nothing."
    if state.phase == "clear":
        return "You stand on a collapsed tile: this turn you clear it and nothing else."
    return "You move after rolling the dice: lay your tile, if any, then roll."


def tunnel(rules: Rules, state: MineState, action: Action, rnd: random.Random) -> MineState:
    require(state.phase == "move", "The tunnel is used instead of your move.", "tunnel")
    require(on_tunnel(rules, state), "Only a piece standing on a Tunnel tile may go through it.", "tunnel")
    target = _square(action)
    require(target in state.tiles and target != state.current.pos,
            f"The tunnel leads to another tile of the mine; {words.tile(rules, state, target)} is not one.", "tunnel")
    here = state.current.pos
    state = state.with_player(state.turn, pos=target)
    return replace(state, phase="mine", last_path=(here, target),
                   note=f"{state.current.name} went through the tunnel to {words.tile(rules, state, target)}")


def take(rules: Rules, state: MineState, action: Action, rnd: random.Random) -> MineState:
    require(state.phase == "mine", "You pick up a mineral after your move.", "mining")
    kind = field_of(action, "mineral", str)
    if kind not in KINDS:
        raise BadAction(f"'mineral' is coal, silver or gold, not {kind!r}")
    pos = state.current.pos
    placed = state.tiles[pos]
    require(kind in placed.minerals, f"There is no {kind} on your tile; it holds {bag.describe(placed.minerals)}.",
            "mining")
    left = list(placed.minerals)
    left.remove(kind)
    me = state.current
    state = state.with_tiles({pos: replace(placed, minerals=tuple(left))})
    state = state.with_player(state.turn, haul=add(me.haul, counts((kind,))))
    return replace(state, phase="done", note=f"{me.name} mined one {kind}")


def pass_mining(rules: Rules, state: MineState, action: Action, rnd: random.Random) -> MineState:
    require(state.phase == "mine", "Only the mining step may be passed." if state.phase != "move"
            else "To stay where you are, move to your own square.", "mining")
    return replace(state, phase="done", note=f"{state.current.name} took nothing")


def clear(rules: Rules, state: MineState, action: Action, rnd: random.Random) -> MineState:
    require(state.phase == "clear", "Only a player who starts the turn on a collapsed tile clears it.", "clearing")
    pos = state.current.pos
    placed = state.tiles[pos]
    state = state.with_tiles({pos: replace(placed, collapsed=False)})
    state = bag.fill(state, pos, rules.design(placed.design).slots, rnd, bag.given_minerals(action))
    got = state.tiles[pos].minerals
    note = f"{state.current.name} cleared the collapsed tile and refilled it with {bag.describe(got)}"
    if turn.final_turn(state):  # every player rolls on their final turn, even after clearing
        return replace(state, phase="roll", note=note + "; a final turn goes on to the roll")
    return replace(state, phase="done", note=note)
