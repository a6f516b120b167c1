"""The Tinners' Trail map on the table page (webapp/boards/tinners_trail.py): every area drawn
from map.toml as a link named with what lies there, its section with the moves there, and no
face-down tile's contents on any phone that has not looked at it."""

from __future__ import annotations

import re
from html import unescape

from companion import find_game
from companion.tinners_trail.data.geometry import board_geometry
from test_tinners_trail_web import PLAYERS, choose_cards, phone, start
from webgame import TOKEN, act
from webapp import tables

GAME = find_game("tinners-trail")

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
    with app.app_context():
        state = tables.get(table.id).state
    return table, host, state, area, seat


def test_every_area_is_a_link_named_with_what_lies_there(app):
    table, host, state, mine, owner = built_a_mine(app)
    # the next seat digs an adit from the new mine and places a miner in it
    client = app.test_client()
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["version"]
    rules = GAME.rules
    beside = next(n for n in rules.neighbours[mine] if tuple(sorted((mine, n))) in rules.adit_borders)
    for action in ({"type": "develop", "piece": "adit", "area": mine, "to": beside},
                   {"type": "develop", "piece": "miner", "area": mine}):
        seat = GAME.acting_seats(state)[0]
        body = act(client, table.id, host, version, {**action, "seat": seat}).get_json()
        version = body["version"]
        with app.app_context():
            state = tables.get(table.id).state
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
            assert f"face-up tile with {tile.tin} tin, {tile.copper} copper, {tile.water} water" in label
        elif area.tile:
            assert "face-down tile" in label
        else:
            assert "no tile" in label
        assert ("on the coast" in label) == rules.areas[area.id].coastal
        # the area's section repeats the facts, for phones without script and for screen readers
        first = label.split(": ", 1)[1].split(", ")[0]
        assert first in unescape(section(html, area.id)), (first, area.id)
    assert area_count(html, mine) == 1
    assert f"adit to {rules.areas[beside].name}" in found[mine] and f"adit to {rules.areas[mine].name}" in found[beside]
    assert html.count('class="tt-adit"') == 1
    mark = PLAYERS[owner]["name"][0]
    assert re.search(rf'class="tt-badge tt-owner">.*?>{mark}</text>', drawn(html, mine))
    assert 'class="tt-badge tt-miner"' in drawn(html, mine) and "a miner" in found[mine]
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
            assert 'class="tt-cube' not in drawn(html, area.id) and 'tt-down' in drawn(html, area.id)


def drawn(html: str, aid: str) -> str:
    """What the map draws over an area: its tile square, cubes, badges and name."""
    start = html.index(f'<g class="tt-over" data-area="{aid}">')
    return html[start:html.index('<g class="tt-over"', start + 1) if '<g class="tt-over"' in html[start + 1:] else None]


def test_a_peeked_tile_shows_only_on_the_phone_that_looked():
    from dataclasses import replace

    from companion.core import PlayerSpec
    from webapp.boards.tinners_trail import area_facts, board_svg

    state = GAME.setup([PlayerSpec(p["name"]) for p in PLAYERS], "base", seed=5)
    hidden = next(a for a in state.areas if a.tile and not a.face_up)
    state = replace(state, areas=tuple(replace(a, peeks=(1,)) if a.id == hidden.id else a for a in state.areas))
    tile = GAME.rules.tiles[hidden.tile]
    contents = f"{tile.tin} tin, {tile.copper} copper, {tile.water} water"
    names = [p["name"] for p in PLAYERS]
    colours = [p["colour"] for p in PLAYERS]
    for seat in (None, 0, 1, 2):
        facts = {a.id: a for a in area_facts(GAME, GAME.view(state, seat), names)}
        svg = str(board_svg(GAME, list(facts.values()), names, colours))
        label = labels(svg)[hidden.id]
        if seat == 1:
            assert f"face-down tile (you looked: {contents}" in label
        else:
            assert label.endswith(": face-down tile" + (", on the coast" if facts[hidden.id].coastal else ""))
            assert hidden.tile not in svg and contents not in svg
        assert 'class="tt-cube' not in drawn(svg, hidden.id)  # the map itself never draws its cubes


def test_each_development_offered_in_an_area_agrees_with_the_rules(app):
    from webapp.boards.tinners_trail import placements

    table, host, state, mine, owner = built_a_mine(app)
    seat = GAME.acting_seats(state)[0]
    offered = placements(GAME, state, seat)
    assert set(offered) == {a.id for a in state.areas}
    allowed = refused = 0
    for aid, moves in offered.items():
        for move in moves:
            legal = GAME.legal(state, {**move.action, "seat": seat})
            assert legal == (move.reason == ""), (aid, move)
            allowed += legal
            refused += not legal
    assert allowed and refused  # round 1: miners and ports go in, no train is left
    assert placements(GAME, state, (seat + 1) % 3) == {}  # nothing for a seat that waits
