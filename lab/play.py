"""Playing one game, and a run of games, with bots in the seats.

Everything a game needs travels in a ``Job`` (the data files themselves, not a path), so a
chunk of games plays the same in this process, in a pool worker or on a cluster machine. Game
``i`` of a run is seeded from the run's seed and ``i`` alone, so results never depend on how
many workers there are or where they run.
"""

from __future__ import annotations

import hashlib
import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import PlayerSpec, find_game
from companion.core import Game

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
            folder = Path(tempfile.gettempdir()) / f"headframe-lab-{job.data_key}"
            for name, content in job.data:
                path = folder / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(content)
            game = type(game)(str(folder))
        _GAMES[key] = game
    return _GAMES[key]


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
    game_for(job)
    return str(Path(tempfile.gettempdir()) / f"headframe-lab-{job.data_key}")


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
    steps, end = 0, None
    while (outcome := game.end_if(state)) is None:
        after = _next(game, job, state, chooser)
        if after is None or steps >= MAX_STEPS:
            end = f"stuck after {steps} moves"
            break
        state = after
        steps += 1
    sheet = game.score(state)
    winners = outcome.winners if outcome else ()
    totals = sorted(sheet.totals, reverse=True)
    return {
        "index": index, "seed": seed, "first": first,
        "bots": [job.bots[s] if s < len(job.bots) else "automatic" for s in range(len(sheet.totals))],
        "scores": [float(t) for t in sheet.totals], "winners": list(winners),
        "margin": float(totals[0] - totals[1]) if len(totals) > 1 and outcome else 0.0,
        "rounds": game.round_of(state), "turns": steps,
        "end": end or (_plain_end(outcome.reason) if outcome else "unfinished"),
        "taken": [list(items) for items in (game.taken(state) or [[] for _ in sheet.totals])],
    }


def _plain_end(reason: str) -> str:
    """How a game ended, without who: "Ann called Total Control" and "Bo called ..." are one
    way of ending for the tally."""
    text = reason.split(";")[0]
    for name in SEAT_NAMES:
        text = text.replace(name, "a player")
    return text


def _next(game: Game, job: Job, state: Any, chooser: random.Random) -> Any:
    """The state after the next bot's move, or None when no seat can move."""
    automatic = set(game.automatic_seats(state))
    for seat in game.acting_seats(state):
        if seat in automatic:
            action = game.bot_action(state, seat)
            if action is not None:
                return game.apply(state, action)
            continue
        step = game.bot_step(state, seat, job.bots[seat], chooser)
        if step is not None:
            return step[1]
    return None


def play_chunk(job: Job, start: int, count: int) -> list[dict[str, Any]]:
    return [play(job, index) for index in range(start, start + count)]
