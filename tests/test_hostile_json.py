"""Hostile JSON never reaches a 500, the log or storage: documents nested a thousand deep,
extra fields nested just under the parser's limit, piles of extra fields, bodies and actions
too long, rows stored before the checks existed; and the API agrees with its document on
methods, empty bodies, closed bodies and paging the log."""

from __future__ import annotations

import json
import re

import pytest

from webapp import tables
from webapp.jsonbody import MAX_ACTION_BYTES, nesting

from test_api import TOKEN, act, conforms, new_table, spec  # noqa: F401  (spec is a fixture)
from test_pages import csrf


def deep(depth: int) -> str:
    """The issue's document: {"version": 0, "action": [[[...]]]} nested ``depth`` deep."""
    return '{"version":0,"action":' + "[" * depth + "]" * depth + "}"


def post(client, url, body: str | bytes, **headers):
    return client.post(url, data=body, headers={"Content-Type": "application/json", **headers})


def assert_json_error(response, status, code=None):
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/json"
    error = response.get_json()["error"]
    if code:
        assert error["code"] == code, error
    return error


@pytest.fixture
def table(client):
    created = new_table(client)
    return created


def test_a_document_990_deep_is_refused_on_every_json_post(client, table):
    body = deep(990)
    tid, host = table["id"], table["host_token"]
    for url in ("/api/tables", f"/api/tables/{tid}/actions", f"/api/tables/{tid}/seats", f"/api/tables/{tid}/undo",
                f"/api/tables/{tid}/end", "/api/tables/aaaa/actions"):
        assert_json_error(post(client, url, body, **{TOKEN: host}), 400, "too_deep")
    page = post(client, f"/tables/{tid}/act", body, **{"X-CSRF-Token": csrf(client, f"/tables/{tid}")})
    assert_json_error(page, 400, "too_deep")
    # The no-script form's action template is measured the same way: refused, never recursed into.
    form = client.post(f"/tables/{tid}/act", data={"csrf_token": csrf(client, f"/tables/{tid}"), "version": "0",
                                                    "action": "[" * 990 + "]" * 990})
    assert form.status_code == 422
    assert client.get(f"/api/tables/{tid}").get_json()["version"] == 0


@pytest.mark.parametrize("depth", [974, 979])
def test_an_extra_field_nested_just_under_the_parser_limit_is_refused_and_the_table_stays_readable(
        client, table, depth):
    tid, host = table["id"], table["host_token"]
    extra = "[" * depth + "]" * depth
    body = '{"version":0,"action":{"type":"next_round","x":' + extra + "}}"
    assert_json_error(post(client, f"/api/tables/{tid}/actions", body, **{TOKEN: host}), 400, "too_deep")
    for url in (f"/api/tables/{tid}/log", f"/api/tables/{tid}/events", f"/api/tables/{tid}/export.json",
                f"/tables/{tid}/log"):
        assert client.get(url).status_code == 200, url
    assert client.get(f"/api/tables/{tid}").get_json()["version"] == 0


def test_extra_fields_are_refused_by_name_and_never_stored(client, table):
    tid, host = table["id"], table["host_token"]
    padding = "x" * 200_000
    for _ in range(100):
        response = act(client, tid, host, 0, {"type": "next_round", "note": padding[:2000]})
        error = assert_json_error(response, 422, "bad_action")
        assert "no field 'note'" in error["message"]
    whole = client.get(f"/api/tables/{tid}/log")
    assert len(whole.get_data()) < 2_000 and whole.get_json()["events"][-1]["kind"] == "setup"


def test_an_action_or_body_longer_than_any_request_needs(app):
    client = app.test_client()
    created = client.post("/api/tables", json={"game": "tinners-trail", "players": [
        {"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"}]}).get_json()
    long_cards = ["A-" + "c" * 190] * 40
    action = {"type": "keep_cards", "seat": 0, "discard": long_cards,
              **{f"discard_{r}": "d" * 200 for r in "ABCD"}}
    assert len(json.dumps(action)) > MAX_ACTION_BYTES
    response = act(client, created["id"], created["host_token"], 0, action)
    assert_json_error(response, 413, "too_large")
    huge = json.dumps({"version": 0, "action": {"type": "pass", "seat": 0, "pad": "x" * 300_000}})
    for url in (f"/api/tables/{created['id']}/actions", "/api/tables"):
        assert_json_error(post(client, url, huge, **{TOKEN: created["host_token"]}), 413)


def test_rows_stored_before_the_checks_read_back(app, client, table):
    """A table that took a deeply nested action before these checks existed stays readable."""
    from webapp.tables.rows import append_event

    tid = table["id"]
    with app.app_context():
        store = app.extensions["headframe"]
        with store.sql.transaction(write=True) as tx:
            append_event(tx, tid, 1, "join", seat=0, at=0.0, summary="an old row",
                         action='{"type":"next_round","x":' + "[" * 978 + "]" * 978 + "}")
        events = tables.log(tid)
    assert events[1]["action"] is None and events[1]["summary"] == "an old row"
    for url in (f"/api/tables/{tid}/log", f"/api/tables/{tid}/export.json", f"/tables/{tid}/log"):
        assert client.get(url).status_code == 200, url


def test_nesting_is_measured_outside_strings_without_recursion():
    assert nesting('{"a": "[[[[{{{{", "b": [1, {"c": ["\\"]"]}]}') == 4
    assert nesting("[" * 100_000, limit=8) == 9
    assert nesting('"' + '\\"' * 50_000) == 0  # an unterminated string is no trap


def test_methods_and_bodies_agree_with_the_document(client, table, spec):  # noqa: F811
    tid, host = table["id"], table["host_token"]
    for method in ("put", "patch"):
        response = getattr(client, method)(f"/api/tables/{tid}/actions", json={})
        assert_json_error(response, 405)
        assert "POST" in response.headers["Allow"]
    ended = conforms(spec, client.post(f"/api/tables/{tid}/end", headers={TOKEN: host}),
                     "/api/tables/{table_id}/end", "post")
    assert ended.status_code == 200 and ended.get_json()["finished"] is True
    response = conforms(spec, client.post("/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "#c0392b", "age": 3}]}), "/api/tables", "post")
    assert "no field 'age'" in assert_json_error(response, 422, "unknown_field")["message"]
    response = conforms(spec, client.post(f"/api/tables/{tid}/undo", json={"version": 0, "why": 1},
                                          headers={TOKEN: host}), "/api/tables/{table_id}/undo", "post")
    assert "no field 'why'" in assert_json_error(response, 422, "unknown_field")["message"]
    # The fast path refuses the same way (it hands anything unusual to the route).
    response = post(client, f"/api/tables/{tid}/actions", '{"version":0,"action":{"type":"finish"},"x":1}',
                    **{TOKEN: host})
    assert "no field 'x'" in assert_json_error(response, 422, "unknown_field")["message"]


def test_the_log_pages_with_a_next_cursor(client, table, spec):  # noqa: F811
    tid, host = table["id"], table["host_token"]
    version = 0
    for points in range(5):
        response = act(client, tid, host, version, {"type": "add_points", "seat": 0, "category": "points",
                                                   "points": points})
        version = response.get_json()["version"]
    seen, after = [], -1
    while True:
        page = conforms(spec, client.get(f"/api/tables/{tid}/log?after={after}&limit=2"),
                        "/api/tables/{table_id}/log").get_json()
        seen += [e["seq"] for e in page["events"]]
        if page["next"] is None:
            break
        assert len(page["events"]) == 2 and page["next"] == page["events"][-1]["seq"]
        after = page["next"]
    assert seen == list(range(version + 1))


def test_the_document_declares_each_games_actions(spec):  # noqa: F811
    from companion import find_game

    schemas = spec["components"]["schemas"]
    tt = schemas["Action.tinners-trail"]["oneOf"]
    bid = next(v for v in tt if v["properties"]["type"]["enum"] == ["bid"])
    assert bid["additionalProperties"] is False and bid["required"] == ["type", "amount"]
    assert {r["$ref"].rsplit("/", 1)[1] for r in schemas["Action"]["anyOf"]} >= {
        "Action.tinners-trail", "Action.ore", "Action.mine-shaft", "Action.scorepad"}
    assert len(tt) == len(find_game("tinners-trail").actions.types())
    assert re.search("randomness", next(v for v in tt if v["properties"]["type"]["enum"] == ["roll_prices"])
                     ["description"])
