"""Running a job's games on this machine's cores or on a Dask cluster, streaming every finished
game to ``games.csv`` in game order and into the tally, so memory stays flat.

The order games finish in never shows: rows wait in a small buffer until every earlier game
is written, so the same seed gives the same file with one worker, several, or a cluster.
"""

from __future__ import annotations

import csv
import os
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from companion.csvcells import text_cell
from companion.errors import HeadframeError
from companion.workers import started

from .play import Job, game_for, play_chunk, seats_of
from .arms import Shares
from .tally import Tally

Progress = Callable[[int, int], None]  # (games done, games asked for)


@dataclass
class Run:
    job: Job
    games: int
    done: int
    interrupted: bool
    seconds: float
    tally: Tally


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Split ``games`` into chunks small enough to balance the workers and show progress."""
    size = max(1, min(50, games // max(1, workers * 8)))
    return [(start, min(size, games - start)) for start in range(0, games, size)]


WORKERS_PER_CORE = 4  # more processes than this only wait for each other, and each holds a game's memory


def most_workers() -> int:
    """The most worker processes a run may start on this machine."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def too_many(workers: int) -> str | None:
    """Why a run may not start ``workers`` processes here, or None."""
    if workers <= most_workers():
        return None
    return (f"{workers} is more than {most_workers()} ({WORKERS_PER_CORE} per core on this machine's "
            f"{os.cpu_count() or 1}); more processes than that only wait for each other")


def _local(job: Job, parts: list[tuple[int, int]], workers: int) -> Iterator[list[dict]]:
    if workers <= 1:
        for start, count in parts:
            yield play_chunk(job, start, count)
        return
    # workers ignore Ctrl-C and leave with this process (companion.workers)
    pool = ProcessPoolExecutor(workers, initializer=started, initargs=(os.getpid(),))
    pending: set[Future] = set()
    queue = list(parts)
    try:
        while queue or pending:
            while queue and len(pending) < workers * 2:
                start, count = queue.pop(0)
                pending.add(pool.submit(play_chunk, job, start, count))
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
    finally:
        # After Ctrl-C the chunks still running are abandoned, not waited for.
        pool.shutdown(wait=not pending, cancel_futures=True)


def _cluster(job: Job, parts: list[tuple[int, int]], address: str) -> Iterator[list[dict]]:
    from distributed import Client, as_completed

    try:
        client = Client(address, timeout=15)
    except (OSError, TimeoutError, ValueError) as exc:
        raise HeadframeError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    with client:
        futures = client.map(play_chunk, [job] * len(parts), [p[0] for p in parts], [p[1] for p in parts],
                             pure=False)
        try:
            for _, rows in as_completed(futures, with_results=True):
                yield rows
        finally:
            client.cancel(futures)


RESTRICTED = ["restricted_seat", "moves_changed", "moves_at_random", "moves_forced", "held_anyway"]


def columns(players: int, restricted: bool = False) -> list[str]:
    return (["game", "seed", "first_seat"] + [f"bot_{s + 1}" for s in range(players)]
            + [f"score_{s + 1}" for s in range(players)] + ["winners", "margin", "rounds", "turns", "end"]
            + [f"taken_{s + 1}" for s in range(players)]
            + ["lead_changes", "last_lead_change", "winner_behind_by", "decided_early"]
            + [f"started_{s + 1}" for s in range(players)] + (RESTRICTED if restricted else []))


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def csv_row(row: dict[str, Any]) -> list[Any]:
    measures = row["feel"]
    early = measures["decided_early"]
    # Names come from the data (a card's name) and may start like a formula: the same rule as a table's export.csv.
    return ([row["index"] + 1, row["seed"], row["first"] + 1] + [text_cell(b) for b in row["bots"]]
            + [_number(s) for s in row["scores"]]
            + [" ".join(str(w + 1) for w in row["winners"]), _number(row["margin"]), row["rounds"], row["turns"],
               text_cell(row["end"])] + [text_cell("|".join(items)) for items in row["taken"]]
            + [measures["lead_changes"], f"{measures['last_change']:.3f}", _number(measures["behind_by"]),
               "" if early is None else "yes" if early else "no"] + row["started"] + _restricted(row))


def _restricted(row: dict[str, Any]) -> list[Any]:
    counts = row.get("restricted")
    if counts is None:
        return []
    return [counts["seat"] + 1, counts["changed"], counts["fallback"], counts["forced"],
            "yes" if counts["held"] else "no"]


def run(job: Job, games: int, out: Path, *, workers: int = 0, scheduler: str | None = None,
        progress: Progress | None = None, baseline: Shares | None = None) -> Run:
    """Play ``games`` games of ``job`` and write ``out/games.csv``; the tally is returned.
    ``baseline``: for a restricted run, the win shares of the unrestricted run of the same seeds."""
    workers = workers or os.cpu_count() or 1
    if too_many(workers):
        raise HeadframeError(f"workers: {too_many(workers)}")
    parts = chunks(games, 1 if scheduler is None and workers <= 1 else workers)
    workers = min(workers, len(parts))  # never a process without a chunk to play
    source = _cluster(job, parts, scheduler) if scheduler else _local(job, parts, workers)
    seats = seats_of(job)
    tally = Tally(seats, leader_words=game_for(job).round_leader_words, baseline=baseline)
    out.mkdir(parents=True, exist_ok=True)
    waiting: dict[int, dict] = {}
    written = 0
    began = time.monotonic()
    interrupted = False
    with open(out / "games.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(columns(seats, job.restriction is not None))

        def write(row: dict) -> None:
            writer.writerow(csv_row(row))
            tally.add(row)

        try:
            for rows in source:
                for row in rows:
                    waiting[row["index"]] = row
                while written in waiting:
                    write(waiting.pop(written))
                    written += 1
                if progress:
                    progress(written + len(waiting), games)
        except KeyboardInterrupt:
            interrupted = True
            if hasattr(source, "close"):
                source.close()
        for index in sorted(waiting):  # after a stop: the games that did finish, in order
            write(waiting.pop(index))
    return Run(job, games, tally.games, interrupted, time.monotonic() - began, tally)
