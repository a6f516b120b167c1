"""Mine Shaft in a real browser: tap a highlighted square to preview the drawn tile, tap
again to turn it, confirm to lay it; a tap on a square the rules refuse shows the reason. A
mine grown wider than a 360 px phone keeps its squares at least SQUARE_PX across and scrolls
sideways in its own box, opening on the squares where a move is offered."""

from __future__ import annotations

import json
import os
import random
import re
import threading
from pathlib import Path

import pytest

pytest.importorskip("playwright")

from browser.conftest import CHROMIUM_ARGS, PHONE, chromium_path, server  # noqa: E402,F401  (shared server)


def in_browser(check, color_scheme: str = "light", viewport: dict = PHONE) -> None:
    """Run ``check(page)`` on a phone-sized page in its own thread: the browser tests of the
    web platform may hold a Playwright session open in this one. Scrolling is immediate, not
    animated, so a key and a swipe that follow each other never overlap."""
    path = chromium_path()
    if path is None:
        pytest.skip("Chromium is not installed")
    failure: list[BaseException] = []

    def run() -> None:
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as playwright:
                launched = playwright.chromium.launch(executable_path=path, args=[*CHROMIUM_ARGS, "--disable-smooth-scrolling"])
                context = launched.new_context(viewport=viewport, is_mobile=True, has_touch=True, color_scheme=color_scheme)
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


SMALL_PHONE = {"width": 360, "height": 640}
# Read in one go: a live redraw may replace the picture between two separate calls.
MEASURE = """() => {
    const box = document.getElementById('ms-board');
    const view = box.getBoundingClientRect();
    const rect = e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, width: r.width, height: r.height}; };
    return {
        box: rect(box), scroll: box.scrollLeft, scrollWidth: box.scrollWidth, clientWidth: box.clientWidth,
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        squares: Array.from(box.querySelectorAll('rect.ms-empty'), rect),
        targets: Array.from(box.querySelectorAll('.ms-target'), rect),
        inside: [view.left, view.left + box.clientWidth],
        fades: ['--ms-fade-left', '--ms-fade-right'].map(n => getComputedStyle(box).getPropertyValue(n).trim()),
    };
}"""


def _shots(tmp_path) -> Path:
    """Where screenshots go: HEADFRAME_SCREENSHOTS when set (to look at them), else the test's tmp."""
    out = Path(os.environ.get("HEADFRAME_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def _seen(rect, inside) -> bool:
    """The square's middle lies in the part of the box that shows."""
    return inside[0] <= rect["x"] + rect["width"] / 2 <= inside[1]


def _overlap(a, b) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
        a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_early_mine_fits_a_360_phone_and_pawns_leave_start_readable(server, scheme, tmp_path):  # noqa: F811
    """Both pieces begin on the start tile: neither may cover its START label. The picture is
    the server's SVG, fits the phone's width with no sideways scroll at all, and is saved as a
    screenshot to look at."""
    from webapp.boards.mine_shaft import SQUARE_PX

    def check(page):
        from playwright.sync_api import expect

        start_table(page, server)
        mine = page.locator("svg.ms-mine")
        expect(mine).to_be_visible()
        label = page.locator("svg.ms-mine text.ms-start").bounding_box()
        pawns = [p.bounding_box() for p in page.locator("svg.ms-mine g.ms-pawn").all()]
        assert len(pawns) == 2 and label["width"] > 20
        assert not [p for p in pawns if _overlap(p, label)], (label, pawns)
        seen = page.evaluate(MEASURE)
        assert seen["box"]["x"] >= 0 and seen["box"]["x"] + seen["box"]["width"] <= 360
        assert seen["scrollWidth"] <= seen["clientWidth"]  # a small mine needs no scrolling
        assert seen["fades"] == ["0px", "0px"]  # and no edge fades out
        assert seen["page"][0] <= seen["page"][1] == 360
        assert min(r["width"] for r in seen["squares"]) >= SQUARE_PX  # stretched to the card's width
        dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark")
        out = _shots(tmp_path)
        page.screenshot(path=str(out / f"mine-shaft-360-{scheme}.png"), full_page=True)
        assert (out / f"mine-shaft-360-{scheme}.png").stat().st_size > 2000

    in_browser(check, scheme, SMALL_PHONE)


AXE = Path(__file__).parent / "browser" / "vendor" / "axe.min.js"


def _serious_violations(browser, cookies, url, scheme) -> list[str]:
    """axe-core's serious and critical findings on the page (its own context: axe is injected,
    which the page's security policy would refuse)."""
    context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True, color_scheme=scheme,
                                  bypass_csp=True)
    try:
        context.add_cookies(cookies)
        page = context.new_page()
        page.goto(url)
        page.add_script_tag(path=str(AXE))
        return page.evaluate("""async () => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '));
        }""")
    finally:
        context.close()


NAMES = ("Anna", "Ben", "Cara", "Dana")
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#d4ac0d")


def _moves_to_a_wide_mine(seed: int = 5) -> list[dict]:
    """The game's own heuristic bot plays four seats until the mine is a quarter wider than a 360 px
    phone at SQUARE_PX a square and a tile is to be laid on squares beyond the first screenful."""
    from companion.core import PlayerSpec
    from companion.registry import find_game
    from webapp.boards.mine_shaft import SQUARE_PX

    game = find_game("mine-shaft")
    state = game.setup([PlayerSpec(n, c) for n, c in zip(NAMES, COLOURS)], "basic", seed)
    chooser = random.Random(3)
    moves = []
    for _ in range(600):
        seat = game.acting_seats(state)[0]
        move = dict(game.bot_move(state, seat, "heuristic", chooser), seat=seat)
        state = game.apply(state, move)
        moves.append(move)
        board = game.view(state, None)["board"]
        wide = board["width"] * SQUARE_PX > 1.25 * 360
        beyond = [t for t in board["targets"] if (t["x"] - board["min_x"] + 1) * SQUARE_PX > 360]
        if wide and state.phase == "place" and beyond:
            return moves
    raise AssertionError("the mine never grew a quarter wider than the screen")


def grown_mine_table(page, server_url) -> str:
    """A table brought by the game's own moves (sent through the API as the host) to a mine
    wider than the screen; the page is the host's shared screen. Returns the table's URL."""
    created = page.request.post(server_url + "/api/tables", data={
        "game": "mine-shaft", "variant": "basic", "seed": 5,
        "players": [{"name": n, "colour": c} for n, c in zip(NAMES, COLOURS)]})
    assert created.status == 201, created.text()
    body = created.json()
    version = body["table"]["version"]
    for move in _moves_to_a_wide_mine(5):
        answer = page.request.post(f"{server_url}/api/tables/{body['id']}/actions",
                                   data={"version": version, "action": move})
        assert answer.ok, (move, answer.text())
        version = answer.json()["version"]
    url = f"{server_url}/tables/{body['id']}"
    page.goto(url)
    return url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_grown_mine_keeps_its_squares_and_scrolls_in_its_box_on_a_360_phone(server, scheme, tmp_path):  # noqa: F811
    from webapp.boards.mine_shaft import SQUARE_PX

    def check(page):
        from playwright.sync_api import expect

        grown_mine_table(page, server)
        mine = page.locator("svg.ms-mine")
        expect(mine).to_have_attribute("data-cell-action", "place_tile")
        tiles = int(re.match(r"The mine: (\d+) tiles", mine.get_attribute("aria-label")).group(1))
        box = page.locator("#ms-board")
        expect(box).to_have_attribute("role", "region")
        expect(box).to_have_attribute("aria-label", re.compile("scrolls sideways"))
        seen = page.evaluate(MEASURE)
        assert seen["squares"] and all(r["width"] >= SQUARE_PX - 0.01 and r["height"] >= SQUARE_PX - 0.01
                                       for r in seen["squares"]), seen["squares"][:3]
        assert seen["page"][0] <= seen["page"][1] == 360  # the page never scrolls sideways
        assert seen["box"]["x"] >= 0 and seen["box"]["x"] + seen["box"]["width"] <= 360
        assert seen["scrollWidth"] > seen["clientWidth"] + 2 * SQUARE_PX  # the mine is wider than its box
        # The box opens on the squares where the drawn tile may go, though they lie past the first screenful.
        assert seen["scroll"] > 0 and seen["targets"]
        assert all(_seen(t, seen["inside"]) for t in seen["targets"]), (seen["inside"], seen["targets"])
        out = _shots(tmp_path)
        page.screenshot(path=str(out / f"mine-shaft-grown-360-{scheme}.png"), full_page=True)

        # Without script the same page opens on the same squares (the CSS alone places the box).
        bare = page.context.browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True,
                                                color_scheme=scheme, java_script_enabled=False)
        bare.add_cookies(page.context.cookies())
        plain = bare.new_page()
        plain.goto(page.url)
        assert plain.locator("script").count() > 0  # the page has its scripts; they do not run
        still = plain.evaluate(MEASURE)
        assert still["scroll"] > 0 and still["targets"] and still["page"][0] <= still["page"][1]
        assert all(_seen(t, still["inside"]) for t in still["targets"]), (still["inside"], still["targets"])
        assert min(r["width"] for r in still["squares"]) >= SQUARE_PX - 0.01
        bare.close()
        assert not _serious_violations(page.context.browser, page.context.cookies(), page.url, scheme)

        # The keyboard scrolls the box: it takes the focus and the arrow keys move it.
        box.focus()
        assert page.evaluate("document.activeElement.id") == "ms-board"
        page.keyboard.press("ArrowLeft")
        page.wait_for_function("s => document.getElementById('ms-board').scrollLeft < s", arg=seen["scroll"])

        # A swipe (here the wheel) takes the box back to its left edge: the squares with a move go out of view ...
        box.scroll_into_view_if_needed()
        now = page.evaluate(MEASURE)  # where the box is on the screen now that the page may have moved
        bar = page.locator("#status-bar").bounding_box()  # the sticky status bar may cover its top
        below = max(now["box"]["y"], bar["y"] + bar["height"])
        middle = (now["box"]["x"] + now["box"]["width"] / 2, below + SQUARE_PX)
        assert 0 < middle[1] < SMALL_PHONE["height"]
        page.mouse.move(*middle)
        page.mouse.wheel(-5 * seen["scrollWidth"], 0)
        page.wait_for_function("() => document.getElementById('ms-board').scrollLeft === 0")
        away = page.evaluate(MEASURE)
        assert not any(_seen(t, away["inside"]) for t in away["targets"])
        assert away["fades"] == ["0px", "28px"]  # at the left edge, only the right side fades: more is there
        assert away["page"][0] <= away["page"][1]
        # ... and back to one of them; a tap on it there still chooses it, and the tile is laid.
        target = away["targets"][0]
        middle = (away["box"]["x"] + away["box"]["width"] / 2, max(away["box"]["y"], bar["y"] + bar["height"]) + SQUARE_PX)
        page.mouse.move(*middle)
        page.mouse.wheel(target["x"] + target["width"] / 2 - middle[0], 0)
        page.wait_for_function(
            "x => { const b = document.getElementById('ms-board').getBoundingClientRect();"
            " const t = document.querySelector('svg.ms-mine .ms-target').getBoundingClientRect();"
            " return t.left >= b.left && t.right <= b.right; }")
        back = page.evaluate(MEASURE)
        assert 0 < back["scroll"] and back["page"][0] <= back["page"][1]
        square = back["targets"][0]
        page.touchscreen.tap(square["x"] + square["width"] / 2, square["y"] + square["height"] / 2)
        confirm = page.locator("#ms-confirm")
        expect(confirm).to_be_visible()
        expect(page.locator("#ms-preview")).not_to_have_attribute("display", "none")
        assert page.evaluate("document.getElementById('ms-board').scrollLeft") == back["scroll"]  # the tap did not scroll
        confirm.click()
        expect(mine).to_have_attribute("aria-label", re.compile(rf"^The mine: {tiles + 1} tiles\. "))
        assert page.evaluate(MEASURE)["page"][0] <= 360

    in_browser(check, scheme, SMALL_PHONE)
