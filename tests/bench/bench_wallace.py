"""How hard Lord Wallace is: solo games of Tinners' Trail with the strongest lab bot
("heuristic") in the player's seat, per difficulty option. Not a test; the numbers go to
cards_data/tinners-trail/NOTES.md.

    python3 tests/bench/bench_wallace.py [--games 1000] [--only base,all] [--out FILE] [--seconds S]

Each setting plays the same seeds 0 .. games-1. A game counts as the bot's win when the score
sheet ranks the bot first and Lord Wallace second (tie-breaks included). Each finished setting
is printed, and appended to ``--out`` at once, with a Wilson 95 % interval for the bot's share,
so a run cut short keeps every setting it finished (and progress lines every 100 games).
``--seconds`` optionally bounds each setting's time; the line then says how many games fit.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.core import PlayerSpec  # noqa: E402
from companion import find_game  # noqa: E402
from companion.tinners_trail.state.wallace import DIFFICULTY  # noqa: E402

GAME = find_game("tinners-trail")

# "more-mines" and "more-mines-2" are two levels of one option: "all" takes the higher.
ALL = "+".join(d for d in DIFFICULTY if d != "more-mines")
SETTINGS = ("base",) + DIFFICULTY + ("better-mines+deep-pockets", ALL)
MAX_STEPS = 1500


def play(variant: str, seed: int) -> tuple[bool, float, float]:
    """(the bot won, player's points, Lord Wallace's points) of one game."""
    state = GAME.setup([PlayerSpec("Bot")], variant, seed=seed)
    chooser = random.Random(seed)
    for _ in range(MAX_STEPS):
        if GAME.end_if(state) is not None:
            break
        move = GAME.bot_action(state, state.lord.seat)  # his turn or his auction answer, when due
        if move is not None:
            state = GAME.apply(state, move)
            continue
        _action, state = GAME.bot_step(state, 0, "heuristic", chooser)
    else:
        raise RuntimeError(f"{variant} seed {seed}: no end after {MAX_STEPS} steps")
    sheet = GAME.score(state)
    lord = state.lord.seat
    player = 1 - lord
    return sheet.ranks[player] == 1 and sheet.ranks[lord] != 1, sheet.totals[player], sheet.totals[lord]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a share wins/n (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def line(variant: str, played: int, wins: int, mine: float, his: float, seconds: float) -> str:
    low, high = wilson(wins, played)
    variant = "all (more-mines-2)" if variant == ALL else variant
    share = 100 * wins / played if played else 0.0
    return (f"{variant:<28} {played:>6} {share:>7.1f}% [{100 * low:5.1f}–{100 * high:5.1f}] "
            f"{mine / max(played, 1):>8.1f} {his / max(played, 1):>8.1f} {seconds:>7.0f}s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", default="", help="comma-separated settings (default: all of them; 'all' = every option)")
    parser.add_argument("--out", type=Path, help="append each finished setting's line to this file")
    parser.add_argument("--seconds", type=float, default=0.0, help="time bound per setting (0: none)")
    args = parser.parse_args()
    chosen = [ALL if s == "all" else s for s in args.only.split(",") if s] or list(SETTINGS)
    head = f"{'setting':<28} {'games':>6} {'bot wins':>8} {'Wilson 95 %':>13} {'bot pts':>8} {'his pts':>8} {'time':>8}"
    print(head, flush=True)
    if args.out:
        with args.out.open("a") as out:
            out.write(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} --games {args.games}\n{head}\n")
    for variant in chosen:
        start, wins, played, mine, his = time.monotonic(), 0, 0, 0.0, 0.0
        for seed in range(args.games):
            if args.seconds and time.monotonic() - start > args.seconds:
                break
            won, ours, theirs = play(variant, seed)
            wins += won
            played += 1
            mine += ours
            his += theirs
            if played % 100 == 0:
                print(f"  {variant}: {played} games, {wins} bot wins, {time.monotonic() - start:.0f}s",
                      file=sys.stderr, flush=True)
        text = line(variant, played, wins, mine, his, time.monotonic() - start)
        print(text, flush=True)
        if args.out:
            with args.out.open("a") as out:
                out.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
