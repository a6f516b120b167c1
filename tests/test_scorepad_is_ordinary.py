"""The score pad is an ordinary game to the web service: no module of webapp names it (only the
new-table form picks it as the default choice), and a pad under another id is created, played,
scored and exported through the same routes as any game."""

from __future__ import annotations

import ast
import csv
import io
import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

import webapp
from companion import registry
from companion.scorepad import ScorePad

from test_pages import csrf, views

WEBAPP = Path(webapp.__file__).parent
PAD_WORDS = re.compile(r"scorepad|score_pad|ScorePad|score pad", re.IGNORECASE)
# The one place the web code may name the pad: the form's default choice.
ALLOWED = {("pages.py", 'chosen = form.get("game") if form else "scorepad"')}


def _code_mentions(path: Path) -> list[tuple[int, str]]:
    """Lines where the code itself (strings, names, imports; not comments or docstrings) names the pad."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            text = " ".join([getattr(node, "module", None) or ""] + [a.name for a in node.names])
        if text and PAD_WORDS.search(text):
            found.append(node.lineno)
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(n, lines[n - 1].strip()) for n in sorted(set(found))]


def test_no_webapp_module_names_the_score_pad():
    found = [(str(path.relative_to(WEBAPP)), line) for path in sorted(WEBAPP.rglob("*.py"))
             for _, line in _code_mentions(path)]
    assert set(found) <= ALLOWED, found
    # the pages and scripts shared by every game do not name it either (its own page is its own)
    shared = [p for p in [*WEBAPP.glob("templates/**/*.html"), *WEBAPP.glob("static/js/*.js")]
              if "games" not in p.relative_to(WEBAPP).parts]
    for path in shared:
        assert not re.search(r"scorepad|score_pad", path.read_text(encoding="utf-8"), re.IGNORECASE), path


def test_the_guard_sees_a_special_case(tmp_path):
    special = tmp_path / "special.py"
    special.write_text('"""Tables."""\n# scorepad in a comment is fine\ndef f(game):\n'
                       '    return game.id == "scorepad"\n', encoding="utf-8")
    assert _code_mentions(special) == [(4, 'return game.id == "scorepad"')]


@pytest.fixture
def tally():
    """A score pad under an id and name of its own, keeping Ore's categories."""
    pad = ScorePad("ore")
    pad.id, pad.name = "tally", "Tally"
    registry.register("tally", lambda data_dir: pad)
    yield pad
    registry.unregister("tally")


def test_a_pad_under_another_id_goes_through_the_routes_of_any_game(app, tally):
    host = app.test_client()
    colours = [c for _, c in views.PALETTE][:2]
    page = host.get("/").get_data(as_text=True)
    assert '<option value="tally"' in page
    made = host.post("/tables", data={"csrf_token": csrf(host), "game": "tally", "name": ["Ann", "Bo"],
                                      "colour": colours, "seat_me": "0"})
    assert made.status_code == 303, made.get_data(as_text=True)
    table_id = made.headers["Location"].rsplit("/", 1)[1]
    assert "Tally" in host.get(f"/tables/{table_id}").get_data(as_text=True)

    state = host.get(f"/api/tables/{table_id}").get_json()
    category = state["state"]["categories"][0][0]
    version = state["version"]
    for seat, points in ((0, 5), (1, 9)):
        response = host.post(f"/api/tables/{table_id}/actions", json={"version": version, "action": {
            "type": "add_points", "seat": seat, "category": category, "points": points}})
        assert response.status_code == 200, response.get_json()
        version = response.get_json()["version"]
    ended = host.post(f"/api/tables/{table_id}/end", json={})
    assert ended.status_code == 200 and ended.get_json()["outcome"]["winners"] == [1]

    score_page = host.get(f"/tables/{table_id}/score").get_data(as_text=True)
    assert "Ann" in score_page and "Bo" in score_page and "Tally" in score_page
    pdf = host.get(f"/tables/{table_id}/scoresheet.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    rows = list(csv.reader(io.StringIO(host.get(f"/api/tables/{table_id}/export.csv").get_data(as_text=True))))
    assert rows[0] == ["category", "Ann", "Bo"] and ["Total", "5", "9"] in rows and ["Rank", "2", "1"] in rows
    link = host.get(f"/api/tables/{table_id}/bgstats").get_json()["url"]
    play = json.loads(unquote(link.split("data=", 1)[1]))
    assert play["game"]["name"] == "Ore: The Mining Game"  # a pad's play counts as the game it kept score for
    assert [(p["name"], p["score"]) for p in play["players"]] == [("Ann", 5), ("Bo", 9)]
    assert table_id in host.get("/api/history").get_data(as_text=True)
