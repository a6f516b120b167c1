"""Ore (published edition) in a real browser on the shared screen: deal, place workers by
tapping the mine and space buttons, see a refusal, collect, fill and close the round."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright")

from browser.conftest import server  # noqa: E402,F401  (shared server)
from test_mine_shaft_browser import in_browser  # noqa: E402


def test_a_round_played_through_the_page(server):  # noqa: F811
    def check(page):
        from playwright.sync_api import expect

        page.goto(server + "/")
        page.select_option("#game", "ore-published")
        for index, name in enumerate(("Blake", "Ada")):
            if page.locator(f"#player-name-{index}").count() == 0:
                page.click("[data-add-player]")
            page.fill(f"#player-name-{index}", name)
        page.uncheck('input[name="seat_me"]')
        page.click("text=Start the table")
        page.wait_for_url(re.compile(r"/tables/\w+$"))
        expect(page.locator("#connection")).to_have_text("Live")

        # the deal chooses the real cards by name: the iron mine and the leftmost contract
        iron_label = page.locator("#op-deal-mine-iron option[value='iron-1']").inner_text()
        assert iron_label.startswith("Iron mine, $") and "iron-1" not in iron_label
        page.select_option("#op-deal-mine-iron", "iron-1")
        second = page.locator("#op-deal-contract-0 option").nth(3)
        contract, words = second.get_attribute("value"), second.inner_text()
        assert words.startswith("#") and "VP" in words
        page.select_option("#op-deal-contract-0", contract)
        page.locator("form[data-type='deal'] button").click()
        expect(page.locator(".op-contract[data-slot='0']")).to_contain_text(words.split(":")[0] + " ")
        expect(page.locator("#op-waiting")).to_contain_text("Waiting for: Blake to place a worker")
        expect(page.locator("[data-space='market']")).to_contain_text("buy or sell up to 2 at its price")

        iron = page.locator("div.op-mine[data-mine='iron']")
        iron.locator("button", has_text="Top space").click()
        expect(page.locator("g.op-mine[data-res='iron'] g.opw[data-mark='B']")).to_have_count(1)
        expect(page.locator("#op-waiting")).to_contain_text("Ada")
        # Ada's tap on the same top space is greyed with the reason
        expect(iron.locator("button", has_text="Top space")).to_be_disabled()
        expect(iron).to_contain_text("top space of the iron mine is taken")

        page.locator(".op-contract[data-slot='0'] button", has_text="Take").click()
        expect(page.locator(".op-contract[data-slot='0']")).to_contain_text("Ada")
        expect(page.locator("[data-seat='1'].op-player")).to_contain_text("next:")

        page.locator("ul.options button", has_text="Blake: Place no more this round").click()
        expect(page.locator("#op-waiting")).to_contain_text("Waiting for: Ada")
        page.locator("ul.options button", has_text="Ada: Place no more this round").click()
        page.locator("form[data-type='collect'] button").click()
        expect(page.locator("#op-phase")).to_contain_text("Business")
        expect(page.locator("[data-seat='0'].op-player")).to_contain_text("2 iron")

        page.locator("ul.options button", has_text="Blake: Finished").click()
        page.locator("ul.options button", has_text="Ada: Finished").click()
        page.locator("form[data-type='close_round'] button").click()
        expect(page.locator("#op-phase")).to_contain_text("Round 2 of 7")
        expect(page.locator("#op-waiting")).to_contain_text("Waiting for: Ada")

    in_browser(check)
