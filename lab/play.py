"""Playing one game, and a run of games, with bots in the seats.

Everything a game needs travels in a ``Job`` (the data files themselves, not a path), so a
chunk of games plays the same in this process, in a pool worker or on a cluster machine. Game
``i`` of a run is seeded from the run's seed and ``i`` alone, so results never depend on how
many workers there are or where they run.
"""

from __future__ import annotations

import hashlib
import random
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import PlayerSpec, find_game
from companion.bots import next_state
from companion.core import Game

from . import restrict
from .feel import feel
from .restrict import Restriction

MAX_STEPS = 20000  # a game this long is stuck: recorded as such, never an endless loop
SEAT_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    variant: str | None
    bots: tuple[str, ...]                # one bot name per seat
    seed: int
    data: tuple[tuple[str, bytes], ...] = field(default=())  # (relative path, content) of an edited data folder
    restriction: Restriction | None = None  # one seat kept from an item or a move (lab.restrict)

    @property
    def data_key(self) -> str:
        digest = hashlib.sha256()
        for name, content in self.data:
            digest.update(name.encode() + b"\0" + content + b"\0")
        return digest.hexdigest()[:16]


def game_seed(seed: int, index: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}/{index}".encode()).digest()[:6], "big")


_GAMES: dict[tuple[str, str], Game] = {}


def game_for(job: Job) -> Game:
    """The game of ``job``, reading its own copy of the data when the job carries one."""
    key = (job.game, job.data_key if job.data else "")
    if key not in _GAMES:
        game = find_game(job.game)
        if job.data:
            game = type(game)(str(_data_folder(job)))
        _GAMES[key] = game
    return _GAMES[key]


def _data_folder(job: Job) -> Path:
    """The job's data written out once per machine, under a name made from its contents.
    Workers start at the same moment: each writes a folder of its own and renames it into
    place, so no worker ever reads a file another is still writing."""
    folder = Path(tempfile.gettempdir()) / f"headframe-lab-{job.data_key}"
    if not folder.is_dir():
        fresh = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=folder.parent))
        for name, content in job.data:
            path = fresh / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        try:
            fresh.rename(folder)
        except OSError:  # another worker put the same files there first
            shutil.rmtree(fresh, ignore_errors=True)
    return folder


def read_data(folder: str | Path, game_id: str) -> tuple[tuple[str, bytes], ...]:
    """The files of an edited data folder (``DIR`` or ``DIR/<game>``) as a job carries them."""
    from companion.data.files import folder_files

    root = Path(folder)
    if (root / game_id).is_dir():
        root = root / game_id
    # each file within the folder and the size limit: a link out or a pipe is refused, not read
    return tuple((f"{game_id}/{name}", content) for name, content in folder_files(root))


def data_root(job: Job) -> str | None:
    if not job.data:
        return None
    return str(_data_folder(job))


def seats_of(job: Job) -> int:
    """Seats at the table: the players asked for, plus any the game adds (a solo opponent)."""
    game = game_for(job)
    state = game.setup([PlayerSpec(SEAT_NAMES[s % len(SEAT_NAMES)]) for s in range(job.players)], job.variant, 0)
    return len(game.score(state).totals)


def play(job: Job, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``job`` to its end; a row for ``games.csv``."""
    game = game_for(job)
    seed = game_seed(job.seed, index)
    chooser = random.Random(f"{seed}/bots")
    specs = [PlayerSpec(SEAT_NAMES[s % len(SEAT_NAMES)]) for s in range(job.players)]
    state = game.setup(specs, job.variant, seed)
    first = game.first_seat(state)
    rounds = Rounds(game, state)
    seats = Seats(job, index, len(rounds.started))
    steps, end = 0, None
    while (outcome := game.end_if(state)) is None:
        after = seats.next(game, state, chooser)
        if after is None or steps >= MAX_STEPS:
            end = f"stuck after {steps} moves"
            break
        state = after
        steps += 1
        rounds.see(state)
    sheet = game.score(state)
    winners = outcome.winners if outcome else ()
    totals = sorted(sheet.totals, reverse=True)
    taken = [list(items) for items in (game.taken(state) or [[] for _ in sheet.totals])]
    return {
        "index": index, "seed": seed, "first": first,
        "bots": [job.bots[s] if s < len(job.bots) else "automatic" for s in range(len(sheet.totals))],
        "scores": [float(t) for t in sheet.totals], "winners": list(winners),
        "margin": float(totals[0] - totals[1]) if len(totals) > 1 and outcome else 0.0,
        "rounds": game.round_of(state), "turns": steps,
        "end": end or (_plain_end(outcome.reason) if outcome else "unfinished"),
        "taken": taken,
        "feel": feel(rounds.running + [sheet.totals], winners).to_row(), "started": rounds.started,
        **seats.row(taken),
    }


class Rounds:
    """What the lab notes at the start of every round: the running scores (the scores after the
    round before) and who started it (``Game.round_leader``)."""

    def __init__(self, game: Game, state: Any):
        self.game = game
        self.round = game.round_of(state)
        self.running: list[tuple[float, ...]] = []
        self.started = [0] * len(game.running_totals(state))
        self._start(state)

    def see(self, state: Any) -> None:
        """Note ``state`` if it begins a new round of a game that is not over."""
        now = self.game.round_of(state)
        if now != self.round:
            self.round = now
            if self.game.end_if(state) is None:
                self.running.append(tuple(self.game.running_totals(state)))
                self._start(state)

    def _start(self, state: Any) -> None:
        leader = self.game.round_leader(state)
        if 0 <= leader < len(self.started):
            self.started[leader] += 1


def _plain_end(reason: str) -> str:
    """How a game ended, without who: "Ann called Total Control" and "Bo called ..." are one
    way of ending for the tally."""
    text = reason.split(";")[0]
    for name in SEAT_NAMES:
        text = text.replace(name, "a player")
    return text


class Seats:
    """Who plays each seat of one game: its bot, or for a restricted seat its bot kept to the
    restriction (``lab.restrict``), counting what the restriction changed."""

    def __init__(self, job: Job, index: int, seats: int):
        self.job = job
        rule = job.restriction
        self.restricted = rule.seat_of(index, min(seats, job.players)) if rule else None
        self.counts = restrict.Counts()

    def next(self, game: Game, state: Any, chooser: random.Random) -> Any:
        """The state after the next bot's move, or None when no seat can move."""
        def play_seat(seat: int):
            if seat == self.restricted:
                return restrict.step(game, self.job.restriction, seat, state, self.job.bots[seat], chooser,
                                     self.counts)
            return game.bot_step(state, seat, self.job.bots[seat], chooser)

        return next_state(game, state, play_seat)

    def row(self, taken: list[list[str]]) -> dict[str, Any]:
        """The restriction's counts for the game's row; ``held``: the game ended with the
        restricted seat holding the item all the same (one it came to hold through a move the
        lab could not tell reached for it)."""
        if self.restricted is None:
            return {}
        rule = self.job.restriction
        held = (not rule.is_action and rule.rule == "never" and self.restricted < len(taken)
                and rule.target in taken[self.restricted])
        return {"restricted": {**self.counts.to_row(self.restricted), "held": held}}


def play_chunk(job: Job, start: int, count: int) -> list[dict[str, Any]]:
    return [play(job, index) for index in range(start, start + count)]
