"""Four players with 32-character names on a 360 px phone: no card or table grows wider than
the screen, no column is clipped and no number is pushed out of its cell or card, on the score
page, the category table, the history and every game's table page. Every game's score page is
checked with ordinary names too: a category table of four short names must fit without
scrolling sideways as well."""

from __future__ import annotations

import random

import pytest

from conftest import PHONE
from test_axe import GAMES, _play

SHORT = ("Anna", "Ben", "Cara", "Dana")
LONG = ("Maximiliana Featherstonehaugh-Li", "Bartholomew Montgomery-Fairweath",
        "Constantina Wolfeschlegelsteinha", "Dafydd ap Gruffydd-Llewellynsson")
FITS = """() => {
    const bad = [];
    const say = (el) => (el.id ? '#' + el.id : el.className || el.tagName) + ': ' + el.textContent.trim().slice(0, 60);
    for (const el of document.querySelectorAll('main, .card, table, .table-scroll, .turn-banner, .seat, .podium li')) {
        if (el.scrollWidth > el.clientWidth + 1) bad.push('wider than its box ' + el.scrollWidth + ' > ' + el.clientWidth + ': ' + say(el));
    }
    if (document.documentElement.scrollWidth > window.innerWidth) bad.push('the page scrolls sideways');
    for (const el of document.querySelectorAll('td, th, .points, .total, .value')) {
        const box = el.getBoundingClientRect();
        const card = el.closest('.card, .table-scroll');
        if (!card || box.width === 0) continue;
        const outer = card.getBoundingClientRect();
        if (box.left < outer.left - 1 || box.right > outer.right + 1) bad.push('outside its card: ' + say(el));
        if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) bad.push('clipped: ' + say(el));
    }
    return bad;
}"""


def _tables(browser, server, names):
    context = browser.new_context()
    chooser = random.Random(9)
    try:
        played = {game: _play(context.request, server, game, variant, chooser, names) for game, variant in GAMES}
        done_id = _play(context.request, server, "scorepad", None, chooser, names)[0]
        assert context.request.post(f"{server}/api/tables/{done_id}/end", data={}).ok
        played["finished"] = (done_id, None, None)
        return played
    finally:
        context.close()


@pytest.fixture(scope="module")
def long_tables(browser, server):
    return _tables(browser, server, LONG)


@pytest.fixture(scope="module")
def short_tables(browser, server):
    return _tables(browser, server, SHORT)


def _misfits(browser, server, pages, name_shown):
    problems = []
    for name, path, token in pages:
        context = browser.new_context(viewport={"width": 360, "height": PHONE["height"]}, is_mobile=True, has_touch=True)
        try:
            if token:
                context.add_cookies([{"name": "hf_seat", "value": token, "url": f"{server}{path}"}])
            page = context.new_page()
            page.set_default_navigation_timeout(30_000)
            page.goto(server + path)
            assert page.locator("main").inner_text().count(name_shown) >= 1, name
            problems += [f"{name}: {bad}" for bad in page.evaluate(FITS)]
        finally:
            context.close()
    return problems


def _score_pages(tables):
    return [(f"score: {game}", f"/tables/{tid}/score", token) for game, (tid, _c, token) in tables.items()
            if game != "finished"]


def test_long_names_fit_every_card_and_table_at_360_px(browser, server, long_tables):
    pages = [("history", "/history", None), ("final score", f"/tables/{long_tables['finished'][0]}/score", None)]
    pages += [(f"table: {game}", f"/tables/{tid}", token) for game, (tid, _c, token) in long_tables.items()
              if game != "finished"]
    problems = _misfits(browser, server, pages + _score_pages(long_tables), LONG[0])
    assert not problems, "\n".join(problems[:40])


def test_every_games_category_table_of_four_players_fits_at_360_px(browser, server, short_tables):
    problems = _misfits(browser, server, _score_pages(short_tables), SHORT[3])
    assert not problems, "\n".join(problems[:40])
