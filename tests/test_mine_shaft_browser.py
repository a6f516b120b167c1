"""Mine Shaft in a real browser: tap a highlighted square to preview the drawn tile, tap
again to turn it, confirm to lay it; a tap on a square the rules refuse shows the reason."""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path

import pytest

pytest.importorskip("playwright")

from browser.conftest import CHROMIUM_ARGS, PHONE, chromium_path, server  # noqa: E402,F401  (shared server)


def in_browser(check, color_scheme: str = "light") -> None:
    """Run ``check(page)`` on a phone-sized page in its own thread: the browser tests of the
    web platform may hold a Playwright session open in this one."""
    path = chromium_path()
    if path is None:
        pytest.skip("Chromium is not installed")
    failure: list[BaseException] = []

    def run() -> None:
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as playwright:
                launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
                context = launched.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=color_scheme)
                page = context.new_page()
                page.set_default_timeout(10_000)
                # a first page load on a busy machine may take longer; what appears is asserted, not how fast
                page.set_default_navigation_timeout(30_000)
                try:
                    check(page)
                finally:
                    launched.close()
        except BaseException as exc:  # handed back to the test's thread
            failure.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failure:
        raise failure[0]


def start_table(page, server_url, game="mine-shaft|basic", names=("Ann", "Bo")):
    """A table made from the home page's form, played on this one shared screen."""
    from playwright.sync_api import expect

    page.goto(server_url + "/")
    # the basic game: a drawn advanced tile would ask for its icon first, not for the roll
    page.select_option("#game", game)
    for index, name in enumerate(names):
        if page.locator(f"#player-name-{index}").count() == 0:
            page.click("[data-add-player]")
        page.fill(f"#player-name-{index}", name)
    page.uncheck('input[name="seat_me"]')  # the shared screen plays whoever's turn it is
    page.click("text=Start the table")
    page.wait_for_url(re.compile(r"/tables/\w+$"))
    expect(page.locator("#connection")).to_have_text("Live")


def test_tap_turn_and_confirm_a_tile(server):  # noqa: F811
    def check(page):
        from playwright.sync_api import expect

        start_table(page, server)
        mine = page.locator("svg.ms-mine")
        expect(mine).to_have_attribute("aria-label", re.compile(r"^The mine: 1 tile\. "))
        page.locator("ul.options button", has_text="Draw a tile").click()
        expect(mine).to_have_attribute("data-cell-action", "place_tile")

        # A square away from the shaft's end: the server says why not, nothing changes.
        page.locator('svg.ms-mine rect[data-x="2"][data-y="2"]').click()
        expect(page.locator("#alert")).to_contain_text("is not at an open end of your tile")

        confirm = page.locator("#ms-confirm")
        expect(confirm).to_be_hidden()  # nothing to confirm before a square is chosen
        target = page.locator("svg.ms-mine .ms-target").first
        target.click()
        expect(confirm).to_be_visible()
        first_text = confirm.inner_text()
        # the confirmation says the move in words, as the move list does: never coordinates
        assert re.fullmatch(r"Lay the [A-Za-z ]+ (north|east|south|west) of the start tile, [a-z -]+", first_text)
        assert page.locator("ul.options button", has_text=first_text).count() == 1
        expect(page.locator("#ms-preview")).not_to_have_attribute("display", "none")
        turns = len(json.loads(target.get_attribute("data-actions")))
        target.click()  # a second tap turns the preview (a cross has one way to lie)
        if turns > 1:
            expect(confirm).not_to_have_text(first_text)
        else:
            expect(confirm).to_have_text(first_text)
        confirm.click()
        expect(mine).to_have_attribute("aria-label", re.compile(r"^The mine: 2 tiles\. "))
        expect(page.locator("ul.options button", has_text="Roll the dice")).to_be_enabled()

    in_browser(check)


def _overlap(a, b) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
        a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_mine_fits_a_360_phone_and_pawns_leave_start_readable(server, scheme, tmp_path):  # noqa: F811
    """Both pieces begin on the start tile: neither may cover its START label. The picture is
    the server's SVG, fits the phone's width, and is saved as a screenshot to look at."""
    shots = os.environ.get("HEADFRAME_SCREENSHOTS")

    def check(page):
        from playwright.sync_api import expect

        start_table(page, server)
        mine = page.locator("svg.ms-mine")
        expect(mine).to_be_visible()
        label = page.locator("svg.ms-mine text.ms-start").bounding_box()
        pawns = [p.bounding_box() for p in page.locator("svg.ms-mine g.ms-pawn").all()]
        assert len(pawns) == 2 and label["width"] > 20
        assert not [p for p in pawns if _overlap(p, label)], (label, pawns)
        box = mine.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark")
        out = Path(shots) if shots else tmp_path
        out.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out / f"mine-shaft-360-{scheme}.png"), full_page=True)
        assert (out / f"mine-shaft-360-{scheme}.png").stat().st_size > 2000

    in_browser(check, scheme)
