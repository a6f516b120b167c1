"""The mine as the phone draws it: a plain dict the web page turns into an SVG grid.

Each square is 100 units; a tile's track is given unrotated (as printed) with its rotation,
so the page draws exactly what lies on the table. Squares a tap can act on carry the
actions the rules allow there.
"""

from __future__ import annotations

from typing import Any

from ..data import KINDS, LETTER, START, Rules, describe
from ..data.geometry import MIDPOINT_UNITS
from ..moves import dice, mine, movement, turn
from ..state import MineState
from . import words

PHASE_TEXT = {
    "clear": "{name} stands on a collapsed tile: clear it (refill from the bag) — that is the whole turn.",
    "clear-final": "{name} stands on a collapsed tile: clear it (refill from the bag), then roll: a final turn always rolls.",
    "start": "{name} may draw a tile to lay at the end of the shaft, or roll the dice.",
    "start-first": "{name}'s first turn: draw a tile and lay it at the end of the shaft, then roll the dice.",
    "place": "{name} lays the drawn {tile}: tap a highlighted square, tap again to turn it, then confirm.",
    "effect": "{name} resolves the {icon} tile.",
    "extra": "Porous rock: {name} draws one more tile to lay.",
    "roll": "{name} rolls the dice.",
    "die_a": "Die A shows {die_a}: {name} chooses where it lands.",
    "move": "{name} may move up to {die_b} along the track (tap a highlighted tile).",
    "mine": "{name} picks one mineral from the tile.",
    "over": "The game is over.",
}
# Which action a tap on a square sends, per phase (or per effect).
CELL_ACTION = {"place": "place_tile", "move": "move", "swap": "swap", "fuse": "fuse"}


def _phase_suffix(rules: Rules, state: MineState) -> str:
    """Which wording of the phase applies: a final turn's clearing, or a first turn's start
    (the player must lay a tile before rolling while the bag still has one to draw)."""
    if state.phase == "clear" and turn.final_turn(state):
        return "-final"
    if state.phase == "start" and not state.current.started and turn.can_draw(rules, state):
        return "-first"
    return ""


def track_path(rules: Rules, design_id: str) -> str:
    design = rules.design(design_id)
    if design.shape == "curve":
        return "M50 0 A50 50 0 0 0 100 50"
    return " ".join(f"M50 50 L{MIDPOINT_UNITS[e][0]} {MIDPOINT_UNITS[e][1]}" for e in design.openings)


def _tile(rules: Rules, state: MineState, pos, placed) -> dict[str, Any]:
    design = rules.design(placed.design)
    palette = rules.palette
    spots = ((22, 78), (78, 78), (78, 22), (22, 22))
    return {
        "x": pos[0], "y": pos[1], "rotation": placed.rotation, "collapsed": placed.collapsed,
        "path": track_path(rules, placed.design), "end": design.shape == "end",
        "colour": palette.get(design.colour, "#8a7a66") if design.colour != "none" else "",
        "start": placed.design == START, "icon": rules.icon_names.get(design.icon or "", ""),
        "label": describe(design), "slots": design.slots, "words": words.tile(rules, state, pos),
        "minerals": [{"kind": k, "letter": LETTER[k].upper(), "fill": palette[k], "cx": spots[i][0],
                      "cy": spots[i][1]} for i, k in enumerate(placed.minerals[:4])],
    }


def _next_draw(rules: Rules, state: MineState) -> int:
    """How many counters the next blind draw takes, for a table that draws from a real bag."""
    left = sum(state.bag)
    if state.phase == "clear":
        placed = state.tiles[state.current.pos]
        return min(rules.design(placed.design).slots, left)
    if state.phase == "effect" and state.effect == "porous":
        return min(rules.icons.porous_minerals, left)
    if state.phase == "place" and state.drawn:
        return min(rules.design(state.drawn).slots, left)
    if state.phase == "die_a" and state.die_a in dice.COLOURS:  # the most the chosen tile can take
        return min(max((mine.free_slots(rules, state.tiles[p]) for p in dice.targets(rules, state)), default=0), left)
    return 0


def pile_choices(rules: Rules, state: MineState) -> list[dict[str, Any]]:
    """The kinds of tile still face down, for a table drawing real tiles: one entry per look
    (colour, shape, slots, icon; the player marking no longer matters once play begins)."""
    seen: dict[str, dict[str, Any]] = {}
    for design_id in sorted(state.pile):  # never in pile order: that order is hidden
        design = rules.design(design_id)
        label = f"{describe(design)}, {design.slots} slot{'s' if design.slots != 1 else ''}"
        if design.icon:
            label += f", {rules.icon_names[design.icon]}"
        entry = seen.setdefault(label, {"id": design_id, "label": label, "left": 0})
        entry["left"] += 1
    return sorted(seen.values(), key=lambda e: e["label"])


def _cell_action(rules: Rules, state: MineState) -> str:
    """The action a tap on a square sends in this step of the turn."""
    if state.phase == "die_a":
        return "collapse" if state.die_a == "quake" else "fill_tile"
    if state.phase == "move" and movement.on_tunnel(rules, state):
        return "move"
    return CELL_ACTION.get(state.effect if state.phase == "effect" else state.phase) or ""


def _targets(options: list) -> list[dict[str, Any]]:
    """The squares an allowed option acts on, each with its actions and their buttons' words."""
    actions: dict[tuple[int, int], list] = {}
    labels: dict[tuple[int, int], list] = {}
    for option in options:
        action = option.action
        if option.allowed and "x" in action and "y" in action:
            actions.setdefault((action["x"], action["y"]), []).append(dict(action))
            labels.setdefault((action["x"], action["y"]), []).append(option.label)
    return [{"x": p[0], "y": p[1], "actions": a, "labels": labels[p]} for p, a in sorted(actions.items())]


def _pieces(rules: Rules, state: MineState) -> list[dict[str, Any]]:
    """Every player's piece; pieces sharing a square take the next slot on it."""
    crowd: dict[tuple[int, int], int] = {}
    pieces = []
    for seat, miner in enumerate(state.players):
        k = crowd.get(miner.pos, 0)
        crowd[miner.pos] = k + 1
        pieces.append({"seat": seat, "x": miner.pos[0], "y": miner.pos[1], "slot": k, "name": miner.name,
                       "where": f"{miner.name} on {words.tile(rules, state, miner.pos)}",
                       "initial": miner.name[:1].upper(), "turn": seat == state.turn})
    return pieces


def _drawn(rules: Rules, state: MineState) -> dict[str, Any] | None:
    """The tile waiting to be laid, as the preview draws it."""
    if not state.drawn:
        return None
    design = rules.design(state.drawn)
    return {"path": track_path(rules, state.drawn), "end": design.shape == "end", "label": describe(design),
            "colour": rules.palette.get(design.colour, "") if design.colour != "none" else ""}


def board(rules: Rules, state: MineState, options: list) -> dict[str, Any]:
    me = state.current
    targets = _targets(options)
    squares = set(state.tiles) | {(t["x"], t["y"]) for t in targets}
    xs = [p[0] for p in squares]
    ys = [p[1] for p in squares]
    drawn = _drawn(rules, state)
    return {
        "draw": _next_draw(rules, state),
        "pile_choices": pile_choices(rules, state) if any(
            o.allowed and o.action.get("type") == "draw_tile" for o in options) else [],
        "faces_a": sorted(set(rules.die_a), key=rules.die_a.index),
        "faces_b": sorted(set(rules.die_b)),
        "min_x": min(xs) - 1, "min_y": min(ys) - 1, "width": max(xs) - min(xs) + 3,
        "height": max(ys) - min(ys) + 3,
        "tiles": [_tile(rules, state, p, t) for p, t in state.grid],
        "pieces": _pieces(rules, state),
        "targets": targets,
        "cell_action": _cell_action(rules, state),
        "drawn": drawn,
        "dice": {"a": state.die_a, "a_fill": rules.palette.get(state.die_a or "", ""), "b": state.die_b},
        "bag": dict(zip(KINDS, state.bag)), "tiles_left": len(state.pile),
        "text": PHASE_TEXT.get(state.phase + _phase_suffix(rules, state), "").format(
            name=me.name, tile=drawn["label"] if drawn else "tile", die_a=state.die_a, die_b=state.die_b,
            icon=rules.icon_names.get(state.effect or "", "advanced")),
        "ending": state.ending, "final_round": state.final_round, "note": state.note,
    }
