"""The rules' own numbers in ``game.toml`` (``[setup]`` and ``[tables]``), checked for type and
range by the one shared check (``companion/data/numbers.py``) before any game reads them: a copy
that writes text, a negative number, a fraction where a whole number is needed or ``true`` is
one line ``game.toml:LINE: key: message`` with exit code 2 from ``check``, ``build`` (nothing
written) and ``serve --data``, in every game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.data import builtin_data_dir, load_game, number_problems
from headframe.cli import main

WHOLE, COUNT = "a whole number of 0 or more", "a whole number of 1 or more"

# (game, text of the shipped game.toml, the same with {v} for the value, the key, what it must be)
NUMBERS = [
    ("tinners-trail", "starting_money = 20", "starting_money = {v}", "setup.starting_money", WHOLE),
    ("tinners-trail", "rounds = 4", "rounds = {v}", "tables.rounds", COUNT),
    ("tinners-trail", '"3" = 5', '"3" = {v}', "setup.mines.3", WHOLE),
    ("tinners-trail", "build_mine = 2", "build_mine = {v}", "tables.work_costs.build_mine", WHOLE),
    ("tinners-trail", "orange = [0, 1, 1", "orange = [{v}, 1, 1", "tables.price_dice.orange", WHOLE),
    ("tinners-trail", "column_from = [0, 5", "column_from = [0, {v}", "tables.ore_prices.column_from", WHOLE),
    ("tinners-trail", "tin = [4, 5, 6, 7]", "tin = [4, {v}, 6, 7]", "tables.ore_prices.tin", WHOLE),
    ("tinners-trail", "round_2 = [[17, 8], [16, 7]", "round_2 = [[17, 8], [16, {v}]", "tables.investment.round_2",
     WHOLE),
    ("tinners-trail", "sections = [[20, 18, 16], [14, 12", "sections = [[20, 18, 16], [14, {v}",
     "tables.arsenic_market.sections", WHOLE),
    ("tinners-trail", "miner = [3, 2, 2, 1]", "miner = [3, 2, {v}, 1]", "tables.development_boards.5.miner", WHOLE),
    ("tinners-trail", "steam_pumps = [[1, 1],", "steam_pumps = [[1, {v}],", "tables.development_boards.5.steam_pumps",
     WHOLE),
    ("tinners-trail", "points = [12, 10", "points = [12, {v}", "tables.emigration.sierra_madre.points", WHOLE),
    ("tinners-trail", "bonus = [[3, 0]", "bonus = [[3, {v}]", "tables.emigration.adelaide.bonus", WHOLE),
    ("ore", "starting_money = 20", "starting_money = {v}", "setup.starting_money", WHOLE),
    ("ore", "assets = 40", "assets = {v}", "setup.by_players.4.assets", WHOLE),
    ("ore", "track_spaces = 7", "track_spaces = {v}", "tables.track_spaces", WHOLE),
    ("ore", "3 = 10, 4 = 20 }", "3 = {v}, 4 = 20 }", "tables.salaries.3", WHOLE),
    ("ore", "strike_per = 5", "strike_per = {v}", "tables.strike_per", COUNT),
    ("ore-published", "rounds = 7", "rounds = {v}", "setup.rounds", COUNT),
    ("ore-published", "4 = 4, 5 = 5 }", "4 = 4, 5 = {v} }", "setup.contract_row.5", COUNT),
    ("ore-published", "recall_cost = 5", "recall_cost = {v}", "tables.recall_cost", WHOLE),
    ("ore-published", "recruit_costs = [4, 6,", "recruit_costs = [4, {v},", "tables.recruit_costs", WHOLE),
    ("ore-published", "five_tokens = 5", "five_tokens = {v}", "tables.five_tokens", WHOLE),
    ("mine-shaft", "bag = { gold = 20", "bag = { gold = {v}", "tables.bag.gold", WHOLE),
    ("mine-shaft", "values = { coal = 1, silver = 3", "values = { coal = 1, silver = {v}", "tables.values.silver",
     WHOLE),
    ("mine-shaft", "die_b = [1, 2, 3, 1", "die_b = [1, 2, {v}, 1", "tables.die_b", WHOLE),
    ("mine-shaft", "minerals = 2", "minerals = {v}", "tables.icons.porous.minerals", WHOLE),
    ("mine-shaft", "extra_tiles = 1", "extra_tiles = {v}", "tables.icons.porous.extra_tiles", WHOLE),
    ("mine-shaft", "tiles = 2", "tiles = {v}", "tables.icons.kart.tiles", COUNT),
    ("mine-shaft", "steps = 2", "steps = {v}", "tables.icons.help.steps", WHOLE),
    ("ardevur", "starting_money = 32", "starting_money = {v}", "tables.starting_money", WHOLE),
    ("ardevur", "large = 128 }", "large = {v} }", "tables.storage.large", WHOLE),
    ("ardevur", "gold = [16, 8]", "gold = [16, {v}]", "tables.tokens.gold", WHOLE),
    ("ardevur", '"3" = { bronze = 6, silver = 6', '"3" = { bronze = 6, silver = {v}',
     "tables.targets_in_play.3.silver", WHOLE),
    ("ardevur", "die_faces = [2, 4", "die_faces = [2, {v}", "tables.die_faces", COUNT),
    ("ardevur", "auction_territories_second = 4", "auction_territories_second = {v}",
     "tables.auction_territories_second", WHOLE),
]
# (as written in game.toml, as the message shows it)
BAD = [('"x"', "'x'"), ("-1", "-1"), ("2.5", "2.5"), ("true", "True")]


def edited_copy(tmp_path: Path, game: str, *changes: tuple[str, str]) -> Path:
    """A copy of the game's data in ``tmp_path/data/<game>`` with each ``old`` (found once in its
    game.toml) written as ``new``: the copy's folder (``find_game(game, folder)`` plays it)."""
    folder = tmp_path / "data" / game
    shutil.copytree(builtin_data_dir() / game, folder)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    toml.write_text(text, encoding="utf-8")
    return folder


def edited(tmp_path: Path, game: str, old: str, new: str) -> tuple[Path, str, int]:
    """A copy of the game's data with ``old`` (found once) written as ``new``: the data folder
    (for ``--data``), the copy's game.toml and the line changed."""
    folder = edited_copy(tmp_path, game, (old, new))
    text = (builtin_data_dir() / game / "game.toml").read_text(encoding="utf-8")
    return folder.parent, str(folder / "game.toml"), text[:text.index(old)].count("\n") + 1


def checked_once(tmp_path: Path, capsys, game: str, old: str, new: str, expected: str) -> tuple[Path, str]:
    """``check --data`` of a copy with ``old`` written as ``new`` stops with exit code 2 and one
    line of the copy's game.toml ending in ``: expected``: that line, and the data folder."""
    data, toml, _ = edited(tmp_path, game, old, new)
    assert main(["check", game, "--data", str(data)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"{toml}:") and err[0].endswith(f": {expected}"), err
    return data, err[0]


@pytest.mark.parametrize("written,shown", BAD, ids=["text", "negative", "fraction", "boolean"])
@pytest.mark.parametrize("game,old,new,key,must", NUMBERS, ids=[f"{n[0]}:{n[3]}" for n in NUMBERS])
def test_a_number_that_is_not_one_is_refused_by_check_at_its_line(tmp_path, capsys, game, old, new, key, must,
                                                                  written, shown):
    data, toml, line = edited(tmp_path, game, old, new.replace("{v}", written))
    assert main(["check", game, "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [f"{toml}:{line}: {key}: must be {must}, not {shown}"]


@pytest.mark.parametrize("game,old,new,key,must", [n for n in NUMBERS if n[4] == COUNT],
                         ids=[f"{n[0]}:{n[3]}" for n in NUMBERS if n[4] == COUNT])
def test_a_count_the_game_needs_at_least_one_of_refuses_0(tmp_path, capsys, game, old, new, key, must):
    data, toml, line = edited(tmp_path, game, old, new.replace("{v}", "0"))
    assert main(["check", game, "--data", str(data)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"{toml}:{line}: {key}: must be {must}, not 0"]


@pytest.mark.parametrize("game,old,new,key", [
    ("tinners-trail", "extraction_base = 2", "extraction_base = {v}", "tables.extraction_base"),
    ("ore", "futures_max = 3", "futures_max = {v}", "tables.futures_max"),
    ("ore-published", "overtime_cost = 2", "overtime_cost = {v}", "tables.overtime_cost"),
    ("mine-shaft", "bag = { gold = 20", "bag = { gold = {v}", "tables.bag.gold"),
    ("ardevur", "factory_fee = 8", "factory_fee = {v}", "tables.factory_fee"),
])
def test_build_and_serve_refuse_the_same_line_and_write_nothing(tmp_path, capsys, monkeypatch, game, old, new, key):
    import webapp.serve

    data, toml, line = edited(tmp_path, game, old, new.replace("{v}", '"x"'))
    expected = [f"{toml}:{line}: {key}: must be {WHOLE}, not 'x'"]
    out = tmp_path / "out"
    assert main(["build", game, "--data", str(data), "--out", str(out)]) == 2
    assert capsys.readouterr().err.splitlines() == expected
    assert not out.exists() or not any(out.rglob("*.pdf"))
    served = []
    monkeypatch.setattr(webapp.serve, "run", lambda **kwargs: served.append(kwargs))
    assert main(["serve", "--data", str(data)]) == 2
    assert capsys.readouterr().err.splitlines() == expected
    assert served == []


def test_ores_points_per_strike_may_be_below_0_and_nothing_else_about_it_changes(tmp_path, capsys):
    """A Strike! token takes points away: -1 as shipped, -3 in a copy; a fraction is still refused."""
    data, _, _ = edited(tmp_path / "a", "ore", "vp_per_strike = -1", "vp_per_strike = -3")
    assert main(["check", "ore", "--data", str(data)]) == 0
    data, toml, line = edited(tmp_path / "b", "ore", "vp_per_strike = -1", "vp_per_strike = -0.5")
    assert main(["check", "ore", "--data", str(data)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"{toml}:{line}: tables.vp_per_strike: must be a whole number, "
                                                    f"not -0.5"]


def test_ardevurs_presence_weights_may_be_fractions_but_not_below_0(tmp_path, capsys):
    data, _, _ = edited(tmp_path / "a", "ardevur", "upgraded = 1.5,", "upgraded = 2.25,")
    assert main(["check", "ardevur", "--data", str(data)]) == 0
    for written, shown in (("-0.5", "-0.5"), ("true", "True"), ('"half"', "'half'"), ("inf", "inf")):
        data, toml, line = edited(tmp_path / written.strip('"'), "ardevur", "upgraded = 1.5,",
                                  f"upgraded = {written},")
        capsys.readouterr()
        assert main(["check", "ardevur", "--data", str(data)]) == 2
        assert capsys.readouterr().err.splitlines() == [
            f"{toml}:{line}: tables.presence.upgraded: must be a number of 0 or more, not {shown}"]


@pytest.mark.parametrize("game,old,new,expected", [
    ("ore-published", "contract_row = { 2 = 3, 3 = 4, 4 = 4, 5 = 5 }", "contract_row = { 2 = 3, 3 = 4, 4 = 4 }",
     "setup.contract_row: needs an entry for every player count from 2 to 5; missing: 5"),
    ("ardevur", '"2" = { bronze = 6, silver = 3, gold = 3, incentives = 1 }', "",
     "tables.targets_in_play: needs an entry for every player count from 2 to 4; missing: 2"),
    ("mine-shaft", 'markings = { 2 = ["all"],', 'markings = { two = ["all"],',
     "setup.markings: its keys must be player counts (whole numbers), not 'two'"),
    ("ardevur", "gold = [16, 8]", "gold = [16]", "tables.tokens.gold: must be a list of 2 whole numbers of 0 or more, "
                                                  "not [16]"),
    ("mine-shaft", "die_b = [1, 2, 3, 1, 2, 3]", "die_b = []", "tables.die_b: must be a list of whole numbers of 0 "
                                                              "or more, not []"),
    ("ore", "salaries = { 2 = 5, 3 = 10, 4 = 20 }", "salaries = 5", "tables.salaries: must be a table, not 5"),
    ("ore", "chips = { 1 = 25,", "chips = { one = 25,", "tables.chips: its keys must be whole numbers, not 'one'"),
    ("ore-published", "recall_cost = 5 ", "", "tables.recall_cost: missing; it must be a whole number of 0 or more"),
    ("tinners-trail", "black = [0, 1, 1, 2, 3, 3]", "black = 3",
     "tables.price_dice.black: must be a list of 6 whole numbers of 0 or more, not 3"),
    ("tinners-trail", "orange = [0, 1, 1, 2, 2, 3]", "orange = [0, 1, 1, 2, 2]",
     "tables.price_dice.orange: must be a list of 6 whole numbers of 0 or more, not [0, 1, 1, 2, 2]"),
    ("tinners-trail", "round_1 = [[22, 10], [21, 10]", "round_1 = [[22, 10], [21]",
     "tables.investment.round_1: each entry must be a list of 2 whole numbers of 0 or more, not [21]"),
    ("tinners-trail", "round_1 = [[22, 10], [21, 10]", "round_1 = [[22, 10], 21",
     "tables.investment.round_1: each entry must be a list of 2 whole numbers of 0 or more, not 21"),
    ("tinners-trail", "sections = [[20, 18, 16], [14, 12, 11]", "sections = [20, [14, 12, 11]",
     "tables.arsenic_market.sections: each entry must be a list of whole numbers of 0 or more, not 20"),
    ("tinners-trail", "sections = [[20, 18, 16],", "sections = [[],",
     "tables.arsenic_market.sections: each entry must be a list of whole numbers of 0 or more, not []"),
    ("tinners-trail", "[tables.investment]", "[tables.investment]\nround_0 = []",
     "tables.investment.round_0: must be a list of lists of 2 whole numbers of 0 or more, not []"),
    # lengths one table shares with another
    ("tinners-trail", "round_4 = [[7, 3], [6, 3], [5, 2], [4, 2], [3, 1]]", "",
     "tables.investment.round_4: needs a row for round 4 of 4 with one entry per passing position (5, a seat at "
     "the largest table); missing"),
    ("tinners-trail", "round_4 = [[7, 3], [6, 3], [5, 2], [4, 2], [3, 1]]", "round_4 = [[7, 3], [6, 3], [5, 2], [4, 2]]",
     "tables.investment.round_4: needs a row for round 4 of 4 with one entry per passing position (5, a seat at "
     "the largest table); has 4"),
    ("tinners-trail", "steam_pumps = [[1, 1], [2], [2], [3]]", "steam_pumps = [[1, 1], [2], [2]]",
     "tables.development_boards.5.steam_pumps: needs one entry per round (4); has 3"),
    ("tinners-trail", "money = [5, 5, 6, 10]", "money = [5, 5, 6, 10, 12]",
     "tables.emigration.kimberly.money: needs one entry per round (4); has 5"),
    ("tinners-trail", "copper = [2, 4, 8, 10]", "copper = [2, 4, 8]",
     "tables.ore_prices.copper: needs one price per column of tables.ore_prices.column_from (4); has 3"),
])
def test_a_table_of_the_wrong_shape_is_named_at_its_line(tmp_path, capsys, game, old, new, expected):
    checked_once(tmp_path, capsys, game, old, new, expected)


def declared() -> dict[str, tuple[str, ...]]:
    """The keys each game hands the shared check, whatever their range."""
    from companion.ardevur.data import loader as ardevur
    from companion.mine_shaft import data as mine_shaft
    from companion.ore.data import numbers as ore
    from companion.ore_published import data as ore_published
    from companion.tinners_trail.data import tables as tinners_trail

    return {"tinners-trail": tinners_trail.COUNTS + tinners_trail.ROUNDS + tinners_trail.BOARDS,
            "ore": ore.COUNTS + ore.DIVISORS + ore.SIGNED,
            "ore-published": ore_published.WHOLE + ore_published.AT_LEAST_ONE,
            "mine-shaft": mine_shaft.NUMBERS + mine_shaft.AT_LEAST_ONE,
            "ardevur": ardevur.WHOLE + ardevur.FACES + ardevur.FRACTIONS}


def numeric(value) -> bool:
    """A number, or a list of numbers or of such lists."""
    if isinstance(value, list):
        return bool(value) and all(numeric(item) for item in value)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def numeric_leaves(value, where: str) -> dict[str, object]:
    """Every number (or list of numbers, or of lists of them) under ``value``, by dotted key,
    each spoilt to text (a list: each of its entries)."""
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in numeric_leaves(item, f"{where}.{key}").items()}
    if numeric(value):
        return {where: ["x"] * len(value) if isinstance(value, list) else "x"}
    return {}


def spoilt(value, leaves: dict[str, object], where: str):
    if where in leaves:
        return leaves[where]
    if isinstance(value, dict):
        return {key: spoilt(item, leaves, f"{where}.{key}") for key, item in value.items()}
    return value


@pytest.mark.parametrize("game", ["tinners-trail", "ore", "ore-published", "mine-shaft", "ardevur"])
def test_every_number_of_every_game_is_checked(game):
    """Every number in [setup] and [tables] of the shipped game.toml, made text, is reported by
    the keys the game declares: a number added to game.toml without its check fails here."""
    import dataclasses

    data = load_game(game)
    leaves = numeric_leaves(data.setup, "setup") | numeric_leaves(data.tables, "tables")
    bad = dataclasses.replace(data, setup=spoilt(data.setup, leaves, "setup"), tables=spoilt(data.tables, leaves, "tables"))
    reported = {p.field for p in number_problems(bad, declared()[game], least=None, whole=False)}
    assert reported <= set(leaves)
    assert set(leaves) - reported == set()


def test_the_shipped_data_of_every_game_checks_clean(capsys):
    assert main(["check", "all"]) == 0
    assert capsys.readouterr().out.strip() == "ok: ardevur, mine-shaft, ore, ore-published, tinners-trail"


def test_the_shared_check_on_its_own():
    """Keys that only look like numbers, infinity, a list of the wrong length, a missing table:
    each one line naming the key, the rest of the data as shipped."""
    import dataclasses

    data = load_game("ore")
    tables = dict(data.tables, chips={"²": 25, "5": 25}, track_spaces=float("inf"), pair=[1, 2, 3])
    odd = dataclasses.replace(data, tables=tables)
    found = {p.field: p.message for p in number_problems(odd, ["tables.chips.#", "tables.track_spaces",
                                                                "tables.pair[2]", "tables.none.at_all"])}
    assert found == {"tables.chips": "its keys must be whole numbers, not '²'",
                     "tables.track_spaces": "must be a whole number of 0 or more, not inf",
                     "tables.pair": "must be a list of 2 whole numbers of 0 or more, not [1, 2, 3]",
                     "tables.none": "missing; it must be a table"}
    assert [p.message for p in number_problems(odd, ["tables.track_spaces"], least=None, whole=False)] == [
        "must be a number, not inf"]
    assert number_problems(odd, ["tables.chips.#"], least=26)[1].message == "must be a whole number of 26 or more, not 25"
