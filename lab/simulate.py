"""A simulation from start to report: each data folder's run of games (one, or two to
compare), their summaries, and ``report.html`` with ``summary.json``."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, Callable

from companion import find_game

from .play import Job, read_data
from .run import Progress

ProgressFor = Callable[[str], AbstractContextManager[Progress | None]]  # a run's title -> its progress


def checked_data(game_id: str, folder: Path | None) -> tuple[tuple[str, bytes], ...]:
    """An edited data folder, checked as ``headframe check`` would, read into the job."""
    if folder is None:
        return ()
    from companion.data import load_game
    from companion.errors import HeadframeError

    if not folder.is_dir():
        raise HeadframeError(f"{folder}: no such folder")
    load_game(game_id, folder)
    find_game(game_id).check_data(str(folder))
    return read_data(folder, game_id)


def simulate(jobs: list[Job], folders: list[Path | None], games: int, out: Path, *, workers: int = 0,
             scheduler: str | None = None, progress_for: ProgressFor = lambda title: nullcontext(),
             tell: Callable[[str], None] = lambda line: None) -> list[dict[str, Any]]:
    """Play ``games`` games of each job (a second job is the comparison's B side) and write the
    report into ``out``; the summaries. A stop (Ctrl-C) ends at the games played."""
    from . import compare, report
    from .run import run as run_games

    game = find_game(jobs[0].game)
    summaries = []
    for index, (job, folder) in enumerate(zip(jobs, folders)):
        where = out / ("ab"[index] if len(jobs) > 1 else "")
        label = f"{folder}" if folder else "the shipped data"
        with progress_for(f"{game.name} ({label})") as progress:
            result = run_games(job, games, where, workers=workers, scheduler=scheduler, progress=progress)
        summary = result.tally.summary()
        summary["meta"] = {"game": game.id, "name": game.name, "variant": job.variant, "bots": list(job.bots),
                           "seed": job.seed, "asked": games, "interrupted": result.interrupted,
                           "seconds": round(result.seconds, 2), "data": label,
                           "items_name": game.taken_name}
        summaries.append(summary)
        tell(f"{game.name}: {result.done} games in {result.seconds:.1f} s"
             f"{' (stopped early)' if result.interrupted else ''}")
        if result.interrupted:
            break
    if len(summaries) == 2:
        diff = compare.data_diff(jobs[0].data, jobs[1].data)
        report.write(out, summaries[0], summaries[1], compare.comparison(summaries[0], summaries[1], diff))
    else:
        report.write(out, summaries[0])
    return summaries
