"""ARDEVUR's table page: whose turn and phase, costs beside the moves, storage, the map with
structures by owner, the target grid, and each phone seeing only its own action cards."""

from __future__ import annotations

import random

import webgame
from companion.ardevur import GAME
from test_pages import seated
from webapp import tables
from webgame import TOKEN, act

PLAYERS = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2e64a8"}]


def test_page_through_setup_into_play(app):
    table, host = webgame.start(app, "ardevur", PLAYERS, "standard", 5)
    client = app.test_client()
    version, chooser = 0, random.Random(5)
    # The heuristic bot plays both seats through the API until Ann has a mine and a turn is on.
    for _ in range(400):
        with app.app_context():
            state = tables.get(table.id).state
        d = state.data
        if d["phase"] == "play" and any(s == "active" for p in d["players"] for s in p["sites"].values()) \
                and d["stage"] == "development":
            break
        seat = GAME.acting_seats(state)[0]
        move = GAME.bot_move(state, seat, "heuristic", chooser)
        response = act(client, table.id, host, version, move)
        assert response.status_code == 200, response.get_json()
        version = response.get_json()["version"]
    d = state.data
    assert d["phase"] == "play"
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    turn_name = PLAYERS[d["turn"]]["name"]
    assert f"{turn_name}&#39;s turn · development phase" in html or f"{turn_name}'s turn · development phase" in html
    assert 'id="ard-map"' in html and 'class="ard-mine"' in html and 'id="ard-grid"' in html
    assert "style=" not in html and "<script" not in html
    # The costs of development moves stand beside them.
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    costs = [o["cost"] for o in body["options"] if o["action"]["type"] in ("explore", "exploit", "acquire_asset")]
    assert costs and all(c.endswith("M") or "M +" in c for c in costs)

    for seat in (0, 1):
        phone = app.test_client()
        seated(app, phone, table.id, seat)
        page = phone.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
        me = d["players"][seat]
        assert 'id="ard-storage"' in page
        used = sum(me["stock"].values())
        assert f"{used}M / " in page
        for card in me["actions"]:
            assert GAME.cat.actions[card].name in page
        for card in d["players"][1 - seat]["actions"]:
            if GAME.cat.actions[card].name not in {GAME.cat.actions[c].name for c in me["actions"]}:
                assert GAME.cat.actions[card].name not in page
