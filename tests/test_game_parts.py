"""Every game has every part a full game has, in every room: a game that lacks one fails here
with the part named and where it goes (docs/adding-a-game.md walks through each).

The games are the ones the registry finds by their folders, so a new game is checked the
moment its package exists; the shape tests, the options-agree test and the golden recorder
take their game lists from the same place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import companion
from companion import registry
from test_engine_shape import PARTS, full_games, game_package

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = Path(__file__).resolve().parent / "example_game"


def lacking(game_id: str, data_root: Path) -> list[str]:
    """The parts ``game_id`` lacks, each named with where it goes; [] for a full game."""
    out = []
    data = data_root / game_id
    for name, role in (("game.toml", "the game, its decks and components"),
                       ("layouts.toml", "the named boxes its cards are drawn in"),
                       ("NOTES.md", "every prototype value and why, for a designer to check")):
        if not (data / name).is_file():
            out.append(f"data: {data / name} ({role})")
    folder = game_package(game_id)
    found = {p.stem for p in folder.glob("*.py")} | {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
    out += [f"rules: {folder}/{part}.py ({role})" for part, role in PARTS.items() if part not in found]
    if "game" in found and "bots" in found:
        game = registry.find_game(game_id, str(data_root))
        out += [f"bots: a '{kind}' bot in {folder}/bots (the lab and the solo seat play it)"
                for kind in ("random", "heuristic") if kind not in game.bot_names]
    if folder.is_relative_to(ROOT / "companion"):  # a game of the source tree: its tests and docs too
        tests = ROOT / "tests"
        if not (tests / "golden" / f"{game_id}.jsonl.gz").is_file():
            out.append(f"tests: tests/golden/{game_id}.jsonl.gz (python tests/golden/record.py --only {game_id})")
        if not list(tests.glob(f"test_{folder.name}*rules*.py")):
            out.append(f"tests: tests/test_{folder.name}_rules.py (the rulebook's worked examples)")
        if f"| `{game_id}` |" not in (ROOT / "README.md").read_text(encoding="utf-8"):
            out.append(f"docs: a row for `{game_id}` in README.md's table of the games")
    return out


def test_the_games_are_found_by_their_folders():
    assert set(full_games()) == {"tinners-trail", "ore", "ore-published", "mine-shaft", "ardevur"}


@pytest.mark.parametrize("game_id", full_games())
def test_every_game_has_every_part(game_id):
    assert lacking(game_id, ROOT / "cards_data") == []


@pytest.fixture
def prospect_copy(tmp_path):
    """A copy of the example game, found where games are found, to take parts away from."""
    shutil.copytree(EXAMPLE / "companion", tmp_path / "companion")
    shutil.copytree(EXAMPLE / "cards_data", tmp_path / "cards_data")
    companion.__path__.append(str(tmp_path / "companion"))
    registry._packages.cache_clear()
    registry._bound.cache_clear()
    try:
        yield tmp_path
    finally:
        companion.__path__.remove(str(tmp_path / "companion"))
        registry._packages.cache_clear()
        registry._bound.cache_clear()


def test_the_example_game_is_whole(prospect_copy):
    assert "prospect" in full_games()
    assert lacking("prospect", prospect_copy / "cards_data") == []


def test_a_game_missing_a_part_is_told_which_and_where(prospect_copy):
    (prospect_copy / "cards_data" / "prospect" / "NOTES.md").unlink()
    (prospect_copy / "companion" / "prospect" / "notation.py").unlink()
    missing = lacking("prospect", prospect_copy / "cards_data")
    assert len(missing) == 2, missing
    assert missing[0].startswith("data: ") and missing[0].endswith("NOTES.md (every prototype value and why, for a designer to check)")
    assert "rules: " in missing[1] and "prospect/notation.py (the compact text notation of a position)" in missing[1]


def test_a_game_whose_bots_lack_a_kind_is_told(prospect_copy, monkeypatch):
    game = registry.find_game("prospect", str(prospect_copy / "cards_data"))
    monkeypatch.setattr(type(game), "bot_names", ("random",))
    assert lacking("prospect", prospect_copy / "cards_data") == [
        f"bots: a 'heuristic' bot in {prospect_copy / 'companion' / 'prospect'}/bots (the lab and the solo seat play it)"]
