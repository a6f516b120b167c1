"""The designer's lab against its floors (not run by the test suite).

    python3 tests/bench/bench_lab.py [--games 40] [--only GAME,...] [--ore-10k] [--against COMMIT]

1. Games per second per core for each game with bots: the lab (``lab.run`` with one worker,
   random bots in every seat) against the floor, the same game's own rules applied in a bare
   loop with random allowed moves (the game's ``random`` bot's step, applied, until the game
   ends) and nothing else. Target: lab >= 0.8x the floor.
2. Scaling: the same games with 2 workers against 1. Target: >= 1.8x on a 2-core machine.
3. Memory: peak RSS of a whole ``headframe simulate`` run of N and of 4N games (subprocesses,
   ``ru_maxrss``). Target: flat (the larger run within 10 % of the smaller).
4. ``--ore-10k``: 10,000 games of Ore (4 players, standard, heuristic bots), report included,
   end to end through the command line, on every core.
5. ``--against COMMIT``: moves per second per core of each game's bare rules loop, with random
   and with heuristic bots in every seat, here and in a git worktree of COMMIT (made once under
   the system's temporary folder), in the same run, with the ratio; with ``--ore-10k`` the
   10,000-game Ore run is timed in both trees too. Target: 3x for every game and bot kind.

Each figure is one run, printed beside its floor as a ratio; CPU time is printed too, since on a
busy machine wall time includes waiting. Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion import PlayerSpec, find_game, game_ids  # noqa: E402
from lab.play import Job, game_seed  # noqa: E402
from lab.run import run  # noqa: E402

VARIANT = {"mine-shaft": "basic"}


def floor(game_id: str, players: int, games: int, seed: int) -> float:
    """CPU seconds for ``games`` games in a bare loop: the game's own rules and its random
    allowed moves, nothing else (no jobs, processes, CSV or tallies)."""
    game = find_game(game_id)
    began = time.process_time()
    for index in range(games):
        chooser = random.Random(game_seed(seed, index))
        state = game.setup([PlayerSpec(f"P{s}") for s in range(players)], VARIANT.get(game_id), game_seed(seed, index))
        steps = 0
        while game.end_if(state) is None and steps < 20000:
            step = game.bot_step(state, game.acting_seats(state)[0], "random", chooser)
            if step is None:
                break
            state = step[1]
            steps += 1
    return time.process_time() - began


def lab_seconds(game_id: str, players: int, games: int, seed: int, workers: int) -> tuple[float, float]:
    job = Job(game_id, players, VARIANT.get(game_id), ("random",) * players, seed)
    with tempfile.TemporaryDirectory() as out:
        cpu, wall = time.process_time(), time.monotonic()
        run(job, games, Path(out), workers=workers)
        return time.process_time() - cpu, time.monotonic() - wall


def peak_rss(game_id: str, games: int) -> float:
    with tempfile.TemporaryDirectory() as out:
        code = ("import resource, sys; from headframe.cli import main; "
                f"main(['simulate', '{game_id}', '--games', '{games}', '--players', '3', '--workers', '1', "
                f"'--quiet', '--out', '{out}']); "
                "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
        return int(result.stdout.strip().splitlines()[-1]) / 1024


# The bare rules loop, run in a fresh interpreter inside the tree being measured, so the same
# code times this commit's engines and an earlier one's: only the public Game API is used.
LOOP = """
import json, random, sys, time
from companion import PlayerSpec, find_game
game_id, players, bot, games = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
game = find_game(game_id)
variant = {"mine-shaft": "basic"}.get(game_id)
moves, began = 0, time.process_time()
for index in range(games):
    chooser = random.Random(index)
    state = game.setup([PlayerSpec(f"P{s}") for s in range(players)], variant, 1000 + index)
    for _ in range(3000):
        if game.end_if(state) is not None:
            break
        automatic = set(game.automatic_seats(state))
        after = None
        for seat in game.acting_seats(state):
            if seat in automatic:
                action = game.bot_action(state, seat)
                after = None if action is None else game.apply(state, action)
            else:
                step = game.bot_step(state, seat, bot, chooser)
                after = None if step is None else step[1]
            if after is not None:
                break
        if after is None:
            break
        state = after
        moves += 1
print(json.dumps({"moves": moves, "cpu": time.process_time() - began}))
"""


def tree_of(commit: str) -> Path:
    """A worktree of ``commit``, made once and kept for later runs."""
    sha = subprocess.run(["git", "rev-parse", commit], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    tree = Path(tempfile.gettempdir()) / f"headframe-bench-{sha[:12]}"
    if not (tree / "companion").is_dir():
        subprocess.run(["git", "worktree", "add", "--detach", "--force", str(tree), sha], cwd=ROOT, check=True,
                       capture_output=True)
    return tree


def loop_rate(tree: Path, game_id: str, players: int, bot: str, games: int) -> tuple[float, int]:
    """(moves per CPU second, moves) of the bare loop in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", LOOP, game_id, str(players), bot, str(games)], cwd=tree, env=env,
                          capture_output=True, text=True, check=True)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return figures["moves"] / figures["cpu"], figures["moves"]


def simulate_seconds(tree: Path, games: int) -> float:
    """Wall seconds of ``headframe simulate ore --players 4`` (report included) in ``tree``."""
    module = "headframe.cli" if (tree / "headframe" / "cli.py").is_file() else "webapp.cli"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    with tempfile.TemporaryDirectory() as out:
        began = time.monotonic()
        subprocess.run([sys.executable, "-m", module, "simulate", "ore", "--players", "4", "--games", str(games),
                        "--out", out, "--quiet"], cwd=tree, env=env, check=True)
        return time.monotonic() - began


def against(commit: str, games: list[str], count: int, ore_10k: bool) -> bool:
    """Print the bare loop's moves per second here and at ``commit``; True when a target is missed."""
    old = tree_of(commit)
    missed = False
    print(f"{'game':<16} {'bots':<10} {'now mv/s':>9} {'then mv/s':>9} {'ratio':>6}  "
          f"(bare rules loop, CPU time, {count} games, against {commit})")
    for game_id in games:
        game = find_game(game_id)
        players = min(max(3, game.players[0]), game.players[1])
        for bot in ("random", "heuristic"):
            now, _ = loop_rate(ROOT, game_id, players, bot, count)
            then, _ = loop_rate(old, game_id, players, bot, count)
            ratio = now / then
            missed |= ratio < 3
            print(f"{game_id:<16} {bot:<10} {now:>9.0f} {then:>9.0f} {ratio:>6.2f}"
                  f"  {'ok' if ratio >= 3 else 'MISSED (target 3x)'}")
    if ore_10k:
        now, then = simulate_seconds(ROOT, 10000), simulate_seconds(old, 10000)
        missed |= then / now < 3
        print(f"simulate ore --players 4 --games 10000: now {now:.0f} s, then {then:.0f} s = {then / now:.2f}x"
              f"  {'ok' if then / now >= 3 else 'MISSED (target 3x)'}")
    return missed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--only", help="comma-separated game ids")
    parser.add_argument("--ore-10k", action="store_true")
    parser.add_argument("--against", metavar="COMMIT", help="compare the bare rules loop with an earlier commit")
    args = parser.parse_args()
    missed = False
    games = [g for g in game_ids() if find_game(g).bot_names]
    if args.only:
        games = [g for g in games if g in args.only.split(",")]
    if args.against:
        return 1 if against(args.against, games, args.games, args.ore_10k) else 0
    print(f"{'game':<16} {'floor g/s':>10} {'lab g/s':>10} {'ratio':>6}  (CPU seconds, one worker, random bots)")
    for game_id in games:
        game = find_game(game_id)
        players = min(max(3, game.players[0]), game.players[1])
        base = floor(game_id, players, args.games, 1)
        ours, _ = lab_seconds(game_id, players, args.games, 1, 1)
        ratio = base / ours
        missed |= ratio < 0.8
        print(f"{game_id:<16} {args.games / base:>10.2f} {args.games / ours:>10.2f} {ratio:>6.2f}"
              f"  {'ok' if ratio >= 0.8 else 'MISSED (target 0.8)'}")
    scale_game = games[0] if games else "tinners-trail"
    n = args.games * 4
    _, one = lab_seconds(scale_game, 3, n, 2, 1)
    _, two = lab_seconds(scale_game, 3, n, 2, 2)
    missed |= one / two < 1.8
    print(f"scaling ({scale_game}, {n} games): 1 worker {one:.1f} s, 2 workers {two:.1f} s = {one / two:.2f}x"
          f"  {'ok' if one / two >= 1.8 else 'MISSED (target 1.8x)'}")
    small, large = peak_rss(scale_game, args.games), peak_rss(scale_game, args.games * 4)
    missed |= large > small * 1.1
    print(f"peak RSS ({scale_game}): {args.games} games {small:.0f} MB, {args.games * 4} games {large:.0f} MB"
          f" = {large / small:.2f}x  {'ok' if large <= small * 1.1 else 'MISSED (target flat, <= 1.1x)'}")
    if args.ore_10k:
        with tempfile.TemporaryDirectory() as out:
            began = time.monotonic()
            subprocess.run([sys.executable, "-m", "headframe", "simulate", "ore", "--players", "4", "--games", "10000",
                            "--out", out, "--quiet"], cwd=ROOT, check=True)
            print(f"10,000 games of Ore (4 players, heuristic bots), report included: {time.monotonic() - began:.0f} s")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
