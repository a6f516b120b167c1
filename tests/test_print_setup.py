"""A group that has never seen the game sets it up from the checklist: the setup steps are read
back from the produced checklist.pdf and must carry the numbers of the build's player count as
the game's data gives them (not copies of the text), in our own words."""

import csv
import re

import pytest
from pypdf import PdfReader

from companion.data import load_game
from companion.tinners_trail.data.tables import PIECES, load_rules
from test_own_words import digest, rulebook_digests, runs
from headframe.cli import main


def _checklist(tmp_path_factory, game, *args) -> str:
    out = tmp_path_factory.mktemp("setup")
    assert main(["build", game, "--out", str(out), "--sides", "fronts", *args]) == 0
    text = " ".join(p.extract_text() for p in PdfReader(out / game / "checklist.pdf").pages)
    return " ".join(text.split())


def _setup(text: str) -> str:
    assert "Set up" in text
    return text[text.index("Set up"):]


def _copied(text: str) -> list[str]:
    theirs = rulebook_digests()
    return [r for r in runs(text) if digest(r) in theirs]


@pytest.fixture(scope="module")
def tt(tmp_path_factory):
    return {n: _setup(_checklist(tmp_path_factory, "tinners-trail", "--players", str(n))) for n in (1, 2, 3, 4)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tinners_trail_setup_names_this_player_counts_numbers(tt, players):
    rules = load_rules()
    text = tt[players]
    assert f"Set up for {players} players" in text
    assert f"space {rules.starting_money}" in text and f"£{rules.starting_money}" in text
    assert f"{rules.mines[players]} mines" in text
    regions, positions = rules.arrangement[players]
    assert f"{len(regions) * len(positions)} areas numbered 1–{max(positions)} in regions {', '.join(regions)}" in text
    reveal = rules.reveals[players]
    assert f"{reveal} tile{'s' if reveal > 1 else ''} of region A" in text
    game = load_game("tinners-trail")
    assert f"{game.setup['survey_draw_per_region']} cards from each region deck" in text
    # the development board's fill, column by column, as the data gives it
    board = rules.boards[players]
    assert f"{players}-player development board" in text
    for r in range(rules.rounds):
        column = re.search(rf"round {r + 1}: (.*?)(; round {r + 2}:|\. )", text).group(1)
        for kind in PIECES:
            n = board.pieces[kind][r]
            if n:
                assert re.search(rf"\b{n} {kind}s?\b", column), (r, kind, column)
            else:
                assert kind not in column, (r, kind, column)
        groups = board.pump_groups[r]
        for size in set(groups):
            count = groups.count(size)
            pumps = f"{size} steam pump{'s' if size > 1 else ''}"
            assert f"{count} group{'s' if count > 1 else ''} of {pumps}" in column, (r, column)
    assert "work track" in text and "'0' column" in text and "Round 1" in text
    bonus = sum(r.qty for r in game.decks["kickstarter-area-tiles"].rows if r["region"] in regions)
    assert f"shuffle the {bonus} Kickstarter tiles" in text
    assert ("Region D stays empty" in text) == ("D" not in regions)
    assert ("wild deck stays in the box" in text) == (players == 2)
    assert _copied(text) == []


def test_solo_setup_points_to_two_players_and_lord_wallace(tt):
    rules = load_rules()
    assert "Lord Wallace" in tt[1] and "2-player development board" in tt[1]
    assert f"{rules.mines[2]} mines" in tt[1]


def test_the_base_game_leaves_the_module_steps_out(tmp_path_factory):
    base = _setup(_checklist(tmp_path_factory, "tinners-trail", "--players", "3", "--variant", "base"))
    assert "Arsenic" not in base and "Emigration" not in base and "Kickstarter" not in base
    full = _setup(_checklist(tmp_path_factory, "tinners-trail"))
    assert "Arsenic module" in full and "Emigration module" in full
    rules = load_rules()
    for n in (3, 4, 5):  # a whole-box checklist gives every count's mines
        assert f"{rules.mines[n]} with" in full
    assert _copied(full) == []


def _tiles_for(players: int) -> int:
    game = load_game("mine-shaft")
    marks = game.setup["markings"][str(players)]
    with open(game.root / "tiles.csv", encoding="utf-8") as f:
        return sum(int(r["qty"]) for r in csv.DictReader(f) if r["players"] in marks)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mine_shaft_setup_names_the_tiles_pieces_and_bag(tmp_path_factory, players):
    text = _setup(_checklist(tmp_path_factory, "mine-shaft", "--players", str(players)))
    game = load_game("mine-shaft")
    assert f"{_tiles_for(players)} shaft tiles" in text
    counts = game.tables["bag"]   # the counters the set prints are the bag's
    assert f"{sum(counts.values())} mineral counters" in text
    for kind, n in counts.items():
        assert f"{n} {kind}" in text
    assert f"{players} pieces, one each" in text and "starting tile" in text and "first player" in text
    assert _copied(text) == []
