"""Inside each game's part of the table page the moves come first, then the state: at 360×640
the first move the seat to play may make is on the first screen."""

from __future__ import annotations

import random

import pytest

from test_axe import GAMES, TOKEN, _play

SCREEN = {"width": 360, "height": 640}
FIRST_ENABLED = """() => {
    const buttons = [...document.querySelectorAll('#live form.hf-action button:not([disabled]), #live a.tt-area')]
        .filter(b => b.getClientRects().length && !b.closest('details:not([open])') && !b.closest('.host-only'));
    if (!buttons.length) return null;
    const box = buttons[0].getBoundingClientRect();
    return {y: box.top + window.scrollY, text: buttons[0].textContent.trim().slice(0, 40)};
}"""


@pytest.fixture(scope="module")
def started(browser, server):
    context = browser.new_context()
    chooser = random.Random(3)
    try:
        return {game: _play(context.request, server, game, variant, chooser, tokens=True) for game, variant in GAMES}
    finally:
        context.close()


@pytest.mark.parametrize("game", [g for g, _v in GAMES if g != "scorepad"])  # a pad has no turns
def test_the_first_move_is_on_the_first_screen(browser, server, started, game):
    table_id, _code, tokens = started[game]
    context = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True)
    try:
        seen = context.request.get(f"{server}/api/tables/{table_id}", headers={TOKEN: tokens[0]}).json()
        acting = [s for s, t in enumerate(tokens)
                  if any(o["allowed"] for o in context.request.get(f"{server}/api/tables/{table_id}",
                                                                   headers={TOKEN: t}).json()["options"])]
        acting = acting or [0]  # a score pad: every seat enters its points with the pad's own forms
        assert seen["players"]
        context.add_cookies([{"name": "hf_seat", "value": tokens[acting[0]], "url": f"{server}/tables/{table_id}"}])
        page = context.new_page()
        page.set_default_navigation_timeout(30_000)
        page.goto(f"{server}/tables/{table_id}")
        first = page.evaluate(FIRST_ENABLED)
        layout = page.evaluate("() => [...document.querySelectorAll('#live > *, h1, #alert')].map(e => (e.id || e.tagName) + '@' + Math.round(e.getBoundingClientRect().top) + '+' + Math.round(e.getBoundingClientRect().height) + ' ' + (e.querySelector('h2') || e).textContent.trim().slice(0, 30))")
        assert first is not None, (game, layout, page.content()[-3000:])
        assert first["y"] < SCREEN["height"], f"{game}: the first move ({first['text']!r}) starts at y={first['y']:.0f}; {layout}"
    finally:
        context.close()
