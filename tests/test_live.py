"""Live sync (``webapp.live``): waiting long-polls are woken by their table's changes, made in
this server process or in another one, and under ``headframe serve`` they hold no thread."""

from __future__ import annotations

import http.client
import json
import threading

import pytest

from webapp.live import WAITED, long_poll

PLAYERS = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"}]
POINT = {"type": "add_points", "seat": 0, "category": "points", "points": 1}


def _new_table(client) -> dict:
    created = client.post("/api/tables", json={"game": "scorepad", "players": PLAYERS})
    assert created.status_code == 201
    return created.get_json()


def _act(client, created, version):
    answer = client.post(f"/api/tables/{created['id']}/actions", json={"version": version, "action": POINT},
                         headers={"X-Headframe-Token": created["host_token"]})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["version"]


class Outcomes:
    """What ``Live`` handed back to parked requests, in order."""

    def __init__(self):
        self.seen: list[tuple[str, bool]] = []

    def resume(self, name: str):
        return lambda changed: self.seen.append((name, changed))


# -- Live, in one process and across two ------------------------------------------------------

def test_a_change_wakes_only_its_own_tables_requests_that_wait_for_it(app):
    client = app.test_client()
    one, two = _new_table(client), _new_table(client)
    live, outcomes = app.extensions["headframe_live"], Outcomes()
    live.park(one["id"], 0, 20, outcomes.resume("one at 0"))
    live.park(one["id"], 1, 20, outcomes.resume("one at 1"))
    live.park(two["id"], 0, 20, outcomes.resume("two at 0"))
    assert outcomes.seen == [] and live.waiting() == 3
    _act(client, one, 0)  # table one goes to version 1
    assert outcomes.seen == [("one at 0", True)]
    assert live.waiting() == 2


def test_a_request_for_a_version_already_passed_is_woken_at_once(app):
    client = app.test_client()
    created = _new_table(client)
    _act(client, created, 0)
    live, outcomes = app.extensions["headframe_live"], Outcomes()
    live.park(created["id"], 0, 20, outcomes.resume("behind"))
    assert outcomes.seen == [("behind", True)] and live.waiting() == 0


def test_a_change_made_by_another_process_is_found_by_one_look(make_app, tmp_path):
    """Two apps on one database stand for two server processes: neither hears of the other's
    writes except through the database."""
    here = make_app(instance=tmp_path / "inst", LIVE_WATCH_S=3600)  # it looks when the test says
    there = make_app(instance=tmp_path / "inst")
    created = _new_table(here.test_client())
    live, outcomes = here.extensions["headframe_live"], Outcomes()
    live.park(created["id"], 0, 20, outcomes.resume("phone"))
    live.look()
    assert outcomes.seen == []  # nothing changed yet: still waiting
    _act(there.test_client(), created, 0)
    assert outcomes.seen == []  # the other process's change is not heard of by itself ...
    live.look()
    assert outcomes.seen == [("phone", True)]  # ... one look at the database finds it
    assert here.extensions["headframe"].cached_version(created["id"]) == 1


def test_a_wait_that_is_over_ends_without_a_change(app):
    client = app.test_client()
    created = _new_table(client)
    live, outcomes = app.extensions["headframe_live"], Outcomes()
    live.park(created["id"], 0, 0, outcomes.resume("done waiting"))
    live.park(created["id"], 0, 20, outcomes.resume("still waiting"))
    live.look()
    assert outcomes.seen == [("done waiting", False)] and live.waiting() == 1


def test_a_wait_in_a_thread_ends_with_the_change(app):
    """Where nothing parks requests (here the Flask test client), the route waits in its thread."""
    client = app.test_client()
    created = _new_table(client)
    answers = []
    waiting = threading.Thread(target=lambda: answers.append(
        app.test_client().get(f"/api/tables/{created['id']}/events?after=0&wait=20").get_json()))
    waiting.start()
    live = app.extensions["headframe_live"]
    while waiting.is_alive() and live.waiting() == 0:
        waiting.join(0.01)
    _act(client, created, 0)
    waiting.join(30)
    assert answers and answers[0]["version"] == 1
    assert [e["seq"] for e in answers[0]["events"]] == [1]


@pytest.mark.parametrize("query, wanted", [
    ("after=3&wait=20", ("abc", 3, 20.0)),
    ("wait=25&after=-1", ("abc", -1, 25.0)),
    ("after=3&wait=0", None),      # no wait: answered at once by the route
    ("after=3&wait=26", None),     # out of range: the route says so
    ("after=x&wait=20", None),
    ("after=3&after=4&wait=20", None),
    ("wait=20", None),
])
def test_which_requests_may_be_parked(query, wanted):
    assert long_poll("GET", "/api/tables/abc/events", query) == wanted
    assert long_poll("POST", "/api/tables/abc/events", query) is None


def test_woken_long_polls_answered_before_flask_match_the_route(app, monkeypatch):
    """The events are read once for the phone furthest behind; a phone closer to the newest
    version gets its part of them, the same bytes the route would have sent."""
    from webapp import hotpaths, tables

    client = app.test_client()
    created = _new_table(client)
    _act(client, created, _act(client, created, 0))  # version 2
    url = f"/api/tables/{created['id']}/events?wait=20&after="
    fast = [client.get(url + "0", environ_overrides={WAITED: "change"})]
    with monkeypatch.context() as patch:
        patch.setattr(tables, "log", lambda *args, **kwargs: pytest.fail("the events were read again"))
        fast += [client.get(url + after, environ_overrides={WAITED: "change"}) for after in ("1", "0")]
    monkeypatch.setattr(hotpaths.HotPaths, "__call__", lambda self, env, start: self.app(env, start))
    slow = [client.get(url + after, environ_overrides={WAITED: "change"}) for after in ("0", "1", "0")]
    for quick, route in zip(fast, slow):
        assert quick.status_code == route.status_code == 200
        assert sorted(quick.headers.items()) == sorted(route.headers.items())
        assert quick.data == route.data
    assert [[e["seq"] for e in answer.get_json()["events"]] for answer in fast] == [[1, 2], [2], [1, 2]]
    assert {answer.get_json()["version"] for answer in fast} == {2}


def _route_answer(client, monkeypatch, url):
    """What the Flask route answers, with the hot paths stepped aside."""
    from webapp import hotpaths

    with monkeypatch.context() as patch:
        patch.setattr(hotpaths.HotPaths, "__call__", lambda self, env, start: self.app(env, start))
        return client.get(url, environ_overrides={WAITED: "change"})


def _no_database(patch, engine):
    from sqlalchemy import event

    def refuse(*_args, **_kwargs):
        pytest.fail("the database was asked")

    event.listen(engine, "before_cursor_execute", refuse)
    patch.setattr(engine.pool, "connect", refuse)
    return lambda: event.remove(engine, "before_cursor_execute", refuse)


def test_a_move_made_in_this_process_is_told_to_the_phones_it_wakes_from_memory(app, monkeypatch):
    client = app.test_client()
    created = _new_table(client)
    version = _act(client, created, _act(client, created, 0))
    url = f"/api/tables/{created['id']}/events?wait=20&after={version - 1}"
    with monkeypatch.context() as patch:
        restore = _no_database(patch, app.extensions["headframe"].engine)
        try:
            woken = client.get(url, environ_overrides={WAITED: "change"})
        finally:
            restore()
    route = _route_answer(client, monkeypatch, url)
    assert woken.status_code == route.status_code == 200
    assert woken.data == route.data and sorted(woken.headers.items()) == sorted(route.headers.items())
    assert [e["seq"] for e in woken.get_json()["events"]] == [version]


def test_the_watcher_reads_the_new_events_of_every_moved_table_in_one_query(make_app, db_url, tmp_path, monkeypatch):
    """Three tables moved by another process: one look asks the database twice (their versions,
    then all their new events), and every phone it wakes is then answered from memory with the
    bytes the route would send."""
    from sqlalchemy import event

    from webapp import db

    here = make_app(db_url, instance=tmp_path / "inst", LIVE_WATCH_S=3600)  # it looks when the test says
    there = make_app(db_url, instance=tmp_path / "inst")
    client, other = here.test_client(), there.test_client()
    made = [_new_table(client) for _ in range(3)]
    live, outcomes = here.extensions["headframe_live"], Outcomes()
    for index, created in enumerate(made):
        for after in (0, 1):
            live.park(created["id"], after, 20, outcomes.resume(f"{index} at {after}"))
    for created in made[:2]:  # two tables move two versions, one moves one
        _act(other, created, _act(other, created, 0))
    _act(other, made[2], 0)
    engine = here.extensions["headframe"].engine
    statements: list[str] = []
    listener = lambda *args: statements.append(args[2])  # noqa: E731 - (conn, cursor, statement, ...)
    event.listen(engine, "before_cursor_execute", listener)
    monkeypatch.setattr(db, "statement_hooks", [statements.append])
    try:
        live.look()
    finally:
        event.remove(engine, "before_cursor_execute", listener)
        monkeypatch.setattr(db, "statement_hooks", [])
    assert len(statements) == 2 and "events" in statements[1], statements
    assert sorted(outcomes.seen) == sorted([(f"{i} at {a}", True) for i in range(2) for a in (0, 1)]
                                           + [("2 at 0", True)])
    urls = [(f"/api/tables/{created['id']}/events?wait=20&after={after}") for created in made for after in (0, 1)]
    with monkeypatch.context() as patch:
        restore = _no_database(patch, engine)
        try:
            woken = {url: client.get(url, environ_overrides={WAITED: "change"}) for url in urls[:5]}
        finally:
            restore()
    for url, answer in woken.items():
        route = _route_answer(client, monkeypatch, url)
        assert answer.status_code == route.status_code == 200
        assert answer.data == route.data
    assert [e["seq"] for e in woken[urls[0]].get_json()["events"]] == [1, 2]
    assert [e["seq"] for e in woken[urls[4]].get_json()["events"]] == [1]


class _Request:
    def __init__(self, command: str, path: str, query: str = ""):
        self.command, self.path, self.query, self.error = command, path, query, None


class _Channel:
    def __init__(self, name: str, request: _Request):
        self.name, self.requests, self._map, self._fileno = name, [request], {}, id(self)


def test_a_move_and_the_news_of_one_go_ahead_of_the_looks_queued_before_them(app):
    """The server's task queue: a tap (POST) and a long-poll woken by a change are served before
    the plain requests already waiting; a long-poll whose wait ran out joins the back."""
    from webapp.serve import _parking

    client = app.test_client()
    created = _new_table(client)
    live = app.extensions["headframe_live"]
    dispatcher = _parking(live, 0)  # no threads: the queue keeps what it is given
    events = f"/api/tables/{created['id']}/events"
    for name in ("look 0", "look 1"):
        dispatcher.add_task(_Channel(name, _Request("GET", f"/api/tables/{created['id']}")))
    dispatcher.add_task(_Channel("woken", _Request("GET", events, "after=0&wait=20")))
    dispatcher.add_task(_Channel("timed out", _Request("GET", events, "after=5&wait=20")))
    assert [c.name for c in dispatcher.queue] == ["look 0", "look 1"] and live.waiting() == 2  # both parked
    dispatcher.add_task(_Channel("tap", _Request("POST", f"/api/tables/{created['id']}/actions")))
    for waiter in live._waiting[created["id"]]:
        if waiter.after == 5:
            waiter.deadline = 0.0  # its wait is over
    live.look()
    _act(client, created, 0)  # version 1 wakes the phone waiting for a version after 0
    assert [c.name for c in dispatcher.queue] == ["woken", "tap", "look 0", "look 1", "timed out"]
    assert live.waiting() == 0


# -- under `headframe serve` -------------------------------------------------------------------

def _request(conn, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json", **({"X-Headframe-Token": token} if token else {})}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    answer = conn.getresponse()
    return answer.status, json.loads(answer.read())


def _start_waiting(port: int, table_id: str, after: int, count: int, answers: list, wait: int = 25):
    """``count`` phones, each on its own connection, waiting for the table to pass ``after``.
    Their requests are sent before this returns; their answers land in ``answers`` as they come."""
    conns = []
    for _ in range(count):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", f"/api/tables/{table_id}/events?after={after}&wait={wait}")
        conns.append(conn)

    def phone(conn):
        answer = conn.getresponse()
        answers.append(("phone", answer.status, json.loads(answer.read())))

    threads = [threading.Thread(target=phone, args=(conn,)) for conn in conns]
    for thread in threads:
        thread.start()
    return conns, threads


def _create(port: int) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    status, created = _request(conn, "POST", "/api/tables", {"game": "scorepad", "players": PLAYERS})
    conn.close()
    assert status == 201
    return created


def test_waiting_phones_hold_no_server_thread(server_factory, tmp_path):
    """Twenty phones wait on a server of one process with two threads; an action still gets
    through, and every phone is then told of it. Had a waiting phone held a thread, at most one
    could have waited, and the others would have been answered at once with the version they had."""
    server = server_factory(tmp_path / "inst", threads=2, workers=1).start()
    created = _create(server.port)
    answers: list = []
    conns, threads = _start_waiting(server.port, created["id"], 0, 20, answers)
    actor = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    status, _ = _request(actor, "POST", f"/api/tables/{created['id']}/actions", {"version": 0, "action": POINT},
                         created["host_token"])
    assert status == 200
    for thread in threads:
        thread.join(60)
    assert [(who, status, body["version"]) for who, status, body in answers] == [("phone", 200, 1)] * 20
    for conn in conns + [actor]:
        conn.close()


def test_a_change_through_one_worker_wakes_phones_waiting_on_another(server_factory, tmp_path):
    """Two server processes: phones wait on connections held by both; an action through either
    wakes them all. Each phone asked to wait 25 s; a phone that asked to wait 10 s on another
    table, which never changes, is answered last: every wait ended by the change, not by its time."""
    from test_serve import _children, _socket_inodes, _wait_for

    server = server_factory(tmp_path / "inst", workers=2).start()
    workers = _wait_for(lambda: len(_children(server.process.pid)) == 2 and _children(server.process.pid))
    created, quiet = _create(server.port), _create(server.port)
    baseline = {pid: _socket_inodes(pid) for pid in workers}
    conns, threads, answers = [], [], []
    for _ in range(10):  # more phones until both workers hold some of the waiting connections
        more_conns, more_threads = _start_waiting(server.port, created["id"], 0, 4, answers)
        conns += more_conns
        threads += more_threads
        if _wait_for(lambda: all(_socket_inodes(pid) - baseline[pid] for pid in workers), 2):
            break
    assert all(_socket_inodes(pid) - baseline[pid] for pid in workers), "one worker took every connection"
    quiet_conns, quiet_threads = _start_waiting(server.port, quiet["id"], 0, 1, answers, wait=10)
    actor = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    status, _ = _request(actor, "POST", f"/api/tables/{created['id']}/actions", {"version": 0, "action": POINT},
                         created["host_token"])
    assert status == 200
    for thread in threads + quiet_threads:
        thread.join(60)
    assert [(status, body["id"], body["version"]) for _, status, body in answers] == \
        [(200, created["id"], 1)] * len(threads) + [(200, quiet["id"], 0)]
    for conn in conns + quiet_conns + [actor]:
        conn.close()
