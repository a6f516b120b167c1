"""Ore (published edition): the one-line notation of a position reads back to the very same
state, fills in what a written position leaves out, refuses what it cannot read, and scenarios
written in it play by the rules (and by an edited copy's numbers)."""

import random
import shutil

import pytest

from companion import BadAction, PlayerSpec, find_game
from companion.data import builtin_data_dir
from companion.ore_published.notation import notation, parse

GAME = find_game("ore-published")
MINES = "lead=lead-1 coal=coal-1 copper=copper-1 iron=iron-1 gold=gold-1"
CUBES = "cubes=lead:1,coal:1,copper:1,iron:1,gold:1"
START = f"round=1 phase=tasking first=0 turn=0 | row=c1,c2,c3,c4 | {MINES} | Ann $5 {CUBES} | Bo $6 {CUBES} | Cy $7 {CUBES}"


def position(text, game=GAME):
    return parse(game.data, text)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_position_of_a_played_game_reads_back_the_same(players):
    checked = 0
    for seed in range(2):
        state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], None, seed)
        chooser = random.Random(seed)
        while True:
            line = notation(GAME.data, state)
            assert "\n" not in line and parse(GAME.data, line) == state, line
            checked += 1
            if GAME.end_if(state) is not None:
                break
            state = GAME.apply(state, GAME.bot_move(state, GAME.acting_seats(state)[0], GAME.bot_names[seed], chooser))
    assert checked > 150


def test_a_written_position_takes_the_decks_and_the_supply_from_the_rest():
    state = position(START)
    assert state.drills == 5 and state.temps == 5 and state.recruited == 0
    assert len(state.contract_deck) == 36 and "c1" not in state.contract_deck
    assert len(state.building_deck) == 64 and "lead-1" not in state.mine("lead").deck
    assert [p.home for p in state.players] == [4, 4, 4] and state.players[2].colour == "yellow"
    assert notation(GAME.data, state) == START  # what equals its default is left out again
    drilled = position(START.replace("Bo $6", "Bo $6 drills=2").replace("Cy $7", "Cy $7 private=gold-2@1 hired"))
    assert (drilled.drills, drilled.temps, drilled.recruited) == (3, 4, 1) and "gold-2" not in drilled.mine("gold").deck


def test_the_deepest_worker_without_a_cage_exhausts_the_mine():
    state = position(f"round=2 phase=collection first=0 turn=- | row=c1,c2,c3,c4 | "
                     f"{MINES.replace('iron=iron-1', 'iron=iron-1[0@1,1@0]')} | Ann $5 home=3 | Bo $6 home=3 | Cy $7")
    after = GAME.apply(state, {"type": "collect", "seat": 0, "cards": "iron-2"})
    line = notation(GAME.data, after)
    # iron-1 is "1 2 | 2 | 3": space 2 gives Ann two iron, the top space Bo one; space 3 needs a cage
    assert "iron=iron-2 " in line and "Ann $5 cubes=iron:2 |" in line and "Bo $6 cubes=iron:1 |" in line
    assert "phase=business" in line and after.mine("iron").deck[-1] == "iron-1"


def test_a_drill_bit_needs_the_cage_the_space_asks_for_and_the_button_says_so():
    state = position(START.replace("Ann $5", "Ann $5 drills=1"))
    deep = {"type": "place", "seat": 0, "space": "mine", "res": "iron", "depth": 2}
    reason = "Space 3 needs mine cage side 1; yours is 0."
    assert GAME.refusal(state, deep) == reason
    offered = [o for o in GAME.options(state, 0) if o.action == deep]
    assert len(offered) == 1 and not offered[0].allowed and offered[0].reason == reason
    after = GAME.apply(position(START.replace("Ann $5", "Ann $5 drills=1 cage=1")), deep)
    assert "iron=iron-1[0@2]" in notation(GAME.data, after) and after.drills == 5  # the bit goes back


def test_the_last_rounds_business_ends_the_game_by_the_datas_rounds(tmp_path):
    last = ("round=7 phase=business first=0 turn=- | row=c1,c2,c3,c4 | " + MINES +
            " | Ann $5 completed=c3 done | Bo $6 done | Cy $9 contracts=c5:1")
    over = GAME.apply(position(last), {"type": "done", "seat": 2})
    assert over.phase == "over" and over.discard == ("c5",)
    assert GAME.end_if(over).reason == "the seventh round is over" and GAME.end_if(over).winners == (0,)
    folder = tmp_path / "ore-published"
    shutil.copytree(builtin_data_dir() / "ore-published", folder)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("rounds = 7", "rounds = 5"))
    short = find_game("ore-published", str(folder))
    fifth = last.replace("round=7", "round=5")
    assert GAME.apply(position(fifth), {"type": "done", "seat": 2}).phase == "cleanup"
    ended = short.apply(position(fifth, short), {"type": "done", "seat": 2})
    assert ended.phase == "over" and short.end_if(ended).reason == "the fifth round is over"


@pytest.mark.parametrize("text, words", [
    (START.replace("row=c1", "row=c99"), "no card 'c99' in the data"),
    (START.replace("Bo $6", "Bo 6"), "Bo's second word is their money"),
    (START.replace("lead=lead-1", "tin=tin-1"), "unknown resource 'tin'"),
    (START.replace("Ann $5 cubes=lead:1", "Ann $5 cubes=tin:1"), "unknown resource 'tin'"),
    ("round=1 phase=tasking | row=c1", "it needs the header, the board, the mines"),
])
def test_a_position_that_cannot_be_read_says_what(text, words):
    with pytest.raises(BadAction, match="cannot read the position") as caught:
        position(text)
    assert words in str(caught.value)


def test_a_position_that_breaks_the_books_has_its_problems_named():
    assert GAME.problems(position(START)) == []
    broken = position(START.replace("row=c1,c2", "row=c1,c1").replace("Bo $6", "Bo $-2 drills=9 home=7"))
    found = {(p.field, p.message) for p in GAME.problems(broken)}
    assert ("players[1]", "Bo has less than nothing") in found
    assert ("players[1].home", "Bo owns 4 workers, yet 7 are home and 0 on the board") in found
    assert ("drills", "the supply and the players hold 5 drill bits in all") in found
    assert any(field == "contracts" and "extra ['c1']" in message for field, message in found)
