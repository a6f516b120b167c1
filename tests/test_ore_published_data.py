"""Ore (published edition) data: the rulebook's counts, the two-player marks and clear errors
for bad cells."""

import shutil
from pathlib import Path

import pytest

from companion.data import load_game
from companion.errors import DataError
from companion.ore_published.data import build_catalog, catalog, parse_rows, parse_spaces
from headframe.cli import main

DATA = Path(__file__).resolve().parent.parent / "cards_data" / "ore-published"


def test_thirty_two_mine_cards_by_type():
    cat = catalog()
    by_type = {}
    for card in cat.mines.values():
        by_type[card.res] = by_type.get(card.res, 0) + 1
    assert by_type == {"lead": 7, "coal": 7, "copper": 6, "iron": 7, "gold": 5}
    assert len(cat.mines) == 32


def test_one_hundred_twenty_money_cards_by_value():
    money = catalog().tables["money_cards"]
    assert {int(k): v for k, v in money.items()} == {1: 40, 5: 20, 10: 20, 20: 40}
    assert sum(money.values()) == 120


def test_forty_contracts_and_sixty_four_buildings_with_slag_heap():
    cat = catalog()
    assert len(cat.contracts) == 40
    assert len(cat.building_copies()) == 64
    slag = cat.buildings["slag-heap"]
    assert (slag.money, slag.cubes, slag.effect) == (17, (), ("sell", "3"))


def test_two_player_cards_never_need_copper():
    cat = catalog()
    for c in cat.contracts.values():
        if c.two_player:
            assert all("copper" not in item for row in c.rows for item in row.items)
    for b in cat.buildings.values():
        if b.two_player:
            assert "copper" not in b.cubes


def test_cell_formats():
    assert parse_spaces("1 2 | 2 | 3") == ((1, 2, 2, 3), (0, 0, 1, 2))
    row = parse_rows("iron/gold+coal=15")[0]
    assert row.items == (("iron", "gold"), ("coal",)) and row.pay == 15
    with pytest.raises(ValueError, match="'x' is not a whole number of cubes"):
        parse_spaces("1 x")


@pytest.fixture
def copy(tmp_path):
    target = tmp_path / "ore-published"
    shutil.copytree(DATA, target)
    return target


def test_a_bad_mine_cell_names_file_line_and_column(copy, capsys):
    text = (copy / "mines.csv").read_text().replace("iron-1,1,iron,6,1 2 | 2 | 3", "iron-1,1,iron,6,1 2 | 2 | 3 | 4")
    (copy / "mines.csv").write_text(text)
    line = text.splitlines().index("iron-1,1,iron,6,1 2 | 2 | 3 | 4") + 1
    assert main(["check", "ore-published", "--data", str(copy)]) == 2
    err = capsys.readouterr().err
    assert f"mines.csv:{line}: spaces: at most two '|' lines" in err
    assert "Traceback" not in err


def test_a_two_player_contract_asking_for_copper_is_refused(copy):
    text = (copy / "contracts.csv").read_text().replace("c1,1,lead+coal=8", "c1,1,copper+coal=8")
    (copy / "contracts.csv").write_text(text)
    with pytest.raises(DataError) as caught:
        build_catalog(load_game("ore-published", copy))
    messages = [str(p) for p in caught.value.problems]
    assert any("contracts.csv:2: two_player: a contract in the two-player set cannot ask for copper" in m
               for m in messages), messages


def test_the_shipped_data_checks_clean(capsys):
    assert main(["check", "ore-published"]) == 0
    assert "ok: ore-published" in capsys.readouterr().out


def test_a_missing_mine_card_breaks_the_count(copy):
    text = (copy / "mines.csv").read_text().replace("gold-5,1,gold,9,1 | 1 | 2 2\n", "")
    (copy / "mines.csv").write_text(text)
    with pytest.raises(DataError, match="4 gold mine cards; tables.mines_per_type says 5"):
        build_catalog(load_game("ore-published", copy))


def test_a_missing_or_malformed_number_names_its_key(copy, capsys):
    text = (copy / "game.toml").read_text()
    text = text.replace("recall_cost = 5 ", "").replace("contract_row = { 2 = 3, 3 = 4, 4 = 4, 5 = 5 }",
                                                           "contract_row = { 2 = 3, 3 = 4, 4 = 4 }")
    (copy / "game.toml").write_text(text.replace("permit_primary = 3", 'permit_primary = "three"'))
    assert main(["check", "ore-published", "--data", str(copy)]) == 2
    err = capsys.readouterr().err
    assert "tables.recall_cost: missing; it must be a whole number of 0 or more" in err
    assert "setup.contract_row: needs an entry for every player count from 2 to 5; missing: 5" in err
    assert "tables.permit_primary: must be a whole number of 0 or more, not 'three'" in err
    assert "Traceback" not in err


def test_an_edited_copy_plays_by_its_own_numbers(copy):
    from companion import PlayerSpec, find_game
    text = (copy / "game.toml").read_text().replace("starting_money = { first = 5, step = 1 }",
                                                    "starting_money = { first = 11, step = 3 }")
    (copy / "game.toml").write_text(text)
    game = find_game("ore-published", str(copy))
    state = game.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], None, 1)
    assert [p["money"] for p in game.to_json(state)["players"]] == [11, 14, 17]
    shipped = find_game("ore-published")
    assert [p["money"] for p in shipped.to_json(shipped.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], None, 1))["players"]] == [5, 6, 7]
