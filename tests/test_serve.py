"""`headframe serve`: waitress, the LAN address and its QR code."""

from __future__ import annotations

import io
import ipaddress
import json
import urllib.request

from webapp import serve


def test_lan_address_is_an_ipv4_address():
    address = ipaddress.ip_address(serve.lan_address())
    assert address.version == 4 and not address.is_multicast and not address.is_unspecified


def test_lan_address_falls_back_to_loopback(monkeypatch):
    class NoNetwork:
        def __init__(self, *args):
            pass

        def connect(self, address):
            raise OSError("network is unreachable")

        def close(self):
            pass

    monkeypatch.setattr(serve.socket, "socket", NoNetwork)
    assert serve.lan_address() == "127.0.0.1"


def test_public_url(monkeypatch):
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.23")
    assert serve.public_url("0.0.0.0", 8000) == "http://192.168.1.23:8000/"
    assert serve.public_url("127.0.0.1", 9000) == "http://127.0.0.1:9000/"


def test_qr_code_is_a_square_of_block_characters():
    lines = serve.qr_text("http://192.168.1.23:8000/").splitlines()
    assert len(lines) >= 10
    assert len({len(line) for line in lines}) == 1
    assert set("".join(lines)) <= set(" \xa0▀▄█")


def test_banner_prints_the_url_and_the_code():
    out = io.StringIO()
    serve.banner("http://10.0.0.5:8000/", "sqlite:///x", out)
    text = out.getvalue()
    assert "http://10.0.0.5:8000/" in text and "█" in text and "sqlite:///x" in text


def test_serve_runs_under_waitress_and_keeps_tables(server_factory, tmp_path):
    server = server_factory(tmp_path / "inst").start()
    with urllib.request.urlopen(f"{server.url}/api/games") as answer:
        assert answer.headers["Server"] == "headframe"  # waitress, not the development server
        assert answer.headers["X-Frame-Options"] == "DENY"
    request = urllib.request.Request(
        f"{server.url}/api/tables", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"game": "scorepad", "players": [{"name": "Ann", "colour": "#c0392b"}]}).encode())
    with urllib.request.urlopen(request) as answer:
        table_id = json.load(answer)["id"]
    output = server.text()
    assert f"http://127.0.0.1:{server.port}/" in output and "█" in output
    assert (tmp_path / "inst" / "headframe.sqlite3").exists() and (tmp_path / "inst" / "secret_key").exists()
    server.stop()
    again = server_factory(tmp_path / "inst").start()
    with urllib.request.urlopen(f"{again.url}/api/tables/{table_id}") as answer:
        assert json.load(answer)["players"][0]["name"] == "Ann"


def test_a_304_keeps_the_connection_open(server_factory, tmp_path):
    import http.client

    server = server_factory(tmp_path / "inst").start()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("POST", "/api/tables", body=json.dumps({"game": "scorepad", "players": [
        {"name": "Ann", "colour": "#c0392b"}]}), headers={"Content-Type": "application/json"})
    table_id = json.loads(conn.getresponse().read())["id"]
    sock = conn.sock
    for _ in range(3):
        conn.request("GET", f"/api/tables/{table_id}", headers={"If-None-Match": '"0"'})
        answer = conn.getresponse()
        answer.read()
        assert answer.status == 304 and answer.getheader("Connection") != "close"
    assert conn.sock is sock  # the same TCP connection served every poll
    conn.request("GET", f"/api/tables/{table_id}", headers={"Connection": "close"})
    answer = conn.getresponse()
    answer.read()
    assert answer.status == 200 and answer.getheader("Connection") == "close"
