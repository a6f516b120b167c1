"""Progress on the terminal: a rich progress bar there, plain lines or nothing otherwise (CI
logs, pipes). ``Progress`` is a build's, ``progress_for`` a simulation's."""

from __future__ import annotations

import os
import sys
from contextlib import AbstractContextManager, contextmanager
from typing import Callable, Iterator, TextIO


def _live(stream: TextIO) -> bool:
    return stream.isatty() and os.environ.get("TERM") != "dumb"


class Progress:
    """A build's progress: one bar per game on a terminal, a line per step elsewhere."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stdout
        self.live = _live(self.stream)
        self._bar = None
        self._task = None

    def __enter__(self) -> "Progress":
        if self.live:
            from rich.progress import BarColumn, Progress as RichProgress, TextColumn

            self._bar = RichProgress(TextColumn("{task.description}"), BarColumn(),
                                     TextColumn("{task.completed}/{task.total}"), transient=True)
            self._bar.start()
        return self

    def update(self, done: int, total: int, label: str) -> None:
        if self._bar is not None:
            if self._task is None:
                self._task = self._bar.add_task(label, total=total)
            self._bar.update(self._task, completed=done, total=total, description=label)
        else:
            print(f"[{done}/{total}] {label}", file=self.stream, flush=True)

    def done(self, message: str) -> None:
        if self._bar is not None:
            self._bar.console.print(message)
            if self._task is not None:
                self._bar.remove_task(self._task)
                self._task = None
        else:
            print(message, file=self.stream, flush=True)

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.stop()


def progress_for(quiet: bool) -> Callable[[str], AbstractContextManager]:
    """A simulation's progress: for each run's title, a bar with the time left on a terminal
    (nothing when ``quiet`` or not a terminal: a run's lines would only fill a log)."""

    @contextmanager
    def bar(title: str) -> Iterator[Callable[[int, int], None] | None]:
        if quiet or not _live(sys.stderr):
            yield None
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress as RichProgress, TimeRemainingColumn

        with RichProgress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), transient=True) as shown:
            task = shown.add_task(title, total=None)
            yield lambda done, total: shown.update(task, completed=done, total=total)

    return bar
