"""Tinners' Trail's checklist setup read back from checklist.pdf: each colour's pieces with both
extra-score tokens, mine counts that name the count before the number of players, the solo
reveal quota and Lord Wallace's survey deck, and every step opening with a capital."""

import re

import pytest
from pypdf import PdfReader

from companion.data import load_game
from companion.tinners_trail.rules import load_rules
from headframe.cli import main


def _steps(tmp_path, *args) -> str:
    assert main(["build", "tinners-trail", "--out", str(tmp_path), "--sides", "fronts", *args]) == 0
    text = " ".join(" ".join(p.extract_text().split()) for p in
                    PdfReader(tmp_path / "tinners-trail" / "checklist.pdf").pages)
    assert "Set up" in text, "the checklist has no setup steps"
    return text[text.index("Set up"):]


def _rules():
    return load_rules(str(load_game("tinners-trail").root))


def test_every_colour_takes_both_extra_score_tokens(tmp_path):
    text = _steps(tmp_path, "--players", "3")
    assert "2 extra-score tokens (+100/+200 and +300/+400)" in text
    assert "+100/+300" not in text
    assert f"{_rules().mines[3]} mines" in text


def test_a_whole_box_names_mines_before_the_player_counts(tmp_path):
    text = _steps(tmp_path)
    mines = _rules().mines
    assert f"mines: {mines[1]} with 1–2 players, {mines[3]} with 3–4, {mines[5]} with 5" in text
    assert not re.search(r"with 5 players mines", text)
    assert "per region" in text and "with 1 players" not in text


def test_solo_reveals_its_own_quota_and_gives_wallace_his_survey_deck(tmp_path):
    text = _steps(tmp_path, "--players", "1")
    shown = _rules().reveals[1]
    assert shown == 2
    assert f"until {shown} tiles of region A are face up" in text
    assert "He keeps all 6 survey cards he is dealt, shuffled face down, as his own deck" in text
    assert "The wild deck stays in the box" in text and "; the wild deck stays" not in text
    # numbered steps all open with a capital letter
    for start in re.findall(r"(?:^|\s)\d+\.\s+\**(\w)", text):
        assert start.isupper() or start.isdigit(), text
