"""How the table page keeps in touch, with the page's clock in the test's hands: once its first
plain poll has said it is connected, the page goes straight into its long poll, so a move made
in the first second after a phone opened the table reaches it then, not a poll later."""

from __future__ import annotations

import json
import re
import urllib.request

PLAYERS = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"}]
STATE = re.compile(r"/api/tables/\w+$")
START_MS = 1_800_000_000_000
EVENTS = re.compile(r"/api/tables/\w+/events\?after=\d+&wait=\d+$")


def _table(server) -> str:
    request = urllib.request.Request(server + "/api/tables", data=json.dumps({"game": "scorepad", "players": PLAYERS})
                                     .encode(), headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)["id"]


def test_the_long_poll_follows_the_first_check_at_once(server, phone):
    page = phone()
    page.clock.install(time=START_MS)
    page.clock.pause_at(START_MS + 1000)  # from here timers run only when the test says so; requests are real
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    table_id = _table(server)
    with page.expect_response(STATE):  # the first check: a plain poll
        page.goto(f"{server}/tables/{table_id}")
    page.wait_for_function("document.querySelector('#connection').textContent.trim() === 'Live'")
    assert not any(EVENTS.search(url) for url in sent)
    # A poll later would be 1,000 ms on; the long poll goes out within the first few.
    with page.expect_request(EVENTS):
        page.clock.run_for(20)
    assert sum(bool(STATE.search(url)) for url in sent) == 1
