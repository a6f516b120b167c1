"""``headframe build`` and ``headframe calibrate`` through the real command line entry point."""

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from headframe.cli import main

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def game(tmp_path):
    """An editable copy of the test game."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "testgame", data / "testgame")
    return data


def pdfs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.pdf")) + sorted(folder.rglob("*.tmp"))


def test_build_writes_every_file_and_reports_progress(game, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["build", "testgame", "--data", str(game), "--out", str(out)]) == 0
    names = sorted(p.name for p in (out / "testgame").iterdir())
    assert names == ["aid.pdf", "board.pdf", "checklist.pdf", "die.pdf", "manifest.json", "mines.pdf",
                     "ore-tokens.pdf"]
    printed = capsys.readouterr().out
    assert "[36/36] testgame: done" in printed
    assert "testgame: 5 components" in printed


def test_all_builds_every_game_in_the_data_folder(game, tmp_path):
    out = tmp_path / "out"
    assert main(["build", "all", "--data", str(game), "--out", str(out), "--sides", "fronts"]) == 0
    assert (out / "testgame" / "manifest.json").is_file()


def test_text_that_cannot_fit_names_row_box_and_card_and_leaves_no_pdf(game, tmp_path, capsys):
    csv = game / "testgame" / "mines.csv"
    lines = csv.read_text(encoding="utf-8").split("\n")
    lines[3] = lines[3].replace("Pump out one", "Pump out one " + "very long words again and again " * 30)
    csv.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", "testgame", "--data", str(game), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"{csv}:4: mine.boxes.text: testgame: mines card 'm03': text 'Pump out one very long words "
                   f"again an...' does not fit its box even at 6 pt (needs 92.6 mm, box is 40.0 mm); shorten the "
                   f"text or enlarge the box")
    assert pdfs(out) == []


def test_a_failure_late_in_the_build_leaves_no_file_of_it_behind(game, tmp_path, capsys):
    toml = game / "testgame" / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('size = "20mm"', 'size = "300mm"'), encoding="utf-8")
    out = tmp_path / "out"
    (out / "testgame").mkdir(parents=True)
    keep = out / "testgame" / "notes.txt"  # not ours: must survive
    keep.write_text("mine")
    assert main(["build", "testgame", "--data", str(game), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("headframe: Ore tokens (300 x 300 mm with 3 mm bleed) does not fit on A4 paper (210 x 297 mm) "
                   "inside 8 mm margins for the printer's edge and crop marks; it needs paper of at least 322 x "
                   "322 mm - use a smaller size, less bleed or larger paper")
    assert pdfs(out) == []
    assert sorted(p.name for p in (out / "testgame").iterdir()) == ["notes.txt"]
    assert sorted(p.name for p in out.iterdir()) == ["testgame"]  # no staging folder left


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def break_colour(game: Path) -> None:
    layouts = game / "testgame" / "layouts.toml"
    layouts.write_text(layouts.read_text(encoding="utf-8").replace('background = "back"', 'background = "nocolour"'),
                       encoding="utf-8")


@pytest.mark.parametrize("old_manifest", ["intact", "missing", "truncated"])
def test_a_failed_rebuild_leaves_the_old_set_untouched(game, tmp_path, capsys, old_manifest):
    out = tmp_path / "out"
    assert main(["build", "testgame", "--data", str(game), "--out", str(out), "--sides", "fronts"]) == 0
    manifest = out / "testgame" / "manifest.json"
    if old_manifest == "missing":
        manifest.unlink()
    elif old_manifest == "truncated":
        manifest.write_bytes(manifest.read_bytes()[:40])
    (out / "testgame" / "notes.txt").write_text("mine")
    before = snapshot(out)
    break_colour(game)
    # The colour is used by every card back, so the build fails after some files are drawn.
    assert main(["build", "testgame", "--data", str(game), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "unknown colour 'nocolour'" in err
    assert snapshot(out) == before
    assert sorted(p.name for p in out.iterdir()) == ["testgame"]


@pytest.mark.parametrize("args", [["--players", "9"], ["--variant", "nope"], ["--bleed", "-1"],
                                  ["--back-offset", "nan,0"], ["--paper", "a3"], ["--out", "{game}"]])
def test_a_build_refused_before_it_starts_leaves_the_old_set_untouched(game, tmp_path, capsys, args):
    out = tmp_path / "out"
    assert main(["build", "testgame", "--data", str(game), "--out", str(out), "--sides", "fronts"]) == 0
    before, data = snapshot(out), snapshot(game)
    args = [a.format(game=game) for a in args]
    try:
        code = main(["build", "testgame", "--data", str(game), "--out", str(out), *args])
    except SystemExit as exc:  # argparse refuses a malformed value itself
        code = exc.code
    assert code == 2
    assert snapshot(out) == before and snapshot(game) == data
    assert capsys.readouterr().err.strip()


def test_a_rebuild_replaces_the_whole_set_and_keeps_other_files(game, tmp_path):
    out = tmp_path / "out"
    assert main(["build", "testgame", "--data", str(game), "--out", str(out), "--sides", "fronts"]) == 0
    stale = out / "testgame" / "retired-deck.pdf"  # a file an older version of the game had
    stale.write_bytes(b"%PDF-1.4 old")
    (out / "testgame" / "notes.txt").write_text("mine")
    assert main(["build", "testgame", "--data", str(game), "--out", str(out)]) == 0
    names = sorted(p.name for p in (out / "testgame").iterdir())
    assert names == ["aid.pdf", "board.pdf", "checklist.pdf", "die.pdf", "manifest.json", "mines.pdf", "notes.txt",
                     "ore-tokens.pdf"]
    assert (out / "testgame" / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in out.iterdir()) == ["testgame"]


@pytest.mark.parametrize("value", ["nan,0", "0,inf", "-inf,1", "NaN,nan"])
def test_a_non_finite_back_offset_is_refused(game, tmp_path, capsys, value):
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as exc:
        main(["build", "testgame", "--data", str(game), "--out", str(out), f"--back-offset={value}"])
    assert exc.value.code == 2
    assert "expected a finite number of millimetres" in capsys.readouterr().err
    assert not out.exists()


def test_build_options_refuse_non_finite_numbers():
    from companion.errors import InvalidDimension
    from pdf.build import BuildOptions

    for kwargs in ({"back_offset_mm": (float("nan"), 0.0)}, {"back_offset_mm": (0.0, float("inf"))},
                   {"bleed_mm": float("nan")}):
        with pytest.raises(InvalidDimension):
            BuildOptions(**kwargs)


def test_build_into_a_file_is_one_line_and_exit_2(game, tmp_path, capsys):
    existing = tmp_path / "existing.pdf"
    existing.write_bytes(b"keep me")
    assert main(["build", "testgame", "--data", str(game), "--out", str(existing)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"headframe: {existing} is a file, not a folder; give --out a folder"]
    assert existing.read_bytes() == b"keep me"


@pytest.mark.parametrize("where, message", [
    ("missing/dir/c.pdf", "headframe: cannot write {path}: no folder {parent}"),
    ("", "headframe: {path} is a folder; give a file name such as {path}/calibration.pdf"),
    ("afile/c.pdf", "headframe: cannot write {path}: no folder {parent}"),
])
def test_calibrate_into_a_missing_folder_is_one_line_and_exit_2(tmp_path, capsys, where, message):
    (tmp_path / "afile").write_text("x")
    path = tmp_path / where if where else tmp_path
    assert main(["calibrate", "--out", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [message.format(path=path, parent=path.parent)]
    assert not (tmp_path / "missing").exists()


def test_unknown_painter_is_a_data_error_at_its_line(game, tmp_path, capsys):
    toml = game / "testgame" / "game.toml"
    text = toml.read_text(encoding="utf-8").replace('painter = "die-net"', 'painter = "dice-net"')
    toml.write_text(text, encoding="utf-8")
    line = text.split("\n").index('painter = "dice-net"') + 1
    assert main(["build", "testgame", "--data", str(game), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{toml}:{line}: components.die.painter: unknown painter 'dice-net'; painters: ")
    assert "die-net" in err and "token" in err


def test_print_shop_flag(game, tmp_path):
    out = tmp_path / "out"
    assert main(["build", "testgame", "--data", str(game), "--out", str(out), "--print-shop"]) == 0
    page = PdfReader(str(out / "testgame" / "die.pdf")).pages[0]
    assert "/TrimBox" in page and "/BleedBox" in page


def test_calibrate_writes_a_front_and_a_back_page(tmp_path, capsys):
    target = tmp_path / "cal.pdf"
    assert main(["calibrate", "--out", str(target), "--paper", "letter"]) == 0
    reader = PdfReader(str(target))
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == pytest.approx(215.9 * 72 / 25.4, abs=0.01)
    back = reader.pages[1].extract_text()
    assert "--back-offset X,Y" in back and "X (mm, + = right)" in back


@pytest.mark.parametrize("args, message", [
    (["--bleed", "-1"], "headframe: bleed must be between 0 and 20 mm, got -1"),
    (["--back-offset", "40,0"], "headframe: back offset (40.0, 0.0) mm is more than 20 mm; check the reading from "
                                "the calibration sheet"),
])
def test_impossible_print_settings_exit_2_before_anything_is_written(game, tmp_path, capsys, args, message):
    out = tmp_path / "out"
    assert main(["build", "testgame", "--data", str(game), "--out", str(out), *args]) == 2
    assert capsys.readouterr().err.strip() == message
    assert not out.exists()


def test_a_single_game_folder_builds_too(game, tmp_path):
    out = tmp_path / "out"
    assert main(["build", "testgame", "--data", str(game / "testgame"), "--out", str(out), "--sides", "fronts"]) == 0
    assert (out / "testgame" / "manifest.json").is_file()
