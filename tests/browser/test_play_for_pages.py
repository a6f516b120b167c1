""""Play for Dana" in a real browser, for every game, with the host's phone seated (as Anna) and
unseated (a phone in the middle of the table), with script on and off: Ben's phone holds his
seat, Dana has none. The host taps "Play for Dana" and makes Dana's move as her page offers
it; the move lands for Dana and the log says the host entered it. A move the rules refuse is
refused for Dana, in Dana's words, never as the host's own seat (which printed Anna's hidden
hand)."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest import CHROMIUM_ARGS, PHONE  # noqa: F401  (the same phone as every browser test)
from play_pages import find_move

PLAYERS = [{"name": "Anna", "colour": "#c0392b"}, {"name": "Ben", "colour": "#2471a3"},
           {"name": "Dana", "colour": "#1e8449"}]
GAMES = [("tinners-trail", None), ("ore", "standard"), ("ore-published", None), ("mine-shaft", "basic"),
         ("ardevur", "standard")]
DANA = 2
SETTLE_S = 10


def call(server, method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server + path, data=data, method=method,
                                     headers={"Content-Type": "application/json",
                                              **({"X-Headframe-Token": token} if token else {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"null")


class Table:
    """A table of Anna, Ben (his phone holds his seat) and Dana (no phone), set up through the API."""

    def __init__(self, server, game, variant, seated):
        self.server = server
        status, made = call(server, "POST", "/api/tables", {"game": game, "players": PLAYERS, "variant": variant,
                                                            "seed": 3})
        assert status == 201, made
        self.id, self.host, code = made["id"], made["host_token"], made["join_code"]
        self.ben = call(server, "POST", f"/api/tables/{self.id}/seats", {"code": code, "seat": 1})[1]["token"]
        self.anna = call(server, "POST", f"/api/tables/{self.id}/seats", {"code": code, "seat": 0})[1]["token"] \
            if seated else None

    def seen_by(self, seat):
        """The table as ``seat`` sees it: through its phone, or the host's "Play for"."""
        if seat == 1:
            return call(self.server, "GET", f"/api/tables/{self.id}", token=self.ben)[1]
        if seat == 0 and self.anna:
            return call(self.server, "GET", f"/api/tables/{self.id}", token=self.anna)[1]
        return call(self.server, "GET", f"/api/tables/{self.id}?for={seat}", token=self.host)[1]

    def act_for(self, seat, version, action):
        token = {1: self.ben, 0: self.anna}.get(seat) or self.host
        move = {**action, "seat": seat}
        return call(self.server, "POST", f"/api/tables/{self.id}/actions", {"version": version, "action": move}, token)

    def until_dana_moves(self):
        """Play the others' first allowed moves until Dana has one; her view then."""
        for _ in range(40):
            views = {seat: self.seen_by(seat) for seat in range(3)}
            if any(o["allowed"] for o in views[DANA]["options"]):
                return views[DANA]
            seat = min(s for s in views if any(o["allowed"] for o in views[s]["options"]))
            move = next(o["action"] for o in views[seat]["options"] if o["allowed"])
            status, body = self.act_for(seat, views[seat]["version"], move)
            assert status == 200, body
        raise AssertionError("Dana never had a move")

    def last_action(self):
        events = call(self.server, "GET", f"/api/tables/{self.id}/log", token=self.host)[1]["events"]
        return next(e for e in reversed(events) if e["kind"] == "action")


def _host_phone(browser, server, table, script):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=script)
    cookies = [("hf_host", table.host)] + ([("hf_seat", table.anna)] if table.anna else [])
    context.add_cookies([{"name": name, "value": value, "url": f"{server}{path}"}
                         for name, value in cookies for path in (f"/tables/{table.id}", f"/api/tables/{table.id}")])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.set_default_navigation_timeout(30_000)
    return context, page


def _tap_danas_move(page, options):
    """Find one of Dana's allowed moves on the page (its fields filled) and tap it; the move."""
    for option in options:
        if not option["allowed"]:
            continue
        wanted = {k: v for k, v in option["action"].items() if k != "seat"}
        form = find_move(page, wanted)
        if form is not None:
            form.locator("button[type=submit]:not([disabled]), button:not([type]):not([disabled])").first.click()
            return wanted
    raise AssertionError(f"Dana's page offers none of her moves: {[o['label'] for o in options]}")


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
@pytest.mark.parametrize("seated", [True, False], ids=["host-seated", "host-unseated"])
@pytest.mark.parametrize("game, variant", GAMES, ids=[g for g, _ in GAMES])
def test_play_for_lands_for_the_chosen_seat(server, browser, game, variant, seated, script):
    table = Table(server, game, variant, seated)
    dana = table.until_dana_moves()
    before = dana["version"]
    context, page = _host_phone(browser, server, table, script)
    try:
        page.goto(f"{server}/tables/{table.id}")
        page.get_by_role("link", name="Play for Dana").click()
        page.wait_for_url(re.compile(r"\?for=2$"))
        expect(page.locator(".status-line")).to_contain_text("Playing for Dana")
        expect(page.locator("#turn")).to_contain_text("Dana's turn")  # not "Your turn": the host is not Dana
        if script:
            expect(page.locator("#connection")).to_have_text("Live")
        _tap_danas_move(page, dana["options"])
        deadline = time.monotonic() + SETTLE_S
        while table.seen_by(DANA)["version"] == before and time.monotonic() < deadline:
            time.sleep(0.1)
        last = table.last_action()
        assert last["seq"] > before, f"the move did not land: {page.locator('#alert').inner_text()}"
        assert last["seat"] == DANA and last["summary"].endswith("(entered by the host for Dana)"), last
        assert "Not allowed" not in page.locator("#alert").inner_text()
    finally:
        context.close()


def _refused_move(table, dana):
    """A move of Dana's the rules refuse now: one greyed on her page, or one made of another
    seat's hidden cards (Tinners' Trail's dealt cards, where the host's own seat was once used)."""
    greyed = [o["action"] for o in dana["options"] if not o["allowed"]]
    if greyed:
        return {k: v for k, v in greyed[0].items() if k != "seat"}
    anna = table.seen_by(0)
    if "keep_cards" in {o["action"]["type"] for o in dana["options"]}:
        mine = next(o["action"]["discard"] for o in anna["options"] if o["action"]["type"] == "keep_cards")
        theirs = {tuple(o["action"]["discard"]) for o in dana["options"] if o["action"]["type"] == "keep_cards"}
        assert tuple(mine) not in theirs
        return {"type": "keep_cards", "discard": mine}
    return {"type": "pass"}


@pytest.mark.parametrize("seated", [True, False], ids=["host-seated", "host-unseated"])
@pytest.mark.parametrize("game, variant", GAMES, ids=[g for g, _ in GAMES])
def test_a_refusal_is_danas_own(server, browser, game, variant, seated):
    """With script on, a move the rules refuse is refused for Dana: the page says exactly what
    the rules say to Dana, never what they would say to the host's own seat."""
    table = Table(server, game, variant, seated)
    dana = table.until_dana_moves()
    move = _refused_move(table, dana)
    status, said = table.act_for(DANA, dana["version"], move)  # what the rules tell Dana
    assert status == 422, said
    context, page = _host_phone(browser, server, table, True)
    try:
        page.goto(f"{server}/tables/{table.id}?for=2")
        expect(page.locator("#connection")).to_have_text("Live")
        page.evaluate("move => window.Headframe.act(move)", move)
        expect(page.locator("#alert")).to_have_text("Not allowed: " + said["error"]["message"])
        assert table.seen_by(DANA)["version"] == dana["version"]
        assert "Anna's dealt cards" not in said["error"]["message"]  # what the host's own seat was told
    finally:
        context.close()
