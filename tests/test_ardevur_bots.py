"""The simulation lab's bots: both play only legal moves; the heuristic bot beats random seats."""

import random

from companion.ardevur import GAME
from companion.core import PlayerSpec

GAMES = 200
CAP = 3000  # actions per game; a game still running then counts as a loss for the heuristic bot


def test_heuristic_bot_beats_random_seats_in_at_least_70_percent_of_games():
    wins = 0
    for seed in range(GAMES):
        n = 2 + seed % 3
        hero = seed % n
        bots = ["random"] * n
        bots[hero] = "heuristic"
        state = GAME.setup([PlayerSpec(f"P{i}") for i in range(n)], "standard", seed)
        chooser = random.Random(seed)
        for _ in range(CAP):
            if GAME.end_if(state) is not None:
                break
            seat = GAME.acting_seats(state)[0]
            state = GAME.apply(state, GAME.bot_move(state, seat, bots[seat], chooser))
        if GAME.end_if(state) is None:
            continue
        ranks = GAME.score(state).ranks
        wins += ranks[hero] == 1 and ranks.count(1) == 1
    assert wins >= 0.7 * GAMES, f"the heuristic bot won {wins} of {GAMES} games"


def test_bots_decide_from_the_view_and_name_themselves():
    assert GAME.bot_names == ("random", "heuristic")
    state = GAME.setup([PlayerSpec("A"), PlayerSpec("B", bot="random")], "standard", 2)
    assert GAME.bot_move(state, 1, "random", random.Random(1)) is None  # not waiting for seat 1
    move = GAME.bot_move(state, 0, "heuristic", random.Random(1))
    assert move == {"type": "start", "seat": 0}
    assert GAME.bot_action(state, 1) is None
