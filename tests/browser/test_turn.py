"""Whose turn it is, at a glance: a banner at the top of every phone ("Your turn" or "Waiting
for Bo"), and the tab title changes (and the phone buzzes) when this phone's turn starts."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_table_flow import sees_seated, start_table, take_seat

LIVE_MS = 5000


def test_the_banner_and_title_follow_whose_turn_it_is(server, phone):
    ann, bo = phone(), phone("dark")
    _url, code = start_table(ann, server, ("Ann", "Bo", "Cy"), "tinners-trail|base")
    take_seat(bo, server, code, "Bo")
    sees_seated(ann, "Bo")
    # The survey: everyone keeps cards at once, so every phone starts on its turn.
    for page in (ann, bo):
        expect(page.locator("#turn")).to_contain_text("Your turn")
        expect(page).to_have_title(re.compile(r"^Your turn · "))
        banner = page.locator("#turn").bounding_box()
        moves = page.locator("#tt-do").bounding_box()
        # on the first screen, above the moves; the host's invitation stands above the table
        # while Cy's seat is free
        assert banner["y"] + banner["height"] < 640 and banner["y"] < moves["y"]
        if page is ann:
            assert page.locator("details.join").bounding_box()["y"] < banner["y"]
        else:  # below the table on a player's phone
            assert banner["y"] + banner["height"] < 360 < page.locator("details.join").bounding_box()["y"]
    ann.locator("button", has_text="Keep the others").click()
    expect(ann.locator("#turn")).to_have_text(re.compile(r"Waiting for Bo and Cy"), timeout=LIVE_MS)
    expect(ann).not_to_have_title(re.compile(r"^Your turn"))
    expect(bo.locator("#turn")).to_contain_text("Your turn (with Cy)", timeout=LIVE_MS)


def test_fold_out_sections_show_an_open_or_closed_marker(server, phone):
    page = phone()
    start_table(page, server, ("Ann", "Bo", "Cy"), "tinners-trail|base")
    summary = page.locator("details.join > summary")
    marker = lambda: summary.evaluate("""s => {
        const m = getComputedStyle(s, '::before');
        return {transform: m.transform, width: parseFloat(m.width), edge: parseFloat(m.borderRightWidth),
                colour: m.borderRightColor, display: m.display};
    }""")  # noqa: E731
    opened = marker()
    page.locator("details.join > summary").click()
    page.wait_for_function("""() => getComputedStyle(document.querySelector('details.join > summary'), '::before')
                               .transform === 'matrix(0.707107, -0.707107, 0.707107, 0.707107, 0, 0)'""")
    closed = marker()
    # a visible chevron: drawn (a box with a border), pointing down when open and right when closed
    for m in (opened, closed):
        assert m["display"] != "none" and m["width"] >= 6 and m["edge"] >= 2 and m["colour"] != "rgba(0, 0, 0, 0)"
    assert opened["transform"] == "matrix(0.707107, 0.707107, -0.707107, 0.707107, 0, 0)"  # rotated 45°: down


def test_the_invite_panel_folds_away_when_the_last_seat_is_taken(server, phone):
    host, guest = phone(), phone("dark")
    start_table(host, server, ("Ann", "Bo"), "scorepad")
    invite = host.locator("details.join")
    expect(invite).to_have_attribute("open", "")
    code = host.locator(".join-code").inner_text().strip()
    take_seat(guest, server, code, "Bo")
    expect(invite).not_to_have_attribute("open", "", timeout=LIVE_MS)
    host.locator("details.join > summary").click()  # the host may open it again, and it stays open
    expect(invite).to_have_attribute("open", "")


# Records each buzz the page asks for: the phone's vibrator cannot be felt from a test.
RECORD_BUZZ = """
window.__buzzes = [];
Object.defineProperty(navigator, 'vibrate', {configurable: true, value: function (pattern) {
  window.__buzzes.push(pattern); return true; }});
"""


def test_a_phone_buzzes_and_retitles_when_its_turn_starts_and_not_before(server, phone):
    ann, bo = phone(), phone("dark")
    bo.add_init_script(RECORD_BUZZ)
    _url, code = start_table(ann, server, ("Ann", "Bo"), "ore-published")
    take_seat(bo, server, code, "Bo")
    sees_seated(ann, "Bo")
    # Ann deals and places first; Bo waits, with no buzz and no "Your turn" title
    expect(bo.locator("#turn")).to_contain_text("Waiting for Ann (turning up mines", timeout=LIVE_MS)
    expect(bo).not_to_have_title(re.compile(r"^Your turn"))
    ann.locator("form[data-type='deal'] button").click()
    expect(bo.locator("#turn")).to_contain_text("Waiting for Ann (placing a worker", timeout=LIVE_MS)
    assert bo.evaluate("window.__buzzes") == []
    ann.locator("div.op-mine button:not([disabled])", has_text="Top space").first.click()
    expect(bo.locator("#turn")).to_contain_text("Your turn — placing a worker", timeout=LIVE_MS)
    expect(bo).to_have_title(re.compile(r"^Your turn · "))
    assert bo.evaluate("window.__buzzes") == [200]
    expect(ann).not_to_have_title(re.compile(r"^Your turn"))
