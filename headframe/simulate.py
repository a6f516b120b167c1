"""``headframe simulate``: its arguments, checked before any game is played; the playing and
the report are the lab's (``lab.simulate``)."""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from companion import PlayerSpec, find_game
from companion.errors import HeadframeError

DESCRIPTION = """Play complete games with bots in every seat and report the balance: win rate by
turn position with 95 % intervals (is the first player favoured, and why: the rounds each
position started), scores, winning margins, game length, how games end, how the game feels
(lead changes, comebacks, decided before the last round, ties, spread of scores), and each
card, tile or asset's holders' win rate (the "too strong / too weak" list). Writes DIR/report.html (open it in any browser, offline), DIR/games.csv
(one row per game) and DIR/summary.json. The same --seed gives the same games whatever the
number of workers or machines. Ctrl-C stops and still writes the report for the games played.

--compare DIR_A DIR_B plays the same seeds on two data folders (from 'headframe data export')
and reports what changed in the data and which measures moved beyond their intervals.

Restricted play measures what an item or a move is worth: --restrict SEAT:never:NAME plays the
same seeds again with one seat's bot kept from an item (a name the game's "taken" list uses:
an asset, a mine site) or an action type, and reports that seat's change in win rate against
the unrestricted games, with an interval; SEAT:always:ACTION plays the action whenever the
rules allow it ("always passes first": 1:always:pass in Tinners' Trail). SEAT is a seat number
or 'each' (every seat in turn). --restricted-play does this for every item the game lists and
every move that decides its turn order.

--sweep assets.csv:black-market-ops:vp=1..6 asks what if a number changed: the same seeds at
every value, each measure (first player's win rate, margin, length, how the game feels, each
item's holders' win rate) plotted against the value with its interval; each value's games in
DIR/sweep/VALUE/games.csv."""


def add_parser(sub: Any, epilog: str) -> None:
    sim = sub.add_parser("simulate", help="play many games with bots and report the balance",
                         description=DESCRIPTION, epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    sim.add_argument("game", metavar="GAME")
    sim.add_argument("--players", type=int, metavar="N", help="players per game (default: 4, or the nearest the game allows)")
    sim.add_argument("--variant", metavar="V", help="variant or module to play")
    sim.add_argument("--games", type=int, default=10000, metavar="N", help="games to play (default: 10000)")
    sim.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the run (default: 1)")
    sim.add_argument("--bots", metavar="NAME,...",
                     help="one bot for every seat, or one per seat; a bot that takes a budget as NAME:N "
                          "(default: heuristic in every seat)")
    sim.add_argument("--data", type=Path, metavar="DIR", help="play an edited copy of the data")
    sim.add_argument("--compare", type=Path, nargs=2, metavar=("DIR_A", "DIR_B"),
                     help="play the same seeds on two data folders and report what changed")
    sim.add_argument("--restrict", action="append", default=[], metavar="SEAT:RULE:NAME",
                     help="also play the same seeds with one seat kept to a rule: SEAT:never:ITEM, "
                          "SEAT:never:ACTION or SEAT:always:ACTION (SEAT a number or 'each'); repeatable")
    sim.add_argument("--restricted-play", action="store_true",
                     help="a restricted run for every item the game lists (each seat in turn never takes "
                          "it) and every move that decides the turn order: one more run each")
    sim.add_argument("--sweep", metavar="FILE:ROW:COLUMN=A..B[:STEP]",
                     help="play the same seeds with one number of the data set to each value from A to B "
                          "(a CSV cell by its row's id or name and its column, or FILE:KEY=A..B for a TOML "
                          "key such as game.toml:tables.vp_per_contract=1..3) and plot every measure "
                          "against it")
    sim.add_argument("--out", type=Path, default=Path("simulation"), metavar="DIR",
                     help="folder for report.html, games.csv and summary.json (default: ./simulation)")
    where = sim.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="N", help="processes on this machine (default: one per core)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster, e.g. tcp://HOST:8786")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")


def _players(game, wanted: int | None) -> int:
    low, high = game.players
    if wanted is None:
        return min(max(4, low), high)
    if not low <= wanted <= high:
        raise HeadframeError(f"{game.name} is for {low}–{high} players, not {wanted}")
    return wanted


def _bots(game, text: str | None, players: int, variant: str | None) -> tuple[str, ...]:
    if not game.bot_names:
        raise HeadframeError(f"{game.name} has no bots to simulate with")
    if text is None:
        return (_strongest(game),) * players
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    for name in dict.fromkeys(names):
        _check_bot(game, name, players, variant)
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise HeadframeError(f"--bots names {len(names)} bots for {players} seats: give one, or one per seat")
    return names


def _strongest(game) -> str:
    """The default bot: the heuristic where the game has one (a search bot is far slower)."""
    return "heuristic" if "heuristic" in game.bot_names else game.bot_names[-1]


def _check_bot(game, name: str, players: int, variant: str | None) -> None:
    """A bot the game has: one of its names, or a name with a budget (``NAME:N``), tried on
    the first move of a game so a name the game's bots refuse is refused here."""
    base, _, budget = name.partition(":")
    known = base in game.bot_names + game.search_bots and (not budget or budget.isdigit() and int(budget) > 0)
    if known:
        state = game.setup([PlayerSpec(f"P{s}") for s in range(players)], variant, 0)
        seats = game.acting_seats(state)
        try:
            if seats:
                game.bot_step(state, seats[0], name, random.Random(0))
        except (ValueError, KeyError, NotImplementedError, HeadframeError):
            known = False
    if not known:
        raise HeadframeError(f"unknown bot {name!r} for {game.name}; bots: {', '.join(game.bot_names + game.search_bots)}"
                             f"{' (a budget as NAME:N where the bot takes one)' if ':' in name else ''}")


def run(args: argparse.Namespace) -> int:
    from lab.play import Job
    from lab.restrict import parse
    from lab.simulate import checked_data, simulate, sweep_jobs
    from lab.sweep import parse as parse_sweep

    from .progress import progress_for

    game = find_game(args.game)
    players = _players(game, args.players)
    problem = game.check_setup([PlayerSpec(str(s)) for s in range(players)], args.variant)
    if problem:
        raise HeadframeError(problem)
    bots = _bots(game, args.bots, players, args.variant)
    if args.games < 1:
        raise HeadframeError(f"--games must be at least 1, not {args.games}")
    _check_workers(args.workers)
    _check_questions(args)
    restrictions = [parse(text, game, players) for text in args.restrict]
    sweep = parse_sweep(args.sweep) if args.sweep else None
    if args.scheduler:
        _check_scheduler(args.scheduler)
    folders = list(args.compare) if args.compare else [args.data]
    _check_out(args.out)
    jobs = [Job(game.id, players, args.variant, bots, args.seed, checked_data(game.id, folder)) for folder in folders]
    simulation = simulate(jobs, folders, args.games, args.out, workers=args.workers or 0, scheduler=args.scheduler,
                          progress_for=progress_for(args.quiet), tell=lambda line: print(line, file=sys.stderr),
                          restrictions=restrictions, restricted_play=args.restricted_play,
                          sweep=(sweep, sweep_jobs(jobs[0], sweep, args.data)) if sweep else None)
    print(f"report: {args.out / 'report.html'}")
    return 130 if simulation.stopped else 0


def _check_questions(args: argparse.Namespace) -> None:
    """One question a run: a comparison, restricted play or a sweep, each beside one data folder."""
    if args.compare and args.data:
        raise HeadframeError("--compare names both data folders; leave out --data")
    restricted = bool(args.restrict or args.restricted_play)
    if args.compare and restricted:
        raise HeadframeError("restricted play runs beside one data folder; leave out --compare")
    if args.sweep and (args.compare or restricted):
        raise HeadframeError("--sweep plays one data folder at each value; leave out "
                             f"{'--compare' if args.compare else '--restrict and --restricted-play'}")


def _check_workers(workers: int | None) -> None:
    from lab.run import too_many

    if workers is not None and workers < 1:
        raise HeadframeError(f"--workers must be at least 1, not {workers}")
    if workers is not None and too_many(workers):
        raise HeadframeError(f"--workers {too_many(workers)}")


def _check_scheduler(address: str) -> None:
    """A Dask scheduler's address, such as tcp://HOST:8786, before any data is read."""
    try:
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise HeadframeError("--scheduler needs dask's distributed: pip install 'headframe[cluster]'") from None
    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except ValueError:
        raise HeadframeError(f"--scheduler {address!r} is not a scheduler's address; "
                             f"give one such as tcp://HOST:8786") from None


def _check_out(out: Path) -> None:
    """The report's folder can be made and written to, found before any game is played.
    Only what this check made is removed again, so a refusal later leaves nothing behind."""
    made = []
    try:
        for folder in reversed([out, *out.parents]):
            if not folder.exists():
                folder.mkdir()
                made.append(folder)
        if not out.is_dir():
            raise HeadframeError(f"--out {out} is a file; it needs a folder")
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        raise HeadframeError(f"--out {out}: cannot write there ({exc.strerror or exc})") from None
    finally:
        for folder in reversed(made):
            folder.rmdir()
