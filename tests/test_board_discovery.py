"""Phone boards are found the way games are: ``webapp/boards/<pkg>.py`` by its module name,
its ``PICTURES`` drawn through the one template global ``board(game, name, ...)``; nothing is
registered by hand, and a game without a board module is served by the generic page."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

import webapp.boards
from companion import registry
from test_example_game import DATA, prospect  # noqa: F401  (the example game, found by its folder)
from webapp.boards import board, module_name, pictures

BOARDS = Path(webapp.boards.__file__).parent


def test_every_board_module_is_a_game_s_and_found_by_its_name():
    """A module with PICTURES is a game's board, named after the game; the others are helpers
    the boards share (sizes, ink, readable) and are named after no game."""
    games = {registry.find_game(g) for g in registry.game_ids()}
    by_module = {module_name(g).rsplit(".", 1)[1]: g for g in games}
    modules = {p.stem for p in BOARDS.glob("*.py")} - {"__init__"}
    boards = {name for name in modules if hasattr(importlib.import_module(f"webapp.boards.{name}"), "PICTURES")}
    assert boards == {"ardevur", "mine_shaft", "ore", "ore_published", "tinners_trail"}
    assert boards <= set(by_module), f"board modules named after no game: {boards - set(by_module)}"
    assert not (modules - boards) & set(by_module), "a helper is named after a game"
    for name in boards:
        found = pictures(by_module[name])
        assert found is vars(sys.modules[f"webapp.boards.{name}"])["PICTURES"]
        assert found and all(callable(fn) for fn in found.values())
    # the score pads draw no board: they have no module and need none
    assert pictures(registry.find_game("scorepad")) is None


def test_the_package_names_no_game():
    """No hand-kept list: adding a board never means editing webapp/boards/__init__.py."""
    text = (BOARDS / "__init__.py").read_text(encoding="utf-8")
    code = re.sub(r'""".*?"""', "", text, flags=re.S)
    boards = [p.stem for p in BOARDS.glob("*.py") if "\nPICTURES = " in p.read_text(encoding="utf-8")]
    assert len(boards) == 5
    for stem in boards:
        assert not re.search(rf"\b{stem}\b", code), f"__init__.py names {stem}"


def test_the_partials_call_no_game_global():
    """The partials reach a board only through ``board(game, ...)``."""
    for partial in (BOARDS.parent / "templates" / "games").glob("*.html"):
        text = partial.read_text(encoding="utf-8")
        assert not re.search(r"\b(tinners_trail|ore_published|ore|mine_shaft|ardevur)_\w+\(", text), partial.name


@pytest.fixture
def dropped_in(tmp_path):
    """A board module for the example game, dropped into a folder the boards package searches."""
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "prospect.py").write_text(
        "from markupsafe import Markup\n"
        "PICTURES = {'claims': lambda game, n: Markup(f'<svg class=\"pr-claims\" data-game=\"{game.id}\" "
        "data-n=\"{n}\"></svg>')}\n", encoding="utf-8")
    webapp.boards.__path__.append(str(folder))
    try:
        yield folder
    finally:
        webapp.boards.__path__.remove(str(folder))
        sys.modules.pop("webapp.boards.prospect", None)


def test_a_board_module_dropped_in_is_found(prospect, dropped_in, make_app):  # noqa: F811
    app = make_app(DATA=str(DATA))
    assert set(pictures(prospect)) == {"claims"}
    with app.app_context():
        drawn = app.jinja_env.from_string('{{ board(game, "claims", 3) }}').render(game=prospect)
    assert drawn == '<svg class="pr-claims" data-game="prospect" data-n="3"></svg>'
    with pytest.raises(LookupError, match="has no picture 'map'; it draws: claims"):
        board(prospect, "map")


def test_a_game_without_a_board_gets_the_generic_page(prospect, make_app):  # noqa: F811
    assert pictures(prospect) is None
    app = make_app(DATA=str(DATA))
    host = app.test_client()
    made = host.post("/api/tables", json={"game": "prospect", "players": [{"name": "Ann", "colour": "#c0392b"},
                                                                          {"name": "Bo", "colour": "#2f6fc0"}]})
    assert made.status_code == 201, made.get_json()
    table = made.get_json()
    phone = app.test_client()
    token = phone.post(f"/api/tables/{table['id']}/seats", json={"code": table["join_code"], "seat": 0}).get_json()["token"]
    phone.set_cookie("hf_seat", token, path=f"/tables/{table['id']}")
    page = phone.get(f"/tables/{table['id']}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    # the generic list of the seat's options, with the game's own words
    assert "Pan: take £2" in html
