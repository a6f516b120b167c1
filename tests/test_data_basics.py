"""Units, sizes, TOML line lookup and CSV cell types: the pieces the loader is built from."""

import pytest

from companion.data.columns import CellError, parse_cell, parse_type
from companion.data.tomlpos import KeyLines
from companion.data.units import parse_length, parse_size


@pytest.mark.parametrize("text, mm", [("3mm", 3.0), ("0.125in", 3.175), ("1cm", 10.0), ("72pt", 25.4),
                                      (" 2.5 mm ", 2.5), ("-1mm", -1.0)])
def test_lengths_convert_to_millimetres(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("bad", ["3", 3, "3 furlongs", "mm", "", True])
def test_lengths_without_a_unit_are_refused(bad):
    with pytest.raises(ValueError, match="expected a length"):
        parse_length(bad)


def test_named_and_explicit_sizes():
    assert parse_size("poker") == (63.5, 88.9)
    assert parse_size("Bridge") == (57.15, 88.9)
    assert parse_size("mini") == (44.45, 63.5)
    assert parse_size("tarot") == (70.0, 120.0)
    assert parse_size("40mm x 30mm") == (40.0, 30.0)
    assert parse_size("25mm") == (25.0, 25.0)
    with pytest.raises(ValueError, match="poker, bridge, mini, tarot"):
        parse_size("1mm x 2mm x 3mm")


def test_key_lines_follow_tables_arrays_and_inline_tables():
    text = '[game]\nid = "x"\nplayers = { min = 1, max = 5 }\n\n[decks.survey]\nsize = "poker"\n' \
           '[[tables.rows]]\na = 1\n[[tables.rows]]\na = 2\nnote = """\nb = 3\n"""\n'
    lines = KeyLines(text)
    assert lines.line("game.players.max") == 3
    assert lines.line("decks.survey.size") == 6
    assert lines.line("decks.survey.unknown") == 5  # falls back to the table
    assert lines.line("tables.rows.1.a") == 10
    assert lines.line("tables.rows.1.b") == 9  # inside a multi-line string: not a key


def test_cells_are_typed_and_checked():
    icons, resources = {"money", "tin"}, {"tin", "copper"}
    assert parse_cell(parse_type("int?"), "", icons, resources) is None
    assert parse_cell(parse_type("int"), " 7 ", icons, resources) == 7
    assert parse_cell(parse_type("bool"), "yes", icons, resources) is True
    assert parse_cell(parse_type("resources"), "tin; copper tin", icons, resources) == ("tin", "copper", "tin")
    assert parse_cell(parse_type("enum:A|B|wild"), "wild", icons, resources) == "wild"
    assert parse_cell(parse_type("text"), "Gain 2 :tin:", icons, resources) == "Gain 2 :tin:"
    with pytest.raises(CellError, match="positive whole number, got '0'"):
        parse_cell(parse_type("qty"), "0", icons, resources)
    with pytest.raises(CellError, match="unknown icon :gold:"):
        parse_cell(parse_type("text"), "Gain :gold:", icons, resources)
    with pytest.raises(CellError, match="'C' is not one of: A, B"):
        parse_cell(parse_type("enum:A|B"), "C", icons, resources)
    with pytest.raises(ValueError, match="unknown column type 'integer'"):
        parse_type("integer")
