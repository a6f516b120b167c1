"""Undo at a real table: moves that roll, draw or reveal stay; any other move can be taken
back, by the player who made it while nobody has moved since, or by the host; and the phone
says what was undone."""

from __future__ import annotations

import re

from companion import find_game
from webapp import tables

from test_pages import csrf, version
from webgame import TOKEN, act

PLAYERS = [{"name": "Anna", "colour": "#c0392b"}, {"name": "Ben", "colour": "#2980b9"},
           {"name": "Cara", "colour": "#27ae60"}]


def _table(app, game_id="tinners-trail", seed=4):
    with app.app_context():
        table, host = tables.create_table(game_id, PLAYERS, None, seed)
        seats = [tables.join(table.join_code, s)[1] for s in range(len(PLAYERS))]
        return tables.get(table.id), host, seats


def _undoable_move(app, table_id):
    """(seat, action) of an allowed move that neither draws nor reveals."""
    with app.app_context():
        table = tables.get(table_id)
        game = find_game(table.game_id)
        for seat in range(len(PLAYERS)):
            for option in game.options(table.state, seat):
                action = dict(option.action, seat=seat)
                if option.allowed and not game.is_barrier(action, table.state):
                    return seat, action, table.version
    raise AssertionError("no undoable move offered")


def _undo(client, table_id, token, at):
    return client.post(f"/api/tables/{table_id}/undo", json={"version": at}, headers={TOKEN: token})


def test_a_player_takes_back_their_own_move_and_nobody_elses(app, client):
    table, host, seats = _table(app)
    seat, action, at = _undoable_move(app, table.id)
    done = act(client, table.id, seats[seat], at, action)
    assert done.status_code == 200, done.get_json()
    said = done.get_json()["event"]["summary"]
    after = done.get_json()["version"]
    other = (seat + 1) % len(PLAYERS)
    refused = _undo(client, table.id, seats[other], after)
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "not_your_move"
    undone = _undo(client, table.id, seats[seat], after)
    assert undone.status_code == 200, undone.get_json()
    log = client.get(f"/api/tables/{table.id}/log").get_json()["events"]
    assert log[-1]["kind"] == "undo" and log[-1]["summary"] == f"{PLAYERS[seat]['name']} undid: {said}"
    assert log[-1]["seat"] == seat
    with app.app_context():
        assert find_game("tinners-trail").to_json(tables.get(table.id).state) == \
            find_game("tinners-trail").to_json(table.state)


def test_once_someone_else_has_moved_only_the_host_can_undo(app, client):
    table, host, seats = _table(app)
    seat, action, at = _undoable_move(app, table.id)
    at = act(client, table.id, seats[seat], at, action).get_json()["version"]
    next_seat, next_action, at = _undoable_move(app, table.id)
    at = act(client, table.id, seats[next_seat], at, next_action).get_json()["version"]
    if next_seat != seat:
        assert _undo(client, table.id, seats[seat], at).status_code == 403
    said = client.get(f"/api/tables/{table.id}/log").get_json()["events"][-1]["summary"]
    assert _undo(client, table.id, host, at).status_code == 200
    undid = client.get(f"/api/tables/{table.id}/log").get_json()["events"][-1]
    # a host whose phone holds no seat is "the host"; the line names what was taken back
    assert undid["summary"] == f"The host undid: {said}" and undid["seat"] is None


def test_a_seated_host_is_named_as_the_host_who_undid(app, client):
    table, host, seats = _table(app)
    seat, action, at = _undoable_move(app, table.id)
    other = (seat + 1) % len(PLAYERS)
    said = act(client, table.id, seats[seat], at, action).get_json()["event"]["summary"]
    with app.app_context():  # the host's phone also holds the next seat
        done = tables.undo(table.id, tables.Caller(seats[other], host), tables.get(table.id).version)
    undid = tables_log(app, table.id)[-1]
    assert undid["summary"] == f"{PLAYERS[other]['name']} (host) undid: {said}", undid
    assert done.version == undid["seq"]


def test_a_bid_and_a_drop_out_can_be_undone_but_not_a_roll(app, client):
    game = find_game("tinners-trail")
    for kind in ("bid", "drop"):
        assert not game.actions.specs[kind].randomises and not game.actions.specs[kind].reveals
    assert game.actions.specs["roll_prices"].randomises


def test_the_phone_says_what_was_undone(app, client):
    table, host, seats = _table(app)
    seat, action, at = _undoable_move(app, table.id)
    said = act(client, table.id, seats[seat], at, action).get_json()["event"]["summary"]
    # this browser is the player's phone: it took the seat with the join code
    phone = app.test_client()
    with app.app_context():
        tables.remove_seat(table.id, host, seat)
    token = csrf(phone, "/join")
    joined = phone.post(f"/tables/{table.id}/join", data={"csrf_token": token, "code": table.join_code,
                                                          "seat": str(seat)})
    assert joined.status_code == 303
    page = phone.get(f"/tables/{table.id}").get_data(as_text=True)
    assert 'class="undo sb-undo"' in page and f"Takes back: {said}" in page
    response = phone.post(f"/tables/{table.id}/undo", data={"csrf_token": csrf(phone, f"/tables/{table.id}"),
                                                            "version": str(version(phone, table.id))},
                          follow_redirects=True)
    text = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    assert f"{PLAYERS[seat]['name']} undid: {said}" in " ".join(text.split())


def tables_log(app, table_id):
    with app.app_context():
        return tables.log(table_id)
