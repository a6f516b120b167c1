"""A printed component's count may name the number of ``[setup]`` or ``[tables]`` it prints
(``count = "tables.strike_tokens"``; a table of numbers, such as Mine Shaft's bag, adds up), so
an edited copy prints what its rules count; and every number a painter reads from a
component's options is checked by the shared number check at its line before anything is
drawn."""

from __future__ import annotations

import pytest

from headframe.cli import main
from pdf.build import BuildOptions, load_checked, plan_parts
from pdf.geometry import Paper
from test_data_numbers import checked_once, edited, edited_copy


def printed(folder, game: str, component: str) -> int:
    """How many pieces of ``component`` a full build of the copy at ``folder`` prints, once its
    data checks clean (the loader's and the game's own)."""
    parts, problems = plan_parts(load_checked(game, folder.parent), BuildOptions(), Paper.named("a4"))
    assert problems == []
    return next(p.count for p in parts if p.id == component)


@pytest.mark.parametrize("game,old,new,component,count", [
    ("ore", "strike_tokens = 10", "strike_tokens = 12", "strike-tokens", 12),
    ("ore", "chips = { 1 = 25,", "chips = { 1 = 30,", "money", 105),
    ("ore", "barrels = { gold = 15,", "barrels = { gold = 16,", "barrels", 106),
    ("ore", "mine_cages = 5", "mine_cages = 4", "mine-cages", 4),
    ("ore-published", "drill_bits = 5", "drill_bits = 6", "drill-bits", 6),
    ("ore-published", "private_mine_tokens = 5", "private_mine_tokens = 6", "private-mine-tokens", 6),
    ("ore-published", "mine_cage_tokens = 5", "mine_cage_tokens = 7", "mine-cage-tokens", 7),
    ("mine-shaft", "bag = { gold = 20", "bag = { gold = 25", "minerals", 105),
])
def test_a_count_that_names_a_number_prints_what_the_copy_says(tmp_path, game, old, new, component, count):
    folder = edited_copy(tmp_path, game, (old, new))
    assert printed(folder, game, component) == count
    assert printed(edited_copy(tmp_path / "shipped", game), game, component) != count


def test_the_mineral_counters_printed_are_the_bags_kinds(tmp_path):
    """25 gold, then the silver and the coal: the counters follow tables.bag, kind by kind."""
    from pdf.games.mine_shaft import _mineral_of
    from pdf.painters import Piece

    game = load_checked("mine-shaft", edited_copy(tmp_path, "mine-shaft", ("bag = { gold = 20", "bag = { gold = 25")).parent)
    kinds = [_mineral_of(Piece(game, game.components["minerals"], i, "front")) for i in range(105)]
    assert kinds == ["gold"] * 25 + ["silver"] * 30 + ["coal"] * 50


@pytest.mark.parametrize("game,old,new,expected", [
    ("ore", 'count = "tables.strike_tokens"', 'count = "tables.strike_token"',
     "components.strike-tokens.count: names tables.strike_token, which game.toml does not set"),
    ("ore", 'count = "tables.strike_tokens"', "count = true",
     "components.strike-tokens.count: expected a whole number, or the dotted name of the number in [setup] or "
     "[tables] it prints (\"tables.strike_tokens\"), got True"),
    ("ore", "strike_tokens = 10 ", 'strike_tokens = "ten" ',
     "tables.strike_tokens: must be a whole number of 0 or more, not 'ten'"),
    ("ore", "strike_tokens = 10 ", "strike_tokens = 0 ", "components.strike-tokens.count: must be a positive "
                                                         "whole number, got 0"),
])
def test_a_count_that_names_no_number_is_refused_at_its_line(tmp_path, capsys, game, old, new, expected):
    checked_once(tmp_path, capsys, game, old, new, expected)


# (game, text of the shipped game.toml, the same with {v}, the option, what it must be)
OPTIONS = [
    ("mine-shaft", 'options = { shape = "round" }', 'options = {{ shape = "round", counts = {{ gold = 20, silver = {v} }} }}',
     "components.minerals.options.counts.silver", "a whole number of 0 or more"),
    ("tinners-trail", "pieces = { miner = 14,", "pieces = {{ miner = {v},", "components.development-pieces.options.pieces.miner",
     "a whole number of 0 or more"),
    ("tinners-trail", "cubes = { tin = 36,", "cubes = {{ tin = {v},", "components.cube-substitutes.options.cubes.tin",
     "a whole number of 0 or more"),
    ("tinners-trail", "per_colour = 6,", "per_colour = {v},", "components.mines.options.per_colour",
     "a whole number of 1 or more"),
    ("tinners-trail", 'players = [2, 3, 4, 5], sheet = "by-player-count", title = "Development',
     'players = [2, {v}, 4, 5], sheet = "by-player-count", title = "Development',
     "components.development-boards.options.players", "a whole number of 1 or more"),
    ("ardevur", "bills = { 2 = 20,", "bills = {{ 2 = {v},", "components.money.options.bills.2", "a whole number of 0 or more"),
    ("ore", "per_player = 4, seat_marks", "per_player = {v}, seat_marks", "components.miners.options.per_player",
     "a whole number of 1 or more"),
]


@pytest.mark.parametrize("written,shown", [('"x"', "'x'"), ("-1", "-1"), ("2.5", "2.5"), ("true", "True")],
                         ids=["text", "negative", "fraction", "boolean"])
@pytest.mark.parametrize("game,old,new,key,must", OPTIONS, ids=[o[3] for o in OPTIONS])
def test_a_component_option_that_is_not_a_number_is_refused_at_its_line(tmp_path, capsys, game, old, new, key, must,
                                                                       written, shown):
    """Text in Mine Shaft's mineral counts ended the print in a TypeError: now every number a
    painter reads from a component's options is one line of check, and build writes nothing."""
    data, toml, line = edited(tmp_path, game, old, new.format(v=written))
    assert main(["check", game, "--data", str(data)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"{toml}:{line}: {key}: must be {must}, not {shown}"]


def test_build_refuses_a_component_option_and_writes_nothing(tmp_path, capsys):
    data, toml, line = edited(tmp_path, "mine-shaft", 'options = { shape = "round" }',
                              'options = { shape = "round", counts = { gold = 20, silver = "x" } }')
    out = tmp_path / "out"
    assert main(["build", "mine-shaft", "--data", str(data), "--out", str(out)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{toml}:{line}: components.minerals.options.counts.silver: must be a whole number of 0 or more, not 'x'"]
    assert not out.exists() or not any(out.rglob("*.pdf"))
