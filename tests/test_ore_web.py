"""Ore through the web app: a table made by webapp.tables, a few actions through the JSON API,
and the phase screens of the table page."""

from __future__ import annotations

from webapp import tables

TOKEN = "X-Headframe-Token"
PLAYERS = [{"name": "Joe", "colour": "#c0392b"}, {"name": "Ann", "colour": "#2e64a8"},
           {"name": "Bo", "colour": "#2f8a3e"}]


def start(app, seed=3, variant="standard"):
    with app.app_context():
        return tables.create_table("ore", PLAYERS, variant, seed)


def act(client, table_id, host, version, action):
    return client.post(f"/api/tables/{table_id}/actions", json={"version": version, "action": action},
                       headers={TOKEN: host})


def test_placement_through_the_api_and_a_refusal(app):
    table, host = start(app)
    client = app.test_client()
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    state = body["state"]
    assert state["phase"] == "placement" and isinstance(state["draw"]["assets"], int)  # piles stay hidden
    first = state["turn"]
    body = act(client, table.id, host, 0, {"type": "place", "seat": first, "where": "mine", "mine": "gold"}).get_json()
    assert body["version"] == 1
    assert body["state"]["mines"]["gold"]["miners"] == [{"seat": first, "space": 0}]
    second = body["state"]["turn"]
    refused = act(client, table.id, host, 1, {"type": "place", "seat": second, "where": "mine", "mine": "gold"})
    assert refused.status_code == 422
    assert "top space of the gold mine is taken" in refused.get_json()["error"]["message"]
    labels = {o["label"]: o for o in client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["options"]}
    name = PLAYERS[second]["name"]
    assert labels[f"{name}: Mine gold (top space)"]["allowed"] is False
    assert "taken by" in labels[f"{name}: Mine gold (top space)"]["reason"]


def test_a_whole_round_to_the_market_screen(app):
    table, host = start(app)
    client = app.test_client()
    version = 0
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    while body["state"]["phase"] == "placement":
        seat = body["state"]["turn"]
        body = act(client, table.id, host, version, {"type": "place", "seat": seat, "where": "slag"}).get_json()
        version = body["version"]
    assert body["state"]["phase"] == "market"
    # Six miners on the slag heap earn nothing ($5 minus 6 is less than nothing).
    assert [p["money"] for p in body["state"]["players"]] == [20, 20, 20]
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "Market: due contract rows" in html and "nothing due" in html
    assert 'class="ore-mine"' in html and "Gold $" in html
    assert "style=" not in html and "<script" not in html


def test_the_acquisition_screen_offers_cards_with_reasons(app):
    table, host = start(app, seed=4)
    client = app.test_client()
    version = 0
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    while body["state"]["phase"] != "acquisition":
        state = body["state"]
        if state["phase"] == "placement":
            action = {"type": "place", "seat": state["turn"], "where": "asset_track"}
        else:
            action = {"type": "market_done", "seat": state["turn"]}
        body = act(client, table.id, host, version, action).get_json()
        version = body["version"]
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "4. Acquisition" in html and 'data-type="buy_asset"' in html
    queue = body["state"]["queue"]
    assert [q["kind"] for q in queue] == ["asset"] * 6  # everyone's two miners stand on the asset track
    body = act(client, table.id, host, version, {"type": "pass", "seat": queue[0]["seat"]}).get_json()
    assert body["state"]["queue"] == queue[1:]
