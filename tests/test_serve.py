"""`headframe serve`: waitress, the LAN address and its QR code."""

from __future__ import annotations

import io
import ipaddress
import json
import urllib.request

import pytest

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


# -- several server processes (`serve --workers N`) -------------------------------------------

def _children(pid: int) -> list[int]:
    from pathlib import Path

    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _alive(pid: int) -> bool:
    from pathlib import Path

    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status  # a zombie has exited; only its parent's bookkeeping is left


def _wait_for(predicate, seconds: float = 10.0):
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


def _post(conn, path, body, token=None):
    headers = {"Content-Type": "application/json", **({"X-Headframe-Token": token} if token else {})}
    conn.request("POST", path, body=json.dumps(body), headers=headers)
    answer = conn.getresponse()
    return answer.status, json.loads(answer.read())


def _socket_inodes(pid: int) -> set[str]:
    import os

    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:"):
            inodes.add(target)
    return inodes


def test_workers_share_the_port_and_every_table(server_factory, tmp_path):
    import http.client

    server = server_factory(tmp_path / "inst", workers=2).start()
    workers = _wait_for(lambda: len(_children(server.process.pid)) == 2 and _children(server.process.pid))
    assert len(workers) == 2 and "server processes: 2" in server.text()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    status, created = _post(conn, "/api/tables", {"game": "scorepad", "players": [
        {"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"}]})
    assert status == 201
    table_id, host, version = created["id"], created["host_token"], created["table"]["version"]
    # Phones keep their connections: open new ones, each acting once, until both workers hold some.
    phones, baseline = [], {pid: _socket_inodes(pid) for pid in workers}
    for n in range(200):
        phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        status, body = _post(phone, f"/api/tables/{table_id}/actions",
                             {"version": version, "action": {"type": "add_points", "seat": n % 2,
                                                             "category": "points", "points": 1}}, host)
        assert status == 200, body
        version = body["version"]
        phones.append(phone)
        if n >= 9 and all(_socket_inodes(pid) - baseline[pid] for pid in workers):
            break
    assert all(_socket_inodes(pid) - baseline[pid] for pid in workers), "one worker took every connection"
    # Every phone, whichever worker holds its connection, sees every action.
    for phone in phones:
        phone.request("GET", f"/api/tables/{table_id}")
        state = json.loads(phone.getresponse().read())
        assert state["version"] == version and sum(state["state"]["points"][0]) == len(phones)
        phone.close()
    conn.close()


def test_a_killed_server_leaves_no_worker_holding_the_port(server_factory, tmp_path):
    server = server_factory(tmp_path / "inst", workers=2).start()
    workers = _wait_for(lambda: len(_children(server.process.pid)) == 2 and _children(server.process.pid))
    server.kill()  # SIGKILL of the parent: nothing of it runs any more
    assert _wait_for(lambda: not any(_alive(pid) for pid in workers), 10), "a worker outlived its server"
    again = server_factory(tmp_path / "inst", port=server.port, workers=2).start()
    with urllib.request.urlopen(f"{again.url}/api/games") as answer:
        assert answer.status == 200


def test_a_worker_that_dies_is_replaced(server_factory, tmp_path):
    import os
    import signal

    server = server_factory(tmp_path / "inst", workers=2).start()
    workers = _wait_for(lambda: len(_children(server.process.pid)) == 2 and _children(server.process.pid))
    os.kill(workers[0], signal.SIGKILL)
    replaced = _wait_for(lambda: (lambda now: len(now) == 2 and workers[0] not in now and now)(
        _children(server.process.pid)), 10)
    assert replaced and workers[1] in replaced
    assert "ended (signal 9); starting another" in server.text()
    for _ in range(10):  # new connections, to either worker
        with urllib.request.urlopen(f"{server.url}/api/games") as answer:
            assert answer.status == 200


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_port_in_use_is_a_clear_error(tmp_path, workers):
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "headframe", "serve", "--host", "127.0.0.1", "--port",
                               str(port), "--instance", str(tmp_path / "inst"), "--workers", workers],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == f"headframe: cannot listen on 127.0.0.1:{port}: Address already in use"


@pytest.mark.parametrize("flag, value", [("--workers", "0"), ("--threads", "0")])
def test_workers_and_threads_must_be_positive(tmp_path, flag, value):
    from headframe.cli import main

    assert main(["serve", "--instance", str(tmp_path / "inst"), flag, value]) == 2


@pytest.mark.parametrize("threads, slots", [(1, 0), (2, 1), (4, 2), (16, 4)])
def test_long_polls_hold_at_most_half_the_threads(tmp_path, threads, slots):
    import time

    from webapp import create_app

    app = create_app({"TESTING": True}, instance_path=tmp_path / "inst", threads=threads)
    waiters = app.extensions["headframe_waiters"]
    taken = 0
    while waiters.acquire(blocking=False):
        taken += 1
    assert taken == slots
    created = app.test_client().post("/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "#c0392b"}]}).get_json()
    started = time.monotonic()
    answer = app.test_client().get(f"/api/tables/{created['id']}/events?after=0&wait=5")
    assert answer.status_code == 200 and answer.get_json()["events"] == []
    assert time.monotonic() - started < 2  # no slot left: answered at once, the phone polls
    app.extensions["headframe"].engine.dispose()


def test_a_malformed_request_line_gets_waitress_own_400(server_factory, tmp_path):
    import socket
    import time

    server = server_factory(tmp_path / "inst").start()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(b"GARBAGE\r\n\r\n")
        answer = b""
        while chunk := raw.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.0 400 Bad Request") or answer.startswith(b"HTTP/1.1 400 Bad Request"), answer
    time.sleep(0.2)  # anything the server logs about it is written by now
    assert "Traceback" not in server.text() and "AttributeError" not in server.text()
