"""ARDEVUR's data: the counts the rulebook gives, and clear errors for bad rows."""

import shutil
from collections import Counter

import pytest

from companion.ardevur.data import catalog
from companion.data import builtin_data_dir
from companion.errors import DataError


@pytest.fixture(scope="module")
def cat():
    return catalog()


def test_box_contents(cat):
    assert len(cat.corporations) == 4
    assert len(cat.territories) == 24 and len(cat.regions) == 8
    assert Counter(r.continent for r in cat.regions.values()) == {"africa": 4, "europe": 4}
    assert Counter(t.tier for t in cat.targets.values()) == {"bronze": 16, "silver": 14, "gold": 10}
    assert len(cat.incentives) == 6
    assert len(cat.actions) == 64
    assert Counter(a.corporation for a in cat.actions.values()) == {c: 16 for c in cat.corporations}
    tokens = cat.tables["tokens"]
    assert {k: tuple(v) for k, v in tokens.items()} == {"zinc": (2, 12), "copper": (4, 10), "nickel": (8, 10),
                                                       "gold": (16, 8)}
    assert sum(cat.tables["starting_bills"]) == cat.number("starting_money") == 32


@pytest.mark.parametrize("players,total", [(4, 18), (3, 15), (2, 11)])
def test_card_count_table_development(cat, players, total):
    assert sum(cat.dev_count(card, players) for card in cat.development) == total
    assert sum(row["qty"] for row in cat.development.values()) == 18


@pytest.mark.parametrize("players,bronze,silver,gold,incentives",
                         [(4, 9, 6, 3, 3), (3, 6, 6, 3, 2), (2, 6, 3, 3, 1)])
def test_card_count_table_targets(cat, players, bronze, silver, gold, incentives):
    row = cat.tables["targets_in_play"][str(players)]
    assert (row["bronze"], row["silver"], row["gold"], row["incentives"]) == (bronze, silver, gold, incentives)
    assert {4: 18, 3: 15, 2: 12}[players] == bronze + silver + gold


def test_every_region_has_one_territory_per_tier_and_africa_needs_infrastructure(cat):
    for region in cat.regions.values():
        tiers = sorted(t.tier for t in cat.territories.values() if t.region == region.id)
        assert tiers == ["bronze", "gold", "silver"]
        assert bool(region.needs) == (region.continent == "africa")
        assert region.costs["water"] in (0, 4)


def test_the_shown_action_card_exists(cat):
    assert any(a.effect == "share" for a in cat.actions.values())


def _copy(tmp_path):
    target = tmp_path / "ardevur"
    shutil.copytree(builtin_data_dir() / "ardevur", target)
    return target


def test_bad_rows_are_reported_with_file_line_and_column(tmp_path):
    root = _copy(tmp_path)
    text = (root / "targets.csv").read_text().replace("mines 2,money 16", "mines two,money 16")
    (root / "targets.csv").write_text(text)
    text = (root / "territories.csv").read_text().replace("tafilalt,1,Tafilalt,maghreb", "tafilalt,1,Tafilalt,atlantis")
    (root / "territories.csv").write_text(text)
    text = (root / "actions.csv").read_text().replace("take 8", "take 7", 1)
    (root / "actions.csv").write_text(text)
    with pytest.raises(DataError) as caught:
        catalog(str(root))
    lines = str(caught.value)
    assert "targets.csv:18: condition: expected 'KIND N'" in lines
    assert "territories.csv:3: region: unknown region 'atlantis'" in lines
    assert "actions.csv:3: effect: 'take' takes an even amount" in lines


def test_headframe_check_passes_on_the_shipped_data():
    from headframe.cli import main

    assert main(["check", "ardevur"]) == 0


def test_a_bad_number_in_the_tables_is_reported_on_its_line(tmp_path):
    root = _copy(tmp_path)
    text = (root / "game.toml").read_text()
    line = text[:text.index("max_active_mines = 4")].count("\n") + 1
    (root / "game.toml").write_text(text.replace("max_active_mines = 4", 'max_active_mines = "four"'))
    with pytest.raises(DataError) as caught:
        catalog(str(root))
    assert f"game.toml:{line}: tables.max_active_mines: must be a whole number of 0 or more, not 'four'" in str(caught.value)


@pytest.mark.parametrize("old,new,expected", [
    ("gold = [16, 8]", "tin = [16, 8]",
     "tables.tokens.tin: 'tin' is not one of the game's resources: zinc, copper, nickel, gold"),
    ("gold = [16, 8]", "gold = [16, 7]",
     "components.resource-tokens.count: prints 40; tables.tokens (12 + 10 + 10 + 7) makes 39"),
])
def test_the_resource_tokens_are_the_games_resources_and_the_printed_ones(tmp_path, capsys, old, new, expected):
    """A token named by no resource has no colour or letter to print, and a count the component
    does not print ran past its last piece: each is one line of check and build, nothing written."""
    from headframe.cli import main
    from test_data_numbers import checked_once

    data, err = checked_once(tmp_path, capsys, "ardevur", old, new, expected)
    toml = data / "ardevur" / "game.toml"
    if new.startswith("tin"):
        text = toml.read_text(encoding="utf-8")
        assert err == f"{toml}:{text[:text.index(new)].count(chr(10)) + 1}: {expected}"
    out = tmp_path / "out"
    assert main(["build", "ardevur", "--data", str(data), "--out", str(out)]) == 2
    assert capsys.readouterr().err.splitlines() == [err]
    assert not out.exists() or not any(out.rglob("*.pdf"))
