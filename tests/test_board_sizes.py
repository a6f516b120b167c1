"""A phone board's sizes come from the game's data as the print's do (``[phone.lengths]`` and
``[phone.boxes]`` of ``cards_data/<game>/layouts.toml``, read by ``webapp/boards/sizes.py``):
the drawing code keeps almost no bare numbers, and an edited copy served with ``--data`` moves
what it draws."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

import webapp.boards
from companion.errors import DataError
from companion.registry import find_game

BOARDS = Path(webapp.boards.__file__).parent
SHIPPED = Path(__file__).resolve().parent.parent / "cards_data"
TRIVIAL = {0, 1, 2}  # halves, doubles, an index's neighbour
# A number written in an SVG attribute of a string (x="12", stroke-dasharray="3 2"); the SVG
# namespace and width="100%" are names, not sizes.
ATTRIBUTE = re.compile(r'([\w-]+)="([^"{]*)"')
NUMBER = re.compile(r"(?<![\w#.])\d+(?:\.\d+)?(?![\w.])")
# What may stay: counts (cards to a line, characters to a line), ratios of a glyph's width,
# the opacities of fills, WCAG's luminance formula, cache sizes: 42 today, from 332 before the
# sizes moved to the data (about 230 literals in the code, the rest written in SVG strings).
MOST = 45


def bare_numbers(path: Path) -> list[tuple[int, object]]:
    """Every number in ``path`` outside 0, 1 and 2: literals in the code (in f-strings too) and
    numbers written in SVG attributes of its strings; docstrings and comments left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(node) is not None}
    found: list[tuple[int, object]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in docs:
            continue
        if type(node.value) in (int, float) and node.value not in TRIVIAL:
            found.append((node.lineno, node.value))
        elif isinstance(node.value, str):
            for name, value in ATTRIBUTE.findall(node.value):
                if name != "xmlns" and not value.endswith("%"):
                    found += [(node.lineno, n) for n in NUMBER.findall(value) if float(n) not in TRIVIAL]
    return found


def test_the_boards_keep_their_numbers_in_the_data():
    found = {p.name: bare_numbers(p) for p in sorted(BOARDS.glob("*.py"))}
    total = sum(len(v) for v in found.values())
    assert total <= MOST, "bare numbers in webapp/boards: " + "; ".join(
        f"{name}: " + ", ".join(f"line {line} {value}" for line, value in v) for name, v in found.items() if v)


def test_the_count_sees_numbers_in_code_and_in_svg_strings(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Doc 12."""\nR = 9\n\ndef f(x):\n    return f\'<circle r="{x + 14}" stroke-width="0.6"/>\' + "2"\n',
                      encoding="utf-8")
    assert sorted(str(v) for _, v in bare_numbers(sample)) == ["0.6", "14", "9"]


def _copy(tmp_path, game: str, old: str, new: str) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(SHIPPED / game, folder / game)
    layouts = folder / game / "layouts.toml"
    text = layouts.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    layouts.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _ore_page(make_app, data: Path | None) -> str:
    app = make_app(**({"DATA": str(data)} if data else {}))
    host = app.test_client()
    made = host.post("/api/tables", json={"game": "ore", "seed": 3, "players": [
        {"name": "Anna", "colour": "#c0392b"}, {"name": "Ben", "colour": "#2471a3"}, {"name": "Cara", "colour": "#1e8449"}]})
    assert made.status_code == 201, made.get_json()
    table = made.get_json()
    page = host.get(f"/tables/{table['id']}")
    assert page.status_code == 200
    return page.get_data(as_text=True)


def test_an_edited_copy_served_with_data_moves_a_label(tmp_path, make_app):
    """Ore's market price sits 29 units below its mine's top; the edited copy says 35."""
    shipped = _ore_page(make_app, None)
    edited = _ore_page(make_app, _copy(tmp_path, "ore", 'price-baseline = "29mm"', 'price-baseline = "35mm"'))
    price = re.compile(r'<text class="ore-price" x="([\d.]+)" y="([\d.]+)"')
    before, after = price.findall(shipped), price.findall(edited)
    assert before and len(before) == len(after)
    assert all(a[0] == b[0] and float(a[1]) == float(b[1]) + 6 for a, b in zip(after, before))
    # nothing else of the picture moved: the mines' titles stay where they were
    title = re.compile(r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle" font-size="12" font-weight="bold"')
    assert title.findall(shipped) == title.findall(edited)


def test_an_edited_half_of_the_tinners_trail_map_shows_another_part_of_the_board(tmp_path):
    from webapp.boards.tinners_trail import board_svg

    data = _copy(tmp_path, "tinners-trail", 'x = "224mm"', 'x = "230mm"')
    game = find_game("tinners-trail", str(data))
    svg = str(board_svg(game, [], ["Ann", "Bo"], ["#c0392b", "#2471a3"]))
    assert 'class="tt-board tt-east" viewBox="230 28 238 170"' in svg


def test_a_missing_or_unknown_length_is_named_with_its_file_and_line(tmp_path):
    from webapp.boards.ore import SIZES
    from webapp.boards.sizes import sizes

    data = _copy(tmp_path, "ore", 'price-baseline = "29mm"', 'price-baselin = "29mm"')
    with pytest.raises(DataError) as caught:
        sizes(find_game("ore", str(data)), SIZES)
    words = str(caught.value)
    assert re.search(r"layouts\.toml:\d+: phone\.lengths\.price-baselin: unknown length 'price-baselin'", words), words
    assert re.search(r"layouts\.toml:\d+: phone\.lengths: missing length: price-baseline$", words), words
    assert len(caught.value.problems) == 2
