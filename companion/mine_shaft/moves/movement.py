"""Moving along the track, the Tunnel, mining one mineral, and clearing a collapsed tile."""

from __future__ import annotations

from ...core import Action, require, rng
from ...errors import BadAction
from ..data import KINDS, Pos, Rules
from ..state import MineState, Placed, add, counts
from ..views import words
from . import bag, mine, turn


def targets(rules: Rules, state: MineState) -> dict[Pos, tuple[Pos, ...]]:
    """Where the current piece may move with die B, each square with the path there (worked
    out once per state: the buttons, the bots and the move itself all ask)."""
    return state.worked("_paths", rules, lambda: mine.reachable(rules, state, state.current.pos, state.die_b or 0))


def on_tunnel(rules: Rules, state: MineState) -> bool:
    here = state.tile(state.current.pos)
    return here is not None and not here.collapsed and rules.designs[here.design].icon == "tunnel"


def check_move(rules: Rules, state: MineState, action: Action) -> None:
    require(state.phase == "move", _not_now(state), "movement")
    target = action["x"], action["y"]
    if target in targets(rules, state):
        return
    if state.tile(target) is None:
        why = "there is no tile there"
    else:
        steps = mine.reachable(rules, state, state.current.pos, 99).get(target)
        why = (f"it is {len(steps) - 1} steps along the track and die B allows {state.die_b}" if steps
               else "no track leads there without passing through a collapsed tile")
    require(False, f"You cannot move to {words.tile(rules, state, target)}: {why}.", "movement")


def move(rules: Rules, state: MineState, action: Action) -> MineState:
    check_move(rules, state, action)
    target = action["x"], action["y"]
    path = targets(rules, state)[target]
    note = (f"{state.current.name} stayed put" if len(path) == 1 else
            f"{state.current.name} moved {len(path) - 1} step{'s' if len(path) > 2 else ''} to "
            f"{words.tile(rules, state, target)}")
    return state.evolve(players=state.players_with(state.turn, pos=target), phase="mine", last_path=path, note=note)


def _not_now(state: MineState) -> str:
    if state.phase in ("roll", "die_a"):
        return "You move after die A has been resolved."
    if state.phase in ("mine", "done"):
        return "You have already moved this turn: pick up a mineral or take nothing."
    if state.phase == "clear":
        return "You stand on a collapsed tile: this turn you clear it and nothing else."
    return "You move after rolling the dice: lay your tile, if any, then roll."


def check_tunnel(rules: Rules, state: MineState, action: Action) -> None:
    require(state.phase == "move", "The tunnel is used instead of your move.", "tunnel")
    require(on_tunnel(rules, state), "Only a piece standing on a Tunnel tile may go through it.", "tunnel")
    target = action["x"], action["y"]
    if target not in state.tiles or target == state.current.pos:
        require(False, f"The tunnel leads to another tile of the mine; {words.tile(rules, state, target)} is not one.",
                "tunnel")


def tunnel(rules: Rules, state: MineState, action: Action) -> MineState:
    check_tunnel(rules, state, action)
    target = action["x"], action["y"]
    here = state.current.pos
    note = f"{state.current.name} went through the tunnel to {words.tile(rules, state, target)}"
    return state.evolve(players=state.players_with(state.turn, pos=target), phase="mine", last_path=(here, target),
                        note=note)


def check_take(rules: Rules, state: MineState, action: Action) -> None:
    require(state.phase == "mine", "You pick up a mineral after your move.", "mining")
    kind = action["mineral"]
    if kind not in KINDS:
        raise BadAction(f"'mineral' is coal, silver or gold, not {kind!r}")
    minerals = state.tiles[state.current.pos].minerals
    if kind not in minerals:
        require(False, f"There is no {kind} on your tile; it holds {bag.describe(minerals)}.", "mining")


def take(rules: Rules, state: MineState, action: Action) -> MineState:
    check_take(rules, state, action)
    kind = action["mineral"]
    pos = state.current.pos
    placed = state.tiles[pos]
    left = list(placed.minerals)
    left.remove(kind)
    me = state.current
    return state.with_tiles({pos: Placed(placed.design, placed.rotation, placed.collapsed, tuple(left))},
                            players=state.players_with(state.turn, haul=add(me.haul, counts((kind,)))),
                            phase="done", note=f"{me.name} mined one {kind}")


def check_pass(rules: Rules, state: MineState, action: Action) -> None:
    require(state.phase == "mine", "Only the mining step may be passed." if state.phase != "move"
            else "To stay where you are, move to your own square.", "mining")


def pass_mining(rules: Rules, state: MineState, action: Action) -> MineState:
    check_pass(rules, state, action)
    return state.evolve(phase="done", note=f"{state.current.name} took nothing")


def check_clear(rules: Rules, state: MineState, action: Action) -> None:
    require(state.phase == "clear", "Only a player who starts the turn on a collapsed tile clears it.", "clearing")
    placed = state.tiles[state.current.pos]
    bag.check_draw(state.bag, rules.designs[placed.design].slots - len(placed.minerals), bag.given_minerals(action))


def clear(rules: Rules, state: MineState, action: Action) -> MineState:
    check_clear(rules, state, action)
    pos = state.current.pos
    placed = state.tiles[pos]
    given = bag.given_minerals(action)
    cleared, left = bag.topped(state.bag, placed, rules.designs[placed.design].slots,
                               rng(state.seed, state.step) if given is None else None, given)
    note = f"{state.current.name} cleared the collapsed tile and refilled it with {bag.describe(cleared.minerals)}"
    if turn.final_turn(state):  # every player rolls on their final turn, even after clearing
        return state.with_tiles({pos: cleared}, bag=left, phase="roll", note=note + "; a final turn goes on to the roll")
    return state.with_tiles({pos: cleared}, bag=left, phase="done", note=note)


__all__ = ["check_clear", "check_move", "check_pass", "check_take", "check_tunnel", "clear", "move", "on_tunnel",
           "pass_mining", "take", "targets", "tunnel"]
