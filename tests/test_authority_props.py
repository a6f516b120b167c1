"""Authority, as a property: for every game and variant, a hypothesis state machine sends
random declared actions through the HTTP API from random callers (each seat's phone, the host,
a watcher, another table's host and seat, a freed seat's old token, a made-up token, no token),
naming a random seat or none, against the current version or a stale one, and moves the game
on with the moves its seats may make. Every accepted action was made by the seat it acts for,
or by the host for a seat no phone holds (and the log says the host entered it); a refused one
changes nothing; nothing answers 5xx. The Flask test client carries the bulk; one short run
goes through a real ``headframe serve``."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from companion import PlayerSpec, find_game, game_ids

NAMES = ("Anna", "Ben", "Dana")
COLOURS = ("#c0392b", "#2980b9", "#27ae60")
OMIT = object()


def _cases() -> list[tuple[str, str | None, int]]:
    """Every game and variant, with as many players as it takes (three, or one for a solo game)."""
    found = []
    for gid in game_ids():
        game = find_game(gid)
        for variant in game.variants or (None,):
            count = next(n for n in (3, 2, 1, 4, 5) if game.check_setup([PlayerSpec(NAMES[0])] * n, variant) is None)
            found.append((gid, variant, count))
    return found


CASES = _cases()


class FlaskTransport:
    def __init__(self, app):
        self.client = app.test_client(use_cookies=False)  # each caller sends only its own token

    def __call__(self, method, path, body=None, token=None):
        headers = {"X-Headframe-Token": token} if token is not None else {}
        answer = self.client.open(path, method=method, json=body, headers=headers)
        return answer.status_code, answer.get_json(silent=True)


class HttpTransport:
    def __init__(self, url):
        self.url = url

    def __call__(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json", **({"X-Headframe-Token": token} if token is not None else {})}
        request = urllib.request.Request(self.url + path, method=method, headers=headers,
                                         data=json.dumps(body).encode() if body is not None else None)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read() or b"null")


class Authority(RuleBasedStateMachine):
    send = None            # the transport, set per test
    case = ("scorepad", None, 3)
    seen: dict[bool, int] = {}  # random actions refused (False) and accepted (True), over a test's runs

    @initialize(data=st.data())
    def set_up(self, data):
        gid, variant, count = self.case
        self.game = find_game(gid)
        status, made = self.send("POST", "/api/tables", {"game": gid, "variant": variant, "seed": data.draw(
            st.integers(0, 2 ** 20), label="seed"), "players": [{"name": n, "colour": c} for n, c in
                                                                zip(NAMES[:count], COLOURS)]})
        assert status == 201, made
        self.id, self.host, code, self.count = made["id"], made["host_token"], made["join_code"], count
        self.holders: dict[int, str] = {}  # seat -> the token of the phone that holds it
        self.callers: dict[str, tuple[str, str | None, int | None]] = {}
        for seat in range(count):
            if data.draw(st.booleans(), label=f"a phone takes seat {seat}"):
                self.holders[seat] = self._join(code, seat)
        if self.holders and data.draw(st.booleans(), label="the host frees a seat"):
            seat = data.draw(st.sampled_from(sorted(self.holders)), label="freed")
            assert self.send("DELETE", f"/api/tables/{self.id}/seats/{seat}", token=self.host)[0] == 200
            self.callers["freed seat's old token"] = ("nobody", self.holders.pop(seat), None)
            if data.draw(st.booleans(), label="a new phone takes it"):
                self.holders[seat] = self._join(code, seat)
        other = self.send("POST", "/api/tables", {"game": "scorepad", "players": [{"name": "Zed", "colour": "#000000"}]})[1]
        other_seat = self.send("POST", f"/api/tables/{other['id']}/seats", {"code": other["join_code"], "seat": 0})[1]
        self.callers.update({f"seat {s}'s phone": ("seat", token, s) for s, token in self.holders.items()})
        self.callers.update({"host": ("host", self.host, None), "a watcher (no token)": ("nobody", None, None),
                             "another table's host": ("nobody", other["host_token"], None),
                             "another table's seat": ("nobody", other_seat["token"], None),
                             "a made-up token": ("nobody", "x" * 43, None)})

    def _join(self, code, seat):
        status, joined = self.send("POST", f"/api/tables/{self.id}/seats", {"code": code, "seat": seat})
        assert status == 201, joined
        return joined["token"]

    def _table(self):
        status, body = self.send("GET", f"/api/tables/{self.id}", token=self.host)
        assert status == 200, body
        return body

    def _seen(self):
        """What a refused action must leave as it was: the version, the log, the table."""
        log = self.send("GET", f"/api/tables/{self.id}/log", token=self.host)[1]["events"]
        return self._table(), log

    def _options(self, seat):
        """The moves seat ``seat`` is offered, as its phone or the host playing for it sees them."""
        token = self.holders.get(seat)
        path = f"/api/tables/{self.id}" + ("" if token else f"?for={seat}")
        status, body = self.send("GET", path, token=token or self.host)
        return body["options"] if status == 200 else []

    def _phoneless(self, seat):
        return seat not in self.holders

    @rule(data=st.data())
    def someone_sends_an_action(self, data):
        offers = {seat: self._options(seat) for seat in range(self.count)}
        waited = [seat for seat, options in offers.items() if any(o["allowed"] for o in options)]
        pool = waited if waited and data.draw(st.integers(0, 3), label="any seat") < 3 else list(offers)
        whose = data.draw(st.sampled_from(pool), label="whose moves")
        # Often the caller who may make that seat's move (its phone, or the host when it has none).
        likely = next((name for name, (_, token, seat) in self.callers.items() if seat == whose), "host")
        who = data.draw(st.sampled_from([likely] * len(self.callers) + sorted(self.callers)), label="caller")
        kind, token, own = self.callers[who]
        offered = offers[whose]
        if offered:
            action = dict(data.draw(st.sampled_from(offered), label="move")["action"])
        else:
            action = {"type": data.draw(st.sampled_from(self.game.actions.types()), label="type")}
        named = data.draw(st.sampled_from([OMIT, whose, *range(-1, self.count + 1)]), label="seat named")
        action.pop("seat", None)
        if named is not OMIT:
            action["seat"] = named
        before, log = self._seen()
        version = before["version"] - data.draw(st.sampled_from([0, 0, 0, 1]), label="behind by")
        status, answer = self.send("POST", f"/api/tables/{self.id}/actions", {"version": version, "action": action},
                                   token)
        assert status < 500, answer
        self.seen[status == 200] += 1
        if status != 200:
            assert self._seen() == (before, log), f"{who}'s refused {action} changed the table"
            return
        acted = answer["event"]["seat"]
        assert kind != "nobody", f"{who} was allowed {action}"
        if self.game.seat_is_actor:  # the seat was resolved and written into the move, never guessed
            assert isinstance(acted, int) and answer["event"]["action"].get("seat") == acted, answer["event"]
        if kind == "seat":
            assert acted == own, f"{who} acted for seat {acted}"
            return
        if own is not None and acted == own:
            return
        if self.game.seat_is_actor:
            assert self._phoneless(acted), f"the host acted for seat {acted}, which a phone holds"
            assert answer["event"]["summary"].endswith(f"(entered by the host for {NAMES[acted]})")

    @rule(data=st.data())
    def the_game_moves_on(self, data):
        """A move the rules allow, made by the seat's phone or by the host for a seat without one."""
        seat = data.draw(st.integers(0, self.count - 1), label="mover")
        allowed = [o["action"] for o in self._options(seat) if o["allowed"]]
        if not allowed:
            return
        action = {k: v for k, v in data.draw(st.sampled_from(allowed), label="allowed move").items() if k != "seat"}
        token = self.holders.get(seat)
        if token is None:
            action["seat"] = seat
        status, answer = self.send("POST", f"/api/tables/{self.id}/actions",
                                   {"version": self._table()["version"], "action": action}, token or self.host)
        assert status in (200, 409), answer  # an allowed move is accepted (or the table moved first)

    @invariant()
    def nothing_breaks(self):
        if hasattr(self, "id"):
            assert self.send("GET", f"/api/tables/{self.id}/events?after=-1")[0] == 200


def _run(send, case, examples, steps) -> dict[bool, int]:
    seen = {False: 0, True: 0}
    machine = type("AuthorityRun", (Authority,), {"send": staticmethod(send), "case": case, "seen": seen})
    run_state_machine_as_test(machine, settings=settings(
        max_examples=examples, stateful_step_count=steps, deadline=None, database=None, derandomize=True,
        phases=[Phase.generate], suppress_health_check=list(HealthCheck)))  # bounded: no shrinking
    return seen


@pytest.mark.parametrize("case", CASES, ids=[f"{g}-{v or 'plain'}" for g, v, _ in CASES])
def test_only_the_seat_or_the_host_for_a_seat_without_a_phone_acts(make_app, case):
    app = make_app(AUTOMATIC_GRACE=0, JOIN_FAILURE_LIMIT=1_000_000)
    seen = _run(FlaskTransport(app), case, examples=5, steps=12)
    assert seen[False] > 0  # the random callers were refused, as most must be


def test_the_same_holds_through_a_real_server(server_factory, tmp_path):
    server = server_factory(tmp_path / "inst").start()
    for case in (("mine-shaft", "basic", 3), ("scorepad", None, 3)):
        _run(HttpTransport(server.url), case, examples=2, steps=6)
