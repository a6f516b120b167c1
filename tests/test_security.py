"""Tokens, cookies, CSRF, headers, the secret key and the join rate limit."""

from __future__ import annotations

import os
import stat

import pytest
from flask import render_template_string

from webapp import create_app, security, tables

PLAYERS = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"}]


def new_table(client):
    response = client.post("/api/tables", json={"game": "scorepad", "players": PLAYERS})
    assert response.status_code == 201
    return response.get_json()


def test_tokens_are_long_random_and_stored_hashed(app, client):
    created = new_table(client)
    token = created["host_token"]
    assert len(token) >= 43  # 32 bytes of secrets.token_urlsafe: 256 bits
    phone = app.test_client()
    seat = phone.post(f"/api/tables/{created['id']}/seats", json={"code": created["join_code"], "seat": 0})
    seat_token = seat.get_json()["token"]
    engine = app.extensions["headframe"].engine
    with engine.connect() as conn:
        stored = [row[0] for row in conn.exec_driver_sql("SELECT host_hash FROM tables")]
        stored += [row[0] for row in conn.exec_driver_sql("SELECT token_hash FROM seats WHERE token_hash IS NOT NULL")]
        dump = "\n".join(str(r) for r in conn.exec_driver_sql("SELECT * FROM tables"))
        dump += "\n".join(str(r) for r in conn.exec_driver_sql("SELECT * FROM seats"))
    assert sorted(stored) == sorted([security.hash_token(token), security.hash_token(seat_token)])
    assert token not in dump and seat_token not in dump


def test_token_comparison_is_constant_time(monkeypatch):
    calls = []
    real = security.hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(security.hmac, "compare_digest", spy)
    assert security.token_matches(security.hash_token("abc"), security.hash_token("abc"))
    assert not security.token_matches(security.hash_token("abc"), security.hash_token("abd"))
    assert len(calls) == 2


def test_seat_cookie_is_httponly_lax_and_scoped_to_the_table(app):
    client = app.test_client()
    created = new_table(client)
    response = app.test_client().post(f"/api/tables/{created['id']}/seats",
                                      json={"code": created["join_code"], "seat": 1})
    cookies = response.headers.getlist("Set-Cookie")
    paths = set()
    for cookie in cookies:
        assert cookie.startswith(f"{security.SEAT_COOKIE}=")
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
        paths.add(cookie.split("Path=")[1].split(";")[0])
    assert paths == {f"/tables/{created['id']}", f"/api/tables/{created['id']}"}


def test_cookie_of_one_table_is_not_sent_to_another(app):
    client = app.test_client()
    first, second = new_table(client), new_table(client)
    phone = app.test_client()
    phone.post(f"/api/tables/{first['id']}/seats", json={"code": first["join_code"], "seat": 0})
    # The host cookie of `second` is in `client`, not `phone`; phone's seat cookie is scoped to `first`.
    response = phone.post(f"/api/tables/{second['id']}/actions",
                          json={"version": 0, "action": {"type": "next_round"}})
    assert response.status_code == 403


def test_security_headers_on_every_response(client):
    for response in (client.get("/"), client.get("/api/games"), client.get("/api/tables/missing"),
                     client.post("/api/tables", data="x", content_type="text/plain")):
        assert response.headers["Content-Security-Policy"] == security.CSP
        assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert response.headers["X-Frame-Options"] == "DENY"


def test_json_api_refuses_form_posts(app, client):
    created = new_table(client)
    for content_type in ("application/x-www-form-urlencoded", "multipart/form-data", "text/plain"):
        response = client.post(f"/api/tables/{created['id']}/actions", data='{"version":0,"action":{"type":"x"}}',
                               content_type=content_type)
        assert response.status_code == 415
    assert client.get(f"/api/tables/{created['id']}").get_json()["version"] == 0


def test_form_posts_need_the_session_csrf_token(app):
    @app.post("/form-probe")
    def probe():
        return "ok"

    @app.get("/form-probe")
    def form():
        return render_template_string('<input name="csrf_token" value="{{ csrf_token() }}">')

    client = app.test_client()
    assert client.post("/form-probe", data={"x": "1"}).status_code == 403
    page = client.get("/form-probe").get_data(as_text=True)
    token = page.split('value="')[1].split('"')[0]
    assert len(token) >= 32
    assert client.post("/form-probe", data={"csrf_token": token}).status_code == 200
    assert client.post("/form-probe", data={"csrf_token": token + "x"}).status_code == 403
    # Another session's token is worthless.
    other = app.test_client()
    other.get("/form-probe")
    assert other.post("/form-probe", data={"csrf_token": token}).status_code == 403


def test_csrf_failure_is_an_html_page_not_a_traceback(app):
    @app.post("/form-probe2")
    def probe():
        return "ok"

    response = app.test_client().post("/form-probe2", data={"x": "<script>"})
    assert response.status_code == 403 and response.mimetype == "text/html"
    assert "Traceback" not in response.get_data(as_text=True)


def test_jinja_autoescapes(app):
    with app.test_request_context():
        assert render_template_string("{{ x }}", x="<b>") == "&lt;b&gt;"


def test_secret_key_is_made_once_with_mode_0600(tmp_path):
    instance = tmp_path / "inst"
    first = create_app(None, instance_path=instance)
    key_file = instance / security.SECRET_FILE
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    second = create_app(None, instance_path=instance)
    assert first.secret_key == second.secret_key and len(first.secret_key) >= 32
    for app in (first, second):
        app.extensions["headframe"].engine.dispose()


def _guess(client, url, code, address="10.0.0.1"):
    return client.post(url, json={"code": code, "seat": 0}, environ_base={"REMOTE_ADDR": address})


def test_join_codes_cannot_be_guessed_quickly_but_the_right_code_still_gets_in(make_app, db_url, monkeypatch):
    from webapp import joinlimit

    now = [1_000_000.0]
    monkeypatch.setattr(joinlimit.time, "time", lambda: now[0])
    app = make_app(db_url, JOIN_FAILURE_LIMIT=3, JOIN_LOCKED_INTERVAL=30)
    client = app.test_client()
    created = new_table(client)
    url = f"/api/tables/{created['id']}/seats"
    for _ in range(3):
        assert _guess(client, url, "AAAAAAAA").status_code == 404
    # Locked: one code is still looked up, and it is the right one: the player sits down.
    assert _guess(client, url, created["join_code"]).status_code == 201
    # The next look-up comes 30 seconds later: a guess now is answered 429 without looking.
    response = _guess(client, url, "BBBBBBBB")
    assert response.status_code == 429 and response.get_json()["error"]["code"] == "rate_limited"
    assert response.headers["Retry-After"] == "30"
    response = _guess(client, url, created["join_code"])
    assert response.status_code == 429
    now[0] += 30
    assert _guess(client, url, "CCCCCCCC").status_code == 429  # looked up, wrong, counted
    now[0] += 30
    seat_1 = client.post(url, json={"code": created["join_code"], "seat": 1},
                         environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert seat_1.status_code == 201
    # Another address is not affected; the window ends and the address starts afresh.
    assert _guess(client, url, "DDDDDDDD", "10.0.0.9").status_code == 404
    now[0] += 300
    assert _guess(client, url, "EEEEEEEE").status_code == 404


def test_every_server_process_shares_the_count(make_app, db_url, tmp_path):
    """Two apps on one database stand for two worker processes behind one port."""
    first = make_app(db_url, instance=tmp_path / "a", JOIN_FAILURE_LIMIT=4, JOIN_LOCKED_INTERVAL=60)
    second = make_app(db_url, instance=tmp_path / "b", JOIN_FAILURE_LIMIT=4, JOIN_LOCKED_INTERVAL=60)
    created = new_table(first.test_client())
    url = f"/api/tables/{created['id']}/seats"
    for app in (first, second, first, second):
        assert _guess(app.test_client(), url, "AAAAAAAA").status_code == 404
    assert _guess(second.test_client(), url, "AAAAAAAA").status_code == 429
    assert _guess(first.test_client(), url, created["join_code"]).status_code == 429  # within the interval


def test_behind_a_reverse_proxy_each_client_counts_alone(make_app):
    app = make_app(JOIN_FAILURE_LIMIT=2, PROXY_HOPS=1)
    client = app.test_client()
    created = new_table(client)
    url = f"/api/tables/{created['id']}/seats"

    def via_proxy(code, client_ip):
        return client.post(url, json={"code": code, "seat": 0},
                           environ_base={"REMOTE_ADDR": "127.0.0.1"}, headers={"X-Forwarded-For": client_ip})

    for _ in range(3):
        via_proxy("AAAAAAAA", "203.0.113.5")
    assert via_proxy("AAAAAAAA", "203.0.113.5").status_code == 429
    assert via_proxy(created["join_code"], "203.0.113.77").status_code == 201


def test_join_code_shape(app):
    with app.app_context():
        codes = {tables.create_table("scorepad", PLAYERS)[0].join_code for _ in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert len(code) == 8 and not set(code) & set("01IOL")
    assert len(tables.CODE_ALPHABET) ** tables.CODE_LENGTH > 2 ** 39


