"""The files a game's data names: read within bounds (size, rows, cell length, a regular
file), only from inside the game's folder, with or without a BOM and CRLF line ends; every
refusal one ``path:line: field: message`` line, exit 2, nothing written and no content quoted."""

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import find_game
from companion.data import load_game
from companion.data.files import MAX_CELL, MAX_FILE_BYTES, MAX_ROWS
from headframe.cli import main

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("tinners-trail", "ore", "ore-published", "mine-shaft", "ardevur")
SECRET = "root:x:0:0:the secret line"
ASSETS, TILES = 'file = "assets.csv"', 'tiles = { file = "tiles.csv"'  # where game.toml names them


def export(game: str, tmp_path: Path) -> Path:
    assert main(["data", "export", game, str(tmp_path / "data")]) == 0
    return tmp_path / "data" / game


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if text in line)


def refused(folder: Path, game: str, capsys, tmp_path: Path) -> list[str]:
    """``check`` and ``build`` both refuse with the same lines, exit 2, no traceback, no file."""
    capsys.readouterr()
    assert main(["check", game, "--data", str(folder)]) == 2
    checked = capsys.readouterr().err.strip().splitlines()
    out = tmp_path / "out"
    assert main(["build", game, "--data", str(folder), "--out", str(out)]) == 2
    built = capsys.readouterr()
    assert built.err.strip().splitlines() == checked
    assert not out.exists() or not list(out.rglob("*.pdf"))
    assert "Traceback" not in built.err and SECRET not in built.err + built.out
    return checked


def run_cli(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "headframe", *argv], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


# --- bounded: size, kind of file, rows, cells ---------------------------------------------

def test_a_50_mb_csv_is_refused_before_it_is_read(tmp_path, capsys):
    game = export("ore", tmp_path)
    path = game / "assets.csv"
    header = path.read_text(encoding="utf-8").split("\n")[0]
    row = "x,1," + ",".join("y" for _ in header.split(",")[2:]) + "\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(header + "\n")
        handle.write(row * (50 * 1024 * 1024 // len(row)))
    size = path.stat().st_size
    toml = game / "game.toml"
    assert refused(game, "ore", capsys, tmp_path) == [
        f"{toml}:{line_of(toml, ASSETS)}: decks.assets.file: names 'assets.csv', which is "
        f"{size:,} bytes; a data file may hold at most {MAX_FILE_BYTES:,} bytes"]


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_pipe_or_a_device_as_a_csv_is_refused_not_waited_on(tmp_path, kind):
    game = export("ore", tmp_path)
    path = game / "assets.csv"
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    for command in (["check", "ore"], ["build", "ore", "--out", str(tmp_path / "out")]):
        done = run_cli(*command, "--data", str(game), timeout=120)
        assert done.returncode == 2, done.stderr
        toml = game / "game.toml"
        line = line_of(toml, 'file = "assets.csv"')
        expected = ("is not a regular file (a device or a pipe has no end to read to)" if kind == "fifo"
                    else "is a link to a file outside the game's folder")
        assert done.stderr.splitlines() == [f"{toml}:{line}: decks.assets.file: names 'assets.csv', which {expected}"]


def test_a_game_table_csv_linked_to_dev_zero_in_the_games_own_reader(tmp_path, capsys):
    """Files only a game's own code reads (Ore's mine cards) obey the same rules."""
    game = export("ore", tmp_path)
    (game / "mines.csv").unlink()
    (game / "mines.csv").symlink_to("/dev/zero")
    [line] = refused(game, "ore", capsys, tmp_path)
    assert line.startswith(f"{game / 'game.toml'}:{line_of(game / 'game.toml', 'mines.csv')}: tables.mines.file: ")


@pytest.mark.parametrize("length, field, message", [
    (MAX_CELL + 1, "name", f"{MAX_CELL + 1:,} characters; a cell may hold at most {MAX_CELL:,}"),
    (140_000, "row", f"a cell of over 131,072 characters; a cell may hold at most {MAX_CELL:,}"),
])
def test_a_cell_over_the_limit_is_one_line(tmp_path, capsys, length, field, message):
    game = export("ore", tmp_path)
    path = game / "assets.csv"
    rows = list(csv.reader(path.open(encoding="utf-8", newline="")))
    rows[3][rows[0].index("name")] = "y" * length
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    assert refused(game, "ore", capsys, tmp_path) == [f"{path}:4: {field}: {message}"]


def test_more_rows_than_the_limit_is_one_line(tmp_path, capsys):
    game = export("ore", tmp_path)
    path = game / "assets.csv"
    lines = path.read_text(encoding="utf-8").split("\n")
    first = lines[1].split(",", 1)[1]
    body = [f"filler-{i},{first}" for i in range(MAX_ROWS + 10)]
    path.write_text("\n".join([lines[0], *body]) + "\n", encoding="utf-8")
    assert refused(game, "ore", capsys, tmp_path) == [
        f"{path}:{MAX_ROWS + 2}: rows: more than {MAX_ROWS:,} rows; a CSV may hold at most {MAX_ROWS:,} "
        f"(one row per design, with its qty)"]


# --- files stay inside the game's folder --------------------------------------------------

@pytest.fixture
def secret(tmp_path) -> Path:
    path = tmp_path / "SECRET.md"
    path.write_text(f"# Secret\n{SECRET}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_a_named_file_outside_the_folder_is_refused_and_never_printed(tmp_path, capsys, secret, how):
    game = export("ore", tmp_path)
    toml = game / "game.toml"
    text = toml.read_text(encoding="utf-8")
    if how == "symlink":
        (game / "reference-turn.md").unlink()
        (game / "reference-turn.md").symlink_to(secret)
        name, why = "reference-turn.md", "is a link to a file outside the game's folder"
    else:
        name = os.path.relpath(secret, game) if how == "dotdot" else str(secret)
        toml.write_text(text.replace('file = "reference-turn.md"', f'file = "{name}"'), encoding="utf-8")
        why = ("leads out of the game's folder (..); name a file in it" if how == "dotdot"
               else "is an absolute path; name a file in the game's folder")
    line = line_of(toml, "[components.reference-cards]") + 6
    assert refused(game, "ore", capsys, tmp_path) == [
        f"{toml}:{line}: components.reference-cards.options.file: names {name!r}, which {why}"]


def test_a_csv_linked_to_a_file_outside_is_never_echoed(tmp_path, capsys, secret):
    game = export("ore", tmp_path)
    (game / "assets.csv").unlink()
    (game / "assets.csv").symlink_to(secret)
    toml = game / "game.toml"
    assert refused(game, "ore", capsys, tmp_path) == [
        f"{toml}:{line_of(toml, ASSETS)}: decks.assets.file: names 'assets.csv', "
        f"which is a link to a file outside the game's folder"]


@pytest.mark.parametrize("name", ["game.toml", "layouts.toml", "lord_wallace_cards.csv"])
def test_the_games_own_files_linked_outside_are_refused(tmp_path, capsys, secret, name):
    game = export("tinners-trail", tmp_path)
    outside = tmp_path / f"outside-{name}"
    outside.write_bytes((game / name).read_bytes() + f"\n# {SECRET}\n".encode())
    (game / name).unlink()
    (game / name).symlink_to(outside)
    [line] = refused(game, "tinners-trail", capsys, tmp_path)
    assert line == f"{game / name}: file: is a link to a file outside the game's folder"


def test_a_link_inside_the_folder_is_fine(tmp_path):
    game = export("ore", tmp_path)
    (game / "cards").mkdir()
    (game / "assets.csv").rename(game / "cards" / "assets.csv")
    (game / "assets.csv").symlink_to(Path("cards") / "assets.csv")
    assert len(load_game("ore", game).decks["assets"].rows) > 10


def test_build_data_a_self_looping_link_is_one_line(tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    done = run_cli("build", "ore", "--data", str(loop), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [f"{loop}: folder: cannot be read: Too many levels of symbolic links"]


def test_a_csv_that_links_to_itself_is_one_line(tmp_path, capsys):
    game = export("ore", tmp_path)
    (game / "assets.csv").unlink()
    (game / "assets.csv").symlink_to(game / "assets.csv")
    [line] = refused(game, "ore", capsys, tmp_path)
    assert line.endswith("decks.assets.file: names 'assets.csv', which cannot be read: "
                         "a link that leads back to itself")


# --- a BOM, CRLF, and whole-file problems at their game.toml line ---------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_every_csv_accepts_a_bom_and_crlf_line_ends(tmp_path, capsys, game_id):
    game = export(game_id, tmp_path)
    csvs = sorted(game.glob("*.csv"))
    assert csvs
    for path in csvs:
        text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
        path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    capsys.readouterr()
    assert main(["check", game_id, "--data", str(game)]) == 0, capsys.readouterr().err
    shipped, edited = load_game(game_id), load_game(game_id, game)
    for deck in shipped.decks:
        assert [r.values for r in edited.decks[deck].rows] == [r.values for r in shipped.decks[deck].rows]
    find_game(game_id).check_data(str(game))  # the game's own tables read the same files


def test_lord_wallaces_cards_accept_a_bom(tmp_path):
    from companion.tinners_trail.wallace_cards import load_deck

    game = export("tinners-trail", tmp_path)
    path = game / "lord_wallace_cards.csv"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    assert load_deck(str(game)) == load_deck(None)


def test_counts_that_do_not_add_up_are_reported_at_the_line_naming_the_file(tmp_path, capsys):
    game = export("ore", tmp_path)
    mines = game / "mines.csv"
    mines.write_text(mines.read_text(encoding="utf-8").replace("3p-gold-2,1,3p,gold,", "3p-gold-2,1,3p,iron,"),
                     encoding="utf-8")
    toml = game / "game.toml"
    line = line_of(toml, 'mines = { file = "mines.csv"')
    assert refused(game, "ore", capsys, tmp_path) == [
        f"{toml}:{line}: tables.mines.file: mines.csv (res): the 3p deck has 5 gold mines; "
        f"tables.mines_per_deck says 6",
        f"{toml}:{line}: tables.mines.file: mines.csv (res): the 3p deck has 9 iron mines; "
        f"tables.mines_per_deck says 8"]


def test_a_header_only_table_is_reported_at_the_line_naming_the_file(tmp_path, capsys):
    game = export("mine-shaft", tmp_path)
    tiles = game / "tiles.csv"
    tiles.write_text(tiles.read_text(encoding="utf-8").split("\n")[0] + "\n", encoding="utf-8")
    toml = game / "game.toml"
    assert refused(game, "mine-shaft", capsys, tmp_path) == [
        f"{toml}:{line_of(toml, TILES)}: tables.tiles.file: tiles.csv (qty): the designs "
        f"add up to 0 tiles but components.shaft-tiles.count is 100"]
