"""Questions about the mine as laid out: open edges, legal squares, track paths."""

from __future__ import annotations

from collections import deque

from ..data import START, Pos, Rules
from ..data.geometry import OPPOSITE, ROTATIONS, edge_towards
from ..state import MineState, Placed


def edges_of(rules: Rules, placed: Placed) -> frozenset[str]:
    return rules.designs[placed.design].turns[(placed.rotation // 90) % 4]


def _around(pos: Pos) -> tuple[tuple[str, Pos], ...]:
    """Each edge of the square with the square beyond it, in the order north, east, south, west."""
    x, y = pos
    return ("N", (x, y - 1)), ("E", (x + 1, y)), ("S", (x, y + 1)), ("W", (x - 1, y))


def _exits(rules: Rules, state: MineState, pos: Pos) -> list[tuple[str, Pos, Placed | None]]:
    """Each open edge of the tile at ``pos`` with the square it leads to and the tile there, if any."""
    tiles = state.tiles
    placed = tiles.get(pos)
    if placed is None:
        return []
    edges = edges_of(rules, placed)
    return [(edge, square, tiles.get(square)) for edge, square in _around(pos) if edge in edges]


def _ways(rules: Rules, state: MineState, pos: Pos) -> tuple[tuple[Pos, ...], tuple[Pos, ...]]:
    """The open ends of the tile at ``pos`` (empty squares its track runs into) and its track
    neighbours (tiles whose track meets it). Both follow from the layout alone, so each square's
    are worked out once while no tile is laid, moved or turned."""
    known = state.worked("_ways", rules, dict)
    found = known.get(pos)
    if found is None:
        exits = _exits(rules, state, pos)
        found = known[pos] = (
            tuple(square for _, square, there in exits if there is None),
            tuple(square for edge, square, there in exits
                  if there is not None and OPPOSITE[edge] in edges_of(rules, there)))
    return found


def open_ends(rules: Rules, state: MineState, pos: Pos) -> tuple[Pos, ...]:
    """Empty squares that an open edge of the tile at ``pos`` leads to."""
    return _ways(rules, state, pos)[0]


def at_open_end(rules: Rules, state: MineState, pos: Pos) -> bool:
    """Standing here, may a player lay a tile? Only from a face-up tile with an open edge to an empty square."""
    placed = state.tile(pos)
    return placed is not None and not placed.collapsed and bool(open_ends(rules, state, pos))


def any_open_end(rules: Rules, state: MineState) -> bool:
    """Is any track still running into an empty square (collapsed tiles count: clearing reopens them)?"""
    return state.worked("_open", rules, lambda: any(open_ends(rules, state, pos) for pos in state.tiles))


def placements(rules: Rules, state: MineState, design_id: str, anchors: tuple[Pos, ...]) -> list[tuple[Pos, int]]:
    """Every (square, rotation) where ``design_id`` may go: next to an anchor, through one of the
    anchor's open edges, with its own edge facing the anchor open."""
    turns = rules.design(design_id).turns
    found: list[tuple[Pos, int]] = []
    for anchor in anchors:
        for square in open_ends(rules, state, anchor):
            facing = edge_towards(square, anchor)
            for rotation, edges in zip(ROTATIONS, turns):
                if facing in edges and (square, rotation) not in found:
                    found.append((square, rotation))
    return found


def connected(rules: Rules, state: MineState, a: Pos, b: Pos) -> bool:
    """Do the tracks of two neighbouring tiles meet (both facing edges open)?"""
    ta, tb = state.tile(a), state.tile(b)
    edge = edge_towards(a, b)
    if ta is None or tb is None or edge is None:
        return False
    return edge in edges_of(rules, ta) and OPPOSITE[edge] in edges_of(rules, tb)


def track_neighbours(rules: Rules, state: MineState, pos: Pos) -> tuple[Pos, ...]:
    """The tiles the track of the tile at ``pos`` runs on into (their facing edges open too)."""
    return _ways(rules, state, pos)[1]


def reachable(rules: Rules, state: MineState, start: Pos, steps: int) -> dict[Pos, tuple[Pos, ...]]:
    """Squares a piece can reach in at most ``steps`` moves along track, each with its path.

    A piece may step onto a collapsed tile but never on through it, and cannot leave one."""
    here = state.tile(start)
    paths: dict[Pos, tuple[Pos, ...]] = {start: (start,)}
    if here is None or here.collapsed:
        return paths
    tiles = state.tiles
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        path = paths[pos]
        if len(path) - 1 >= steps or (pos != start and tiles[pos].collapsed):
            continue
        for nxt in track_neighbours(rules, state, pos):
            if nxt not in paths:
                paths[nxt] = path + (nxt,)
                queue.append(nxt)
    return paths


def distances_to(rules: Rules, state: MineState, goal: Pos) -> dict[Pos, int]:
    """Track distance from every tile to ``goal`` (collapsed tiles included: a piece may stop on one)."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        pos = queue.popleft()
        for nxt in track_neighbours(rules, state, pos):
            if nxt not in dist:
                dist[nxt] = dist[pos] + 1
                queue.append(nxt)
    return dist


def occupied(state: MineState, pos: Pos) -> bool:
    return any(m.pos == pos for m in state.players)


def is_start(state: MineState, pos: Pos) -> bool:
    placed = state.tile(pos)
    return placed is not None and placed.design == START


def free_slots(rules: Rules, placed: Placed) -> int:
    return 0 if placed.collapsed else rules.designs[placed.design].slots - len(placed.minerals)


__all__ = ["any_open_end", "at_open_end", "connected", "distances_to", "edges_of", "free_slots", "is_start",
           "occupied", "open_ends", "placements", "reachable", "track_neighbours"]
