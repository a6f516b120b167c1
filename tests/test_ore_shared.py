"""The rules both editions of Ore share (``companion/ore_rules``), asked through each edition's
own cards, so a change to the shared rule shows in both."""

import re
import shutil
from pathlib import Path

import pytest

from companion import find_game
from companion.errors import BadAction
from companion.ore.data import cards as ore_cards
from companion.ore_published import data as published
from companion.ore_rules.cells import parse_rows, parse_spaces
from companion.ore_rules.descent import reaches
from headframe.cli import main

ROOT = Path(__file__).resolve().parents[1]

RESOURCES = ("iron", "gold", "coal")


def test_spaces_need_one_cage_level_more_below_each_line():
    assert parse_spaces("1 1 2 | 2 3 | 4", 1, "barrels") == ((1, 1, 2, 2, 3, 4), (1, 1, 1, 2, 2, 3))
    assert parse_spaces(" 2 |3", 0, "cubes") == ((2, 3), (0, 1))
    # each edition's cage starts where its own does: Ore's at level 1, the published one's at no cage
    assert ore_cards.parse_spaces("1 | 2") == ((1, 2), (1, 2))
    assert published.parse_spaces("1 | 2") == ((1, 2), (0, 1))


@pytest.mark.parametrize("text, words", [
    ("1 | 2 | 3 | 4", "at most two '|' lines"),
    ("1 || 2", "each part between '|' needs at least one space"),
    ("1 x", "'x' is not a whole number of barrels"),
    ("1 0 2", "'0': each space gathers 1 or more barrels"),
])
def test_a_bad_spaces_cell_says_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words.replace("|", r"\|")):
        parse_spaces(text, 1, "barrels")


def test_contract_rows_give_each_box_its_kinds_and_the_pay():
    assert parse_rows("iron/gold + coal=15; iron+iron = 20", RESOURCES) == (
        ((("iron", "gold"), ("coal",)), 15), ((("iron",), ("iron",)), 20))
    with pytest.raises(ValueError, match="unknown resource 'lead' in row 'lead=5'; resources: iron, gold, coal"):
        parse_rows("lead=5", RESOURCES)
    with pytest.raises(ValueError, match="row 'iron' needs '=' and the dollars it pays"):
        parse_rows("iron", RESOURCES)


def test_only_ore_asks_each_row_to_pay_more_than_the_one_above():
    with pytest.raises(ValueError, match=r"row 'iron=5' pays \$5, not more than the row above \(\$10\)"):
        ore_cards.parse_rows("coal=10; iron=5")
    assert [r.pay for r in published.parse_rows("lead=10; iron=5")] == [10, 5]


def test_a_miner_reaches_a_space_that_exists_within_its_cage():
    needs = (0, 0, 1, 2)
    assert reaches(needs, 1, 0) and reaches(needs, 2, 1) and reaches(needs, 3, 2)
    assert not reaches(needs, 2, 0) and not reaches(needs, 4, 2)


def test_both_editions_mine_cards_reach_by_the_same_rule():
    for game_id in ("ore", "ore-published"):
        for card in find_game(game_id).data.mines.values():
            needs = card.levels if game_id == "ore" else card.cages
            top = needs[0]
            assert card.reaches(0, top) and not card.reaches(len(card.spaces), 9)
            assert [card.reaches(s, top) for s in range(len(card.spaces))] == [n <= top for n in needs]


@pytest.mark.parametrize("entry, words", [
    ("Joe", "player 2: expected an object with name, money"),
    ({"name": "Bo", "cash": 3}, "player 2: unknown field 'cash'; fields: name, money"),
    ({"name": "Bo", "money": -1}, "Bo: money must be a whole number of at least 0, got -1"),
    ({"name": "Bo", "money": True}, "Bo: money must be a whole number of at least 0, got True"),
])
def test_both_editions_refuse_a_bad_player_of_an_end_of_game_file_alike(entry, words):
    for game_id in ("ore", "ore-published"):
        with pytest.raises(BadAction, match=words):
            find_game(game_id).score_file({"players": [{"name": "Ann", "money": 3}, entry]})


@pytest.mark.parametrize("game_id, old, new", [("ore", "oil", "petrol"), ("ore-published", "lead", "tin")])
def test_data_naming_other_resources_is_refused_once_at_its_resources(tmp_path, capsys, game_id, old, new):
    """Renamed everywhere, a resource the edition's rules do not play with is one problem, at
    ``[resources]``, rather than one on every card that names it."""
    copy = tmp_path / game_id
    shutil.copytree(ROOT / "cards_data" / game_id, copy)
    for path in [copy / "game.toml", *copy.glob("*.csv")]:
        path.write_text(re.sub(rf"\b{old}\b", new, path.read_text()))
    line = (copy / "game.toml").read_text().splitlines().index(f"[resources.{new}]") + 1
    assert main(["check", game_id, "--data", str(copy)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"{copy / 'game.toml'}:{line}: resources: the rules play with "
                   f"{', '.join(find_game(game_id).data.data.resources)}; this data names "
                   f"{', '.join(new if r == old else r for r in find_game(game_id).data.data.resources)}"]


def test_how_many_players_a_file_lists_is_each_editions_own():
    player = {"name": "Ann"}
    assert find_game("ore").score_file({"players": [player]}).players == ("Ann",)
    for data in ({}, {"players": []}, {"players": "Ann"}, []):
        with pytest.raises(BadAction, match="the file needs a 'players' list with one entry per player"):
            find_game("ore").score_file(data)
    for count in (1, 6):
        with pytest.raises(BadAction, match="one entry for each of 2-5 players"):
            find_game("ore-published").score_file({"players": [player] * count})
