"""Ore (published) workers can always be told apart: every seat's mark is unique at the table
(names that share an initial, or even two letters, included), every worker on the board
picture carries its owner's mark, no two worker discs overlap, and the key, the lists of
spaces and contracts and the players' part name the same marks."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import webgame
from companion.core import PlayerSpec
from companion.ore_published.state import from_json, to_json
from companion.registry import find_game
from companion.marks import marks
from webapp.boards.ore_published import board_svg, ink_on

SVG = "{http://www.w3.org/2000/svg}"
CLASHING = ("Ben", "Bea", "Bo", "Cy")
COLOURS = ["#2471a3", "#c0392b", "#d4ac0d", "#1e8449", "#795548"]


@pytest.mark.parametrize("names, expected", [
    (["Anna", "Ben", "Cara", "Dana"], ["A", "B", "C", "D"]),
    (["Ben", "Bea", "Bo", "Cy"], ["Ben", "Bea", "Bo", "C"]),  # the shortest start nobody else's name has
    (["Ben", "Bo", "Cy"], ["Be", "Bo", "C"]),                 # two letters tell them apart
    (["ben", "Ben", "Cy"], ["B1", "B2", "C"]),                # case is no difference
    (["Al", "A", "Bo"], ["Al", "A2", "B"]),                   # a one-letter name has no second letter
    (["  ", "Z", "Z1", "Z2", "Zed"], ["?", "Z3", "Z1", "Z2", "Ze"]),  # "Z2" keeps its own name as its mark
])
def test_each_mark_is_short_and_unique_at_the_table(names, expected):
    found = marks(names)
    assert found == expected
    assert len(set(m.lower() for m in found)) == len(found) and all(1 <= len(m) <= 3 for m in found)


def crowded(names=CLASHING, seed=3) -> tuple:
    """A table with a worker on every kind of place at once: every action space and overtime
    space, adjacent spaces of one mine, the contract spaces, private mines with their temps and
    every extra worker still waiting in the recruit area."""
    game = find_game("ore-published")
    state = game.apply(game.setup([PlayerSpec(n) for n in names], None, seed), {"type": "deal", "seat": 0})
    d = to_json(state)
    n = len(names)
    for i, space in enumerate(d["spaces"]):
        d["spaces"][space] = i % n
    d["overtime"] = [(i + 1) % n for i in range(len(d["overtime"]))]
    d["contract_spaces"] = [i % n for i in range(len(d["contract_spaces"]))]
    for i, (res, mine) in enumerate(d["mines"].items()):
        depth = len(game.cat.mines[mine["card"]].spaces)
        mine["workers"] = [{"seat": (i + k) % n, "depth": k} for k in range(depth)]
    for seat, p in enumerate(d["players"]):
        res = list(d["mines"])[seat % len(d["mines"])]
        p["private"] = {"card": d["decks"]["mines"][res][0], "depth": seat % 2}
        p["waiting"] = True
    return game, from_json(d)


def discs(svg: str) -> list[tuple[str, str, float, float, float]]:
    root = ET.fromstring(svg)
    found = []
    for group in root.iter(f"{SVG}g"):
        if "opw" not in (group.get("class") or "").split():
            continue
        circle, text = group.find(f"{SVG}circle"), group.find(f"{SVG}text")
        assert text.text == group.get("data-mark")
        found.append((group.get("data-seat"), text.text, float(circle.get("cx")), float(circle.get("cy")),
                      float(circle.get("r"))))
    return found


@pytest.mark.parametrize("names", [CLASHING, ("Ben", "Bea", "Bo", "Bartholomew Alexander Fitzgerald", "Bertha")])
def test_every_worker_on_the_picture_has_its_owners_distinct_mark_and_no_two_overlap(names):
    game, state = crowded(names)
    view = game.view(state, 0)
    svg = str(board_svg(game, view, COLOURS, list(names)))
    found = discs(svg)
    labels = marks(list(names))
    # every worker on the table is drawn: action spaces, overtime, contract spaces, mines,
    # private mines, recruit area; then the key's one disc per seat
    d = to_json(state)
    on_table = (len(d["spaces"]) + len(d["overtime"]) + len(d["contract_spaces"])
                + sum(len(m["workers"]) for m in d["mines"].values()) + len(names) * 2)
    assert len(found) == on_table + len(names)
    for seat, mark, *_ in found:
        assert mark == labels[int(seat)]
    assert len({mark for _, mark, *_ in found}) == len(names)
    for i, (_, _, x1, y1, r1) in enumerate(found):
        for _, _, x2, y2, r2 in found[i + 1:]:
            assert abs(x1 - x2) >= r1 + r2 or abs(y1 - y2) >= r1 + r2, (x1, y1, x2, y2)
    width = float(ET.fromstring(svg).get("viewBox").split()[2])
    assert all(r <= x <= width - r for _, _, x, _, r in found)


def test_a_mark_reads_on_every_seat_colour():
    from webapp.views import PALETTE

    def lum(colour):
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)] if len(colour) == 7 \
            else [int(c * 2, 16) / 255 for c in colour[1:]]
        return sum(w * (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
                   for w, v in zip((0.2126, 0.7152, 0.0722), channels))

    # every colour the new-table form offers, the printed workers' colours and the temps' white
    for colour in [c for _name, c in PALETTE] + ["#2e64a8", "#c0392b", "#e0b422", "#2f8a3e", "#7a5230", "#f8f8f8"]:
        hi, lo = sorted((lum(colour), lum(ink_on(colour))), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, colour


def render(app, game, state, seat, names=CLASHING) -> str:
    """The Ore (published) part of the table page as ``seat``'s phone gets it."""
    from types import SimpleNamespace

    from flask import render_template

    seats = [SimpleNamespace(seat=i, name=n, colour=c) for i, (n, c) in enumerate(zip(names, COLOURS))]
    with app.test_request_context("/"):
        return render_template("games/ore-published.html", table=SimpleNamespace(seats=seats, finished=False),
                               game=game, view=game.view(state, seat), seat=seat, options=game.options(state, seat),
                               version=1, act_url="/act")


def chips(html: str) -> list[tuple[str, str]]:
    """(seat, mark) of every worker chip in the page's lists, outside the board picture."""
    import re
    outside = re.sub(r'<svg class="ore-board.*?</svg>', "", html, flags=re.S)
    return re.findall(r'<svg class="op-chip".*?data-seat="(\d)" data-mark="([^"]+)"', outside, flags=re.S)


def test_the_lists_beside_the_picture_name_workers_by_the_same_marks(app):
    game, state = crowded()
    html = render(app, game, state, 0)
    labels = marks(list(CLASHING))
    found = chips(html)
    d = to_json(state)
    # taken action spaces (overtime included), taken contract spaces, then each player's heading
    assert len(found) == len(d["spaces"]) + len(d["overtime"]) + len(d["contract_spaces"]) + len(CLASHING)
    assert all(mark == labels[int(seat)] for seat, mark in found)
    for seat, name in enumerate(CLASHING):
        # the mark beside the name, unless the mark is the whole name
        beside = f"<strong>{name}</strong> <span class=\"muted\">({labels[seat]})</span>"
        assert (beside in html) == (labels[seat] != name), name


def test_a_worker_placed_through_the_api_shows_its_owners_mark(app):
    players = [{"name": n, "colour": c} for n, c in zip(CLASHING, COLOURS)]
    table, host = webgame.start(app, "ore-published", players, None, 3)
    client = app.test_client()
    version = webgame.act(client, table.id, host, 0, {"type": "deal", "seat": 0}).get_json()["version"]
    body = webgame.act(client, table.id, host, version, {"type": "place", "seat": 0, "space": "mine", "res": "iron"})
    assert body.status_code == 200, body.get_json()
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    picture = html[html.index('<svg class="ore-board'):]
    root = ET.fromstring(picture[:picture.index("</svg>") + 6])
    iron = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "op-mine" and g.get("data-res") == "iron")
    assert [(g.get("data-seat"), g.get("data-mark")) for g in iron.iter(f"{SVG}g") if g.get("class") == "opw"] == [("0", "Ben")]
    key = [g.find(f"{SVG}g").get("data-mark") for g in root.iter(f"{SVG}g") if g.get("class") == "op-key"]
    assert key == ["Ben", "Bea", "Bo", "C"]

