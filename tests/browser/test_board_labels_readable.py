"""Every word on the Tinners' Trail and ARDEVUR maps is drawn at 9 CSS px or more on a 360×640
phone, light and dark, measured in Chromium from each text's font size and the picture's
scale; a map wider than the screen pans sideways inside its own box, never the page."""

from __future__ import annotations

import pytest

from test_ardevur_steps import _open_page, _table, _until_many_cards
from test_play_for_pages import call

LEAST_PX = 9.0
SMALLEST = """(selector) => {
    let least = {px: 1e9, text: ''};
    for (const svg of document.querySelectorAll(selector)) {
        const scale = svg.getScreenCTM().a;
        for (const t of svg.querySelectorAll('text, tspan')) {
            if (!t.textContent.trim() || !t.checkVisibility()) continue;
            const px = parseFloat(getComputedStyle(t).fontSize) * scale;
            if (px < least.px) least = {px: px, text: t.textContent.trim().slice(0, 30)};
        }
    }
    return least;
}"""
PAGE_WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def _check(page, selector):
    page.wait_for_selector(selector)
    least = page.evaluate(SMALLEST, selector)
    assert least["px"] >= LEAST_PX, least
    wide, screen = page.evaluate(PAGE_WIDTH)
    assert wide <= screen, f"the page scrolls sideways: {wide} > {screen}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tinners_trail_map_labels_read_at_9_px(server, browser, scheme):
    players = [{"name": n, "colour": c} for n, c in
               (("Anna", "#c0392b"), ("Ben", "#2471a3"), ("Cara", "#1e8449"), ("Dana", "#7d3c98"))]
    status, made = call(server, "POST", "/api/tables", {"game": "tinners-trail", "players": players, "seed": 3})
    assert status == 201, made
    token = call(server, "POST", f"/api/tables/{made['id']}/seats", {"code": made["join_code"], "seat": 0})[1]["token"]
    context, page = _open_page(browser, server, made["id"], token, scheme)
    try:
        _check(page, "svg.tt-board")
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_ardevur_map_labels_read_at_9_px(server, browser, scheme):
    table, _host, tokens = _table(server)
    _until_many_cards(server, table, tokens)
    context, page = _open_page(browser, server, table, tokens[0], scheme)
    try:
        _check(page, "svg#ard-map")
    finally:
        context.close()
