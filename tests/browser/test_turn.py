"""Whose turn it is, at a glance: a banner at the top of every phone ("Your turn" or "Waiting
for Bo"), and the tab title changes when this phone's turn starts or ends."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_table_flow import sees_seated, take_seat

LIVE_MS = 5000


def test_the_banner_and_title_follow_whose_turn_it_is(server, phone):
    ann, bo = phone(), phone("dark")
    ann.goto(server + "/")
    ann.select_option("#game", "tinners-trail|base")
    for index, name in enumerate(("Ann", "Bo", "Cy")):
        if ann.locator(f"#player-name-{index}").count() == 0:
            ann.click("[data-add-player]")
        ann.fill(f"#player-name-{index}", name)
    ann.click("text=Start the table")
    ann.wait_for_url(re.compile(r"/tables/\w+$"))
    code = ann.locator(".join-code").inner_text().strip()
    take_seat(bo, server, code, "Bo")
    sees_seated(ann, "Bo")
    # The survey: everyone keeps cards at once, so every phone starts on its turn.
    for page in (ann, bo):
        expect(page.locator("#turn")).to_contain_text("Your turn")
        expect(page).to_have_title(re.compile(r"^Your turn · "))
        banner = page.locator("#turn").bounding_box()
        assert banner["y"] < 200  # at the top, not under the invite panel and the state
    ann.locator("button", has_text="Keep the others").click()
    expect(ann.locator("#turn")).to_have_text(re.compile(r"Waiting for Bo and Cy"), timeout=LIVE_MS)
    expect(ann).not_to_have_title(re.compile(r"^Your turn"))
    expect(bo.locator("#turn")).to_contain_text("Your turn (with Cy)", timeout=LIVE_MS)
