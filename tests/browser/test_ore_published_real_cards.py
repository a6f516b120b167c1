"""Ore (published edition) with the real cards, in a real browser, script on and off: when a
mine runs out at the collection, and when the round's close refills the contract row, the page
offers the cards the deck holds by name (never a box for card ids), and the card chosen is the
one the phone's table turns up.

The table is brought to each step through the HTTP API by the moves the game's own bot makes
from the same seed (found here with the rules: a table replays a seed's draws exactly); the
host's phone then plays for the first player ("Play for …"), who runs both steps."""

from __future__ import annotations

import random
import time
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from companion import find_game
from companion.core import PlayerSpec
from companion.ore_published.state import to_json
from conftest import PHONE
from test_play_for_pages import PLAYERS, call

SEED = 1


def _moves_until(wanted):
    """The bot's moves from ``SEED`` until ``wanted(state, d)`` holds; those moves and the state."""
    game = find_game("ore-published")
    state = game.setup([PlayerSpec(p["name"]) for p in PLAYERS], None, seed=SEED)
    chooser, moves = random.Random(SEED), []
    for _ in range(800):
        if wanted(game, state, to_json(state)):
            return moves, state
        seat = game.acting_seats(state)[0]
        action = game.bot_move(state, seat, "heuristic", chooser)
        moves.append(dict(action))
        state = game.apply(state, action)
    raise AssertionError("the step never came")


def _runs_out(game, state, d):
    """A collection at which a mine runs out."""
    if d["phase"] != "collection":
        return False
    after = to_json(game.apply(state, {"type": "collect", "seat": game.acting_seats(state)[0]}))
    return any(d["mines"][r]["card"] != after["mines"][r]["card"] for r in d["mines"])


def _refills(game, state, d):
    return d["phase"] == "cleanup" and None in d["row"]


def _table_at(server, moves):
    status, made = call(server, "POST", "/api/tables", {"game": "ore-published", "players": PLAYERS, "seed": SEED})
    assert status == 201, made
    version = 0
    for move in moves:
        status, body = call(server, "POST", f"/api/tables/{made['id']}/actions", {"version": version, "action": move},
                            made["host_token"])
        assert status == 200, (move, body)
        version = body["version"]
    return made["id"], made["host_token"], version


def _host_page(browser, server, table, host, seat, script):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=script)
    context.add_cookies([{"name": "hf_host", "value": host, "url": f"{server}{path}"}
                         for path in (f"/tables/{table}", f"/api/tables/{table}")])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server}/tables/{table}?for={seat}")
    if script:
        expect(page.locator("#connection")).to_have_text("Live")
    return context, page


@contextmanager
def _first_player_at(server, browser, wanted, script):
    """A table brought to the step ``wanted`` finds, and the host's page playing for the seat
    that acts there: (the state as the rules had it, that seat, table id, host token, version,
    the page)."""
    moves, state = _moves_until(wanted)
    seat = find_game("ore-published").acting_seats(state)[0]
    table, host, version = _table_at(server, moves)
    context, page = _host_page(browser, server, table, host, seat, script)
    try:
        yield state, seat, table, host, version, page
    finally:
        context.close()


def _after(server, table, host, version):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        now = call(server, "GET", f"/api/tables/{table}", token=host)[1]
        if now["version"] > version:
            return now
        time.sleep(0.1)
    raise AssertionError("the move did not land")


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_mine_that_runs_out_is_replaced_by_the_card_chosen_by_name(server, browser, script):
    with _first_player_at(server, browser, _runs_out, script) as (state, seat, table, host, version, page):
        form = page.locator('form[data-type="collect"]')
        expect(form.locator('input[type="text"]')).to_have_count(0)  # no box for card ids
        form.locator("summary", has_text="Playing with the real cards").click()
        working = [r for r, m in to_json(state)["mines"].items() if m["workers"]]
        choices = {}
        for res in working:
            select = form.locator(f"#op-collect-{res}")
            expect(select).to_be_visible()
            labels = select.locator("option").evaluate_all("l => l.map(o => [o.value, o.textContent])")
            assert labels[0] == ["", "Shuffled"] and all(value and text and value not in text for value, text in labels[1:])
            choices[res] = labels[-1][0]  # the deck's last card: not the one the phone would draw
            select.select_option(choices[res])
        form.get_by_role("button", name="Collect").click()
        now = _after(server, table, host, version)
        replaced = [r for r in working if now["state"]["mines"][r]["card"] != to_json(state)["mines"][r]["card"]]
        assert replaced and all(now["state"]["mines"][r]["card"] == choices[r] for r in replaced), now["state"]["mines"]


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_the_rows_new_contracts_are_the_cards_chosen_by_name(server, browser, script):
    with _first_player_at(server, browser, _refills, script) as (state, seat, table, host, version, page):
        empty = [slot for slot, card in enumerate(to_json(state)["row"]) if card is None]
        form = page.locator('form[data-type="close_round"]')
        expect(form.locator('input[type="text"]')).to_have_count(0)
        form.locator("summary", has_text="Playing with the real cards").click()
        selects = form.locator("select[name=cards]")
        expect(selects).to_have_count(len(empty))
        options = selects.first.locator("option").evaluate_all("l => l.map(o => o.value)")[1:]
        chosen = options[-2:] if len(empty) > 1 else options[-1:]
        for index, card in enumerate(chosen):
            selects.nth(index).select_option(card)
        form.get_by_role("button", name="Close the round").click()
        now = _after(server, table, host, version)
        row = now["state"]["row"]
        assert [row[slot] for slot in empty[:len(chosen)]] == chosen, row


def _tasking(game, state, d):
    return d["phase"] == "tasking" and not d.get("queue")


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_permit_draws_are_chosen_by_name(server, browser, script):
    with _first_player_at(server, browser, _tasking, script) as (state, seat, table, host, version, page):
        form = page.locator('form[data-type="place"]', has=page.locator('select[name="cards"]'))
        expect(form.locator('input[type="text"]')).to_have_count(0)
        form.locator("summary", has_text="Permit office").click()
        form.locator("summary", has_text="Playing with the real cards").click()
        form.locator('input[name="count"]').fill("2")
        selects = form.locator('select[name="cards"]')
        names = selects.first.locator("option").evaluate_all("l => l.slice(1).map(o => [o.value, o.textContent])")
        assert all(value not in text for value, text in names)  # names, not ids
        wanted = [names[-1][0], names[-2][0]]
        for index, card in enumerate(wanted):
            selects.nth(index).select_option(card)
        form.get_by_role("button", name="Draw").click()
        now = _after(server, table, host, version)
        # the host reads the table as the seat it plays for: that seat's hand holds the two cards
        seen = call(server, "GET", f"/api/tables/{table}?for={seat}", token=host)[1]
        hand = seen["state"]["players"][seat]["hand"]
        assert sorted(card.split("#")[0] for card in hand[-2:]) == sorted(wanted), hand
        assert now["version"] == version + 1


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_private_mine_is_the_card_chosen_by_name(server, browser, script):
    with _first_player_at(server, browser, _tasking, script) as (state, seat, table, host, version, page):
        form = page.locator('form[data-type="place"]', has=page.locator('select[name="card"]'))
        form.locator("summary", has_text="Private mine").click()
        res = form.locator('select[name="res"] option').first.get_attribute("value")
        form.locator('select[name="res"]').select_option(res)
        cards = form.locator(f'select[name="card"] optgroup[label="{res.capitalize()} mines"] option')
        value, text = cards.last.get_attribute("value"), cards.last.text_content()
        assert value not in text  # a name, not an id
        form.locator('select[name="card"]').select_option(value)
        form.get_by_role("button", name="Open").click()
        _after(server, table, host, version)
        seen = call(server, "GET", f"/api/tables/{table}?for={seat}", token=host)[1]
        assert seen["state"]["players"][seat]["private"]["card"] == value
