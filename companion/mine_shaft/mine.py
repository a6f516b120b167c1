"""Questions about the mine as laid out: open edges, legal squares, track paths."""

from __future__ import annotations

from collections import deque

from .state import MineState, Placed
from .tiles import EDGES, OPPOSITE, ROTATIONS, START, Pos, Rules, edge_towards, neighbour, open_edges


def edges_of(rules: Rules, placed: Placed) -> frozenset[str]:
    return open_edges(rules.design(placed.design), placed.rotation)


def open_ends(rules: Rules, state: MineState, pos: Pos) -> list[Pos]:
    """Empty squares that an open edge of the tile at ``pos`` leads to."""
    placed = state.tile(pos)
    if placed is None:
        return []
    return [neighbour(pos, e) for e in EDGES if e in edges_of(rules, placed) and state.tile(neighbour(pos, e)) is None]


def at_open_end(rules: Rules, state: MineState, pos: Pos) -> bool:
    """Standing here, may a player lay a tile? Only from a face-up tile with an open edge to an empty square."""
    placed = state.tile(pos)
    return placed is not None and not placed.collapsed and bool(open_ends(rules, state, pos))


def any_open_end(rules: Rules, state: MineState) -> bool:
    """Is any track still running into an empty square (collapsed tiles count: clearing reopens them)?"""
    return any(open_ends(rules, state, pos) for pos in state.tiles)


def placements(rules: Rules, state: MineState, design_id: str, anchors: tuple[Pos, ...]) -> list[tuple[Pos, int]]:
    """Every (square, rotation) where ``design_id`` may go: next to an anchor, through one of the
    anchor's open edges, with its own edge facing the anchor open."""
    design = rules.design(design_id)
    found: list[tuple[Pos, int]] = []
    for anchor in anchors:
        for square in open_ends(rules, state, anchor):
            facing = edge_towards(square, anchor)
            for rotation in ROTATIONS:
                if facing in open_edges(design, rotation) and (square, rotation) not in found:
                    found.append((square, rotation))
    return found


def connected(rules: Rules, state: MineState, a: Pos, b: Pos) -> bool:
    """Do the tracks of two neighbouring tiles meet (both facing edges open)?"""
    ta, tb = state.tile(a), state.tile(b)
    edge = edge_towards(a, b)
    if ta is None or tb is None or edge is None:
        return False
    return edge in edges_of(rules, ta) and OPPOSITE[edge] in edges_of(rules, tb)


def track_neighbours(rules: Rules, state: MineState, pos: Pos) -> list[Pos]:
    return [n for n in (neighbour(pos, e) for e in EDGES) if connected(rules, state, pos, n)]


def reachable(rules: Rules, state: MineState, start: Pos, steps: int) -> dict[Pos, tuple[Pos, ...]]:
    """Squares a piece can reach in at most ``steps`` moves along track, each with its path.

    A piece may step onto a collapsed tile but never on through it, and cannot leave one."""
    here = state.tile(start)
    paths: dict[Pos, tuple[Pos, ...]] = {start: (start,)}
    if here is None or here.collapsed:
        return paths
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        path = paths[pos]
        if len(path) - 1 >= steps or (pos != start and state.tiles[pos].collapsed):
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
    return 0 if placed.collapsed else rules.design(placed.design).slots - len(placed.minerals)
