"""Two phones at one table in a real browser: create, join by code, live updates, undo,
refusals, hostile names, a 360 px screen and the dark theme."""

from __future__ import annotations

import re

from playwright.sync_api import expect


LIVE_MS = 2000  # the companion's promise: another phone's action shows within 2 s
SVG_XSS = "<svg onload=alert(1)>"
SCRIPT_XSS = "<script>alert(1)</script>"


def start_table(page, server, names=("Ann", "Bo"), game="scorepad", switches=(), seat_me=True):
    """Start a table on the home page; ``switches`` are the game's table options to tick, by
    name (``arsenic``) or, for a choice, name and value (``endgame=final-round``)."""
    page.goto(server + "/")
    page.select_option("#game", game)
    for index, name in enumerate(names):
        if page.locator(f"#player-name-{index}").count() == 0:
            page.click("[data-add-player]")
        page.fill(f"#player-name-{index}", name)
    for switch in switches:
        name, _, value = switch.partition("=")
        box = f'input[name="switch-{game.split("|")[0]}-{name}"]' + (f'[value="{value}"]' if value else "")
        page.check(box)
    if not seat_me:
        page.uncheck('input[name="seat_me"]')
    page.click("text=Start the table")
    page.wait_for_url(re.compile(r"/tables/\w+$"))
    code = page.locator(".join-code").inner_text().strip()
    expect(page.locator("#connection")).to_have_text("Live")
    return page.url, code


def take_seat(page, server, code, name):
    page.goto(server + "/join")
    page.fill("#code", code)
    page.click("text=Find the table")
    page.locator(".seat-picker button", has_text=name).click()
    page.wait_for_url(re.compile(r"/tables/\w+$"))
    expect(page.locator(".status-line")).to_contain_text(f"You play {name}")
    expect(page.locator("#connection")).to_have_text("Live")


def sees_seated(page, name):
    """Wait until ``page`` has heard of ``name``'s join: a tap sent before that carries the
    version from before the join and is refused as stale."""
    expect(page.locator(".seat", has_text=name)).to_contain_text("seated", timeout=LIVE_MS)


def plus(page, name, category="Points"):
    page.locator(f'button[aria-label="{name}: plus 1 {category}"]').click()


def value(page, name, category="Points"):
    return page.locator(f'.value[aria-label="{name}: {category}"]')


def grid_total(page, column):
    return page.locator("table.scores tfoot td").nth(column)


def test_a_second_phone_joins_by_code_and_sees_actions_live(server, phone):
    host, guest = phone(), phone()
    table_url, code = start_table(host, server)
    take_seat(guest, server, code, "Bo")
    sees_seated(host, "Bo")

    plus(guest, "Bo")
    expect(value(guest, "Bo")).to_have_text("1")
    expect(grid_total(host, 1)).to_have_text("1", timeout=LIVE_MS)

    host.locator("#pad-1 summary").click()  # the host scores for Bo too
    plus(host, "Bo")
    expect(value(guest, "Bo")).to_have_text("2", timeout=LIVE_MS)
    expect(host.locator("#pad-1")).to_have_attribute("open", "")  # stays open across redraws


def test_host_undo_reaches_the_other_phone(server, phone):
    host, guest = phone(), phone()
    table_url, code = start_table(host, server)
    take_seat(guest, server, code, "Bo")
    sees_seated(host, "Bo")
    plus(host, "Ann")
    plus(host, "Ann")
    expect(value(guest, "Ann")).to_have_count(0)  # Bo's phone cannot score for Ann
    expect(grid_total(guest, 0)).to_have_text("2", timeout=LIVE_MS)
    host.locator("#status-bar .sb-undo button").click()
    expect(grid_total(host, 0)).to_have_text("1")
    expect(grid_total(guest, 0)).to_have_text("1", timeout=LIVE_MS)
    host.goto(table_url + "/log")
    expect(host.locator(".log li.undone").first).to_contain_text("undone")


def test_a_pad_ended_by_the_host_takes_no_more_points_on_any_phone(server, phone):
    """The host's "End the game now" ends the pad for everyone: the other phone's page drops its
    round button and its point entry, and says the game is over."""
    host, guest = phone(), phone()
    table_url, code = start_table(host, server)
    take_seat(guest, server, code, "Bo")
    sees_seated(host, "Bo")
    plus(guest, "Bo")
    expect(guest.get_by_role("button", name="Round 1 done →")).to_be_visible()
    host.click("text=End the game now…")
    host.check("input[name=confirm]")
    host.click("button:has-text('End the game') >> nth=-1")
    host.wait_for_url(re.compile(r"/score$"))
    expect(guest.locator("#status-bar")).to_contain_text("The game is over", timeout=LIVE_MS)
    expect(guest.get_by_role("button", name="Round 1 done →")).to_have_count(0)
    expect(guest.locator(f'button[aria-label="Bo: plus 1 Points"]')).to_have_count(0)
    expect(guest.locator("#enter-title")).to_have_count(0)


def test_player_rows_are_added_and_removed(server, phone):
    page = phone()
    page.goto(server + "/")
    page.select_option("#game", "scorepad")
    for name in ("Ann", "Bo", "Cy"):
        if page.locator(".player-row").count() < ["Ann", "Bo", "Cy"].index(name) + 1:
            page.click("[data-add-player]")
    for index, name in enumerate(("Ann", "Bo", "Cy")):
        page.fill(f"#player-name-{index}", name)
    expect(page.locator(".player-row")).to_have_count(3)
    page.click('button[aria-label="Remove player 2"]')
    expect(page.locator(".player-row")).to_have_count(2)
    expect(page.locator("label[for=player-name-1]")).to_have_text("Player 2")
    colours = page.eval_on_selector_all(".player-row select", "all => all.map(s => s.value)")
    assert len(set(colours)) == 2  # a new row offers a colour nobody has yet
    page.click("text=Start the table")
    page.wait_for_url(re.compile(r"/tables/\w+$"))
    expect(page.locator(".seat .name")).to_have_text(["Ann", "Cy"])


def test_everything_works_without_script(server, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server + "/")
        expect(page.locator(".player-row")).to_have_count(4)  # spare rows instead of "Add player"
        page.fill("#player-name-0", "Ann")
        page.fill("#player-name-2", "Cy")
        page.click("text=Start the table")
        page.wait_for_url(re.compile(r"/tables/\w+$"))
        expect(page.locator(".seat .name")).to_have_text(["Ann", "Cy"])
        plus(page, "Ann")
        expect(value(page, "Ann")).to_have_text("1")
        page.fill("#pts-0", "1000000")
        page.locator("#pad-0 .pad-entry button").click()
        expect(page.locator("#alert")).to_contain_text("more than the pad allows")
        page.locator("#status-bar .sb-undo button").click()
        expect(value(page, "Ann")).to_have_text("0")
    finally:
        context.close()


def test_a_change_arriving_while_typing_keeps_the_field(server, phone):
    host, guest = phone(), phone()
    _, code = start_table(host, server)
    take_seat(guest, server, code, "Bo")
    sees_seated(host, "Bo")
    guest.fill("#pts-1", "7")
    plus(host, "Ann")
    expect(grid_total(guest, 0)).to_have_text("1", timeout=LIVE_MS)
    expect(guest.locator("#pts-1")).to_have_value("7")
    expect(guest.locator("#pts-1")).to_be_focused()
    guest.press("#pts-1", "Enter")
    expect(value(guest, "Bo")).to_have_text("7")
    expect(guest.locator("#alert")).to_have_text("")


def test_a_forbidden_action_shows_its_message_and_changes_nothing(server, phone):
    host = phone()
    start_table(host, server)
    host.fill("#pts-0", "1000000")
    host.locator("#pad-0 .pad-entry button").click()
    alert = host.locator("#alert")
    expect(alert).to_contain_text("more than the pad allows")
    expect(alert).to_be_visible()
    expect(value(host, "Ann")).to_have_text("0")
    expect(grid_total(host, 0)).to_have_text("0")


def _deaf(page) -> None:
    """The page stops hearing about changes, so it still shows the old version when tapped."""
    page.route("**/api/tables/**", lambda route: route.abort() if route.request.method == "GET" else route.continue_())
    page.reload()  # its long poll under way was sent before the route: start again without one


def test_a_tap_on_an_old_state_lands_unless_it_conflicts_and_then_says_so(server, phone):
    host, guest = phone(), phone()
    table_url, code = start_table(host, server)
    take_seat(guest, server, code, "Bo")
    sees_seated(host, "Bo")
    _deaf(guest)
    plus(host, "Ann")
    expect(grid_total(host, 0)).to_have_text("1")
    plus(guest, "Bo")  # made on the old version, and independent of Ann's point: it lands
    expect(grid_total(guest, 0)).to_have_text("1")   # the redraw brought Ann's point
    expect(value(guest, "Bo")).to_have_text("1")     # and Bo's own
    expect(guest.locator("#alert")).to_be_empty()
    # the host's second page, deaf too, taps Ann's +1 again: the same move twice is refused
    again = host.context.new_page()
    again.goto(table_url)
    _deaf(again)
    plus(host, "Ann")
    expect(grid_total(host, 0)).to_have_text("2")
    plus(again, "Ann")
    # (the deaf page cannot read the log, so it does not list what changed)
    expect(again.locator("#alert")).to_contain_text("The table changed before your tap arrived. Your tap was not applied")
    expect(grid_total(again, 0)).to_have_text("2")   # the redraw brought the table as it is


def test_hostile_names_are_shown_as_text_and_run_nothing(server, phone):
    host = phone()
    dialogs = []
    host.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    names = ["Ann", SVG_XSS, SCRIPT_XSS]
    table_url, _ = start_table(host, server, names)
    for name in names[1:]:
        expect(host.locator(".seat .name", has_text=name)).to_have_text(name)
    plus(host, "Ann")
    host.click("text=End the game now…")
    host.check("input[name=confirm]")
    host.click("button:has-text('End the game') >> nth=-1")
    host.wait_for_url(re.compile(r"/score$"))
    expect(host.locator(".podium")).to_contain_text(SVG_XSS)
    host.goto(server + "/history")
    expect(host.locator(".game-list")).to_contain_text("Ann won")
    expect(host.locator("table.scores")).to_contain_text(SVG_XSS)
    assert dialogs == []


TAP_TARGETS = """() => {
  const small = [];
  const seen = new Set();
  for (const el of document.querySelectorAll('button, .btn, a, input:not([type=hidden]), select, summary')) {
    let target = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) target = el.closest('label') || el;
    if (seen.has(target)) continue;
    seen.add(target);
    const box = target.getBoundingClientRect();
    const shown = box.width > 0 && box.height > 0 && getComputedStyle(target).visibility !== 'hidden';
    if (shown && (box.height < 44 || box.width < 44)) small.push(target.outerHTML.slice(0, 80) + ' ' + Math.round(box.width) + 'x' + Math.round(box.height));
  }
  return small;
}"""


def test_every_page_fits_360_px_with_big_tap_targets(server, phone):
    host = phone()
    table_url, code = start_table(host, server, ("Ann", "Bo", "Cy with a long name"))
    plus(host, "Ann")
    host.locator("#pad-0 .pad-entry select").select_option(index=0)
    pages = [server + "/", server + "/join", table_url, table_url + "/log", table_url + "/score",
             table_url + f"/join?code={code}", server + "/history"]
    for url in pages:
        host.goto(url)
        if url == table_url:
            expect(host.locator("#connection")).to_have_text("Live")
        width = host.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{url} scrolls sideways: {width}px"
        assert host.evaluate(TAP_TARGETS) == [], url


def luminance(css_colour: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css_colour)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_dark_theme_follows_the_phone(server, phone):
    page = phone()
    table_url, _ = start_table(page, server)
    for scheme, dark in (("dark", True), ("light", False)):
        page.emulate_media(color_scheme=scheme)
        for url in (table_url, server + "/"):
            page.goto(url)
            body = page.evaluate("[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]")
            card = page.evaluate("getComputedStyle(document.querySelector('.card')).backgroundColor")
            if dark:
                assert luminance(body[0]) < 0.15 and luminance(body[1]) > 0.8 and luminance(card) < 0.2, (url, body)
            else:
                assert luminance(body[0]) > 0.85 and luminance(body[1]) < 0.2, (url, body)


def test_everything_is_served_locally_and_the_app_opens_offline(server, phone):
    page = phone()
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    table_url, _ = start_table(page, server)
    page.goto(table_url + "/score")
    assert requested and all(url.startswith(server) for url in requested), \
        [url for url in requested if not url.startswith(server)]
    page.goto(server + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    manifest = page.evaluate("fetch('/manifest.webmanifest').then(r => r.json())")
    assert manifest["display"] == "standalone"
    page.goto(table_url)
    expect(page.locator("#connection")).to_have_text("Live")
    page.context.set_offline(True)
    try:
        expect(page.locator("#connection")).to_have_text("Offline, retrying", timeout=30_000)
        page.goto(server + "/")
        expect(page.locator("h1")).to_have_text("Start a table")
        expect(page.locator("link[rel=stylesheet]")).to_have_count(1)
        assert page.evaluate("getComputedStyle(document.querySelector('.btn-primary')).minHeight") == "48px"
    finally:
        page.context.set_offline(False)
