"""How hard Lord Wallace is: solo games of Tinners' Trail with the strongest lab bot
("heuristic") in the player's seat, per difficulty option. Not a test; the numbers go to
cards_data/tinners-trail/NOTES.md.

    python3 tests/bench/bench_wallace.py [--games 1000] [--seconds 240]

Each difficulty gets the same seeds. The run stops a difficulty early when its share of
``--seconds`` is spent and reports how many games it played.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.core import PlayerSpec  # noqa: E402
from companion.tinners_trail import GAME  # noqa: E402
from companion.tinners_trail.options import lord_action  # noqa: E402
from companion.tinners_trail.wallace_state import DIFFICULTY  # noqa: E402

SETTINGS = ("base",) + DIFFICULTY + ("better-mines+deep-pockets",
                                     "+".join(d for d in DIFFICULTY if d != "more-mines"))
MAX_STEPS = 1500


def play(variant: str, seed: int) -> tuple[float, float]:
    """(player's points, Lord Wallace's points) of one game."""
    state = GAME.setup([PlayerSpec("Bot")], variant, seed=seed)
    chooser = random.Random(seed)
    for _ in range(MAX_STEPS):
        if GAME.end_if(state) is not None:
            break
        kind = lord_action(state)
        if kind:
            state = GAME.apply(state, {"type": kind, "seat": 0})
            continue
        action, state = GAME.bot_step(state, 0, "heuristic", chooser)
    totals = GAME.score(state).totals
    return totals[0], totals[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=240.0, help="time budget for the whole run")
    args = parser.parse_args()
    budget = args.seconds / len(SETTINGS)
    print(f"{'difficulty':<55} {'games':>6} {'bot wins':>9} {'bot pts':>8} {'his pts':>8}")
    for variant in SETTINGS:
        start, wins, played, mine, his = time.monotonic(), 0, 0, 0.0, 0.0
        for seed in range(args.games):
            if time.monotonic() - start > budget:
                break
            ours, theirs = play(variant, seed)
            wins += ours > theirs
            played += 1
            mine += ours
            his += theirs
        print(f"{variant:<55} {played:>6} {100 * wins / played:>8.1f}% {mine / played:>8.1f} {his / played:>8.1f}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
