"""A seam that steps around what it must keep clear of.

A seam across a band of tiles runs along the band (down a row of tiles, say) at a position
across it. Where no straight line keeps clear of every glyph, icon and space, the seam runs
straight for a stretch, steps sideways along a line that is clear itself, and goes on: a path
of runs joined by jogs, so the tiles either side get stepped edges that key into each other.

The search works on the positions across the band that are clear. The band's length is cut
into slabs where the same things are near; in each slab the clear positions are closed
intervals (a single point where a seam may follow the line two spaces share). A jog from one
slab to the next runs along their boundary, inside one interval that is clear there. The
search finds the path with the fewest jogs whose nearest point to the band's start is as far
from it as the paper allows. Lengths are millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass

Interval = tuple[float, float]   # closed, low <= high
EPS = 1e-6                       # a seam exactly the clearance away is clear
FLOOR_STEP_MM = 0.25             # how finely the nearest point of a seam is pushed away


@dataclass(frozen=True)
class Obstacle:
    """What one box forbids: across the band the open intervals ``blocked``, wherever the
    seam passes along it between ``a0`` and ``a1`` (open; the clearance already added)."""

    a0: float
    a1: float
    blocked: tuple[Interval, ...]


@dataclass(frozen=True)
class Seam:
    """Runs ``(start, end, at)`` in order along the band; between two runs the seam jogs
    across at the first run's end."""

    runs: tuple[tuple[float, float, float], ...]

    @property
    def lo(self) -> float:
        return min(r[2] for r in self.runs)

    @property
    def hi(self) -> float:
        return max(r[2] for r in self.runs)

    @property
    def jogs(self) -> int:
        return len(self.runs) - 1

    def at(self, along: float) -> float:
        """Where the seam is at ``along`` (at a jog, the run before it)."""
        for start, end, at in self.runs:
            if along <= end:
                return at
        return self.runs[-1][2]

    @staticmethod
    def straight(start: float, end: float, at: float) -> "Seam":
        return Seam(((start, end, at),))


def free(blocked: list[Interval], lo: float, hi: float) -> list[Interval]:
    """The closed intervals of [lo, hi] outside every open interval of ``blocked``."""
    out: list[Interval] = []
    pos = lo
    for a, b in sorted(blocked):
        if b <= pos:
            continue
        if a >= pos:
            if a > hi:
                break
            out.append((pos, a))
        pos = b
        if pos > hi:
            break
    if pos <= hi:
        out.append((pos, hi))
    return out


def intersect(xs: list[Interval], ys: list[Interval]) -> list[Interval]:
    out, i, j = [], 0, 0
    while i < len(xs) and j < len(ys):
        a, b = max(xs[i][0], ys[j][0]), min(xs[i][1], ys[j][1])
        if a <= b:
            out.append((a, b))
        if xs[i][1] < ys[j][1]:
            i += 1
        else:
            j += 1
    return out


def union(xs: list[Interval], ys: list[Interval]) -> list[Interval]:
    out: list[Interval] = []
    for a, b in sorted(xs + ys):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def touching(parts: list[Interval], marks: list[Interval]) -> list[Interval]:
    """The intervals of ``parts`` that share a point with one of ``marks``."""
    return [p for p in parts if any(m[0] <= p[1] and p[0] <= m[1] for m in marks)]


def _inside(xs: list[Interval], v: float) -> Interval | None:
    return next((x for x in xs if x[0] - EPS <= v <= x[1] + EPS), None)


class Field:
    """The clear positions across one band from ``start`` to ``end`` along it."""

    def __init__(self, obstacles: list[Obstacle], start: float, end: float):
        near = [o for o in obstacles if o.a1 > start and o.a0 < end]
        breaks = sorted({v for o in near for v in (o.a0, o.a1) if start + EPS < v < end - EPS})
        self.cuts = [start, *breaks, end]
        mids = [(a + b) / 2 for a, b in zip(self.cuts, self.cuts[1:])]
        # a slab's obstacles cover it whole; at a boundary only those that run on past it count
        self.slabs = [sorted(iv for o in near if o.a0 < m < o.a1 for iv in o.blocked) for m in mids]
        self.edges = [sorted(iv for o in near if o.a0 + EPS < v < o.a1 - EPS for iv in o.blocked)
                      for v in breaks]

    def reach(self, lo: float, hi: float, jogs: int) -> list[list[list[Interval]]]:
        """Per slab, per number of jogs up to ``jogs``: where a seam kept within [lo, hi]
        can be in that slab having jogged at most so often."""
        slabs = [free(b, lo, hi) for b in self.slabs]
        first = slabs[0]
        history = [[first] * (jogs + 1)]
        for s in range(1, len(slabs)):
            prev, here = history[-1], slabs[s]
            if not prev[jogs]:
                return history + [[[] for _ in range(jogs + 1)]]
            at_edge = free(self.edges[s - 1], lo, hi)
            now = []
            for k in range(jogs + 1):
                got = intersect(prev[k], here)
                if k:
                    got = union(got, intersect(touching(at_edge, prev[k - 1]), here))
                now.append(got)
            history.append(now)
        return history

    def path(self, lo: float, hi: float, jogs: int) -> Seam | None:
        """The seam with the fewest jogs (at most ``jogs``) within [lo, hi], ending as far
        across as it can; None when there is none."""
        history = self.reach(lo, hi, jogs)
        if len(history) < len(self.cuts) - 1:
            return None
        k = next((k for k in range(jogs + 1) if history[-1][k]), None)
        if k is None:
            return None
        x = history[-1][k][-1][1]
        breaks: list[tuple[int, float]] = []   # (slab it starts, at)
        for s in range(len(history) - 1, 0, -1):
            if _inside(history[s - 1][k], x):
                continue
            edge = _inside(free(self.edges[s - 1], lo, hi), x)
            options = intersect(history[s - 1][k - 1], [edge]) if edge else []
            breaks.append((s, x))
            x = min((max(a, min(b, x)) for a, b in options), key=lambda v: abs(v - x))
            k -= 1
        return self._seam(x, breaks)

    def _seam(self, first: float, breaks: list[tuple[int, float]]) -> Seam:
        runs, start, at = [], self.cuts[0], first
        for slab, nxt in reversed(breaks):
            runs.append((start, self.cuts[slab], at))
            start, at = self.cuts[slab], nxt
        runs.append((start, self.cuts[-1], at))
        return Seam(tuple(runs))

    def furthest(self, lo: float, hi: float, jogs: int) -> Seam | None:
        """Of the seams within [lo, hi] with at most ``jogs`` jogs, the one whose nearest
        point is furthest across (the tile after it then has the most room)."""
        found = self.path(lo, hi, jogs)
        if found is None:
            return None
        low, high = found.lo, hi
        while high - low > FLOOR_STEP_MM:
            mid = (low + high) / 2
            better = self.path(mid, hi, jogs)
            if better is None:
                high = mid
            else:
                found, low = better, better.lo
        return found
