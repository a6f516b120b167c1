"""What a seat may do now: the candidates (every move worth offering in this phase), and the
phone's buttons built from them, each allowed or greyed by the one legality check
(``game.refusal``). The bots choose among the same candidates."""

from __future__ import annotations

from typing import Any, Callable

from ..core import Option
from .data import KINDS, Rules, open_edges
from .moves import advanced, dice, mine, movement
from .state import MineState
from .views import words


def candidates(game: Any, state: MineState, seat: int | None) -> list[dict]:
    """The moves worth offering ``seat`` (None: the seat whose turn it is) now. Another
    seat is offered the roll, for the rules to say why not."""
    if game.is_over(state):
        return []
    if seat is None:
        seat = state.turn
    if seat != state.turn:
        return [{"type": "roll", "seat": seat}]
    found = PHASES.get(state.phase)
    return found(game.data, state, seat) if found is not None else []


def options(game: Any, state: MineState, seat: int | None) -> list[Option]:
    rules = game.data
    found = []
    for action in candidates(game, state, seat):
        reason = game.refusal(state, action)
        found.append(Option(action, label(rules, state, action), reason is None, reason or ""))
    return found


def _clear(rules: Rules, state: MineState, seat: int) -> list[dict]:
    return [{"type": "clear", "seat": seat}]


def _start(rules: Rules, state: MineState, seat: int) -> list[dict]:
    found = [{"type": "draw_tile", "seat": seat}]
    if state.phase == "start":
        found.append({"type": "roll", "seat": seat})
    return found


def _place(rules: Rules, state: MineState, seat: int) -> list[dict]:
    design = rules.design(state.drawn)
    found, seen = [], set()
    for (x, y), r in mine.placements(rules, state, state.drawn, state.anchors):
        track = ((x, y), open_edges(design, r))
        if track in seen:  # a turn that gives the same track (a cross, a straight flipped) is one choice
            continue
        seen.add(track)
        found.append({"type": "place_tile", "x": x, "y": y, "rotation": r, "seat": seat})
    return found


def _effect(rules: Rules, state: MineState, seat: int) -> list[dict]:
    if state.effect in ("swap", "fuse"):
        squares = advanced.swap_targets(state) if state.effect == "swap" else advanced.fuse_targets(state)
        return [{"type": state.effect, "x": x, "y": y, "seat": seat} for x, y in squares]
    if state.effect == "porous":
        return [{"type": "porous", "seat": seat}]
    if state.effect == "kart":
        return [{"type": "kart", "tiles": [list(p) for p in line], "seat": seat}
                for line in advanced.kart_lines(rules, state)]
    return []


def _roll(rules: Rules, state: MineState, seat: int) -> list[dict]:
    return [{"type": "roll", "seat": seat}]


def _die_a(rules: Rules, state: MineState, seat: int) -> list[dict]:
    if state.die_a == "quake":
        return [{"type": "collapse", "x": x, "y": y, "seat": seat} for x, y in dice.quake_targets(state)]
    return [{"type": "fill_tile", "x": x, "y": y, "seat": seat} for x, y in dice.fill_targets(rules, state)] + [
        {"type": "skip", "seat": seat}]


def _move(rules: Rules, state: MineState, seat: int) -> list[dict]:
    paths = sorted(movement.targets(rules, state).items(), key=lambda kv: len(kv[1]))
    found = [{"type": "move", "x": x, "y": y, "seat": seat} for (x, y), _ in paths]
    if movement.on_tunnel(rules, state):
        here = state.current.pos
        found += [{"type": "tunnel", "x": x, "y": y, "seat": seat} for x, y in state.tiles if (x, y) != here]
    return found


def _mine(rules: Rules, state: MineState, seat: int) -> list[dict]:
    here = state.tiles[state.current.pos]
    return [{"type": "take", "mineral": k, "seat": seat} for k in KINDS if k in here.minerals] + [
        {"type": "pass", "seat": seat}]


PHASES: dict[str, Callable[[Rules, MineState, int], list[dict]]] = {
    "clear": _clear, "start": _start, "extra": _start, "place": _place, "effect": _effect, "roll": _roll,
    "die_a": _die_a, "move": _move, "mine": _mine}


def _moved(rules: Rules, state: MineState, action: dict) -> str:
    square = action["x"], action["y"]
    path = movement.targets(rules, state).get(square, ())
    return "Stay here" if len(path) == 1 else f"Move {len(path) - 1} to {words.tile(rules, state, square)}"


def _at(action: dict) -> tuple[int, int]:
    return action["x"], action["y"]


LABELS: dict[str, Callable[[Rules, MineState, dict], str]] = {
    "clear": lambda r, s, a: "Clear the collapsed tile and refill it",
    "draw_tile": lambda r, s, a: "Draw a tile",
    "roll": lambda r, s, a: "Roll the dice",
    "place_tile": lambda r, s, a: "Lay " + words.laying(r.design(s.drawn), _at(a), a["rotation"]),
    "swap": lambda r, s, a: f"Swap with {words.tile(r, s, _at(a))}",
    "fuse": lambda r, s, a: f"Collapse {words.tile(r, s, _at(a))}",
    "porous": lambda r, s, a: f"Draw {r.icons.porous_minerals} mineral{'s' if r.icons.porous_minerals != 1 else ''} "
                              f"from the bag",
    "kart": lambda r, s, a: "Gather from " + words.tiles(r, s, a["tiles"]),
    "collapse": lambda r, s, a: f"Collapse {words.tile(r, s, _at(a))}",
    "fill_tile": lambda r, s, a: f"Fill {words.tile(r, s, _at(a))}",
    "skip": lambda r, s, a: "Leave the colour unused",
    "move": _moved,
    "tunnel": lambda r, s, a: f"Take the tunnel to {words.tile(r, s, _at(a))}",
    "take": lambda r, s, a: f"Take one {a['mineral']}",
    "pass": lambda r, s, a: "Take nothing",
}


def label(rules: Rules, state: MineState, action: dict) -> str:
    """The button's words for a candidate."""
    return LABELS[action["type"]](rules, state, action)


__all__ = ["candidates", "label", "options"]
