"""Every word drawn on Ore's table picture stays inside its mine column or its card, measured
in Chromium at 360 px: an exhausted mine's label, the longest asset and initiative names, the
contract rows."""

from __future__ import annotations

from companion.core import PlayerSpec
from companion.registry import find_game
from webapp.boards.ore import board_svg

# each text's drawn box against the box of the column or card it belongs to
OUTSIDE = """() => {
    const bad = [];
    for (const group of document.querySelectorAll('g.ore-mine, g.ore-card')) {
        const frame = group.querySelector('rect').getBBox();
        for (const text of group.querySelectorAll('text')) {
            const box = text.getBBox();
            if (box.x < frame.x - 0.5 || box.x + box.width > frame.x + frame.width + 0.5)
                bad.push(group.getAttribute('class') + ' ' + (group.dataset.res || group.dataset.slot) + ': "'
                         + text.textContent + '" spans ' + box.x.toFixed(1) + '..' + (box.x + box.width).toFixed(1)
                         + ' in ' + frame.x.toFixed(1) + '..' + (frame.x + frame.width).toFixed(1));
        }
    }
    return bad;
}"""


def _board_with_every_mine_exhausted() -> str:
    game = find_game("ore")
    state = game.setup([PlayerSpec(n) for n in ("Anna", "Ben", "Cara", "Dana")], "standard", seed=5)
    d = game.to_json(state)
    for mine in d["mines"].values():
        mine["exhausted"] = True
    # the longest names of the catalogue on the rows
    for row, cards in (("assets", game.data.assets), ("initiatives", game.data.initiatives)):
        d["rows"][row] = sorted(cards, key=lambda card: -len(cards[card].name))[:5]
    state = game.from_json(d)
    view = game.view(state, 0)
    return str(board_svg(game, view["board"], ["#c0392b", "#2471a3", "#1e8449", "#d4ac0d"], ["Anna", "Ben", "Cara", "Dana"]))


def test_every_text_of_the_ore_picture_stays_inside_its_column_or_card(phone):
    svg = _board_with_every_mine_exhausted()
    assert svg.count("EXHAUSTED") == 5
    page = phone()
    page.set_content(f"<!doctype html><html><body style='margin:0'>{svg}</body></html>")
    assert page.evaluate(OUTSIDE) == []


def _published_page_with_a_private_mine(app) -> str:
    from types import SimpleNamespace

    from flask import render_template

    game = find_game("ore-published")
    names = ("Anna", "Ben", "Cara")
    state = game.apply(game.setup([PlayerSpec(n) for n in names], None, 3), {"type": "deal", "seat": 0})
    seat = game.acting_seats(state)[0]
    state = game.apply(state, {"type": "place", "space": "private", "res": "iron", "seat": seat})
    seats = [SimpleNamespace(seat=i, name=n, colour=c) for i, (n, c) in enumerate(zip(names, ("#c0392b", "#2471a3", "#1e8449")))]
    with app.test_request_context("/"):
        return render_template("games/ore-published.html", table=SimpleNamespace(seats=seats, finished=False), game=game,
                               view=game.view(state, seat), seat=seat, options=game.options(state, seat), version=1,
                               act_url="/act")


# each text of the published picture against the frame of its mine column, space tile or card
PUBLISHED_TEXT_OUTSIDE = """() => {
    const bad = [];
    for (const group of document.querySelectorAll('g.op-mine, g.op-tile, g.op-contract-card')) {
        const frame = group.querySelector('rect').getBBox();
        for (const text of group.querySelectorAll('text')) {
            const box = text.getBBox();
            if (box.x < frame.x - 0.5 || box.x + box.width > frame.x + frame.width + 0.5)
                bad.push(group.getAttribute('class') + ': "' + text.textContent + '" spans ' + box.x.toFixed(1) + '..'
                         + (box.x + box.width).toFixed(1) + ' in ' + frame.x.toFixed(1) + '..' + (frame.x + frame.width).toFixed(1));
        }
    }
    return bad;
}"""


def test_every_published_mine_card_keeps_its_words_inside_it_private_ones_too(app, phone):
    html = _published_page_with_a_private_mine(app)
    assert "private iron mine" in html
    page = phone()
    page.set_content(f"<!doctype html><html><body>{html}</body></html>")
    assert page.locator("g.op-mine").count() >= 5 and page.locator("g.op-tile").count() >= 7
    assert page.evaluate(PUBLISHED_TEXT_OUTSIDE) == []


# the smallest text of the Ore picture in CSS px as drawn: font size x rendered width / viewBox width
SMALLEST_TEXT = """() => {
    const svg = document.querySelector('svg.ore-board');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    let least = null;
    for (const text of svg.querySelectorAll('text')) {
        const px = parseFloat(getComputedStyle(text).fontSize) * scale;
        if (least === null || px < least.px) least = {px: px, text: text.textContent, width: svg.getBoundingClientRect().width};
    }
    return least;
}"""


def test_the_smallest_word_of_the_ore_picture_is_at_least_10_px_on_a_360_px_phone(browser, server):
    import random

    from test_axe import _play

    context = browser.new_context()
    try:
        table_id, _code, tokens = _play(context.request, server, "ore", None, random.Random(3), tokens=True)
    finally:
        context.close()
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True,
                                      color_scheme=scheme)
        try:
            context.add_cookies([{"name": "hf_seat", "value": tokens[0], "url": f"{server}/tables/{table_id}"}])
            page = context.new_page()
            page.set_default_navigation_timeout(30_000)
            page.goto(f"{server}/tables/{table_id}")
            assert page.locator("svg.ore-board g.ore-card[data-row=contracts]").count() >= 1
            least = page.evaluate(SMALLEST_TEXT)
            assert least["px"] >= 10, f"{scheme}: {least}"
        finally:
            context.close()
