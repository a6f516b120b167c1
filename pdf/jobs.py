"""A part's pieces as a sequence made on demand: a deck holds its rows and hands out each
card's drawing functions when asked, so a deck of 9,600 cards costs its rows, not 9,600
pairs of closures kept for the whole build."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from itertools import accumulate

from .sheets import Draw, Job


class DeckJobs(Sequence):
    """One job per copy of each row (``qty``), in row order: the front drawn by ``front``,
    the back by ``static_back`` (one drawing for every card) or ``back`` (per row), or none."""

    def __init__(self, rows, front, back=None, static_back: Draw | None = None):
        self.rows = list(rows)
        self.front, self.back, self.static_back = front, back, static_back
        self.ends = list(accumulate(row.qty for row in self.rows))

    def __len__(self) -> int:
        return self.ends[-1] if self.ends else 0

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        number = bisect.bisect_right(self.ends, index)
        row, copy = self.rows[number], index - (self.ends[number - 1] if number else 0)
        front, back = self.front, self.back

        def draw_front(pen) -> None:
            front.draw(pen, row, copy)

        def draw_back(pen) -> None:
            back.draw(pen, row, copy)

        return Job(draw_front, self.static_back or (draw_back if back is not None else None))


class NotedJobs(Sequence):
    """``jobs`` with each drawing wrapped by ``wrap`` (``build._noting``: a data problem is
    noted and the drawing goes on), wrapped as each job is handed out."""

    def __init__(self, jobs: Sequence, wrap):
        self.jobs, self.wrap = jobs, wrap

    def __len__(self) -> int:
        return len(self.jobs)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._wrapped(job) for job in self.jobs[index]]
        return self._wrapped(self.jobs[index])

    def _wrapped(self, job: Job) -> Job:
        return Job(self.wrap(job.front), self.wrap(job.back))
