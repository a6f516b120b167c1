"""A solo Tinners' Trail game against Lord Wallace played to the end through the table page
in a real browser: his turns from one tap (and once from a card typed in), each shown as
steps, and the score page explaining his points."""

from __future__ import annotations

import re

from playwright.sync_api import expect

MAX_TAPS = 400


def version(page) -> str:
    return page.locator(".live-meta").get_attribute("data-version")


def tap(page, locator) -> None:
    """Tap and wait for the page to show the next version of the table."""
    before = version(page)
    locator.first.click()
    page.wait_for_function(
        "v => document.querySelector('.live-meta') && document.querySelector('.live-meta').dataset.version !== v",
        arg=before)


def button(page, text):
    return page.locator("section[aria-labelledby=tt-do] button:not([disabled])", has_text=text)


def test_a_solo_game_is_played_to_the_end_through_the_page(server, phone):
    page = phone()
    page.goto(server + "/")
    page.select_option("#game", "tinners-trail|better-mines")
    page.fill("#player-name-0", "Ann")
    page.click("text=Start the table")
    page.wait_for_url(re.compile(r"/tables/\w+$"))
    expect(page.locator("section[aria-labelledby=tt-lord]")).to_contain_text("Better mines")
    typed_a_card = False
    for _ in range(MAX_TAPS):
        if page.locator(".live-meta").get_attribute("data-finished") == "1":
            break
        lord_turn = button(page, "Play Lord Wallace's turn")
        if lord_turn.count():
            if not typed_a_card:
                card = page.locator("#tt-lord-card option").first.get_attribute("value")
                page.select_option("#tt-lord-card", card)
                tap(page, button(page, "Play that card"))
                expect(page.locator("#tt-lord-steps")).to_contain_text(f"Lord Wallace draws card {card}")
                typed_a_card = True
            else:
                tap(page, lord_turn)
                expect(page.locator("#tt-lord-steps")).to_contain_text("Lord Wallace")
            continue
        for text in ("Lord Wallace answers", "Keep the others", "Roll the ore prices", "Drop out", "Build the mine",
                     "Stop investing", "Do not peek", "Pass"):
            if button(page, text).count():
                tap(page, button(page, text))
                break
        else:
            raise AssertionError("no move offered: " + page.locator("#tt-round").inner_text())
    assert page.locator(".live-meta").get_attribute("data-finished") == "1"
    assert typed_a_card
    page.goto(page.url + "/score")
    expect(page.locator("body")).to_contain_text("How Lord Wallace scored")
    expect(page.locator("body")).to_contain_text(re.compile(r"Round 4: .* = profit £\d+"))
