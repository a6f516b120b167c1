"""Ore's table picture in a real browser at 360 px, light and dark: a miner placed by tapping
its button appears on the mine with its owner's letter, the picture fits the phone, and the
dark theme repaints the words around the cards. Screenshots go to $HEADFRAME_SCREENSHOTS
(or the test's own folder) for a person to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("playwright")

from browser.conftest import server  # noqa: E402,F401  (shared server)
from test_mine_shaft_browser import in_browser, start_table  # noqa: E402


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_ore_table_picture_at_360(server, scheme, tmp_path):  # noqa: F811
    shots = Path(os.environ.get("HEADFRAME_SCREENSHOTS") or tmp_path)

    def check(page):
        from playwright.sync_api import expect

        start_table(page, server, "ore|standard", ("Anna", "Ben", "Cara"))

        board = page.locator("svg.ore-board")
        expect(board).to_be_visible()
        expect(board.locator("g.ore-miner")).to_have_count(0)
        page.locator("form[data-type='place'] button", has_text="Mine gold (top space)").first.click()
        miner = board.locator("g.ore-mine[data-res='gold'] g.ore-miner")
        expect(miner).to_have_count(1)
        assert miner.locator("text").text_content() in ("A", "B", "C")  # the owner's letter, not colour alone

        box = board.bounding_box()
        for _ in range(50):  # a redraw may be swapping the picture in just now
            if box is not None:
                break
            page.wait_for_timeout(100)
            box = board.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # every card's words stay inside their card
        overflow = page.evaluate("""() => [...document.querySelectorAll('svg.ore-board g.ore-card')].filter(g => {
            const card = g.querySelector('rect').getBBox();
            return [...g.querySelectorAll('text')].some(t => { const b = t.getBBox();
                return b.x < card.x || b.x + b.width > card.x + card.width + 0.5 || b.y + b.height > card.y + card.height + 0.5; });
        }).map(g => g.querySelector('title').textContent)""")
        assert overflow == []
        ink = page.evaluate("getComputedStyle(document.querySelector('svg.ore-board text.ore-ink')).fill")
        page_bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert ink != page_bg
        if scheme == "dark":
            assert ink == "rgb(242, 237, 229)"  # the dark theme's text colour, not the light ink
        else:
            assert ink == "rgb(29, 26, 22)"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"ore-360-{scheme}.png"), full_page=True)

    in_browser(check, scheme)
