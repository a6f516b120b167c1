"""ARDEVUR played by two phones at 360 px (one light, one dark) through the pages only: the
table is made on the home page with its options as switches, the second phone joins by code,
and each phone taps one of its own enabled moves whenever its banner says it is its turn,
from the setup rolls and the auction into the second round. On the way: the map shows each
structure with its owner's letter, the target grid and storage stand on the page, a phone
never lists the other's action cards, and the agreements (minute 64, retiring a target) sit
in their own card; at the end one retires a target and the other calls time."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from play_pages import open_folds
from test_table_flow import take_seat

WAIT = 30_000  # ms: a shared machine under load answers slowly

# What a sensible player prefers, best first; moves left out are never tapped here (the
# agreements, shifting targets, exchanging cards: they are tested on their own).
PREFER = ("start", "choose_corporation", "deal", "auction_roll", "pick_territory", "pick_development",
          "answer_offer", "claim_target", "claim_incentive", "extract", "exploit", "explore", "global_sale",
          "take_development", "build_infrastructure", "acquire_asset", "pass")
WANTED = {"license", "geologist", "workforce", "machinery"}


def enabled_moves(page) -> list[dict]:
    """The moves this phone offers now, as the actions its buttons send (the status bar's
    repeat of the only move left out)."""
    texts = page.eval_on_selector_all(
        "#live form.hf-action:not(.sb-main)", "forms => forms.filter(f => !f.querySelector('button').disabled)"
                               ".map(f => f.getAttribute('data-action'))")
    return [json.loads(t) for t in texts]


def choose(moves: list[dict]) -> dict | None:
    def rank(move):
        kind = move["type"]
        if kind not in PREFER:
            return (len(PREFER), 0)
        extra = 0
        if kind == "take_development":
            extra = -len(WANTED & set(move["cards"])) * 2 + len(WANTED & set(move.get("discard") or [])) * 3
        if kind == "extract":
            extra = -len(move["mines"])
        if kind == "answer_offer":
            extra = 0 if not move["buy"] else 1
        return (PREFER.index(kind), extra)
    usable = [m for m in moves if m["type"] in PREFER and not m.get("phone") and not m.get("loan")]
    return min(usable, key=rank) if usable else None


def tap(page, move: dict) -> None:
    before = page.locator("#live [data-version]").first.get_attribute("data-version")
    forms = "#live form.hf-action:not(.sb-main)"  # the moves, not the status bar's repeat
    form = page.locator(f"{forms}[data-action='{json.dumps(move, sort_keys=True, separators=(',', ':'))}']")
    if form.count() == 0:  # the attribute's spelling differs: find it by value
        index = [json.loads(t) for t in page.eval_on_selector_all(
            forms, "fs => fs.map(f => f.getAttribute('data-action'))")].index(move)
        form = page.locator(forms).nth(index)
    open_folds(form)  # a way inside the steps (what, then which) is tapped after opening them
    form.locator("button").click()
    expect(page.locator("#live [data-version]").first).not_to_have_attribute("data-version", before, timeout=WAIT)


def my_turn(page) -> bool:
    meta = page.locator("#live [data-my-turn]")
    return meta.count() > 0 and meta.first.get_attribute("data-my-turn") == "1"


def play(phones: dict, until, taps: int, shots=None) -> int:
    """Tap moves on whichever phone is due until ``until()`` holds; returns the taps made."""
    made = 0
    while not until() and made < taps:
        due = None
        for name, page in phones.items():
            if my_turn(page):
                move = choose(enabled_moves(page))
                if move is not None:
                    due = (name, page, move)
                    break
        if due is None:  # the other phone has not heard of the last move yet
            list(phones.values())[0].wait_for_timeout(300)
            continue
        name, page, move = due
        tap(page, move)
        made += 1
        for other in phones.values():  # every phone catches up before the next tap
            expect(other.locator("#live [data-version]").first).to_have_attribute(
                "data-version", page.locator("#live [data-version]").first.get_attribute("data-version"), timeout=WAIT)
        if shots:
            shots(made)
    return made


def test_two_phones_play_into_the_second_round_through_the_pages(server, phone):
    ann, bo = phone(), phone("dark")
    for page in (ann, bo):
        page.set_default_timeout(WAIT)
    ann.goto(server + "/")
    ann.select_option("#game", "ardevur|standard")
    # the table options are switches shown only while Ardevur is chosen
    expect(ann.locator('[data-switches="ardevur"]')).to_be_visible()
    ann.check('input[name="switch-ardevur-endgame"][value="minute-64"]')
    ann.select_option("#game", "scorepad")
    expect(ann.locator('[data-switches="ardevur"]')).to_be_hidden()
    ann.select_option("#game", "ardevur|standard")
    expect(ann.locator('input[name="switch-ardevur-endgame"][value="minute-64"]')).to_be_checked()
    for index, name in enumerate(("Ann", "Bo")):
        if ann.locator(f"#player-name-{index}").count() == 0:
            ann.click("[data-add-player]")
        ann.fill(f"#player-name-{index}", name)
    ann.click("text=Start the table")
    ann.wait_for_url(re.compile(r"/tables/\w+$"))
    code = ann.locator(".join-code").inner_text().strip()
    expect(ann.locator("#connection")).to_have_text("Live")
    take_seat(bo, server, code, "Bo")
    # Ann's phone hears of the join before tapping (a tap from before it is refused as stale)
    expect(ann.locator(".seat", has_text="Bo")).to_contain_text("seated", timeout=WAIT)
    expect(ann.locator("#ard-turn")).to_have_text("Ready to start")
    expect(ann.locator("#ard-options")).to_contain_text("minute 64")
    phones = {"Ann": ann, "Bo": bo}
    heading = ann.locator("#ard-turn")
    play(phones, lambda: "'s turn" in heading.inner_text(), 60)
    # in play: whose turn and which phase, storage, the map and the grid on both phones
    for page in (ann, bo):
        expect(page.locator("#ard-turn")).to_contain_text(re.compile(r"(Ann|Bo)'s turn · \w+ phase"))
        expect(page.locator("#ard-storage")).to_contain_text(re.compile(r"\d+M / 32M"))
        expect(page.locator("#ard-map .ard-site[data-owner]")).to_have_count(4)
        expect(page.locator("#ard-grid li")).to_have_count(9)
    # each phone names its own action card and only counts the other's
    hands = {name: {t.split(" · ")[0] for t in page.locator("#ard-hand .pill").all_inner_texts()}
             for name, page in phones.items()}
    assert hands["Ann"] and hands["Bo"]
    for name, page in phones.items():
        other = "Bo" if name == "Ann" else "Ann"
        for card in hands[other] - hands[name]:
            expect(page.locator("#live")).not_to_contain_text(card)
        expect(page.locator("#ard-players")).to_contain_text("1 hidden")
    # the minute-64 call sits in the agreements card on every phone, away from the moves
    for page in (ann, bo):
        expect(page.locator("#ard-agreements button", has_text="Call time")).to_be_enabled()
    due = ann if my_turn(ann) else bo
    expect(due.locator("#ard-retire > summary")).to_have_text("Retire a target nobody can meet")
    expect(due.locator("section[aria-labelledby=moves-title] button", has_text="Retire")).to_have_count(0)
    round_pill = ann.locator(".status-line .pill", has_text="Round")
    play(phones, lambda: round_pill.inner_text() == "Round 2", 60)
    expect(round_pill).to_have_text("Round 2")
    for page in (ann, bo):
        expect(page.locator(".status-line .pill", has_text="Round")).to_have_text("Round 2")
        # nothing pushes the page sideways at 360 px
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # retiring a target by agreement: the first pile's card leaves the grid for the one beneath
    due = ann if my_turn(ann) else bo
    due.locator("#ard-retire > summary").click()
    ask = due.locator("#ard-retire details.ard-confirm").first
    ask.locator("summary").click()  # the question names the card; its own button confirms
    retire = ask.locator("button", has_text="Yes, retire")
    name = retire.inner_text().split("Yes, retire ", 1)[1]
    piles = due.locator("#ard-grid li")
    index = next(i for i, text in enumerate(piles.all_inner_texts()) if f": {name} — " in text)
    before = piles.nth(index).inner_text()
    retire.click()
    expect(piles.nth(index)).not_to_have_text(before, timeout=WAIT)
    expect(piles.nth(index)).not_to_contain_text(name)
    # minute 64: the other phone ends the game
    other = bo if due is ann else ann
    expect(other.locator("#live [data-version]").first).to_have_attribute(
        "data-version", due.locator("#live [data-version]").first.get_attribute("data-version"), timeout=WAIT)
    other.locator("#ard-agreements button", has_text="Call time").click()
    for page in (ann, bo):
        expect(page.locator("#ard-turn")).to_have_text("Game over", timeout=WAIT)
        expect(page.locator("#live")).to_contain_text("minute 64 was reached")
