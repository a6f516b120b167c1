"""One rule for a player's mark (companion/marks.py): unique at the table, at most three
characters, keeping the letters that tell players apart; the same marks on every phone board
and on the score page; long names cut between words, keeping what tells players apart."""

from __future__ import annotations

import html as html_lib
import re

import pytest

import webgame
from companion.marks import key_entry, marks, short_names
from webgame import TOKEN

BENS = ["Ben", "Bea", "Bo"]
COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#7d3c98", "#b9770e"]


@pytest.mark.parametrize("names, expected", [
    (["Anna", "Ben", "Cara", "Dana"], ["A", "B", "C", "D"]),
    (BENS, ["Ben", "Bea", "Bo"]),
    (["Sam", "Sara", "Sid", "Sue"], ["Sam", "Sar", "Si", "Su"]),
    (["Elizabeth Sr", "Elizabeth Jr"], ["ES", "EJ"]),
    (["Elizabeth Tregoning Sr", "Elizabeth Tregoning Jr"], ["ETS", "ETJ"]),
    (["Ann", "Ann", "ann"], ["A1", "A2", "A3"]),
    (["Trevithick-Pendarvess", "Bo"], ["T", "B"]),
    (["", "  "], ["?1", "?2"]),
])
def test_each_seat_has_a_unique_mark_of_at_most_three_characters(names, expected):
    found = marks(names)
    assert found == expected
    assert len({m.lower() for m in found}) == len(found) and all(1 <= len(m) <= 3 for m in found)


def test_a_key_never_says_a_name_twice():
    assert [key_entry(m, n) for m, n in zip(marks(BENS), BENS)] == ["Ben", "Bea", "Bo"]
    assert key_entry("B", "Bob") == "B Bob"


def test_long_names_are_cut_between_words_keeping_what_tells_players_apart():
    names = ["Elizabeth Tregoning Sr", "Elizabeth Tregoning Jr", "Maximiliana Featherstonehaugh", "Bo"]
    assert short_names(names) == ["Elizabeth \u2026 Sr", "Elizabeth \u2026 Jr", "Maximiliana", "Bo"]
    for short, name in zip(short_names(names), names):
        assert all(word in name.split() for word in short.replace("\u2026", "").split())  # whole words only


def _page(app, game, names, variant=None, path="fragment"):
    table, host = webgame.start(app, game, [{"name": n, "colour": c} for n, c in zip(names, COLOURS)], variant, 3)
    client = app.test_client()
    page = client.get(f"/tables/{table.id}/{path}", headers={TOKEN: host})
    assert page.status_code == 200
    return html_lib.unescape(page.get_data(as_text=True))


def test_ore_legend_names_each_miner_once(app):
    html = _page(app, "ore", BENS, "standard")
    assert "Miners: Ben · Bea · Bo" in html
    assert "Ben Ben" not in html and "Bea Bea" not in html


def test_a_mark_that_is_the_whole_name_is_not_said_again(app):
    published = re.sub(r"<[^>]+>", "", _page(app, "ore-published", BENS + ["Elizabeth Sr"]))
    for name in BENS:
        assert f"{name} ({name})" not in published
    assert "Elizabeth Sr (E)" in published  # a mark that is not the name still stands beside it
    trail = re.sub(r"<[^>]+>", "", _page(app, "tinners-trail", BENS))
    assert "Ben: a square on a mine" in trail and "Ben Ben" not in trail


def test_the_phone_boards_and_the_score_page_use_the_same_marks(app):
    names = ["Sam", "Sara", "Sid", "Sue"]
    wanted = marks(names)
    published = _page(app, "ore-published", names)
    assert re.findall(r'class="op-key" data-seat="\d"><g[^>]*data-mark="([^"]+)"', published) == wanted
    trail = _page(app, "tinners-trail", names)
    assert [m for m in wanted if re.search(f"<strong>{m}</strong>[ :]", trail)] == wanted
    score = _page(app, "scorepad", names + ["Sol"], path="score")
    five = marks(names + ["Sol"])
    assert re.findall(r"<li>.*?<b>([^<]+)</b>", score) == five


def test_numbered_names_keep_their_own_numbers_and_marks_stay_unique():
    from companion.marks import marks

    assert marks(["Player 0", "Player 1", "Player 2", "Player 3"]) == ["P0", "P1", "P2", "P3"]
    assert marks(["Ann", "Ann", "A2"]) == ["A1", "A3", "A2"]
    for names in (["Bo"] * 5, ["Ann", "Ann", "A2", "A3"], ["P 1", "P1", "P 2", "P"]):
        assert len(set(m.lower() for m in marks(names))) == len(names), names
