"""Build progress: a rich progress bar on a terminal, plain lines otherwise (CI logs, pipes)."""

from __future__ import annotations

import sys


class Progress:
    def __init__(self, stream=None):
        self.stream = stream or sys.stdout
        self.live = self.stream.isatty()
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
