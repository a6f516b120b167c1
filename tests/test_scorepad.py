import pytest

from companion import PlayerSpec, RuleViolation, find_game
from companion.errors import BadAction

PAD = find_game("scorepad")


def players(*names):
    return [PlayerSpec(n) for n in names]


def test_plain_pad_has_one_points_category_and_adds_up():
    state = PAD.setup(players("Ann", "Bo", "Cy"))
    for seat, pts in ((0, 5), (1, 7), (0, 4), (2, 9)):
        state = PAD.apply(state, {"type": "add_points", "seat": seat, "category": "points", "points": pts})
    sheet = PAD.score(state)
    assert [r.category for r in sheet.rows] == ["points"]
    assert sheet.totals == (9, 7, 9)
    assert sheet.ranks == (1, 3, 1)
    assert "Ann and Cy tied: 9 points each" in sheet.tiebreak


def test_rejected_action_names_the_problem_and_leaves_state_alone():
    state = PAD.setup(players("Ann", "Bo"))
    with pytest.raises(RuleViolation, match="There is no seat 5; seats are 0–1"):
        PAD.apply(state, {"type": "add_points", "seat": 5, "category": "points", "points": 1})
    with pytest.raises(RuleViolation, match="Unknown category 'gold'"):
        PAD.apply(state, {"type": "add_points", "seat": 0, "category": "gold", "points": 1})
    with pytest.raises(BadAction, match="unknown action 'fly'"):
        PAD.apply(state, {"type": "fly"})
    assert PAD.score(state).totals == (0, 0)
    assert not PAD.legal(state, {"type": "add_points", "seat": 9, "category": "points", "points": 1})


def test_finish_ends_the_game_and_freezes_the_sheet():
    state = PAD.setup(players("Ann", "Bo"))
    state = PAD.apply(state, {"type": "add_points", "seat": 1, "category": "points", "points": 3})
    assert PAD.end_if(state) is None
    state = PAD.apply(state, {"type": "finish"})
    outcome = PAD.end_if(state)
    assert outcome.winners == (1,)
    with pytest.raises(RuleViolation, match="The game is over"):
        PAD.apply(state, {"type": "add_points", "seat": 0, "category": "points", "points": 1})


def test_state_round_trips_through_json():
    state = PAD.setup(players("Ann", "Bo"))
    state = PAD.apply(state, {"type": "add_points", "seat": 0, "category": "points", "points": 2.5})
    state = PAD.apply(state, {"type": "next_round"})
    assert PAD.from_json(PAD.to_json(state)) == state


def test_plain_pad_has_one_points_category():
    assert PAD.setup(players("Ann")).categories == (("points", "Points"),)


def test_pad_for_a_game_takes_that_games_categories():
    from companion.data import game_ids, load_game

    with_categories = [g for g in game_ids() if load_game(g).score_categories]
    for game_id in with_categories:
        pad = find_game(f"scorepad-{game_id}")
        assert pad.name == f"Score pad for {load_game(game_id).name}" and pad.record == (game_id, load_game(game_id).name)
        state = pad.setup(players("Ann", "Bo"))
        assert state.categories == load_game(game_id).score_categories
        category = state.categories[-1][0]
        state, line = pad.play(state, {"type": "add_points", "seat": 1, "category": category, "points": 5})
        assert pad.score(state).totals == (0, 5)
        assert line == f"Bo +5 points ({state.categories[-1][1]})"  # the category's name, not its id


def test_the_next_round_starts_when_every_player_says_the_round_is_done():
    pad = find_game("scorepad")
    state = pad.setup(players("Ann", "Bo", "Cy"), None, seed=1)
    state, said = pad.play(state, {"type": "round_done", "seat": 1})
    assert state.round == 1 and state.agreed == (1,) and said == "Bo says round 1 is done (1 of 3 agree)"
    with pytest.raises(RuleViolation, match="Bo has already said round 1 is done"):
        pad.apply(state, {"type": "round_done", "seat": 1})
    state, _ = pad.play(state, {"type": "round_done", "seat": 0})
    state, said = pad.play(state, {"type": "round_done", "seat": 2})
    assert state.round == 2 and state.agreed == () and said.endswith("everyone agrees, round 2 starts")
    assert pad.from_json(pad.to_json(state)) == state
    # a table stored before agreeing was kept reads back with nobody agreeing
    old = {k: v for k, v in pad.to_json(state).items() if k != "agreed"}
    assert pad.from_json(old).agreed == ()
    # the host's "next round" starts it at once and forgets who had agreed
    state, _ = pad.play(state, {"type": "round_done", "seat": 0})
    state, _ = pad.play(state, {"type": "next_round"})
    assert state.round == 3 and state.agreed == ()
    assert pad.actions.specs["next_round"].host_only
