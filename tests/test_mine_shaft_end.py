"""The three end conditions, the one final turn each, and scoring (from a game and from a file).

The rulebook: after an ending event every player rolls and has a final turn, starting from the
first player. So the round in progress is not played out: the turn that caused the ending
finishes, then the first player begins the final turns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core import Finish
from companion.errors import BadAction
from companion import find_game
from companion.mine_shaft.notation import parse
from headframe.cli import main

GAME = find_game("mine-shaft")
R = GAME.data
EXAMPLE = Path(__file__).resolve().parents[1] / "cards_data" / "mine-shaft" / "examples" / "end-of-game.json"


def act(state, kind, **fields):
    return GAME.apply(state, {"type": kind, "seat": state.turn, **fields})


def play_out(state, limit=2000):
    """Let the simple bot play every seat to the end; return the (round, seat) of each turn begun."""
    turns = []
    for _ in range(limit):
        if GAME.end_if(state) is not None:
            return state, turns
        before = (state.round, state.turn)
        state = GAME.apply(state, GAME.bot_action(state, state.turn))
        if state.phase != "over" and (state.round, state.turn) != before:
            turns.append((state.round, state.turn))
    raise AssertionError("the game did not end")


# Round 4 of a 3-player game, first player Ann (seat 0); Bo (seat 1) is about to act.
HEAD = "turn=1 first=0 round=4 phase=start"


def test_an_empty_bag_ends_the_turn_then_one_final_turn_each_from_the_first_player():
    state = parse(R, f"{HEAD} | bag=1,0,0 | pile=Sr2,Tg1,Tg1 | start@0,0 Sy1@1,0/90 | Ann@0,0+ Bo@1,0+ Cy@0,0+")
    state = act(act(state, "draw_tile", tile="Sr2"), "place_tile", x=2, y=0, rotation=90, minerals=["coal"])
    assert state.bag == (0, 0, 0)
    assert state.ending == "bag-empty" and state.final_round == 5
    end, turns = play_out(state)
    assert turns == [(5, 0), (5, 1), (5, 2)]  # Cy's round-4 turn is not played: final turns, Ann first
    assert end.phase == "over" and GAME.end_if(end).reason.startswith("the mineral bag is empty")


def test_drawing_the_last_tile_starts_the_final_turns():
    state = parse(R, f"{HEAD} | bag=30,20,10 | pile=Sr2 | start@0,0 Sy1@1,0/90 | Ann@0,0+ Bo@1,0+ Cy@0,0+")
    state = act(state, "draw_tile", tile="Sr2")
    assert state.ending == "no-tiles-left" and state.final_round == 5
    _, turns = play_out(state)
    assert turns == [(5, 0), (5, 1), (5, 2)]


def test_no_viable_placement_starts_the_final_turns():
    # Ends of shaft face the start tile on three sides; Bo closes the fourth.
    text = (f"{HEAD} | bag=30,20,10 | pile=Ey3,Tg1 | start@0,0 Ey3@1,0/270 Ey3@-1,0/90 Ey3@0,1 "
            "| Ann@0,0+ Bo@0,0+ Cy@0,0+")
    state = act(act(parse(R, text), "draw_tile", tile="Ey3"), "place_tile", x=0, y=-1, rotation=180,
                minerals=["coal", "coal", "coal"])
    assert state.ending == "no-viable-placement" and state.final_round == 5
    _, turns = play_out(state)
    assert turns == [(5, 0), (5, 1), (5, 2)]


def test_a_trigger_on_the_last_turn_of_a_round_leaves_exactly_the_final_round():
    text = "turn=2 first=0 round=4 phase=start | bag=30,20,10 | pile=Sr2 | start@0,0 Sy1@1,0/90 | Ann@0,0+ Bo@0,0+ Cy@1,0+"
    state = act(parse(R, text), "draw_tile", tile="Sr2")
    _, turns = play_out(state)
    assert turns == [(5, 0), (5, 1), (5, 2)]


def test_an_ending_on_the_first_players_turn_gives_them_a_final_turn_as_well():
    text = "turn=0 first=0 round=4 phase=start | bag=30,20,10 | pile=Sr2 | start@0,0 Sy1@1,0/90 | Ann@0,0+ Bo@0,0+ Cy@1,0+"
    state = act(parse(R, text), "draw_tile", tile="Sr2")
    assert state.ending == "no-tiles-left"
    _, turns = play_out(state)
    assert turns == [(5, 0), (5, 1), (5, 2)]  # Ann's ending turn, then Ann's final turn, Bo's, Cy's


def test_a_final_turn_on_a_collapsed_tile_clears_it_and_still_rolls():
    # Bo ends the game by drawing the last tile; Ann (first player) stands on a collapsed tile.
    text = ("turn=1 first=0 round=4 phase=start | bag=30,20,10 | pile=Sr2 | start@0,0 Sy1@1,0/90! "
            "| Ann@1,0+ Bo@0,0+ Cy@0,0+")
    state = act(parse(R, text), "draw_tile", tile="Sr2")
    state = act(state, "place_tile", x=-1, y=0, rotation=90, minerals=["coal", "coal"])
    state = act(act(state, "roll", die_a="red", die_b=1), "move", x=0, y=0)
    if state.phase == "mine":
        state = act(state, "pass")
    assert (state.round, state.turn, state.phase) == (5, 0, "clear")
    state = act(state, "clear", coal=1)
    assert state.phase == "roll" and not state.tiles[(1, 0)].collapsed
    state = act(state, "roll", die_a="red", die_b=1)
    assert state.phase in ("die_a", "move") and state.die_b == 1


def test_outside_the_final_turns_clearing_is_the_whole_turn():
    text = "turn=0 first=0 round=4 phase=start | bag=30,20,10 | pile=Sr2,Sr2 | start@0,0 Sy1@1,0/90! | Ann@1,0+ Bo@0,0+"
    state = parse(R, text.replace("phase=start", "phase=clear"))
    state = act(state, "clear", coal=1)
    assert (state.turn, state.phase) == (1, "start")


def test_refilling_the_bag_does_not_cancel_the_ending():
    text = (f"{HEAD} | bag=1,0,0 | pile=Sr2,Tg1 | start@0,0 Sy1@1,0/90 Tg1@1,1/0:gg | Ann@0,0+ Bo@1,0+ Cy@0,0+")
    state = act(act(parse(R, text), "draw_tile", tile="Sr2"), "place_tile", x=2, y=0, rotation=90,
                minerals=["coal"])
    state = act(act(state, "roll", die_a="quake", die_b=1), "collapse", x=1, y=1)
    assert state.bag == (0, 0, 2) and state.ending == "bag-empty"


def test_scoring_coal_one_silver_three_gold_five():
    text = "turn=0 phase=over | bag=0,0,0 | pile= | start@0,0 | Ann@0,0=4,2,1 Bo@0,0=1,1,1"
    sheet = GAME.score(parse(R, text))
    assert [r.points for r in sheet.rows] == [(4, 1), (6, 3), (5, 5)]
    assert sheet.totals == (15, 9) and sheet.ranks == (1, 2)
    outcome = GAME.end_if(parse(R, text))
    assert outcome.finish is Finish.WIN and outcome.winners == (0,)


def test_equal_values_share_the_rank():
    sheet = GAME.score(parse(R, "turn=0 phase=over | bag=0,0,0 | pile= | start@0,0 | Ann@0,0=5,0,0 Bo@0,0=0,0,1"))
    assert sheet.totals == (5, 5) and sheet.ranks == (1, 1)


def test_headframe_score_reads_the_documented_example(capsys):
    assert main(["score", "mine-shaft", str(EXAMPLE)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["players"] == ["Ann", "Bo", "Cy"]
    assert result["totals"] == [29, 34, 27]   # 7+12+10, 3+6+25, 12+15+0
    assert result["ranks"] == [2, 1, 3]


@pytest.mark.parametrize("players, message", [
    ([{"name": "Ann", "coal": 1}], "2 to 4 players"),
    ([{"name": "Ann", "coal": -1}, {"name": "Bo"}], "whole number"),
    ([{"name": "Ann", "diamonds": 1}, {"name": "Bo"}], "unknown key 'diamonds'"),
    ([{"name": "Ann", "gold": 15}, {"name": "Bo", "gold": 6}], "21 gold between them, but the game has only 20"),
])
def test_a_bad_end_of_game_file_is_refused_with_a_reason(players, message):
    with pytest.raises(BadAction, match=message):
        GAME.score_file({"game": "mine-shaft", "players": players})


def test_a_bad_file_exits_2_with_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"players": [{"name": "Ann", "gold": 30}, {"name": "Bo"}]}))
    assert main(["score", "mine-shaft", str(bad)]) == 2
    assert "only 20" in capsys.readouterr().err
