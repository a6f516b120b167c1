"""The host plays for a seat without a phone: "Play for Bo" on the host's phone, the log says
the host entered the move, and a seat a phone holds plays from that phone only."""

from __future__ import annotations

from companion import find_game
from webapp import tables

from test_pages import create, csrf, version
from webgame import act

PLAYERS = [{"name": "Anna", "colour": "#c0392b"}, {"name": "Ben", "colour": "#2980b9"},
           {"name": "Dana", "colour": "#27ae60"}]


def _first_move(app, table_id, seat):
    with app.app_context():
        table = tables.get(table_id)
        return next(dict(o.action) for o in find_game(table.game_id).options(table.state, seat) if o.allowed)


def test_host_enters_moves_for_a_phoneless_seat_and_never_for_a_seat_with_a_phone(app, client):
    with app.app_context():
        table, host = tables.create_table("tinners-trail", PLAYERS, None, 3)
        _, anna = tables.join(table.join_code, 0)
    move = _first_move(app, table.id, 0)
    refused = act(client, table.id, host, 1, dict(move, seat=0))
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "seat_has_phone"
    assert "Anna's phone holds that seat" in refused.get_json()["error"]["message"]
    done = act(client, table.id, host, 1, dict(_first_move(app, table.id, 2), seat=2))
    assert done.status_code == 200, done.get_json()
    assert done.get_json()["event"]["summary"].endswith("(entered by the host for Dana)")
    assert done.get_json()["event"]["seat"] == 2


def test_the_hosts_phone_offers_play_for_each_phoneless_seat(app, client):
    response = create(client, names=("Anna", "Ben", "Dana"), game="tinners-trail")
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "Play for Ben" in page and "Play for Dana" in page and "Play for Anna" not in page
    playing = client.get(f"/tables/{table_id}?for=2").get_data(as_text=True)
    assert "Playing for" in playing and "<strong>Dana</strong>" in playing
    assert f'data-fragment-url="/tables/{table_id}/fragment?for=2"' in playing
    move = _first_move(app, table_id, 2)
    sent = client.post(f"/tables/{table_id}/act?for=2", headers={"X-CSRF-Token": csrf(client, f"/tables/{table_id}")},
                       json={"version": version(client, table_id), "action": move})
    assert sent.status_code == 200, sent.get_data(as_text=True)
    with app.app_context():
        last = tables.log(table_id)[-1]
    assert last["seat"] == 2 and last["summary"].endswith("(entered by the host for Dana)")
    # a player's phone gets no such offer, and ?for= on it changes nothing
    other = app.test_client()
    with app.app_context():
        code = tables.get(table_id).join_code
    other.post(f"/tables/{table_id}/join", data={"csrf_token": csrf(other, "/join"), "code": code, "seat": "1"})
    theirs = other.get(f"/tables/{table_id}?for=2").get_data(as_text=True)
    assert "Play for" not in theirs and "Playing for" not in theirs


def test_a_freed_phone_is_told_why_in_words(app, client):
    with app.app_context():
        table, host = tables.create_table("tinners-trail", PLAYERS, None, 3)
        _, ben = tables.join(table.join_code, 1)
        tables.remove_seat(table.id, host, 1)
    refused = act(client, table.id, ben, 2, dict(_first_move(app, table.id, 1), seat=1))
    message = refused.get_json()["error"]["message"]
    assert refused.status_code == 403 and message == "This phone's seat was freed by the host. Join again to play."
