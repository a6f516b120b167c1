import random

import pytest

from companion import PlayerSpec, UnknownGame, find_game, game_ids, rank, rng, sheet
from companion.core import ScoreRow, field_of
from companion.errors import BadAction, DataError, Problem


def test_rank_orders_by_total_and_shares_ties():
    ranks, note = rank([10, 30, 10])
    assert ranks == (2, 1, 2)
    assert "tied: 10 points each, and equal on every tie-break" in note
    _, note = rank([5, 5, 5], names=["Anna", "Ben", "Cara"])
    assert note == "Anna, Ben and Cara tied: 5 points each, and equal on every tie-break; they share the rank."


def test_rank_breaks_ties_in_order_and_explains_which_key_decided():
    ranks, note = rank([31, 31, 12], tiebreaks=[[5, 5, 0], [9, 12, 0]], names=["Ann", "Bo", "Cy"],
                       labels=["money", "ore left in mines"])
    assert ranks == (2, 1, 3)
    assert note == "Ann and Bo tied on 31 points; ore left in mines decides (Ann: 9, Bo: 12)."


def test_a_tie_on_one_point_says_point_not_points():
    _, note = rank([1, 3, 1], names=["Ben", "Cara", "Dana"])
    assert note == "Ben and Dana tied: 1 point each, and equal on every tie-break; they share the rank."
    _, note = rank([1, 1], tiebreaks=[[2, 0]], names=["Ben", "Dana"], labels=["money"])
    assert note == "Ben and Dana tied on 1 point; money decides (Ben: 2, Dana: 0)."


def test_players_a_tie_break_leaves_level_are_followed_to_the_next_one():
    # Dana, Anna and Ben have the same money; the ore in their mines orders Dana and Anna, and
    # Anna and Ben stay level on that too, so the place in the 0 column (lower wins) decides
    ranks, note = rank([0, 0, 0, 0], tiebreaks=[[20, 20, 1, 20], [3, 3, 0, 5], [2, 1, 4, 3]],
                       names=["Anna", "Ben", "Cara", "Dana"], labels=["money", "ore in mines", "place"], lower=[2])
    assert ranks == (3, 2, 4, 1)
    assert note == ("Anna, Ben, Cara and Dana tied on 0 points; money decides (Anna: 20, Ben: 20, Cara: 1, Dana: 20). "
                    "Anna, Ben and Dana are level on that too; ore in mines decides (Anna: 3, Ben: 3, Dana: 5). "
                    "Anna and Ben are level on that too; place decides (Anna: 2, Ben: 1).")
    _, note = rank([7, 7, 7], tiebreaks=[[2, 2, 0], [1, 1, 1]], names=["Ann", "Bo", "Cy"], labels=["money", "ore"])
    assert note == ("Ann, Bo and Cy tied on 7 points; money decides (Ann: 2, Bo: 2, Cy: 0). "
                    "Ann and Bo are level on that and every later tie-break; they share the rank.")


def test_sheet_adds_rows_into_totals():
    s = sheet(["Ann", "Bo"], [ScoreRow("a", "A", (3, 4)), ScoreRow("b", "B", (5, 1))])
    assert s.totals == (8, 5) and s.ranks == (1, 2) and s.tiebreak == ""
    assert s.to_json()["rows"][1] == {"category": "b", "name": "B", "points": [5, 1]}


def test_rng_is_a_function_of_seed_and_step_only():
    assert rng(42, 7).random() == rng(42, 7).random()
    assert rng(42, 7).random() != rng(42, 8).random()
    assert isinstance(rng("x", 0), random.Random)


def test_find_game_names_the_known_ids():
    with pytest.raises(UnknownGame) as exc:
        find_game("no-such-game")
    assert "scorepad" in str(exc.value) and "no-such-game" in str(exc.value)
    assert "scorepad" in game_ids()


def test_field_of_reports_missing_and_mistyped_fields():
    with pytest.raises(BadAction, match="needs a 'seat' field"):
        field_of({}, "seat")
    with pytest.raises(BadAction, match="'seat' must be int, got True"):
        field_of({"seat": True}, "seat")


def test_problem_prints_path_line_field_message():
    assert str(Problem("a/b.csv", 4, "qty", "must be positive")) == "a/b.csv:4: qty: must be positive"
    assert str(DataError([Problem("x", None, "file", "not found")])) == "x: file: not found"


def test_check_setup_refuses_wrong_player_counts():
    pad = find_game("scorepad")
    assert pad.check_setup([], None) == "the score pad takes 1–12 players, not 0"
    assert pad.check_setup([PlayerSpec("A")], None) is None


# -- one error for "the game is over", and one run of the rules per action --------------------

def _ended(game, state):
    data = game.to_json(state)
    if "phase" in data:
        data["phase"] = "over"
    else:
        data["finished"] = True
    return game.from_json(data)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_refuses_an_action_after_the_end_with_the_same_error(game_id):
    from companion import GameOver

    game = find_game(game_id)
    state = game.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], None, 3)
    # the first action the game offers anyone at the start, tried once the game has ended
    offered = [o.action for seat in (None, 0, 1, 2) for o in game.options(state, seat) if o.allowed]
    action = dict(offered[0]) if offered else {"type": "next_round"}
    action.setdefault("seat", 0)
    with pytest.raises(GameOver) as caught:
        game.apply(_ended(game, state), action)
    assert str(caught.value) == "The game is over: the score sheet is final." and caught.value.code == "game_over"


@pytest.mark.parametrize("game_id", game_ids())
def test_play_applies_once_and_describes_from_the_result(game_id, monkeypatch):
    game = find_game(game_id)
    state = game.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], None, 3)
    seat, option = next((s, o) for s in (0, 1, 2, None) for o in game.options(state, s) if o.allowed)
    action = dict(option.action, seat=seat) if seat is not None else dict(option.action)
    runs = []
    real = game.apply
    monkeypatch.setattr(game, "apply", lambda s, a: runs.append(a) or real(s, a))
    after, line = game.play(state, action)
    assert len(runs) == 1
    assert line and "_" not in line and "{" not in line
    assert game.to_json(after) == game.to_json(real(state, action))


def test_a_tie_break_in_words_says_each_value_as_players_say_it():
    from companion.tinners_trail.scoring import LABELS

    # Ben and Cara tie on points, money and ore; Cara passed before Ben in the last round
    _, note = rank([9, 9], tiebreaks=[[5, 5], [0, 0], [3, 2]], names=["Ben", "Cara"], labels=LABELS, lower=[2])
    assert note == "Ben and Cara tied on 9 points; who passed first in the last round decides (Cara passed 2nd, Ben passed 3rd)."
