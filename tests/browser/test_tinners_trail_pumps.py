"""Tinners' Trail's steam pumps on the phone, script on and off: a group of two or more pumps
may take its water from one area or split it between areas (the rules' "Steam pumps"), and the
page lets a player do either in one move.

The table is brought to such a turn through the HTTP API by the moves the game's own bot makes
from the same seed, found here with the rules (a table replays a seed's dice and cards exactly);
then the host's phone plays for that seat ("Play for Ben") and splits the water."""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from companion import find_game
from companion.core import PlayerSpec
from conftest import PHONE
from test_play_for_pages import PLAYERS, call

SEED = 1


def _moves_to_a_split_pump_turn():
    """The bot's moves from ``SEED`` until a seat may take steam pumps from a group of two or
    more with water in two areas or more; those moves and that seat."""
    game = find_game("tinners-trail")
    state = game.setup([PlayerSpec(p["name"]) for p in PLAYERS], "base", seed=SEED)
    chooser, moves = random.Random(SEED), []
    for _ in range(600):
        seat = game.acting_seats(state)[0]
        view = game.view(state, seat)
        pumps = any(o.action.get("type") == "steam_pumps" and o.allowed for o in game.options(state, seat)) \
            if state.phase == "actions" else False
        if pumps and view["info"]["pump_limit"] >= 2 and sum(1 for a in view["areas"] if a["water"]) >= 2:
            return moves, seat, [a for a in view["areas"] if a["water"]][:2]
        action = game.bot_move(state, seat, "heuristic", chooser)
        moves.append(dict(action))
        state = game.apply(state, action)
    raise AssertionError("no turn with two steam pumps and water in two areas")


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_steam_pumps_split_their_water_between_two_areas(server, browser, script):
    moves, seat, (first, second) = _moves_to_a_split_pump_turn()
    status, made = call(server, "POST", "/api/tables", {"game": "tinners-trail", "players": PLAYERS, "seed": SEED})
    assert status == 201, made
    table, host = made["id"], made["host_token"]
    version = 0
    for move in moves:
        status, body = call(server, "POST", f"/api/tables/{table}/actions", {"version": version, "action": move}, host)
        assert status == 200, (move, body)
        version = body["version"]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=script)
    context.add_cookies([{"name": "hf_host", "value": host, "url": f"{server}{path}"}
                         for path in (f"/tables/{table}", f"/api/tables/{table}")])
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{server}/tables/{table}?for={seat}")
        if script:
            expect(page.locator("#connection")).to_have_text("Live")
        page.locator("#tt-develop > summary").click()
        form = page.locator('form[data-type="steam_pumps"]').first
        expect(form.locator("#tt-pump-what")).to_contain_text("from one area or split between areas")
        form.locator('select[name="area"]').select_option(first["id"])
        form.locator('input[name="amount"]').fill("1")
        form.locator('select[name="area2"]').select_option(second["id"])
        form.locator('input[name="amount2"]').fill("1")
        form.get_by_role("button", name="Take steam pumps").click()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            status, now = call(server, "GET", f"/api/tables/{table}", token=host)
            if now["version"] > version:
                break
            time.sleep(0.1)
        assert now["version"] == version + 1, page.locator("#alert").inner_text()
        water = {a["id"]: a["water"] for a in now["state"]["areas"]}
        assert (water[first["id"]], water[second["id"]]) == (first["water"] - 1, second["water"] - 1)
        events = call(server, "GET", f"/api/tables/{table}/log", token=host)[1]["events"]
        last = events[-1]
        assert last["seat"] == seat and re.search(r"steam pumps", last["summary"], re.I), last
        assert last["summary"].endswith(f"(entered by the host for {PLAYERS[seat]['name']})"), last
    finally:
        context.close()
