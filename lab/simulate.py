"""A simulation from start to report: each data folder's run of games (one, or two to
compare), their summaries, and ``report.html`` with ``summary.json``."""

from __future__ import annotations

import tempfile
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable, Sequence

from companion import find_game
from companion.core import Game

from .arms import Shares, verdicts
from .play import Job, read_data
from .restrict import Restriction, turn_order
from .run import Progress, Run
from .sweep import Sweep, number_text, variants
from .tally import Tally

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


@dataclass(frozen=True)
class Context:
    """Where and how a simulation's runs play, and what they say as they go."""

    workers: int = 0
    scheduler: str | None = None
    progress_for: ProgressFor = lambda title: nullcontext()
    tell: Callable[[str], None] = lambda line: None

    def run(self, job: Job, games: int, out: Path, title: str, baseline: Shares | None = None) -> Run:
        from .run import run as run_games

        with self.progress_for(title) as progress:
            result = run_games(job, games, out, workers=self.workers, scheduler=self.scheduler, progress=progress,
                               baseline=baseline)
        self.tell(f"{title}: {result.done} games in {result.seconds:.1f} s"
                  f"{' (stopped early)' if result.interrupted else ''}")
        return result


def simulate(jobs: list[Job], folders: list[Path | None], games: int, out: Path, *, workers: int = 0,
             scheduler: str | None = None, progress_for: ProgressFor = lambda title: nullcontext(),
             tell: Callable[[str], None] = lambda line: None, restrictions: Sequence[Restriction] = (),
             restricted_play: bool = False, sweep: tuple[Sweep, list[tuple[Decimal, Job]]] | None = None
             ) -> Simulation:
    """Play ``games`` games of each job (a second job is the comparison's B side) and write the
    report into ``out``; the summaries. ``restrictions`` (and with ``restricted_play`` one for
    every item the game lists, and its turn-order moves) are played after the first job on the
    same seeds; a ``sweep`` plays its jobs instead, one a value. A stop (Ctrl-C) ends at the
    games played."""
    from . import compare, report

    context = Context(workers, scheduler, progress_for, tell)
    game = find_game(jobs[0].game)
    if sweep is not None:
        return swept(game, sweep[0], sweep[1], games, out, context)
    summaries, results = [], []
    for index, (job, folder) in enumerate(zip(jobs, folders)):
        where = out / ("ab"[index] if len(jobs) > 1 else "")
        label = f"{folder}" if folder else "the shipped data"
        result = context.run(job, games, where, f"{game.name} ({label})")
        summaries.append(_summary(game, job, result, label))
        results.append(result)
        if result.interrupted:
            break
    if len(summaries) == 2:
        diff = compare.data_diff(jobs[0].data, jobs[1].data)
        report.write(out, summaries[0], summaries[1], compare.comparison(summaries[0], summaries[1], diff))
        return Simulation(summaries, summaries[1]["meta"]["interrupted"])
    stopped = results[0].interrupted
    if (restrictions or restricted_play) and not stopped:
        summaries[0]["restricted"] = restricted(game, jobs[0], games, out, context, results[0].tally,
                                                list(restrictions), restricted_play)
        stopped = summaries[0]["restricted"]["stopped"]
    report.write(out, summaries[0])
    return Simulation(summaries, stopped or len(summaries) < len(jobs))


@dataclass(frozen=True)
class Simulation:
    summaries: list[dict[str, Any]]
    stopped: bool  # a Ctrl-C ended it before every game was played


def sweep_jobs(job: Job, sweep: Sweep, folder: Path | None) -> list[tuple[Decimal, Job]]:
    """The job at each value of ``sweep``, each value's data checked as ``headframe check``
    would, before any game is played."""
    from companion.data import game_dir
    from companion.errors import DataError, HeadframeError

    files = job.data or read_data(game_dir(job.game, folder), job.game)
    out = []
    for value, edited in variants(sweep, files):
        with tempfile.TemporaryDirectory() as scratch:
            for name, content in edited:
                (Path(scratch) / name).parent.mkdir(parents=True, exist_ok=True)
                (Path(scratch) / name).write_bytes(content)
            try:
                checked_data(job.game, Path(scratch))
            except DataError as exc:
                problem = exc.problems[0]
                where = f"{Path(problem.path).name}:{problem.line}" if problem.line else Path(problem.path).name
                raise HeadframeError(f"--sweep {sweep.text!r}: at {number_text(value)} the data fails its check: "
                                     f"{where}: {problem.field}: {problem.message}") from None
        out.append((value, replace(job, data=edited)))
    return out


def swept(game: Game, sweep: Sweep, jobs: list[tuple[Decimal, Job]], games: int, out: Path,
          context: Context) -> list[dict[str, Any]]:
    """Each value's run, on the same seeds, and the sweep's report."""
    from . import report

    runs = []
    for value, job in jobs:
        text = number_text(value)
        result = context.run(job, games, out / "sweep" / text, f"{game.name}: {sweep.what} = {text}")
        if result.done:
            runs.append({"value": float(value), "label": text,
                         **_summary(game, job, result, f"{sweep.what} = {text}")})
        if result.interrupted:
            break
    stopped = len(runs) < len(jobs) or any(r["meta"]["interrupted"] for r in runs)
    document = {"target": sweep.text, "what": sweep.what, "file": sweep.file, "row": sweep.row, "key": sweep.key,
                "runs": runs, "interrupted": stopped, "seed": jobs[0][1].seed, "asked": games}
    report.write_sweep(out, document)
    return Simulation(runs, stopped)


def _summary(game: Game, job: Job, result: Run, label: str) -> dict[str, Any]:
    summary = result.tally.summary()
    summary["meta"] = {"game": game.id, "name": game.name, "variant": job.variant, "bots": list(job.bots),
                       "seed": job.seed, "asked": result.games, "interrupted": result.interrupted,
                       "seconds": round(result.seconds, 2), "data": "" if label is None else label,
                       "items_name": game.taken_name}
    return summary


def restricted(game: Game, job: Job, games: int, out: Path, context: Context, baseline: Tally,
               asked: list[Restriction], every_item: bool) -> dict[str, Any]:
    """Each restriction played on the baseline's seeds: the restricted seat's win rate against
    the same seat's in the baseline, and what the restriction changed."""
    plan, left_out = list(asked), []
    if every_item:
        listed = game.listed_items() or tuple(sorted(baseline.items))
        left_out = [item for item in listed if item not in baseline.items]
        plan += [Restriction(None, "never", item, False) for item in listed if item in baseline.items]
        plan += turn_order(game)
    arms, stopped = [], False
    for rule in plan:
        result = context.run(replace(job, restriction=rule), games, out / "restricted" / rule.slug,
                             f"{game.name}: {rule.label}", baseline=baseline.shares)
        if result.done:
            arm = result.tally.summary()["restricted"]
            arms.append({**arm, "label": rule.label, "target": rule.target, "rule": rule.rule,
                         "seat": "each" if rule.seat is None else rule.seat + 1, "item": not rule.is_action,
                         "folder": f"restricted/{rule.slug}"})
            if arm["changed_games"] == 0 and rule in asked:
                context.tell(f"{rule.label}: changed no move in {result.done} games; is {rule.target!r} "
                             f"the name {game.name} uses?")
        if result.interrupted:
            stopped = True
            break
    return {"arms": verdicts(arms), "left_out": left_out, "asked": len(plan), "items_name": game.taken_name,
            "stopped": stopped}
