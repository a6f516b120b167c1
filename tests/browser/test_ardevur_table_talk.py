"""ARDEVUR on two 360 px phones (one light, one dark): the banners say who still has to act
during the deal and the auction roll-offs (both bidders roll; then one bids alone), and retiring a target by the table's agreement asks
first, naming the card and its points, and can be put back by the phone that retired it, with
script and without (axe finds nothing serious on either phone meanwhile)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_ardevur_game import WAIT, enabled_moves, my_turn, play
from test_axe import BLOCKING, _violations
from test_table_flow import sees_seated, start_table, take_seat


def banner(page) -> str:
    return page.locator("#turn").inner_text().strip() if page.locator("#turn").count() else ""


def test_banners_name_who_still_rolls_and_retiring_asks_and_can_be_put_back(server, phone, browser):
    ann, bo = phone(), phone("dark")
    for page in (ann, bo):
        page.set_default_timeout(WAIT)
    _url, code = start_table(ann, server, ("Ann", "Bo"), "ardevur|standard")
    take_seat(bo, server, code, "Bo")
    sees_seated(ann, "Bo")
    phones = {"Ann": ann, "Bo": bo}
    names = {id(ann): "Ann", id(bo): "Bo"}

    # the deal: the first player deals, the other phone waits for them by name
    play(phones, lambda: "deal" in banner(ann) + banner(bo), 10)
    dealer = ann if my_turn(ann) else bo
    other = bo if dealer is ann else ann
    expect(dealer.locator("#turn")).to_have_text("Your turn — deal the action and development cards")
    expect(other.locator("#turn")).to_have_text(f"Waiting for {names[id(dealer)]} to deal the cards")
    assert [m["type"] for m in enabled_moves(other)] == []

    # the first roll-off: both players bid, so both phones are called on, each naming the other
    play(phones, lambda: "roll for the auction" in banner(ann), 5)
    expect(ann.locator("#turn")).to_have_text("Your turn (with Bo) — roll for the auction")
    expect(bo.locator("#turn")).to_have_text("Your turn (with Ann) — roll for the auction", timeout=WAIT)
    for page in (ann, bo):
        expect(page).to_have_title(re.compile(r"^Your turn · "))

    # once one player holds the two territories this round gives, only the other bids: with
    # nobody to roll against they take the next pick, and the first phone waits for them by
    # name, without a roll button (three players and two bidders: tests/test_ardevur_web.py)
    play(phones, lambda: "to take the next pick" in banner(ann) + banner(bo), 20)
    waiting = ann if "to take the next pick" in banner(ann) else bo
    rolling = bo if waiting is ann else ann
    expect(waiting.locator("#turn")).to_have_text(f"Waiting for {names[id(rolling)]} to take the next pick")
    expect(rolling.locator("#turn")).to_have_text("Your turn — take the next pick (the only bidder)", timeout=WAIT)
    expect(waiting).not_to_have_title(re.compile(r"^Your turn"))
    expect(rolling).to_have_title(re.compile(r"^Your turn · "))
    assert "auction_roll" not in [m["type"] for m in enabled_moves(waiting)]
    assert [m["type"] for m in enabled_moves(rolling)] == ["auction_roll"]

    # into play; the phone whose turn it is holds the retire card
    heading = ann.locator("#ard-turn")
    play(phones, lambda: "'s turn" in heading.inner_text(), 20)
    due = ann if my_turn(ann) else bo
    watcher = bo if due is ann else ann
    grid = due.locator("#ard-grid li").first  # gold pile 1
    top = re.search(r": (.+?) — needs", grid.inner_text()).group(1)
    version = due.locator("#live [data-version]").first.get_attribute("data-version")
    due.locator("#ard-retire > summary").click()
    ask = due.locator("#ard-retire-gold-0")
    ask.locator("summary").click()  # opening the question changes nothing yet
    question = ask.locator(".ard-question")
    expect(question).to_contain_text(re.compile(
        rf"^Retire {re.escape(top)}, the \d+-point gold target\? The whole table agrees to this\."))
    expect(question).to_contain_text("You can put it back until anyone acts again.")
    assert due.locator("#live [data-version]").first.get_attribute("data-version") == version
    expect(grid).to_contain_text(top)
    ask.locator("button", has_text=f"Yes, retire {top}").click()
    expect(grid).not_to_contain_text(f": {top} —", timeout=WAIT)
    expect(watcher.locator("#ard-grid li").first).not_to_contain_text(f": {top} —", timeout=WAIT)
    # the phone that retired it may put it back; the other phone is not offered that
    restore = due.locator("#ard-restore")
    expect(restore).to_contain_text(f"You retired {top} (gold pile 1)")
    expect(watcher.locator("#ard-restore")).to_have_count(0)
    # the put-back card and the open question pass axe, in both themes, on either phone
    for source, scheme in ((due, "light"), (due, "dark"), (watcher, "light")):
        checker = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme, bypass_csp=True)
        try:
            checker.add_cookies(source.context.cookies())
            page = checker.new_page()
            page.goto(source.url)
            if page.locator("#ard-retire").count():
                page.locator("#ard-retire > summary").click()
                page.locator("#ard-retire details.ard-confirm > summary").first.click()
            assert [v for v in _violations(page) if v["impact"] in BLOCKING] == []
        finally:
            checker.close()
    restore.locator("button", has_text=f"Put {top} back on its pile").click()
    expect(grid).to_contain_text(f": {top} —", timeout=WAIT)
    expect(watcher.locator("#ard-grid li").first).to_contain_text(f": {top} —", timeout=WAIT)
    expect(due.locator("#ard-restore")).to_have_count(0)
    # and having put one back, retiring waits for the next turn (no looking under the piles)
    expect(due.locator("#ard-retire")).to_have_count(0)

    # without script: the question is a native fold-out, its button a second submit
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    try:
        quiet = context.new_page()
        quiet.set_default_timeout(WAIT)
        context.add_cookies(due.context.cookies())
        play(phones, lambda: my_turn(due) and due.locator("#ard-retire").count() > 0, 30)
        quiet.goto(due.url)
        grid = quiet.locator("#ard-grid li").first
        top = re.search(r": (.+?) — needs", grid.inner_text()).group(1)
        quiet.locator("#ard-retire > summary").click()
        quiet.locator("#ard-retire-gold-0 > summary").click()
        expect(quiet.locator("#ard-retire-gold-0 .ard-question")).to_contain_text(f"Retire {top}, the ")
        quiet.locator("#ard-retire-gold-0 button", has_text=f"Yes, retire {top}").click()
        expect(quiet.locator("#ard-grid li").first).not_to_contain_text(f": {top} —")
        quiet.locator("#ard-restore button").click()
        expect(quiet.locator("#ard-grid li").first).to_contain_text(f": {top} —")
    finally:
        context.close()
