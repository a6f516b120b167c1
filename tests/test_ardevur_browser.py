"""ARDEVUR in a real browser: a table started from the home page, set up and played into the
first turns by tapping the listed moves; the page shows whose turn and phase, the map and the
target grid, and a refused move's reason."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright")

from browser.conftest import server  # noqa: E402,F401  (shared server)
from test_mine_shaft_browser import in_browser  # noqa: E402

WAIT = 30_000  # ms: a shared machine under load answers slowly


def test_set_up_and_play_through_the_page(server):  # noqa: F811
    def check(page):
        from playwright.sync_api import expect

        page.set_default_timeout(WAIT)
        page.goto(server + "/")
        page.select_option("#game", "ardevur|standard")
        for index, name in enumerate(("Ann", "Bo")):
            if page.locator(f"#player-name-{index}").count() == 0:
                page.click("[data-add-player]")
            page.fill(f"#player-name-{index}", name)
        page.uncheck('input[name="seat_me"]')  # the shared screen plays whoever is due
        page.click("text=Start the table")
        page.wait_for_url(re.compile(r"/tables/\w+$"))
        expect(page.locator("#connection")).to_have_text("Live", timeout=WAIT)
        heading = page.locator("#ard-turn")
        expect(heading).to_have_text("Ready to start", timeout=WAIT)

        def tap(text):
            button = page.locator("ul.options button:enabled", has_text=text).first
            before = page.locator("[data-version]").first.get_attribute("data-version")
            button.click()
            expect(page.locator("[data-version]").first).not_to_have_attribute("data-version", before, timeout=WAIT)

        tap("Start the game")
        expect(heading).to_have_text("Choosing corporations", timeout=WAIT)
        tap("Choose ")
        tap("Choose ")
        expect(heading).to_have_text("Dealing cards", timeout=WAIT)
        tap("Deal the action and development cards")
        expect(heading).to_have_text("Public auction", timeout=WAIT)
        for _ in range(4):
            tap(re.compile("Roll for the auction|Take the next pick"))
            tap("Take ")
        expect(heading).to_contain_text("'s turn · strategy phase", timeout=WAIT)
        expect(page.locator("#ard-map")).to_be_visible(timeout=WAIT)
        expect(page.locator("#ard-grid")).to_contain_text("Bronze pile", timeout=WAIT)
        # A refused main move stays listed, greyed, with the rule's reason.
        sale = page.locator("ul.options li", has_text="Sell globally")
        expect(page.locator("ul.options button:disabled", has_text="Sell globally")).to_have_count(0, timeout=WAIT)
        tap("Pass the strategy phase")
        expect(heading).to_contain_text("development phase", timeout=WAIT)
        expect(sale.first).to_contain_text("no resources to sell", timeout=WAIT)
        tap("Pass the development phase")
        tap("Pass the reward phase")
        expect(heading).to_contain_text("strategy phase", timeout=WAIT)

    in_browser(check)
