"""Notices on the table page: a tap that lost a race says what the other phone did, in view and
with the focus; the connection pill recovers as soon as the network does."""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import expect

from test_table_flow import LIVE_MS, plus, sees_seated, start_table, take_seat

BACK_ONLINE_MS = 5000  # a plain poll every 2 s while offline: well inside this once the network is back


def _last_summary(server, table_url):
    table_id = table_url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{server}/api/tables/{table_id}/log") as answer:
        return json.load(answer)["events"][-1]["summary"]


def test_a_lost_race_says_what_changed_in_view_and_takes_the_focus(server, phone):
    ann, bo = phone(), phone()
    table_url, code = start_table(ann, server)
    take_seat(bo, server, code, "Bo")
    sees_seated(ann, "Bo")
    # Ann's phone stops hearing about the table (its checks hang), so it still shows the old
    # version when the same +1 for Ann is tapped on her other page and then on this one: the
    # same move twice, so the server refuses the second tap as stale.
    ann.route(re.compile(r"/api/tables/\w+(/events.*|\?.*)?$"), lambda route: None)
    ann.reload()
    ann.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # tapped far down the page
    other = ann.context.new_page()
    other.goto(table_url)
    plus(other, "Ann")
    expect(bo.locator("table.scores tfoot td").nth(0)).to_have_text("1", timeout=LIVE_MS)
    what = _last_summary(server, table_url)
    plus(ann, "Ann")
    notice = ann.locator("#alert")
    expect(notice).to_contain_text(f"Before your tap arrived: {what}")
    expect(notice).to_contain_text("Your tap was not applied")
    assert ann.evaluate("document.activeElement.id") == "alert"
    box, height = notice.bounding_box(), ann.viewport_size["height"]
    top_bar = ann.locator(".topbar").bounding_box()
    assert top_bar["y"] + top_bar["height"] <= box["y"] and box["y"] + box["height"] <= height
    # the redraw shows the first +1, and the refused tap added nothing
    expect(ann.locator("table.scores tfoot td").nth(0)).to_have_text("1")
    expect(ann.locator("table.scores tfoot td").nth(1)).to_have_text("0")


def test_a_no_script_tap_that_lost_a_race_says_what_changed(server, browser):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        start = page.goto(server + "/")
        assert start.ok
        page.fill("#player-name-0", "Ann")
        page.fill("#player-name-1", "Bo")
        page.click("text=Start the table")
        stale = page.locator('button[aria-label="Ann: plus 1 Points"]')
        other = context.new_page()
        other.goto(page.url)
        other.locator('button[aria-label="Ann: plus 1 Points"]').click()
        what = _last_summary(server, page.url)
        stale.click()
        expect(page.locator("#alert")).to_contain_text(f"Before your tap arrived: {what}")
        expect(page.locator('.value[aria-label="Ann: Points"]')).to_have_text("1")
    finally:
        context.close()


def test_the_pill_says_live_soon_after_the_network_returns(server, phone):
    page = phone()
    pill = page.locator("#connection")
    with page.expect_request(re.compile(r"/events\?")):  # the page has settled into its long poll
        start_table(page, server)
        expect(pill).to_have_text("Live")
    page.context.set_offline(True)
    expect(pill).to_contain_text("Offline")
    page.context.set_offline(False)
    expect(pill).to_have_text("Live", timeout=BACK_ONLINE_MS)
    # and the table still syncs: a point scored on another phone shows up
    other = page.context.new_page()
    other.goto(page.url)
    plus(other, "Ann")
    expect(page.locator("table.scores tfoot td").nth(0)).to_have_text("1", timeout=LIVE_MS)


def test_a_freed_phone_is_told_in_words_with_a_way_back(server, phone):
    ann, bo = phone(), phone()
    start_table(ann, server)
    _url, code = ann.url, ann.locator(".join-code").inner_text().strip()
    take_seat(bo, server, code, "Bo")
    sees_seated(ann, "Bo")
    ann.locator('button[aria-label="Free Bo\'s seat"]').click()
    expect(bo.locator(".status-line")).to_contain_text("This phone's seat was freed by the host.", timeout=LIVE_MS)
    expect(bo.locator(".status-line a", has_text="Join again to play")).to_have_attribute("href", "/join")
    expect(bo.get_by_text("does not belong")).to_have_count(0)


def test_the_home_page_offers_to_continue_a_game_in_progress(server, phone):
    ann, bo = phone(), phone()
    table_url, code = start_table(ann, server, ("Ann", "Bo"), "tinners-trail|base")
    take_seat(bo, server, code, "Bo")
    bo.goto(server + "/")
    entry = bo.locator("#continue-list a")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("Tinners' Trail")
    expect(entry).to_contain_text("You play Bo")
    entry.click()
    bo.wait_for_url(table_url)
    # a finished game leaves the list (it is in History instead)
    ann.locator("#end-game summary").click()
    ann.locator("#end-game input[name=confirm]").check()
    ann.locator("#end-game button", has_text="End the game").click()
    ann.goto(server + "/")
    expect(ann.locator("#continue")).to_be_hidden()
    bo.goto(server + "/")
    # the home page asked the server and forgot the finished table (hidden from the start, so wait for that)
    bo.wait_for_function("JSON.parse(localStorage.getItem('hf-tables') || '[]').length === 0")
    expect(bo.locator("#continue")).to_be_hidden()
    expect(bo.locator("#continue-list a")).to_have_count(0)
