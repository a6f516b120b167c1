"""Four players with 32-character names on a 360 px phone: no card or table grows wider than
the screen, no column is clipped and no number is pushed out of its cell or card, on the score
page, the category table, the history and every game's table page. Every game's score page is
checked with ordinary names too: a category table of four short names must fit without
scrolling sideways as well. Five players (every game that seats five, short names and long ones)
head their columns with each player's mark, the full names in a key above the table, and the
category table fits its card without scrolling sideways."""

from __future__ import annotations

import random

import pytest

from companion.marks import marks as seat_marks
from conftest import PHONE
from test_axe import BLOCKING, GAMES, MOVES, TOKEN, _play, _violations

SHORT = ("Anna", "Ben", "Cara", "Dana")
LONG = ("Maximiliana Featherstonehaugh-Li", "Bartholomew Montgomery-Fairweath",
        "Constantina Wolfeschlegelsteinha", "Dafydd ap Gruffydd-Llewellynsson")
# a fifth player whose initial is also a fourth's: the marks tell them apart (companion/marks.py)
SHORT5 = (*SHORT, "Bea")
LONG5 = (*LONG, "Bronwen Aberconway-Pennington-Ll")
COLOURS5 = ("#c0392b", "#2471a3", "#1e8449", "#7d3c98", "#b9770e")
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


def _play_five(request, server, game, variant, names, chooser):
    """A table of five, every seat joined, played a few random allowed moves; seat 0's token."""
    players = [{"name": n, "colour": c} for n, c in zip(names, COLOURS5, strict=True)]
    made = request.post(server + "/api/tables", data={"game": game, "variant": variant, "players": players, "seed": 5})
    assert made.status == 201, made.text()
    table_id, code = made.json()["id"], made.json()["join_code"]
    held = [request.post(f"{server}/api/tables/{table_id}/seats", data={"code": code, "seat": s}).json()["token"]
            for s in range(len(players))]
    for _ in range(MOVES):
        seat = chooser.randrange(len(players))
        seen = request.get(f"{server}/api/tables/{table_id}", headers={TOKEN: held[seat]}).json()
        allowed = [o["action"] for o in seen["options"] if o["allowed"] and o["action"]["type"] != "end_game"]
        if allowed:
            action = {k: v for k, v in chooser.choice(allowed).items() if k != "seat"}
            request.post(f"{server}/api/tables/{table_id}/actions", headers={TOKEN: held[seat]},
                         data={"version": seen["version"], "action": action})
    return table_id, held[0]


MARKS = """() => [...document.querySelectorAll('table.scores thead th[scope=col]')].slice(1).map(
    (th) => [th.querySelector('abbr') ? th.querySelector('abbr').textContent : th.textContent.trim(),
             th.querySelector('abbr') ? th.querySelector('abbr').title : '',
             th.textContent.trim()])"""


@pytest.mark.parametrize("names", [SHORT5, LONG5], ids=["short names", "32-character names"])
def test_category_table_of_five_players_fits_its_card_at_360_px(browser, server, names):
    context = browser.new_context()
    chooser = random.Random(9)
    try:
        seats_five = {g["id"] for g in context.request.get(server + "/api/games").json() if g["players"]["max"] >= 5}
        games = [(game, variant) for game, variant in GAMES if game in seats_five]
        assert {"tinners-trail", "ore", "ore-published", "scorepad"} <= {g for g, _v in games}
        played = {game: _play_five(context.request, server, game, variant, names, chooser) for game, variant in games}
    finally:
        context.close()
    pages = [(f"score: {game}", f"/tables/{tid}/score", token) for game, (tid, token) in played.items()]
    problems = _misfits(browser, server, pages, names[4])
    assert not problems, "\n".join(problems[:40])
    blocking = []
    for (name, path, token), scheme in [(p, s) for p in pages for s in ("light", "dark")]:
        # bypass_csp: axe is injected for the test only
        context = browser.new_context(viewport={"width": 360, "height": PHONE["height"]}, is_mobile=True,
                                      color_scheme=scheme, bypass_csp=True)
        try:
            context.add_cookies([{"name": "hf_seat", "value": token, "url": f"{server}{path}"}])
            page = context.new_page()
            page.goto(server + path)
            widths = page.evaluate("""() => [document.querySelector('table.scores').getBoundingClientRect().width,
                                              document.querySelector('table.scores').closest('.card').clientWidth]""")
            assert widths[0] <= widths[1], (name, widths)
            # each column is headed by the player's mark, the full name in its title, its
            # hidden text (read out as the column's name) and the key above the table
            marks = tuple(seat_marks(names))
            assert page.evaluate(MARKS) == [[m, n, m + n] for m, n in zip(marks, names)], name
            key = page.locator("#score-key li").all_inner_texts()
            # a mark that spells the name is not said twice ("Ben", not "Ben Ben")
            assert [k.strip() for k in key] == [n if m.lower() == n.lower() else f"{m} {n}"
                                                for m, n in zip(marks, names)], name
            blocking += [f"{name} ({scheme}): {v['impact']} {v['id']}: {v['nodes'][:3]}"
                         for v in _violations(page) if v["impact"] in BLOCKING]
        finally:
            context.close()
    assert not blocking, "\n".join(blocking)
