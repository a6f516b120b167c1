"""ARDEVUR's moves on a 360×640 phone, light and dark: the labels say what the move does in
the imperative and never name the player who makes it, and the strategy phase's fifty ways to
take development cards come as steps (what, then which) that never show more than about a
dozen choices at once; a way found through the steps is tapped and lands."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from conftest import PHONE  # noqa: F401  (the same phone as every browser test)
from test_play_for_pages import call

PLAYERS = [{"name": "Trevithick-Pendarvess", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2471a3"}]
MOST = 12  # choices one screen of moves may show at once
WAIT = 30_000


def _table(server):
    status, made = call(server, "POST", "/api/tables", {"game": "ardevur", "players": PLAYERS, "variant": "standard",
                                                        "seed": 3})
    assert status == 201, made
    table, code = made["id"], made["join_code"]
    tokens = [call(server, "POST", f"/api/tables/{table}/seats", {"code": code, "seat": seat})[1]["token"]
              for seat in range(2)]
    return table, made["host_token"], tokens


def _until_many_cards(server, table, tokens):
    """Each seat plays its first allowed move, never taking development cards, until seat 0
    may take them in a strategy phase in many ways; its view then."""
    for _ in range(200):
        views = [call(server, "GET", f"/api/tables/{table}", token=token)[1] for token in tokens]
        takes = [o for o in views[0]["options"] if o["action"]["type"] == "take_development"]
        if len(takes) > 2 * MOST:
            return views[0]
        for seat, view in enumerate(views):
            moves = [o["action"] for o in view["options"] if o["allowed"]
                     and o["action"]["type"] not in ("take_development", "retire_target", "call_total_control")]
            if moves:
                status, body = call(server, "POST", f"/api/tables/{table}/actions",
                                    {"version": view["version"], "action": moves[0]}, tokens[seat])
                assert status == 200, body
                break
        else:
            raise AssertionError("nobody could move")
    raise AssertionError("seat 0 never had many ways to take development cards")


def _open_page(browser, server, table, token, scheme):
    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True,
                                  color_scheme=scheme)
    context.add_cookies([{"name": "hf_seat", "value": token, "url": f"{server}{path}"}
                         for path in (f"/tables/{table}", f"/api/tables/{table}")])
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{server}/tables/{table}")
    return context, page


def _shown(page) -> int:
    """Choices in the moves' card a player can see now: buttons and the steps' fold-outs."""
    return page.locator("#ard-moves").evaluate(
        "card => [...card.querySelectorAll('button, summary')].filter(e => e.checkVisibility({visibilityProperty: true})).length")


def test_labels_are_imperative_and_never_name_the_player(server):
    table, host, tokens = _table(server)
    view = _until_many_cards(server, table, tokens)
    shared = call(server, "GET", f"/api/tables/{table}", token=host)[1]
    for option in view["options"] + shared["options"]:
        label = option["label"]
        assert label[:1].isupper(), label
        assert "Trevithick" not in label and "Pendarvess" not in label, label
        assert not label.startswith(("rolls", "wins", "starts", "takes", "passes")), label


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_strategy_choices_come_in_steps_of_about_a_dozen(server, browser, scheme):
    table, host, tokens = _table(server)
    view = _until_many_cards(server, table, tokens)
    context, page = _open_page(browser, server, table, tokens[0], scheme)
    try:
        expect(page.locator("#ard-turn")).to_contain_text("strategy phase")
        assert _shown(page) <= MOST
        # the moves fit one screen; the page was 8,376 px tall with every way listed
        moves = page.locator("#ard-moves").bounding_box()["height"]
        assert moves <= 640, f"the moves' card is {moves} px tall"
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height < 5000, f"the page is {height} px tall"
        # what: taking development cards; which: a card, then (when there are many ways) its partner
        page.locator("#ard-moves summary", has_text="Take development cards").click()
        assert _shown(page) <= MOST
        assert page.locator("#ard-moves").bounding_box()["height"] <= 640
        expect(page.locator("#ard-moves summary", has_text="Draw an action card")).to_have_count(0)
        expect(page.locator("#ard-moves button", has_text="Draw an action card")).to_be_hidden()
        while page.locator("#ard-moves details[open] > ul > li > details:not([open]) > summary").first.is_visible():
            page.locator("#ard-moves details[open] > ul > li > details:not([open]) > summary").first.click()
            assert _shown(page) <= MOST
        button = page.locator("#ard-moves button:enabled", has_text="Take ").filter(visible=True).first
        expect(button).to_be_visible()
        before = view["version"]
        button.click()
        deadline = time.monotonic() + 20
        while call(server, "GET", f"/api/tables/{table}", token=tokens[0])[1]["version"] == before \
                and time.monotonic() < deadline:
            time.sleep(0.1)
        events = call(server, "GET", f"/api/tables/{table}/log", token=host)[1]["events"]
        last = next(e for e in reversed(events) if e["kind"] == "action")
        assert last["summary"].startswith("Trevithick-Pendarvess takes "), last
    finally:
        context.close()
