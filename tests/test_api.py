"""The JSON API through Flask's test client, every answer checked against the OpenAPI
document the server publishes."""

from __future__ import annotations

import csv
import io
import json
import re
from urllib.parse import unquote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate as validate_spec

TOKEN = "X-Headframe-Token"


@pytest.fixture
def spec(client):
    doc = client.get("/api/openapi.json").get_json()
    validate_spec(doc)
    return doc


def conforms(spec, response, path, method="get"):
    """Assert the response's status is documented for the operation and its body matches."""
    answers = spec["paths"][path][method]["responses"]
    status = str(response.status_code)
    assert status in answers, f"{method.upper()} {path} answered {status}, which is not documented"
    content = answers[status].get("content", {})
    if "application/json" in content:
        schema = {**content["application/json"]["schema"], "components": spec["components"]}
        OAS31Validator(schema, format_checker=OAS31Validator.FORMAT_CHECKER).validate(response.get_json())
    return response


def new_table(client, spec=None, players=None):
    players = players or [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"}]
    response = client.post("/api/tables", json={"game": "scorepad", "players": players})
    if spec:
        conforms(spec, response, "/api/tables", "post")
    assert response.status_code == 201
    return response.get_json()


def take_seat(client, created, seat, spec=None):
    response = client.post(f"/api/tables/{created['id']}/seats", json={"code": created["join_code"], "seat": seat})
    if spec:
        conforms(spec, response, "/api/tables/{table_id}/seats", "post")
    assert response.status_code == 201, response.get_json()
    return response.get_json()["token"]


def act(client, table_id, token, version, action):
    return client.post(f"/api/tables/{table_id}/actions", json={"version": version, "action": action},
                       headers={TOKEN: token})


def test_games(client, spec):
    response = conforms(spec, client.get("/api/games"), "/api/games")
    assert {"id": "scorepad", "name": "Score pad", "players": {"min": 1, "max": 12}, "variants": []} \
        in response.get_json()


def test_a_whole_game_through_the_api(app, spec):
    host = app.test_client()
    created = new_table(host, spec)
    assert re.fullmatch(r"[A-Z2-9]{8}", created["join_code"]) and created["table"]["host"] is True
    table_id = created["id"]
    ann, bo = app.test_client(), app.test_client()
    ann_token = take_seat(ann, created, 0, spec)
    take_seat(bo, created, 1, spec)

    # Bo's browser acts with its cookie alone; Ann's client uses the header.
    response = bo.post(f"/api/tables/{table_id}/actions",
                       json={"version": 2, "action": {"type": "add_points", "category": "points", "points": 6}})
    conforms(spec, response, "/api/tables/{table_id}/actions", "post")
    body = response.get_json()
    assert response.status_code == 200 and body["version"] == 3 and body["seat"] == 1
    assert body["state"]["points"] == [[0, 6]] and body["event"]["summary"] == "Bo +6 points"
    assert response.headers["ETag"] == '"3"'

    response = act(ann, table_id, ann_token, 3, {"type": "add_points", "category": "points", "points": 2})
    assert response.get_json()["state"]["points"] == [[2, 6]]

    # Other phones see it: the old ETag no longer matches.
    seen = conforms(spec, host.get(f"/api/tables/{table_id}", headers={"If-None-Match": '"3"'}),
                    "/api/tables/{table_id}")
    assert seen.status_code == 200 and seen.get_json()["version"] == 4 and seen.get_json()["host"] is True
    unchanged = conforms(spec, host.get(f"/api/tables/{table_id}", headers={"If-None-Match": '"4"'}),
                         "/api/tables/{table_id}")
    assert unchanged.status_code == 304 and unchanged.data == b""

    response = conforms(spec, host.post(f"/api/tables/{table_id}/undo", json={"version": 4}),
                        "/api/tables/{table_id}/undo", "post")
    assert response.status_code == 200 and response.get_json()["state"]["points"] == [[0, 6]]

    log = conforms(spec, host.get(f"/api/tables/{table_id}/log"), "/api/tables/{table_id}/log").get_json()
    assert [(e["kind"], e["undone"]) for e in log["events"]] == [
        ("setup", False), ("join", False), ("join", False), ("action", False), ("action", True), ("undo", False)]
    changes = conforms(spec, host.get(f"/api/tables/{table_id}/events?after=4"),
                       "/api/tables/{table_id}/events").get_json()
    assert changes["version"] == 5 and [e["seq"] for e in changes["events"]] == [5]

    score = conforms(spec, host.get(f"/api/tables/{table_id}/score"), "/api/tables/{table_id}/score").get_json()
    assert score["sheet"]["totals"] == [0, 6] and score["sheet"]["ranks"] == [2, 1]

    ended = conforms(spec, host.post(f"/api/tables/{table_id}/end", json={}), "/api/tables/{table_id}/end", "post")
    assert ended.get_json()["finished"] and ended.get_json()["outcome"]["winners"] == [1]
    history = conforms(spec, host.get("/api/history"), "/api/history").get_json()
    assert history["tables"][0]["id"] == table_id


def test_exports(app, spec):
    host = app.test_client()
    created = new_table(host, players=[{"name": "Ann", "colour": "#c0392b"}, {"name": "=Bo", "colour": "#2980b9"}])
    table_id = created["id"]
    token = created["host_token"]
    act(host, table_id, token, 0, {"type": "add_points", "category": "points", "points": 12, "seat": 0})
    act(host, table_id, token, 1, {"type": "add_points", "category": "points", "points": 7.5, "seat": 1})
    host.post(f"/api/tables/{table_id}/end", json={})

    response = host.get(f"/api/tables/{table_id}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows == [["category", "Ann", "'=Bo"], ["Points", "12", "7.5"], ["Total", "12", "7.5"], ["Rank", "1", "2"]]

    data = conforms(spec, host.get(f"/api/tables/{table_id}/export.json"),
                    "/api/tables/{table_id}/export.json").get_json()
    assert data["sheet"]["totals"] == [12, 7.5] and len(data["log"]) == 4 and data["finished"]

    link = conforms(spec, host.get(f"/api/tables/{table_id}/bgstats"), "/api/tables/{table_id}/bgstats").get_json()
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    play = json.loads(unquote(link["url"][len(prefix):]))
    assert play["sourceName"] == "Headframe" and play["sourcePlayId"] == table_id
    assert play["game"]["name"] == "Score pad" and play["game"]["highestWins"] is True
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in play["players"]] == [
        ("Ann", 12, True, 1), ("=Bo", 7.5, False, 2)]


def test_forbidden_stale_and_rule_violation_paths(app, spec):
    host = app.test_client()
    created = new_table(host)
    table_id = created["id"]
    phone = app.test_client()
    token = take_seat(phone, created, 0)
    path = "/api/tables/{table_id}/actions"

    stranger = app.test_client()
    response = conforms(spec, act(stranger, table_id, "forged", 1, {"type": "next_round"}), path, "post")
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "bad_token"
    response = conforms(spec, stranger.post(f"/api/tables/{table_id}/actions",
                                            json={"version": 1, "action": {"type": "next_round"}}), path, "post")
    assert response.status_code == 403

    # a version the table never had (a phone that read another table's): refused with the table now
    response = conforms(spec, act(phone, table_id, token, 7, {"type": "next_round"}), path, "post")
    body = response.get_json()
    assert response.status_code == 409 and body["error"]["code"] == "stale"
    assert body["error"]["current"]["version"] == 1 and body["error"]["current"]["seat"] == 0

    response = conforms(spec, act(phone, table_id, token, 1, {"type": "add_points", "category": "gold", "points": 1}),
                        path, "post")
    assert response.status_code == 422
    assert response.get_json()["error"] == {"code": "rule_violation",
                                            "message": "Unknown category 'gold'; categories: points."}
    response = conforms(spec, act(phone, table_id, token, 1, {"type": "fly"}), path, "post")
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "bad_action"

    # The seat's phone may not end the game (host only), nor undo a move it did not make.
    response = phone.post(f"/api/tables/{table_id}/end", json={"version": 1}, headers={TOKEN: token})
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "host_only"
    response = phone.post(f"/api/tables/{table_id}/undo", json={"version": 1}, headers={TOKEN: token})
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "not_your_move"
    response = conforms(spec, phone.delete(f"/api/tables/{table_id}/seats/0", headers={TOKEN: token}),
                        "/api/tables/{table_id}/seats/{seat}", "delete")
    assert response.status_code == 403
    assert host.get(f"/api/tables/{table_id}").get_json()["version"] == 1


def test_rule_violation_carries_its_rule(app, spec, monkeypatch):
    from companion import RuleViolation, find_game

    game = find_game("scorepad")

    def strict(state, action):
        raise RuleViolation("Bid £4 is below the minimum £5.", "auction")

    monkeypatch.setattr(game, "apply", strict)
    client = app.test_client()
    created = new_table(client)
    response = conforms(spec, act(client, created["id"], created["host_token"], 0, {"type": "next_round"}),
                        "/api/tables/{table_id}/actions", "post")
    assert response.status_code == 422
    assert response.get_json()["error"] == {"code": "rule_violation", "message": "Bid £4 is below the minimum £5.",
                                            "rule": "auction"}


def test_join_errors(app, spec):
    host = app.test_client()
    created = new_table(host)
    table_id = created["id"]
    path = "/api/tables/{table_id}/seats"
    phone = app.test_client()
    take_seat(phone, created, 1)
    # Same browser again keeps its seat and token.
    again = phone.post(f"/api/tables/{table_id}/seats", json={"code": created["join_code"], "seat": 1})
    assert again.status_code == 201
    other = app.test_client()
    response = conforms(spec, other.post(f"/api/tables/{table_id}/seats",
                                         json={"code": created["join_code"], "seat": 1}), path, "post")
    assert response.status_code == 409 and response.get_json()["error"]["code"] == "seat_taken"
    response = conforms(spec, other.post(f"/api/tables/{table_id}/seats", json={"code": "WRONGCDE", "seat": 0}),
                        path, "post")
    assert response.status_code == 404
    response = conforms(spec, other.post(f"/api/tables/{table_id}/seats",
                                         json={"code": created["join_code"], "seat": "one"}), path, "post")
    assert response.status_code == 422
    # The host frees seat 1; now another phone can take it.
    freed = conforms(spec, host.delete(f"/api/tables/{table_id}/seats/1"), "/api/tables/{table_id}/seats/{seat}",
                     "delete")
    assert freed.status_code == 200 and not freed.get_json()["players"][1]["taken"]
    assert other.post(f"/api/tables/{table_id}/seats", json={"code": created["join_code"], "seat": 1}).status_code == 201


@pytest.mark.parametrize("body, status", [
    ({"game": "scorepad"}, 422),
    ({"game": "scorepad", "players": [{"name": "A" * 40, "colour": "#000000"}]}, 422),
    ({"game": "scorepad", "players": [{"name": "Ann", "colour": "blue"}]}, 422),
    ({"game": "nope", "players": [{"name": "Ann", "colour": "#000000"}]}, 404),
    ({"game": 5, "players": []}, 422),
    ([1, 2], 400),
])
def test_create_validation(client, spec, body, status):
    response = conforms(spec, client.post("/api/tables", json=body), "/api/tables", "post")
    assert response.status_code == status
    assert set(response.get_json()["error"]) >= {"code", "message"}
    assert client.get("/api/history").get_json()["tables"] == []


def test_not_json(client, spec):
    response = client.post("/api/tables", data="game=scorepad", content_type="application/x-www-form-urlencoded")
    conforms(spec, response, "/api/tables", "post")
    assert response.status_code == 415
    response = client.post("/api/tables", data="{not json", content_type="application/json")
    assert response.status_code == 400 and response.get_json()["error"]["code"] == "invalid_json"


def test_unknown_things_are_json_404s(client):
    for url in ("/api/tables/nope", "/api/tables/nope/log", "/api/tables/nope/score", "/api/nothing-here",
                "/api/tables/nope/export.csv", "/api/tables/nope/bgstats"):
        response = client.get(url)
        assert response.status_code == 404 and response.is_json, url
    response = client.post("/api/tables/nope/actions", json={"version": 0, "action": {"type": "x"}})
    assert response.status_code == 404
    response = client.put("/api/games", json={})
    assert response.status_code == 405 and response.is_json


def test_bad_query_parameters(client, spec):
    created = new_table(client)
    for query in ("after=x", "limit=0", "limit=100000"):
        response = conforms(spec, client.get(f"/api/tables/{created['id']}/log?{query}"),
                            "/api/tables/{table_id}/log")
        assert response.status_code == 400


def test_long_poll_answers_when_the_table_changes(app):
    import threading

    client = app.test_client()
    created = new_table(client)
    table_id, token = created["id"], created["host_token"]
    results = {}

    def wait():
        results["body"] = app.test_client().get(f"/api/tables/{table_id}/events?after=0&wait=10").get_json()

    waiter = threading.Thread(target=wait)
    waiter.start()
    act(client, table_id, token, 0, {"type": "next_round"})
    waiter.join(15)
    assert not waiter.is_alive()
    assert results["body"]["version"] == 1 and results["body"]["events"][0]["summary"] == "round 1 is done: round 2 starts"


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                        max_size=4), max_leaves=12)
player = st.fixed_dictionaries({"name": json_values | st.text(max_size=30), "colour": json_values | st.sampled_from(
    ["#000000", "#ABCDEF", "#12345", "red"])})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.fixed_dictionaries({"game": st.sampled_from(["scorepad", "x"]) | json_values,
                                   "players": st.lists(player, max_size=14) | json_values,
                                   "variant": json_values, "seed": json_values}) | json_values)
def test_fuzz_create_never_500(client, body):
    response = client.post("/api/tables", json=body)
    assert response.status_code in (201, 400, 404, 415, 422), response.get_json()
    if response.status_code != 201:
        assert set(response.get_json()["error"]) >= {"code", "message"}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=st.fixed_dictionaries({"type": st.sampled_from(["add_points", "next_round", "finish"]) | json_values,
                                     "category": st.just("points") | json_values,
                                     "points": st.integers(-200_000, 200_000) | json_values,
                                     "seat": st.integers(-2, 4) | json_values}) | json_values,
       version=st.just("current") | json_values)
def test_fuzz_actions_never_500(app, action, version):
    client = app.test_client()
    created = new_table(client)
    table_id = created["id"]
    current = 0 if version == "current" else version
    response = act(client, table_id, created["host_token"], current, action)
    assert response.status_code in (200, 400, 409, 415, 422), response.get_json()
    after = client.get(f"/api/tables/{table_id}").get_json()
    assert after["version"] == (1 if response.status_code == 200 else 0)


def _through_flask_only(monkeypatch):
    """From here on every request goes to the Flask routes, past the hot paths."""
    from webapp import hotpaths

    monkeypatch.setattr(hotpaths.HotPaths, "__call__", lambda self, env, start: self.app(env, start))


def _not_reached(*args, **kwargs):
    raise AssertionError("the request reached the Flask route")


def test_polls_answered_before_flask_match_the_route(app, monkeypatch):
    """A 304 answered from memory carries exactly the headers of the route's 304."""
    from webapp import tables

    client = app.test_client()
    created = new_table(client)
    url = f"/api/tables/{created['id']}"

    with monkeypatch.context() as patch:
        patch.setattr(tables, "version_of", _not_reached)
        fast = client.get(url, headers={"If-None-Match": '"0"'})  # the create cached version 0
    _through_flask_only(monkeypatch)
    slow = client.get(url, headers={"If-None-Match": '"0"'})
    assert fast.status_code == slow.status_code == 304
    assert sorted(fast.headers.items()) == sorted(slow.headers.items())
    assert fast.headers["ETag"] == '"0"'
    assert client.get(url, headers={"If-None-Match": '"7", "0"'}).status_code == 304
    assert client.get(url, headers={"If-None-Match": '"1"'}).status_code == 200


def _answer(response) -> tuple[int, list, bytes]:
    return response.status_code, sorted(response.headers.items()), response.data


@pytest.mark.parametrize("who", ["seat_header", "seat_cookie", "host_header", "spectator"])
def test_the_hot_paths_answer_exactly_as_the_routes_do(app, monkeypatch, who):
    """Polls and actions answered before Flask give the same status, headers and bytes as
    the Flask routes, for each kind of caller, in success, 304 and 409."""
    client = app.test_client()
    created = new_table(client)
    table_id, host = created["id"], created["host_token"]
    seat = client.post(f"/api/tables/{table_id}/seats", json={"code": created["join_code"], "seat": 1}).get_json()
    token = {"seat_header": seat["token"], "host_header": host}.get(who)
    headers = {"X-Headframe-Token": token} if token else {}
    caller = app.test_client()
    if who == "seat_cookie":
        caller.set_cookie("hf_seat", seat["token"], path=f"/api/tables/{table_id}")
    url = f"/api/tables/{table_id}"
    step = {"version": 1, "action": {"type": "add_points", "seat": 1, "category": "points", "points": 4}}
    # a version the table never had: refused (409) with the table as it is
    stale = {"version": 9, "action": {"type": "add_points", "seat": 1, "category": "points", "points": 4}}

    def round_trip():
        return [_answer(caller.get(url, headers=headers)),
                _answer(caller.get(url, headers={**headers, "If-None-Match": '"1"'})),
                _answer(caller.post(f"{url}/actions", json=stale, headers=headers))]

    hot = round_trip()
    with monkeypatch.context() as patch:  # prove the hot paths answered: the routes would fail
        patch.setitem(app.view_functions, "api.show", _not_reached)
        patch.setitem(app.view_functions, "api.act", _not_reached)
        assert round_trip() == hot
    _through_flask_only(monkeypatch)
    assert round_trip() == hot
    assert [status for status, _, _ in hot] == [200, 304, 409 if token or who == "seat_cookie" else 403]
    if token or who == "seat_cookie":
        slow = caller.post(f"{url}/actions", json=step, headers=headers)
        monkeypatch.undo()
        fast = caller.post(f"{url}/actions", json={**step, "version": 2}, headers=headers)
        assert slow.status_code == fast.status_code == 200
        assert sorted(dict(slow.headers, ETag="").items()) == sorted(dict(fast.headers, ETag="").items())
        slow_body, fast_body = slow.get_json(), fast.get_json()
        assert fast_body["version"] == slow_body["version"] + 1 == 3
        for body in (slow_body, fast_body):
            del body["version"], body["state"], body["event"]["seq"], body["event"]["time"]
        assert slow_body == fast_body


@pytest.mark.parametrize("request_kwargs, status", [
    ({"data": "{", "content_type": "application/json"}, 400),
    ({"data": "[]", "content_type": "application/json"}, 400),
    ({"data": "version=0", "content_type": "application/x-www-form-urlencoded"}, 415),
    ({"json": {"version": 0, "action": {"type": "add_points", "seat": 0, "category": "nope", "points": 1}}}, 422),
    ({"json": {"version": 0, "action": "bid"}}, 422),
    ({"json": {"version": "0", "action": {"type": "next_round"}}}, 422),
    ({"json": {"version": 0, "action": {"type": "next_round"}}, "token": "not-a-token"}, 403),
    ({"json": {"version": 0, "action": {"type": "next_round"}}, "table": "nosuchtable"}, 404),
])
def test_refused_actions_get_the_same_answer_before_and_in_flask(app, monkeypatch, request_kwargs, status):
    client = app.test_client()
    created = new_table(client)
    token = request_kwargs.pop("token", created["host_token"])
    url = f"/api/tables/{request_kwargs.pop('table', created['id'])}/actions"
    hot = _answer(client.post(url, headers={"X-Headframe-Token": token}, **request_kwargs))
    _through_flask_only(monkeypatch)
    assert _answer(client.post(url, headers={"X-Headframe-Token": token}, **request_kwargs)) == hot
    assert hot[0] == status and b'"error"' in hot[2]
    assert client.get(f"/api/tables/{created['id']}").get_json()["version"] == 0
