"""The checklist read back from checklist.pdf as a group would read it: every file it names is
in the build folder, each file's line says once how to cut it (and how to fold a die net), and
a solo build speaks of one player, not "1 players"."""

import re

import pytest
from pypdf import PdfReader

from print_sets import build, games, manifest
from headframe.cli import main

CROP = "cut along the crop marks"


def _text(folder) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(folder / "checklist.pdf").pages)


def _lines(text: str) -> dict[str, str]:
    """Each 'Print and cut' line of the checklist, by the file it names first."""
    cut = text[text.index("Print and cut"):]
    cut = re.split(r"Gather \(not printed\)|Set up", cut)[0]
    lines = {}
    for line in cut.split("\u2610")[1:]:
        name = re.match(r"\s*(\S+\.pdf)", line).group(1)
        lines[name] = line.strip()
    return lines


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return build(tmp_path_factory)


def test_every_file_the_checklist_names_is_in_the_build(out):
    for folder in games(out):
        named = set(re.findall(r"[\w-]+\.pdf", _text(folder)))
        built = {p.name for p in folder.glob("*.pdf")}
        assert named and named <= built, (folder.name, named - built)


def test_every_printed_file_has_one_line_that_says_once_how_to_cut_it(out):
    for folder in games(out):
        lines = _lines(_text(folder))
        files = {c["file"] for c in manifest(folder)["components"]}
        assert set(lines) == files, folder.name
        for name, line in lines.items():
            assert line.count(CROP) <= 1, (folder.name, name, line)
            assert line.count("cut along the grey lines") <= 1, (folder.name, name, line)


def test_a_die_net_is_listed_as_a_die_with_how_to_fold_it(out):
    seen = 0
    for folder in games(out):
        lines = _lines(_text(folder))
        for comp in manifest(folder)["components"]:
            if "die" in comp["name"].lower() or "dice" in comp["name"].lower():
                assert comp["kind"] == "die", (folder.name, comp["id"])
                line = lines[comp["file"]]
                assert f"{comp['count']} \u00d7 {comp['name']} (die," in line, line
                assert "fold the dashed lines" in line and "glue the grey tabs" in line, line
                seen += 1
    assert seen >= 3  # Tinners' Trail's price dice, Mine Shaft's dice, ARDEVUR's die


def test_a_solo_build_speaks_of_one_player(tmp_path):
    assert main(["build", "tinners-trail", "--players", "1", "--out", str(tmp_path), "--sides", "fronts"]) == 0
    text = _text(tmp_path / "tinners-trail")
    assert "Set up for 1 player " in text + " " and "Built for 1 player." in text
    assert "1 players" not in text


def test_a_set_with_a_score_sheet_names_a_pen_to_gather(out):
    with_sheet = 0
    for folder in games(out):
        sheets = [c for c in manifest(folder)["components"] if c["id"] == "score-sheet"]
        text = _text(folder)
        gather = text[text.index("Gather (not printed)"):] if "Gather (not printed)" in text else ""
        if sheets:
            with_sheet += 1
            assert re.search(r"\b1 \u00d7 Pen or pencil\b", gather), (folder.name, gather)
            assert sheets[0]["file"] in text
    assert with_sheet >= 1
