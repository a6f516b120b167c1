"""Who may act for which seat, decided in one place (``tables.acting_for``) for every way an
action arrives: the fast path, the JSON route behind it and the pages' form. A seat's token
acts for its own seat only; the host's acts for a seat no phone holds, or for the host's own
seat when the host's phone holds one; the seat is never guessed."""

from __future__ import annotations

import pytest

from test_pages import csrf, version as page_version
from webapp import tables
from webgame import TOKEN, act, seat_phone, start

PLAYERS = [{"name": "Anna", "colour": "#c0392b"}, {"name": "Ben", "colour": "#2980b9"},
           {"name": "Dana", "colour": "#27ae60"}]
ADD = {"type": "add_points", "category": "points", "points": 3}


def _table(app, table_id):
    with app.app_context():
        return tables.get(table_id)


def _routes(app):
    """Each way an action arrives, as a function (client, table, token, version, action) -> response."""
    flask_only = app.wsgi_app.app  # behind the fast path: the Flask route's own answer

    def fast(client, table, token, version, action):
        return act(client, table.id, token, version, action)

    def route(client, table, token, version, action):
        from werkzeug.test import Client
        from werkzeug.wrappers import Response
        return Client(flask_only, Response).post(f"/api/tables/{table.id}/actions", headers={TOKEN: token},
                                                  json={"version": version, "action": action})

    def form(client, table, token, version, action):
        phone = app.test_client()
        phone.set_cookie("hf_seat", token, path=f"/tables/{table.id}")
        fields = {k: str(v) for k, v in action.items() if k != "type"}
        return phone.post(f"/tables/{table.id}/act", data={"csrf_token": csrf(phone, f"/tables/{table.id}"),
                                                            "version": str(version), "_type": action["type"],
                                                            "_strings": "category", **fields})

    return {"fast path": fast, "JSON route": route, "form": form}


@pytest.mark.parametrize("way", ["fast path", "JSON route", "form"])
def test_a_seat_naming_another_seat_is_refused_on_every_route(app, way):
    """The score pad's API used to answer 200 and score the caller; the form route said 403."""
    table, host = start(app, "scorepad", PLAYERS, None, 1)
    _, ben = seat_phone(app, table, 1)
    send = _routes(app)[way]
    before = _table(app, table.id)
    refused = send(app.test_client(), table, ben, before.version, {**ADD, "seat": 0})
    assert refused.status_code == 403
    assert "only the host enters moves for another player" in refused.get_data(as_text=True)
    after = _table(app, table.id)
    assert after.version == before.version and after.state == before.state
    done = send(app.test_client(), table, ben, before.version, ADD)  # no seat named: Ben's own
    assert done.status_code in (200, 303), done.get_data(as_text=True)
    assert _table(app, table.id).state.points == ((0, 3, 0),)


def test_the_host_without_a_seat_never_has_a_seat_guessed(app):
    """Mine Shaft's actions take an optional seat: the host token without one used to play the
    seat whose turn it was, even one a phone holds, and the log said nothing of the host."""
    table, host = start(app, "mine-shaft", PLAYERS[:2], "basic", 5)
    turn = _table(app, table.id).state.turn
    _, _ = seat_phone(app, table, turn)
    client = app.test_client()
    version = _table(app, table.id).version
    guessed = act(client, table.id, host, version, {"type": "draw_tile"})
    assert guessed.status_code == 422 and guessed.get_json()["error"]["code"] == "choose_seat"
    held = act(client, table.id, host, version, {"type": "draw_tile", "seat": turn})
    assert held.status_code == 403 and held.get_json()["error"]["code"] == "seat_has_phone"
    assert _table(app, table.id).version == version


def test_the_hosts_phone_plays_its_own_seat_and_for_a_seat_without_a_phone(app):
    """The host's phone holds the host's cookie and Anna's: the page script sends both to the
    API. Without a seat named the move is Anna's own; naming Dana's (no phone) it is Dana's,
    and the log says the host entered it."""
    table, host = start(app, "scorepad", PLAYERS, None, 1)
    _, anna = seat_phone(app, table, 0)
    phone = app.test_client()
    for path in (f"/tables/{table.id}", f"/api/tables/{table.id}"):
        phone.set_cookie("hf_host", host, path=path)
        phone.set_cookie("hf_seat", anna, path=path)
    own = phone.post(f"/api/tables/{table.id}/actions", json={"version": 1, "action": ADD}).get_json()
    assert own["event"]["seat"] == 0 and "entered by" not in own["event"]["summary"]
    # A score pad's seat says whose points they are: the host keeps score for everyone.
    theirs = phone.post(f"/api/tables/{table.id}/actions", json={"version": 2, "action": {**ADD, "seat": 2}})
    assert theirs.get_json()["event"]["seat"] == 2
    assert _table(app, table.id).state.points == ((3, 0, 3),)


def test_play_for_enters_the_move_for_that_seat_and_the_log_says_so(app):
    table, host = start(app, "mine-shaft", PLAYERS[:2], "basic", 5)
    turn = _table(app, table.id).state.turn
    _, mine = seat_phone(app, table, 1 - turn)  # the host's own seat is the other one
    phone = app.test_client()
    for path in (f"/tables/{table.id}", f"/api/tables/{table.id}"):
        phone.set_cookie("hf_host", host, path=path)
        phone.set_cookie("hf_seat", mine, path=path)
    version = _table(app, table.id).version
    played = phone.post(f"/api/tables/{table.id}/actions", json={"version": version,
                                                                "action": {"type": "draw_tile", "seat": turn}})
    body = played.get_json()
    assert played.status_code == 200, body
    name = PLAYERS[turn]["name"]
    assert body["event"]["seat"] == turn and body["event"]["summary"].endswith(f"(entered by the host for {name})")


def test_the_no_script_page_opened_to_play_for_a_seat_plays_for_it(app):
    table, host = start(app, "mine-shaft", PLAYERS[:2], "basic", 5)
    turn = _table(app, table.id).state.turn
    page = app.test_client()
    page.set_cookie("hf_host", host, path=f"/tables/{table.id}")
    form = page.post(f"/tables/{table.id}/act?for={turn}",
                     data={"csrf_token": csrf(page, f"/tables/{table.id}?for={turn}"),
                           "version": str(page_version(page, table.id)), "_type": "draw_tile"})
    assert form.status_code == 303 and form.headers["Location"].endswith(f"?for={turn}")
    with app.app_context():
        last = tables.log(table.id)[-1]
    assert last["seat"] == turn and last["summary"].endswith(f"(entered by the host for {PLAYERS[turn]['name']})")


def test_a_bot_seat_is_played_by_its_bot_only(app):
    players = [PLAYERS[0], {**PLAYERS[1], "bot": "random"}]
    table, host = start(app, "mine-shaft", players, "basic", 5)
    current = _table(app, table.id)
    refused = act(app.test_client(), table.id, host, current.version, {"type": "draw_tile", "seat": 1})
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "bot_seat"


def test_the_host_may_look_at_a_seat_it_plays_for_and_no_other(app):
    table, host = start(app, "tinners-trail", PLAYERS, None, 3)
    _, ben = seat_phone(app, table, 1)
    client = app.test_client()
    dana = client.get(f"/api/tables/{table.id}?for=2", headers={TOKEN: host}).get_json()
    assert dana["seat"] == 2 and dana["options"]
    for token, seat in ((host, 1), (ben, 2), (None, 2)):
        refused = client.get(f"/api/tables/{table.id}?for={seat}", headers={TOKEN: token} if token else {})
        assert refused.status_code == 403
    plain = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    assert plain["seat"] is None and plain["options"] == []  # a host without a seat plays for one first


def test_the_hosts_phone_in_the_middle_of_the_table_follows_the_turn(app):
    """A host's phone that holds no seat plays the seat the table waits for when no phone holds
    it, says so, and names that seat in every move it sends; while a phone's seat is awaited it
    offers nothing."""
    from webgame import host_phone

    table, host = start(app, "mine-shaft", PLAYERS[:2], "basic", 5)
    turn = _table(app, table.id).state.turn
    name = PLAYERS[turn]["name"]
    page = host_phone(app, host).get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert f"<strong>{name}</strong>, whose turn it is" in page and f'data-play-for="{turn}"' in page
    assert f"{name}: Draw a tile" in page and f'action="/tables/{table.id}/act?for={turn}"' in page
    _, _ = seat_phone(app, table, turn)  # now a phone holds that seat
    page = host_phone(app, host).get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "whose turn it is" not in page and "data-play-for" not in page and "Draw a tile" not in page
