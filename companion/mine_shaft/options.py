"""What the player whose turn it is may do now, as buttons for the phone (and moves for bots)."""

from __future__ import annotations

from ..core import Option
from . import advanced, dice, mine, movement, turn, words
from .state import MineState
from .tiles import KINDS, Rules, open_edges


def options(rules: Rules, state: MineState, seat: int | None) -> list[Option]:
    if state.phase == "over":
        return []
    if seat is not None and seat != state.turn:
        return [Option({"type": "roll"}, "Roll the dice", False, f"It is {state.current.name}'s turn.")]
    me = state.current
    phase = state.phase
    if phase == "clear":
        return [Option({"type": "clear"}, "Clear the collapsed tile and refill it")]
    if phase in ("start", "extra"):
        found = [Option({"type": "draw_tile"}, "Draw a tile")]
        if phase == "start":
            first = not me.started and turn.can_draw(rules, state)
            found.append(Option({"type": "roll"}, "Roll the dice", not first,
                                "On your first turn you must lay a tile before rolling." if first else ""))
        return found
    if phase == "place":
        design = rules.design(state.drawn)
        found, seen = [], set()
        for (x, y), r in mine.placements(rules, state, state.drawn, state.anchors):
            track = ((x, y), open_edges(design, r))
            if track in seen:  # a turn that gives the same track (a cross, a straight flipped) is one choice
                continue
            seen.add(track)
            found.append(Option({"type": "place_tile", "x": x, "y": y, "rotation": r},
                                "Lay " + words.laying(design, (x, y), r)))
        return found
    if phase == "effect":
        return _effect_options(rules, state)
    if phase == "roll":
        return [Option({"type": "roll"}, "Roll the dice")]
    if phase == "die_a":
        if state.die_a == "quake":
            return [Option({"type": "collapse", "x": x, "y": y}, f"Collapse {words.tile(rules, state, (x, y))}")
                    for x, y in dice.quake_targets(state)]
        return [Option({"type": "fill_tile", "x": x, "y": y}, f"Fill {words.tile(rules, state, (x, y))}")
                for x, y in dice.fill_targets(rules, state)] + [Option({"type": "skip"}, "Leave the colour unused")]
    if phase == "move":
        found = [Option({"type": "move", "x": x, "y": y},
                        "Stay here" if len(path) == 1 else f"Move {len(path) - 1} to {words.tile(rules, state, (x, y))}")
                 for (x, y), path in sorted(movement.targets(rules, state).items(), key=lambda kv: len(kv[1]))]
        if movement.on_tunnel(rules, state):
            found += [Option({"type": "tunnel", "x": x, "y": y}, f"Take the tunnel to {words.tile(rules, state, (x, y))}")
                      for x, y in state.tiles if (x, y) != me.pos]
        return found
    if phase == "mine":
        here = state.tiles[me.pos]
        return [Option({"type": "take", "mineral": k}, f"Take one {k}") for k in KINDS if k in here.minerals] + [
            Option({"type": "pass"}, "Take nothing")]
    return []


def _effect_options(rules: Rules, state: MineState) -> list[Option]:
    if state.effect == "swap":
        return [Option({"type": "swap", "x": x, "y": y}, f"Swap with {words.tile(rules, state, (x, y))}")
                for x, y in advanced.swap_targets(state)]
    if state.effect == "fuse":
        return [Option({"type": "fuse", "x": x, "y": y}, f"Collapse {words.tile(rules, state, (x, y))}")
                for x, y in advanced.fuse_targets(state)]
    if state.effect == "porous":
        return [Option({"type": "porous"}, "Draw 2 minerals from the bag")]
    if state.effect == "kart":
        found = [Option({"type": "kart", "tiles": [list(p) for p in line]},
                        "Gather from " + words.tiles(rules, state, line))
                 for line in advanced.kart_lines(rules, state)]
        return found
    return []
