"""The Tinners' Trail map in a real browser at 360 px, light and dark: the SVG halves fit the
screen without a sideways scroll, a tap on an area opens its section in place with the moves
there, and a move made from it changes the map."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from test_wallace_solo import button, her_move, new_solo_table, served, version, wait_past  # noqa: F401 (fixture)

NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def shots(tmp_path) -> Path:
    """Where screenshots go: HEADFRAME_SCREENSHOTS when set (to look at them), else the test's tmp."""
    wanted = os.environ.get("HEADFRAME_SCREENSHOTS")
    folder = Path(wanted) if wanted else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def solo_table_on_my_turn(page, url) -> None:
    """Ann against Lord Wallace (his turns play themselves) until Ann may act; with two seats
    every auction starts with a survey card."""
    new_solo_table(page, url)
    for _ in range(20):
        if button(page, "Pass").count():
            return
        before = version(page)
        move = her_move(page)
        if move is not None:
            move.click()
        wait_past(page, before)
    raise AssertionError("Ann's turn never came: " + page.locator("#tt-round").inner_text())


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_map_opens_an_area_with_its_moves_at_360_px(served, phone, scheme, tmp_path):
    page = phone(scheme)
    folder = shots(tmp_path)
    solo_table_on_my_turn(page, served(0.3))
    halves = page.locator("svg.tt-board")
    expect(halves).to_have_count(2)
    assert page.locator("a.tt-area").count() == 28
    # measured in one go: a live redraw may replace the pictures between two separate calls
    boxes = page.evaluate("() => Array.from(document.querySelectorAll('svg.tt-board'),"
                          " s => { const r = s.getBoundingClientRect(); return [r.left, r.width, r.height]; })")
    assert len(boxes) == 2
    for left, width, height in boxes:
        assert left >= 0 and height > 150  # a half of the map, not a sliver
    # a half as wide as its smallest words need pans sideways inside its box, never the page
    pan = page.evaluate("() => { const r = document.querySelector('#tt-map-pictures').getBoundingClientRect();"
                        " return [r.left, r.right]; }")
    assert pan[0] >= 0 and pan[1] <= 360
    assert page.evaluate(NO_SIDEWAYS)
    page.locator("#tt-map").scroll_into_view_if_needed()
    page.screenshot(path=str(folder / f"tt-map-{scheme}.png"))

    # an area with a tile and no mine: its section offers the auction
    link = page.locator("a.tt-area[aria-label*='tile']:not([aria-label*=\"'s mine\"])").first
    label = link.get_attribute("aria-label")
    area = link.get_attribute("href").lstrip("#")
    name = label.split(",")[0]
    assert re.match(r"^[A-Z][\w' ]+, region [A-D]: ", label)
    section = page.locator(f"#{area}")
    expect(section).to_be_hidden()
    link.click()
    expect(section).to_be_visible()
    expect(section.locator("h3")).to_contain_text(name)
    # two seats (Ann and Lord Wallace): an auction starts with a survey card, from the hand or drawn
    start = section.locator("button:not([disabled])", has_text=re.compile("auction here")).first
    expect(start).to_be_visible()
    assert page.evaluate(NO_SIDEWAYS)
    page.screenshot(path=str(folder / f"tt-area-{scheme}.png"))

    before = version(page)
    start.click()
    wait_past(page, before)
    # Lord Wallace answers by himself: the auction goes on, or he drops out and Ann builds
    expect(page.locator(f"a.tt-area[href='#{area}']")).to_have_attribute(
        "aria-label", re.compile("being auctioned|mine being built|Ann's mine"))
    expect(section).to_be_visible()  # still open after the redraw
    assert page.evaluate(NO_SIDEWAYS)


def test_without_script_an_area_link_opens_its_section(served, phone, browser):
    page = phone()
    solo_table_on_my_turn(page, served(0.3))
    # the same phone's cookies in a browser with JavaScript off
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    try:
        context.add_cookies(page.context.cookies())
        bare = context.new_page()
        bare.goto(page.url)
        link = bare.locator("a.tt-area[aria-label*='tile']:not([aria-label*=\"'s mine\"])").first
        area = link.get_attribute("href").lstrip("#")
        section = bare.locator(f"#{area}")
        expect(section).to_be_hidden()
        link.click()
        expect(section).to_be_visible()  # :target shows it
        assert bare.url.endswith(f"#{area}")
        expect(section.locator("button:not([disabled])", has_text=re.compile("auction here")).first).to_be_visible()
        assert bare.evaluate(NO_SIDEWAYS)
    finally:
        context.close()
