"""Kill the server mid-burst, restart it, and find every acknowledged action stored.

Ten rounds against a real `headframe serve` subprocess, with one server process and with
two: a phone sends actions as fast as the server answers, the server gets SIGKILL at a
random moment (with workers, their parent: they leave with it), and after the restart the
log must hold every action that was answered 200 (plus at most the one in flight).
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time

import pytest

ROUNDS = 10


def call(conn, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Headframe-Token"] = token
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    answer = conn.getresponse()
    return answer.status, json.loads(answer.read() or b"null")


@pytest.mark.parametrize("workers", [1, 2])
def test_acknowledged_actions_survive_sigkill(server_factory, tmp_path, workers):
    instance = tmp_path / "inst"
    server = server_factory(instance, workers=workers).start()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    status, created = call(conn, "POST", "/api/tables", {
        "game": "scorepad", "players": [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"}]})
    assert status == 201
    table_id, token = created["id"], created["host_token"]
    conn.close()
    acked: list[tuple[int, int]] = []  # (version, points) of every answered action, all rounds
    rng = random.Random(7)

    for round_no in range(ROUNDS):
        stop = threading.Event()

        def burst():
            phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            try:
                status, table = call(phone, "GET", f"/api/tables/{table_id}")
                version = table["version"]
                while not stop.is_set():
                    points = rng.randint(1, 9)
                    status, body = call(phone, "POST", f"/api/tables/{table_id}/actions",
                                        {"version": version, "action": {"type": "add_points", "seat": round_no % 2,
                                                                        "category": "points", "points": points}},
                                        token)
                    assert status == 200, body
                    version = body["version"]
                    acked.append((version, points))
            except (OSError, http.client.HTTPException):
                return  # the server died under us: expected
            finally:
                phone.close()

        sender = threading.Thread(target=burst)
        sender.start()
        time.sleep(rng.uniform(0.2, 0.6))
        server.kill()
        stop.set()
        sender.join(15)
        assert not sender.is_alive()

        server = server_factory(instance, port=server.port, workers=workers).start()
        check = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        status, log = call(check, "GET", f"/api/tables/{table_id}/log?limit=1000")
        stored = {e["seq"]: e for e in log["events"]}
        while len(log["events"]) == 1000:  # page through long logs
            status, log = call(check, "GET", f"/api/tables/{table_id}/log?limit=1000&after={max(stored)}")
            stored.update({e["seq"]: e for e in log["events"]})
        for version, points in acked:
            assert version in stored, f"round {round_no}: acknowledged step {version} was lost"
            assert stored[version]["action"]["points"] == points
        status, table = call(check, "GET", f"/api/tables/{table_id}")
        last_acked = acked[-1][0] if acked else 0
        assert table["version"] in (last_acked, last_acked + 1)  # at most the one in flight was also stored
        total = sum(sum(row) for row in table["state"]["points"])
        assert total == sum(e["action"]["points"] for e in stored.values() if e["kind"] == "action")
        check.close()
    assert len(acked) > ROUNDS  # the bursts really ran
