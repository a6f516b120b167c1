"""A phone with no seat and no host token (someone who opened the table link without joining,
or a phone whose seat the host freed) sees the table, its state and its board, but no move it
could never send: no action form, no tappable square, no "Table moves" list."""

from __future__ import annotations

import re

import pytest

import webgame
from companion import find_game, game_ids
from webapp import tables
from webgame import PLAYERS, TOKEN, act

MOVES = re.compile(r'<form[^>]*class="[^"]*hf-action|action="[^"]*/act"|class="ms-target"|id="moves-title"')


def moves_on(html: str) -> list[str]:
    return MOVES.findall(html)


def start(app, game_id):
    game = find_game(game_id)
    players = PLAYERS[:max(game.players[0], min(3, game.players[1]))]
    return webgame.start(app, game_id, players, None, 4)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_watching_phone_sees_the_table_but_no_move(app, game_id):
    table, host = start(app, game_id)
    watcher = app.test_client()
    for path in (f"/tables/{table.id}", f"/tables/{table.id}/fragment"):
        page = watcher.get(path)
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        assert moves_on(html) == [], (path, moves_on(html))
        assert "You are watching" in html
    # the same page on a seated phone does offer moves
    seated, _ = webgame.seat_phone(app, table, 0)
    assert moves_on(seated.get(f"/tables/{table.id}/fragment").get_data(as_text=True))


def test_a_freed_phone_loses_its_moves(app):
    table, host = start(app, "ore-published")
    phone, _ = webgame.seat_phone(app, table, 0)
    assert moves_on(phone.get(f"/tables/{table.id}/fragment").get_data(as_text=True))
    with app.app_context():
        tables.remove_seat(table.id, host, 0)
    html = phone.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert moves_on(html) == [] and "seat was freed by the host" in html


def test_a_watcher_sees_the_drawn_tile_but_no_square_to_lay_it_on(app):
    table, host = start(app, "mine-shaft")
    client = app.test_client()
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    turn = body["state"]["turn"]
    body = act(client, table.id, host, body["version"], {"type": "draw_tile", "seat": turn}).get_json()
    assert body["state"]["drawn"], body
    on_host = webgame.host_phone(app, host).get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert 'class="ms-target"' in on_host and 'data-cell-action="place_tile"' in on_host
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert 'class="ms-mine"' in html and "Drawn: " in html
    assert moves_on(html) == [] and 'data-cell-action=""' in html and 'id="ms-confirm"' not in html
