"""The Tinners' Trail map on the table page (webapp/boards/tinners_trail.py): every area drawn
from map.toml as a link named with what lies there, its section with the moves there, and no
face-down tile's contents on any phone that has not looked at it."""

from __future__ import annotations

import re
from html import unescape

from companion.tinners_trail import GAME
from companion.tinners_trail.geometry import board_geometry
from test_tinners_trail_web import PLAYERS, choose_cards, phone, start
from webgame import TOKEN, act

LINK = re.compile(r'<a class="tt-area" id="tt-map-(\w+)" href="#tt-area-\1" aria-label="([^"]*)">')


def labels(html: str) -> dict[str, str]:
    return {aid: unescape(label) for aid, label in LINK.findall(html)}


def section(html: str, aid: str) -> str:
    start = html.index(f'<section class="tt-detail card" id="tt-area-{aid}"')
    return html[start:html.index("</section>", start)]


def built_a_mine(app):
    """Survey, prices, then the active seat auctions a face-up tile, bids £1, the others drop
    out and it builds: returns the table, host token, the real state, the mine's area and owner."""
    table, host = start(app)
    client = app.test_client()
    _dealt, version = choose_cards(client, table, host)
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    seat = body["state"]["info"]["active"]
    area = next(a["id"] for a in body["state"]["areas"] if a["tile"] and a["face_up"])
    version = body["version"]
    for action in ({"type": "start_auction", "area": area}, {"type": "bid", "amount": 1}):
        version = act(client, table.id, host, version, {**action, "seat": seat}).get_json()["version"]
    for other in (seat + 1) % 3, (seat + 2) % 3:
        version = act(client, table.id, host, version, {"type": "drop", "seat": other}).get_json()["version"]
    body = act(client, table.id, host, version, {"type": "build_mine", "seat": seat}).get_json()
    assert body["state"]["areas"][[a["id"] for a in body["state"]["areas"]].index(area)]["owner"] == seat, body
    from webapp import tables
    with app.app_context():
        state = tables.get(table.id).state
    return table, host, state, area, seat


def test_every_area_is_a_link_named_with_what_lies_there(app):
    table, host, state, mine, owner = built_a_mine(app)
    screen, _token = phone(app, table, owner)
    html = screen()
    found = labels(html)
    geometry = board_geometry(None)
    assert set(found) == set(geometry.areas) == {a.id for a in state.areas}  # all 28, once each
    assert html.count('<svg class="tt-board') == 2
    rules = GAME.rules
    for area in state.areas:
        label, name = found[area.id], rules.areas[area.id].name
        assert label.startswith(f"{name}, region {rules.areas[area.id].region}: ")
        if area.owner is not None:
            cubes = ", ".join(f"{getattr(area, k)} {k}" for k in ("tin", "copper", "water") if getattr(area, k))
            assert f"{PLAYERS[area.owner]['name']}'s mine, capacity " in label and cubes in label
        elif area.tile and area.face_up:
            tile = rules.tiles[area.tile]
            assert f"face-up tile: {tile.tin} tin, {tile.copper} copper, {tile.water} water" in label
        elif area.tile:
            assert "face-down tile" in label
        else:
            assert "no tile" in label
        assert ("on the coast" in label) == rules.areas[area.id].coastal
        # the area's section repeats the facts, for phones without script and for screen readers
        first = label.split(": ", 1)[1].split(", ")[0]
        assert first in unescape(section(html, area.id)), (first, area.id)
    assert area_count(html, mine) == 1
    # the owner's phone offers extraction in its mine's section, with that area fixed
    assert 'data-type="extract"' not in section(html, mine)  # the turn passed on after building
    assert "style=" not in html and "<script" not in html


def area_count(html: str, aid: str) -> int:
    return len(re.findall(f'id="tt-area-{aid}"', html))


def test_the_active_seat_finds_its_moves_in_an_areas_section(app):
    table, host = start(app)
    client = app.test_client()
    _dealt, version = choose_cards(client, table, host)
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    seat = body["state"]["info"]["active"]
    screen, token = phone(app, table, seat)
    html = screen()
    tiled = next(a for a in body["state"]["areas"] if a["tile"] and a["face_up"])
    here = section(html, tiled["id"])
    assert 'data-type="start_auction"' in here and f'name="area" value="{tiled["id"]}"' in here
    assert 'name="card"' not in here  # a card goes before an auction only on a face-down tile
    assert "Place a miner here" in here and "Dig an adit to " in here
    empty = next(a for a in body["state"]["areas"] if not a["tile"])
    assert 'data-type="start_auction"' not in section(html, empty["id"])
    # a train is refused in round 1 with the rule's reason, in place
    assert "No train is left in the round 1 column" in section(html, empty["id"])
    # the section's form sends an ordinary action: auction this area
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: token}).get_json()["version"]
    body = act(client, table.id, token, version, {"type": "start_auction", "area": tiled["id"]}).get_json()
    assert body["state"]["phase"] == "auction"
    assert "being auctioned" in labels(screen())[tiled["id"]]
    other, _ = phone(app, table, (seat + 1) % 3)
    assert "Start an auction here" not in other()  # moves only on the phone whose turn it is


def test_no_phone_sees_what_a_face_down_tile_holds(app):
    table, host, state, _mine, _owner = built_a_mine(app)
    hidden = [a for a in state.areas if a.tile and not a.face_up]
    assert hidden
    pages = [phone(app, table, seat)[0]() for seat in range(3)]
    client = app.test_client()
    client.set_cookie("hf_host", host, path=f"/tables/{table.id}")
    pages.append(client.get(f"/tables/{table.id}").get_data(as_text=True))
    for html in pages:
        found = labels(html)
        for area in hidden:
            assert area.tile not in html  # not even the tile's id
            assert found[area.id].split(": ", 1)[1].startswith("face-down tile")
            assert not re.search(r"\d+ (tin|copper|water)", found[area.id])
            facts = re.sub(r"<select.*?</select>", "", section(html, area.id), flags=re.S)  # own cards may say "+1 tin"
            assert not re.search(r"\d+ (tin|copper|water)", facts)
            drawn = re.search(rf'id="tt-tile-{area.id}".*?(?=<g class="tt-tile-over"|</svg>)', html, re.S).group(0)
            assert 'class="tt-cube' not in drawn and 'tt-down' in drawn
