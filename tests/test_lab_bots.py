"""Every game's bots: legal moves only, nothing hidden used, and the heuristic bot clearly
better than random seats."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion import PlayerSpec, find_game, game_ids
from lab.play import Job, game_for
from lab.run import run

WITH_BOTS = [g for g in game_ids() if find_game(g).bot_names]
VARIANT = {"mine-shaft": "basic"}


def test_every_game_has_a_random_and_a_heuristic_bot():
    assert {"tinners-trail", "ore", "mine-shaft"} <= set(WITH_BOTS)
    for game_id in WITH_BOTS:
        assert {"random", "heuristic"} <= set(find_game(game_id).bot_names), game_id


@pytest.mark.parametrize("game_id", WITH_BOTS)
def test_the_heuristic_bot_wins_at_least_70_percent_against_random_seats(tmp_path, game_id):
    game = find_game(game_id)
    players = min(max(3, game.players[0]), game.players[1])
    bots = ("heuristic",) + ("random",) * (players - 1)
    result = run(Job(game_id, players, VARIANT.get(game_id), bots, 2024), 200, tmp_path, workers=2)
    assert result.done == 200
    assert all(end != "unfinished" and not end.startswith("stuck") for end in result.tally.ends), result.tally.ends
    share = result.tally.wins_by_seat[0] / result.done
    assert share >= 0.70, f"{game_id}: the heuristic seat won {share:.0%} of 200 games"


def _positions(game_id: str, players: int, count: int):
    """States met along a game between random bots."""
    game = find_game(game_id)
    chooser = random.Random(7)
    state = game.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")[:players]], VARIANT.get(game_id), 99)
    seen = []
    while game.end_if(state) is None and len(seen) < count:
        seat = game.acting_seats(state)[0]
        seen.append((state, seat))
        state = game.bot_step(state, seat, "random", chooser)[1]
    return game, seen


def _same_choice(game, state, hidden_changed, seat):
    one = game.bot_move(state, seat, "heuristic", random.Random(5))
    two = game.bot_move(hidden_changed, seat, "heuristic", random.Random(5))
    assert one == two, (one, two)
    assert game.legal(state, one)


def test_tinners_trail_bots_never_see_a_face_down_tile():
    game, positions = _positions("tinners-trail", 3, 120)
    for state, seat in positions[::6]:
        hidden = [a for a in state.areas if a.tile and not a.face_up]
        if len(hidden) < 2:
            continue
        contents = [(a.tile, a.tin, a.copper, a.water, a.arsenic) for a in hidden]
        contents = contents[1:] + contents[:1]
        swapped = {a.id: dict(zip(("tile", "tin", "copper", "water", "arsenic"), c)) for a, c in zip(hidden, contents)}
        areas = tuple(replace(a, **swapped[a.id]) if a.id in swapped else a for a in state.areas)
        _same_choice(game, state, replace(state, areas=areas), seat)


def test_ore_bots_never_see_the_order_of_a_face_down_pile():
    game, positions = _positions("ore", 3, 150)
    for state, seat in positions[::10]:
        d = game.to_json(state)
        for pile in d["piles"].values():
            pile["draw"].reverse()
        _same_choice(game, state, game.from_json(d), seat)


def test_mine_shaft_bots_never_see_the_tile_pile():
    game, positions = _positions("mine-shaft", 3, 150)
    for state, seat in positions[::10]:
        pile = tuple(reversed(state.pile))
        _same_choice(game, state, replace(state, pile=pile), seat)


def test_a_bot_never_changes_the_state_it_is_given():
    game = find_game("ore")
    job = Job("ore", 3, None, ("heuristic",) * 3, 1)
    state = game_for(job).setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], None, 4)
    before = game.to_json(state)
    game.bot_step(state, game.acting_seats(state)[0], "heuristic", random.Random(1))
    assert game.to_json(state) == before
