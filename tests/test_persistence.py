"""Storage on SQLite and PostgreSQL: restarts lose nothing, concurrent phones never corrupt
a table, and an action costs the same however long the table's history is."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import event, insert
from sqlalchemy.exc import IntegrityError

from webapp import db, tables
from webapp.db import EVENTS
from webapp.errors import Conflict, Forbidden

PLAYERS = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"},
           {"name": "Cy", "colour": "#27ae60"}]


def add(points, category="points"):
    return {"type": "add_points", "category": category, "points": points}


def test_a_table_survives_a_restart_exactly(make_app, db_url, tmp_path):
    # SQLite: the default database in the instance folder, as `headframe serve` uses it.
    url = db_url if db_url.startswith("postgresql") else None
    first = make_app(url, instance=tmp_path / "one")
    with first.app_context():
        table, host = tables.create_table("scorepad", PLAYERS, seed=1234)
        _, t0 = tables.join(table.join_code, 0)
        _, t1 = tables.join(table.join_code, 1)
        v = tables.act(table.id, t0, 2, add(5))["version"]
        v = tables.act(table.id, t1, v, add(8))["version"]
        v = tables.act(table.id, host, v, {"type": "next_round"})["version"]
        v = tables.act(table.id, host, v, {**add(2), "seat": 2})["version"]
        v = tables.undo(table.id, host, v).version
        before = tables.state(tables.get(table.id), 1)
        log_before = tables.log(table.id)
        score_before = tables.score(table.id)
    first.extensions["headframe"].engine.dispose()

    second = make_app(url, instance=tmp_path / "one")
    with second.app_context():
        again = tables.get(table.id)
        assert tables.state(again, 1) == before
        assert tables.log(table.id) == log_before
        assert tables.score(table.id) == score_before
        assert again.seed == 1234
        # Tokens still work after the restart and the game carries on.
        assert tables.seat_of(again, t1) == 1 and tables.is_host(again, host)
        result = tables.act(table.id, t0, again.version, add(1))
        assert result["table"].state.points == ((6, 8, 0),)
        assert tables.undo(table.id, host, result["version"]).state.points == ((5, 8, 0),)


def test_concurrent_actions_each_seats_lands_once_and_nothing_is_lost(make_app, db_url):
    """Six phones, two per seat, tap "+1" for their seat on the same version at once: every
    seat's +1 lands (independent moves), the same +1 from the seat's second phone is refused
    as the same move twice, and the log has no gap."""
    app = make_app(db_url, DB_POOL_SIZE=12)
    with app.app_context():
        table, host = tables.create_table("scorepad", PLAYERS)
        tokens = [tables.join(table.join_code, s)[1] for s in range(3)]
    start = 3
    rounds, phones = 6, 6
    for step in range(rounds):
        version = start + 3 * step
        barrier = threading.Barrier(phones)
        outcomes = []

        def phone(i, version=version):
            with app.app_context():
                barrier.wait()
                try:
                    tables.act(table.id, tokens[i % 3], version, add(1))
                    outcomes.append("ok")
                except Conflict as exc:
                    outcomes.append("stale" if version < exc.current["version"] <= version + 3 else "wrong")

        threads = [threading.Thread(target=phone, args=(i,)) for i in range(phones)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        # each seat's +1 lands once, whoever wrote first; its second phone's is the same move twice
        assert sorted(outcomes) == ["ok"] * 3 + ["stale"] * (phones - 3), outcomes
    with app.app_context():
        final = tables.get(table.id)
        assert final.version == start + 3 * rounds
        assert final.state.points[0] == (rounds,) * 3
        seqs = [e["seq"] for e in tables.log(table.id)]
        assert seqs == list(range(start + 3 * rounds + 1))


def test_racing_undo_and_action(make_app, db_url):
    app = make_app(db_url, DB_POOL_SIZE=12)
    with app.app_context():
        table, host = tables.create_table("scorepad", PLAYERS)
        _, t0 = tables.join(table.join_code, 0)
        v = tables.act(table.id, t0, 1, add(4))["version"]
    results = []
    barrier = threading.Barrier(2)

    def run(fn):
        with app.app_context():
            barrier.wait()
            try:
                fn()
                results.append("ok")
            except Conflict:
                results.append("stale")

    threads = [threading.Thread(target=run, args=(lambda: tables.undo(table.id, host, v),)),
               threading.Thread(target=run, args=(lambda: tables.act(table.id, t0, v, add(1)),))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == ["ok", "stale"]
    with app.app_context():
        final = tables.get(table.id)
        assert final.version == v + 1 and final.state.points[0][0] in (0, 5)


def _two_workers(make_app, db_url, tmp_path):
    """Two apps on one database, as two `serve --workers` processes are: each has its own
    caches and connections, and only the database between them."""
    url = db_url if db_url.startswith("postgresql") else f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    return make_app(url, instance=tmp_path / "a"), make_app(url, instance=tmp_path / "b")


def _seated_and_seen_by_both(one, two):
    """A table with seat 0 taken, made through ``one``; ``two`` then holds its version in memory."""
    with one.app_context():
        table, host = tables.create_table("scorepad", PLAYERS)
        seat = tables.join(table.join_code, 0)[1]
        version = tables.get(table.id).version
    with two.app_context():
        assert tables.get(table.id).version == version
    return table, host, seat, version


def test_a_second_worker_refuses_an_action_the_first_made_stale(make_app, db_url, tmp_path):
    one, two = _two_workers(make_app, db_url, tmp_path)
    table, host, seat, version = _seated_and_seen_by_both(one, two)
    with one.app_context():
        tables.act(table.id, seat, version, add(7))
    with two.app_context():
        with pytest.raises(Conflict) as caught:
            tables.act(table.id, host, version, {**add(7), "seat": 0})  # the same entry, twice
        current = caught.value.current
        assert current["version"] == version + 1 and current["state"]["points"][0] == [7, 0, 0]
        assert tables.get(table.id).state.points == ((7, 0, 0),)


def test_a_token_a_worker_has_not_seen_yet_is_accepted_not_refused(make_app, db_url, tmp_path):
    """The second worker created the table and remembers it with no seat taken; the seat is
    taken through the first. An action at that first version is not a stranger's, and nothing
    but the seat changed since, so it is played."""
    one, two = _two_workers(make_app, db_url, tmp_path)
    with two.app_context():
        table, host = tables.create_table("scorepad", PLAYERS)
    with one.app_context():
        seat = tables.join(table.join_code, 0)[1]
    with two.app_context():
        # only a seat was taken since version 0: the move is played on the table as it is
        done = tables.act(table.id, seat, 0, add(3))
        assert done["seat"] == 0 and done["version"] == 2


def test_a_freed_seat_cannot_act_through_a_worker_that_remembers_it(make_app, db_url, tmp_path):
    one, two = _two_workers(make_app, db_url, tmp_path)
    table, host, seat, version = _seated_and_seen_by_both(one, two)
    with one.app_context():
        tables.remove_seat(table.id, host, 0)
    with two.app_context():
        with pytest.raises(Forbidden):
            tables.act(table.id, seat, version, add(5))
        assert tables.get(table.id).state.points == ((0, 0, 0),)


def test_a_poll_never_answers_an_older_table_than_the_phone_has(make_app, db_url, tmp_path):
    one, two = _two_workers(make_app, db_url, tmp_path)
    with one.app_context():
        table, host = tables.create_table("scorepad", PLAYERS)
    path = f"/api/tables/{table.id}"
    seen = two.test_client().get(path, headers={"If-None-Match": '"0"'})
    assert seen.status_code == 304  # the second worker now remembers version 0
    moved = one.test_client().post(f"{path}/actions", json={"version": 0, "action": {**add(4), "seat": 2}},
                                   headers={"X-Headframe-Token": host})
    assert moved.status_code == 200 and moved.get_json()["version"] == 1
    # The phone that acted has version 1; asked of the second worker, that is still current.
    again = two.test_client().get(path, headers={"If-None-Match": '"1"'})
    assert again.status_code == 304 and again.headers["ETag"] == '"1"'
    # A plain GET reads the table as stored, whichever worker answers.
    assert two.test_client().get(path).get_json()["state"]["points"] == [[0, 0, 4]]


def test_a_long_poll_hears_of_a_change_made_by_another_worker(make_app, db_url, tmp_path):
    import time

    one, two = _two_workers(make_app, db_url, tmp_path)
    with one.app_context():
        table, host = tables.create_table("scorepad", PLAYERS)

    def act_soon():
        time.sleep(0.3)
        with one.app_context():
            tables.act(table.id, host, 0, {**add(2), "seat": 0})

    actor = threading.Thread(target=act_soon)
    started = time.monotonic()
    actor.start()
    answer = two.test_client().get(f"/api/tables/{table.id}/events?after=0&wait=10")
    waited = time.monotonic() - started
    actor.join()
    body = answer.get_json()
    assert body["version"] == 1 and [e["seq"] for e in body["events"]] == [1]
    assert waited < 2.0, f"the other worker's change took {waited:.1f} s to arrive"


def test_log_steps_are_unique(make_app, db_url):
    app = make_app(db_url)
    with app.app_context():
        table, _ = tables.create_table("scorepad", PLAYERS)
        engine = app.extensions["headframe"].engine
        with pytest.raises(IntegrityError):
            with engine.begin() as conn:
                conn.execute(insert(EVENTS).values(table_id=table.id, seq=0, kind="action", at=0.0, summary="",
                                                   round=0, barrier=False, undone=False))


def _statements(app, fn):
    """Every statement ``fn`` sends: through SQLAlchemy Core and on the driver's hot paths."""
    engine = app.extensions["headframe"].engine
    seen = []
    here = threading.get_ident()  # not the statements of another app's watcher thread, still waiting

    def record(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    def hook(statement):
        if threading.get_ident() == here:
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    db.statement_hooks.append(hook)
    try:
        fn()
    finally:
        event.remove(engine, "before_cursor_execute", record)
        db.statement_hooks.remove(hook)
    return seen


def test_an_action_does_the_same_work_in_a_long_game(make_app, db_url):
    """O(1) per action: the same statements run whether the table has 1 or 400 logged
    actions, and none of them reads the log (only inserts into it)."""
    app = make_app(db_url)
    with app.app_context():
        fresh, fresh_host = tables.create_table("scorepad", PLAYERS)
        long, host = tables.create_table("scorepad", PLAYERS)
        v = 0
        for i in range(400):
            v = tables.act(long.id, host, v, {**add(1), "seat": i % 3})["version"]
        short = _statements(app, lambda: tables.act(fresh.id, fresh_host, 0, {**add(1), "seat": 0}))
        longer = _statements(app, lambda: tables.act(long.id, host, v, {**add(1), "seat": 0}))
        assert short == longer and len(longer) >= 3
        assert not any("FROM events" in s for s in longer)
        undo_short = _statements(app, lambda: tables.undo(fresh.id, fresh_host, 1))
        undo_long = _statements(app, lambda: tables.undo(long.id, host, v + 1))
        assert undo_short == undo_long
        assert tables.get(long.id).state.points == ((134, 133, 133),)


@pytest.mark.parametrize("level, value", [(None, 1), ("NORMAL", 1), ("FULL", 2)])
def test_sqlite_is_in_wal_mode(make_app, level, value):
    app = make_app(**({"SQLITE_SYNCHRONOUS": level} if level else {}))
    engine = app.extensions["headframe"].engine
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == value
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000
    assert app.config["DATABASE_URL"].endswith("instance/headframe.sqlite3")


def test_database_url_from_the_environment(tmp_path, monkeypatch):
    from webapp import create_app

    url = f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"
    monkeypatch.setenv("HEADFRAME_DATABASE_URL", url)
    app = create_app(None, instance_path=tmp_path / "inst")
    try:
        assert app.config["DATABASE_URL"] == url
        assert (tmp_path / "elsewhere.sqlite3").exists()
    finally:
        app.extensions["headframe"].engine.dispose()


@pytest.mark.parametrize("player, variant", [
    ({"name": "Ann\x00", "colour": "#c0392b"}, None),
    ({"name": "Ann", "colour": "#c0392b\n"}, None),
    ({"name": "Ann", "colour": "#c0392b", "bot": "x\x00"}, None),
    ({"name": "Ann", "colour": "#c0392b"}, "std\x00"),
])
def test_input_either_database_would_refuse_is_a_422(make_app, db_url, player, variant):
    """PostgreSQL rejects NUL characters and over-long values that SQLite stores: they must
    be caught as bad input on both, never reach the database as a 500."""
    app = make_app(db_url)
    client = app.test_client()
    body = {"game": "scorepad", "players": [player, {"name": "Bo", "colour": "#2980b9"}]}
    if variant:
        body["variant"] = variant
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422, response.get_json()
    created = client.post("/api/tables", json={"game": "scorepad", "players": [{"name": "Ann", "colour": "#c0392b"}]})
    table_id, token = created.get_json()["id"], created.get_json()["host_token"]
    response = client.post(f"/api/tables/{table_id}/actions", headers={"X-Headframe-Token": token},
                           json={"version": 0, "action": {"type": "next_round", "note": "\x00\ud800"}})
    assert response.status_code in (200, 400, 422), response.get_json()
    for url in ("/api/tables/%00", "/api/tables/%00/log", f"/api/tables/{table_id}%00/score"):
        assert client.get(url).status_code == 404
    response = client.post(f"/api/tables/{table_id}/seats", json={"code": "ABCD\ud800EFG", "seat": 0})
    assert response.status_code == 404


def test_fuzzed_text_never_reaches_either_database_as_a_500(make_app, db_url):
    from hypothesis import HealthCheck, given, settings, strategies as st

    app = make_app(db_url)
    client = app.test_client()
    any_text = st.text(alphabet=st.characters(blacklist_categories=()), max_size=40)

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(name=any_text, colour=any_text, variant=st.none() | any_text, note=any_text, code=any_text)
    def check(name, colour, variant, note, code):
        body = {"game": "scorepad", "players": [{"name": name, "colour": colour}], "variant": variant}
        assert client.post("/api/tables", json=body).status_code in (201, 422)
        created = client.post("/api/tables", json={"game": "scorepad",
                                                   "players": [{"name": "Ann", "colour": "#c0392b"}]}).get_json()
        response = client.post(f"/api/tables/{created['id']}/actions", headers={"X-Headframe-Token":
                                                                              created["host_token"]},
                               json={"version": 0, "action": {"type": "add_points", "seat": 0, "category": note,
                                                              "points": 1}})
        # any text reaches the rules, which refuse a category the pad does not keep, by name
        assert response.status_code == 200 if note == "points" else (
            response.status_code == 422 and response.get_json()["error"]["code"] == "rule_violation")
        assert client.get(f"/api/tables/{created['id']}/log").status_code == 200
        assert client.post(f"/api/tables/{created['id']}/seats", json={"code": code, "seat": 0}).status_code in (
            201, 404, 429)

    check()
