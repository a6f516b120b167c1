"""The search bot (``companion.search``): it decides from what its seat may see, plays the
phone's allowed buttons, and plays the same games from the same seed whatever the workers."""

from __future__ import annotations

import random

import pytest

from companion import PlayerSpec, find_game, search
from headframe.cli import main

GAMES = {"ore": 3, "ore-published": 2, "mine-shaft": 2, "tinners-trail": 2, "ardevur": 2}


def _position(game_id: str, moves: int):
    """A position some way into a heuristic game where the seat to move has a choice."""
    game = find_game(game_id)
    state = game.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")[:GAMES[game_id]]], None, 21)
    chooser = random.Random(3)
    for played in range(2000):
        seat = game.acting_seats(state)[0]
        if played >= moves and len(search.allowed(game, state, seat)) > 1:
            return game, state, seat
        state = game.bot_step(state, seat, "heuristic", chooser)[1]
    raise AssertionError("no choice found")


def test_a_search_bot_name_gives_its_budget():
    assert search.budget("mcts") == search.DEFAULT_ITERATIONS and search.budget("mcts:7") == 7
    assert search.budget("heuristic") is None
    with pytest.raises(ValueError, match="mcts:N"):
        search.budget("mcts:0")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_sample_keeps_what_the_seat_sees_and_deals_the_rest_from_the_chooser_alone(game_id):
    game, state, seat = _position(game_id, 40)
    swapped = game.determinise(state, seat, random.Random(99))  # the hidden parts rearranged
    assert game.view(swapped, seat) == game.view(state, seat)
    assert game.to_json(swapped) != game.to_json(state)
    assert game.problems(swapped) == []
    for k in range(3):
        sample = game.determinise(state, seat, random.Random(k))
        assert game.to_json(sample) == game.to_json(game.determinise(swapped, seat, random.Random(k)))
        assert game.view(sample, seat) == game.view(state, seat)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_search_bot_chooses_alike_whatever_lies_hidden(game_id):
    """The same position with its hidden parts swapped (other hands, deck orders, the seed):
    the bot's choices, over several choosers, are the same, and each is a button the phone
    offers as allowed."""
    game, state, seat = _position(game_id, 40)
    swapped = game.determinise(state, seat, random.Random(99))
    buttons = search.allowed(game, state, seat)
    chosen = [game.bot_step(state, seat, "mcts:6", random.Random(k))[0] for k in range(3)]
    assert chosen == [game.bot_step(swapped, seat, "mcts:6", random.Random(k))[0] for k in range(3)]
    assert all(action in buttons for action in chosen)


def test_the_search_bot_plays_a_whole_game_through_bot_step():
    game = find_game("tinners-trail")
    state = game.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], None, 5)
    chooser = random.Random(1)
    for _ in range(1000):
        if game.end_if(state) is not None:
            break
        seat = game.acting_seats(state)[0]
        action, after = game.bot_step(state, seat, "mcts:2" if seat == 0 else "heuristic", chooser)
        assert game.refusal(state, action) is None
        state = after
    assert game.end_if(state) is not None


def test_the_lab_plays_the_same_search_games_on_one_worker_or_two(tmp_path):
    tables = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        assert main(["simulate", "tinners-trail", "--players", "2", "--games", "3", "--seed", "9", "--out", str(out),
                     "--workers", str(workers), "--quiet", "--bots", "mcts:2,heuristic"]) == 0
        tables.append((out / "games.csv").read_text())
    assert tables[0] == tables[1] and len(tables[0].splitlines()) == 4


def test_simulate_refuses_a_search_bot_without_a_sound_budget(capsys):
    assert main(["simulate", "tinners-trail", "--players", "2", "--games", "1", "--bots", "mcts:0"]) == 2
    assert "unknown bot 'mcts:0'" in capsys.readouterr().err


def _mine_shaft_takes(count: int):
    """Positions of a heuristic 2-player Mine Shaft game where the seat to move may take gold,
    a lesser mineral or nothing."""
    game = find_game("mine-shaft")
    state = game.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], None, 21)
    chooser, found = random.Random(3), []
    while len(found) < count and game.end_if(state) is None:
        seat = game.acting_seats(state)[0]
        moves = search.allowed(game, state, seat)
        minerals = {m.get("mineral") for m in moves if m["type"] == "take"}
        if "gold" in minerals and len(minerals) > 1:
            found.append((state, seat))
        state = game.bot_step(state, seat, "heuristic", chooser)[1]
    assert len(found) == count
    return game, found


def test_the_search_bot_takes_the_gold_in_a_long_game_of_dice():
    # Judged on whole games of later dice and tile draws, the search could not tell gold
    # (5 points) from coal or from taking nothing, and lost every game to the heuristic bot.
    game, found = _mine_shaft_takes(4)
    for index, (state, seat) in enumerate(found):
        action, _ = game.bot_step(state, seat, "mcts", random.Random(index))
        assert action["type"] == "take" and action["mineral"] == "gold", (index, action)


def test_a_points_lead_counts_in_proportion_to_the_points():
    assert search.lead((10, 10)) == [0.5, 0.5]
    assert search.lead((0, 0, 0)) == [0.5, 0.5, 0.5]
    assert search.lead((30, 10, 20)) == [0.6, 0.25, 0.4]      # each against the best of the others
    assert search.lead((-5, 5)) == [0.0, 1.0]                 # bounded in [0, 1] whatever the signs


def test_a_finished_playout_rewards_the_win_and_a_little_of_the_lead():
    game = find_game("mine-shaft")
    state = game.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], None, 21)
    over = state.evolve(phase="over", players=(state.players[0].evolve(haul=(0, 0, 3)),
                                                state.players[1].evolve(haul=(5, 0, 0))))
    assert game.end_if(over).winners == (0,)
    won, lost = search.Search(game, 0, random.Random(1)).rewards(over)
    assert won == pytest.approx(0.9 + 0.1 * 0.75) and lost == pytest.approx(0.1 * 0.25)
