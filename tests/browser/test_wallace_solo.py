"""A solo Tinners' Trail game against Lord Wallace through the table page on one 360 px phone:
the player makes her moves, his turns and auction answers play themselves (each shown as a
step), her undoable move can be taken back while he waits, and the score page explains his
points. Each test runs its own ``headframe serve`` with the grace period it needs."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

MAX_MOVES = 300
HER_MOVES = ("Keep the others", "Roll the ore prices", "Drop out", "Build the mine", "Stop investing",
             "Do not peek", "Pass")


def version(page) -> str:
    return page.locator(".live-meta").get_attribute("data-version")


def wait_past(page, before: str) -> None:
    page.wait_for_function(
        "v => document.querySelector('.live-meta') && document.querySelector('.live-meta').dataset.version !== v",
        arg=before, timeout=30_000)


# The turn banner, if the page still shows version ``v`` (None once it has moved on).
BANNER_AT = """v => {
  const meta = document.querySelector('.live-meta'), turn = document.getElementById('turn');
  return meta && meta.dataset.version === v ? (turn ? turn.innerText : '') : null;
}"""


def tap(page, locator) -> None:
    """Tap and wait for the page to show the next version of the table."""
    before = version(page)
    locator.first.click()
    wait_past(page, before)


def button(page, text):
    return page.locator("section[aria-labelledby=tt-do] button:not([disabled])", has_text=text)


def her_move(page):
    for text in HER_MOVES:
        if button(page, text).count():
            return button(page, text).first
    return None


def new_solo_table(page, url: str, *switches: str) -> None:
    """A solo table from the home page, with Lord Wallace's options ``switches`` turned on."""
    page.goto(url + "/")
    page.select_option("#game", "tinners-trail|solo")
    for switch in switches:
        page.check(f'input[name="switch-tinners-trail-{switch}"]')
    page.fill("#player-name-0", "Ann")
    page.click("text=Start the table")
    page.wait_for_url(re.compile(r"/tables/\w+$"))


@pytest.fixture
def served(server_factory):
    def make(grace: float) -> str:
        return server_factory(env={"HEADFRAME_AUTOMATIC_GRACE": str(grace)}, workers=1).start().url
    return make


def test_a_solo_game_plays_to_the_end_with_his_turns_playing_themselves(served, phone):
    page = phone()
    new_solo_table(page, served(0.3))
    lord = page.locator("section[aria-labelledby=tt-lord]")
    expect(lord).to_be_visible()
    seen_steps = 0
    for _ in range(MAX_MOVES):
        before = version(page)
        if page.locator(".live-meta").get_attribute("data-finished") == "1":
            break
        move = her_move(page)
        if move is None:   # his turn: nobody taps, the page shows it when the server has played it
            banner = page.evaluate(BANNER_AT, before)
            assert banner is None or "Waiting for Lord Wallace" in banner, banner
            wait_past(page, before)
            continue
        move.click()
        wait_past(page, before)
        steps = page.locator("#tt-lord-steps li")
        if steps.count():
            seen_steps += 1
            expect(steps.first).to_contain_text("Lord Wallace")
    assert page.locator(".live-meta").get_attribute("data-finished") == "1"
    assert seen_steps
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
    log = page.goto(page.url + "/log")
    assert log.ok
    expect(page.locator("body")).to_contain_text(re.compile(r"Lord Wallace draws card \d+: round 1"))
    page.goto(page.url.removesuffix("/log") + "/score")
    expect(page.locator("body")).to_contain_text("How Lord Wallace scored")
    expect(page.locator("body")).to_contain_text(re.compile(r"Round 4: .* = profit £\d+"))


def test_her_move_can_be_undone_while_he_waits(served, phone):
    page = phone()
    new_solo_table(page, served(120))
    for _ in range(60):
        if page.locator("#tt-lord-undo").count():
            break
        move = her_move(page)
        before = version(page)
        if move is None:
            wait_past(page, before)
            continue
        move.click()
        wait_past(page, before)
    notice = page.locator("#tt-lord-next")
    expect(notice).to_contain_text("in a moment")
    expect(page.locator("#turn")).to_contain_text("Waiting for Lord Wallace")
    page.locator("#tt-lord-undo").click()
    expect(page.locator("body")).to_contain_text("Ann (host) undid: Ann")
    expect(page.locator("#tt-lord-next")).to_have_count(0)
    assert her_move(page) is not None   # her turn again, and he has not drawn


def test_with_the_printed_cards_she_enters_the_card_drawn_for_him(served, phone):
    page = phone()
    new_solo_table(page, served(0.3), "real-cards")
    for _ in range(10):
        if page.locator("#tt-lord-card").count():
            break
        before = version(page)
        her_move(page).click()
        wait_past(page, before)
    page.select_option("#tt-lord-card", "7")
    before = version(page)
    button(page, "Play that card").click()
    wait_past(page, before)
    expect(page.locator("#tt-lord-steps")).to_contain_text("Lord Wallace draws card 7")
