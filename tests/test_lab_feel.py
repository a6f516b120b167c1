"""How a game feels: each measure on hand-made games whose answers are known, their tally,
and the counts of who started each round on real games."""

from __future__ import annotations

import pytest

from lab.feel import DEFINITIONS, Feel, FeelTally, feel, leader
from lab.play import Job, play
from lab.starts import StartTally, explanation


def test_a_see_saw_game():
    # Ann leads, Bo, Ann, then Bo wins: three lead changes, the last in the last round.
    measures = feel([(5, 3), (4, 6), (8, 7), (9, 12)], [1])
    assert measures == Feel(lead_changes=3, last_change=1.0, behind_by=2.0, decided_early=False, tie=False,
                            spread=3.0)


def test_a_game_led_from_start_to_finish():
    measures = feel([(1, 0, 0), (5, 2, 2), (9, 3, 8), (12, 4, 10)], [0])
    assert measures == Feel(0, 0.0, 0.0, True, False, 8.0)


def test_a_lead_change_half_way_then_held():
    measures = feel([(4, 1), (4, 6), (5, 9), (6, 11)], [1])
    assert measures.lead_changes == 1 and measures.last_change == 0.5  # round 2 of 4
    assert measures.behind_by == 3.0 and measures.decided_early


def test_a_shared_top_is_no_lead_change_and_a_shared_win_is_a_tie():
    assert feel([(2, 1), (2, 2), (3, 1)], [0]).lead_changes == 0  # Ann, level, Ann again
    shared = feel([(3, 3), (4, 2), (4, 4), (6, 6)], [0, 1])
    assert shared == Feel(0, 0.0, None, None, True, 0.0)  # no sole winner: no comeback, nothing decided


def test_a_game_of_one_round_cannot_be_decided_before_its_last():
    assert feel([(5, 3)], [0]) == Feel(0, 0.0, 0.0, None, False, 2.0)


def test_the_leader_is_whoever_stands_alone_at_the_top():
    assert leader((3, 9, 4)) == 1 and leader((9, 9, 4)) is None and leader(()) is None


def _row(measures: Feel) -> dict:
    return {"feel": measures.to_row()}


def test_the_tally_counts_each_measure_over_the_games_it_applies_to():
    tally = FeelTally()
    for measures in (feel([(5, 3), (4, 6), (8, 7), (9, 12)], [1]), feel([(4, 1), (4, 6), (5, 9), (6, 11)], [1]),
                     feel([(1, 0), (2, 0), (3, 0)], [0]), feel([(3, 3), (4, 4)], [0, 1])):
        tally.add(_row(measures))
    summary = tally.summary()
    assert summary["lead_changes"]["value"] == pytest.approx(1.0)  # 3, 1, 0, 0
    assert summary["comeback"]["value"] == pytest.approx(2 / 3) and summary["comeback"]["n"] == 3
    assert summary["deficit"]["value"] == pytest.approx(2.5)  # 2 and 3, over the two comebacks
    assert summary["decided_early"]["value"] == pytest.approx(2 / 3)
    assert summary["tie"]["value"] == pytest.approx(0.25) and summary["tie"]["n"] == 4
    assert summary["spread"]["value"] == pytest.approx((3 + 5 + 3 + 0) / 4)
    for measure in summary.values():
        assert measure["low"] <= measure["value"] <= measure["high"]
        assert measure["definition"] in DEFINITIONS.values()


def test_every_measure_has_one_plain_sentence():
    for name, sentence in DEFINITIONS.items():
        assert sentence.endswith(".") and sentence.count(". ") == 0, name


def test_who_started_the_rounds_explains_a_favoured_position():
    # Four seats; the fourth to move starts fewer rounds and wins every game.
    rows = [{"first": 0, "winners": [3], "started": [3, 3, 3, 2]} for _ in range(60)]
    tally = StartTally(4)
    for row in rows:
        tally.add(row)
    summary = tally.summary("the starting player token")
    assert [p["mean"] for p in summary["positions"]] == [3, 3, 3, 2]
    fewest, more = summary["groups"]
    assert fewest["seats"] == 60 and fewest["win_rate"] == 1.0 and more["seats"] == 180 and more["win_rate"] == 0
    assert summary["significant"] and summary["p_value"] < 1e-30
    order = {"significant": True}
    why = explanation(summary, order)
    assert "held the starting player token" in why and "the fourth to move 2.00" in why
    assert explanation(summary, {"significant": False}) == ""


def test_starting_rounds_equally_explains_nothing():
    tally = StartTally(2)
    for winner in (0, 1) * 20:
        tally.add({"first": 0, "winners": [winner], "started": [2, 2]})
    summary = tally.summary("the first turn of the round")
    assert not summary["significant"] and explanation(summary, {"significant": True}) == ""


@pytest.mark.parametrize("game_id, players", [("ore", 4), ("tinners-trail", 3), ("ore-published", 3)])
def test_a_real_game_notes_every_round_it_played(game_id, players):
    row = play(Job(game_id, players, None, ("random",) * players, 3), 0)
    assert sum(row["started"]) == row["rounds"]  # one seat started each round
    assert row["feel"]["last_change"] <= 1 and row["feel"]["spread"] == max(row["scores"]) - min(row["scores"])
    if game_id == "ore":  # the starting player token goes round the table, one seat a round
        assert max(row["started"]) - min(row["started"]) <= 1
