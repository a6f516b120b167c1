"""Benchmark: the search bot (``mcts``) against the heuristic bot, in every game.

    python3 tests/bench/bench_search.py [--games 40] [--bot mcts] [--seed 1] [--only GAME ...]

Each game is played with the search bot in one seat and the heuristic in the others (two
players; Ore, which is for 3-5, three), the search bot's seat going round the table game by
game. Prints per game the search bot's share of wins (a tie shares the win) with a 95 % Wilson
interval, and its cost: its moves per CPU second (``time.process_time``; moves with one
button count too, as the lab plays them). Target: a share of at least 60 % in every game.
Seeded: the same arguments play the same games. Not run by the test suite.
"""

from __future__ import annotations

import argparse
import math
import time

from companion import find_game
from lab.play import Job, play

SEATS = {"ore": 3}
TARGET = 0.6


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class Clocked:
    """The search bot's seat, timed: its moves and the CPU seconds they took."""

    def __init__(self, game, bot: str):
        self.bot, self.moves, self.seconds = bot, 0, 0.0
        self.plain = game.bot_step

    def __call__(self, state, seat, bot, chooser):
        if bot != self.bot:
            return self.plain(state, seat, bot, chooser)
        start = time.process_time()
        found = self.plain(state, seat, bot, chooser)
        self.seconds += time.process_time() - start
        self.moves += found is not None
        return found


def bench(game_id: str, games: int, bot: str, seed: int) -> dict:
    seats = SEATS.get(game_id, 2)
    game = find_game(game_id)
    clock = Clocked(game, bot)
    game.bot_step = clock  # the instance the lab plays (one per data folder)
    wins, start = 0.0, time.process_time()
    try:
        for index in range(games):
            searcher = index % seats
            bots = tuple(bot if s == searcher else "heuristic" for s in range(seats))
            row = play(Job(game_id, seats, None, bots, seed), index)
            winners = row["winners"]
            wins += 1 / len(winners) if searcher in winners else 0.0
    finally:
        del game.bot_step
    low, high = wilson(wins, games)
    return {"game": game_id, "seats": seats, "games": games, "share": wins / games, "low": low, "high": high,
            "moves_per_second": clock.moves / clock.seconds if clock.seconds else float("inf"),
            "seconds_per_game": (time.process_time() - start) / games}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bot", default="mcts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=["ore", "ore-published", "mine-shaft", "tinners-trail", "ardevur"])
    args = parser.parse_args()
    missed = 0
    for game_id in args.only:
        r = bench(game_id, args.games, args.bot, args.seed)
        ok = r["low"] >= TARGET
        missed += not ok
        print(f"{game_id:14} {r['seats']}p {args.bot} v heuristic: won {r['share']:.0%} of {r['games']} "
              f"(95% CI {r['low']:.0%}-{r['high']:.0%}); {r['moves_per_second']:.1f} moves/s, "
              f"{r['seconds_per_game']:.1f} CPU s a game{'' if ok else '  [below the 60% target]'}", flush=True)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
