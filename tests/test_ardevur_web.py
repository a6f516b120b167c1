"""ARDEVUR's table page: whose turn and phase, costs beside the moves, storage, the map with
structures by owner, the target grid, and each phone seeing only its own action cards."""

from __future__ import annotations

import random
import re

import webgame
from companion import find_game
from test_pages import csrf, seated
from webapp import tables
from webgame import TOKEN, act

GAME = find_game("ardevur")


def data(state):
    """The state as a table stores it (its JSON form)."""
    return GAME.to_json(state)


PLAYERS = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2e64a8"}]


def test_page_through_setup_into_play(app):
    table, host = webgame.start(app, "ardevur", PLAYERS, "standard", 5)
    client = app.test_client()
    version, chooser = 0, random.Random(5)
    # The heuristic bot plays both seats through the API until Ann has a mine and a turn is on.
    for _ in range(400):
        with app.app_context():
            state = tables.get(table.id).state
        d = data(state)
        if d["phase"] == "play" and any(s == "active" for p in d["players"] for s in p["sites"].values()) \
                and d["stage"] == "development":
            break
        seat = GAME.acting_seats(state)[0]
        move = GAME.bot_move(state, seat, "heuristic", chooser)
        response = act(client, table.id, host, version, move)
        assert response.status_code == 200, response.get_json()
        version = response.get_json()["version"]
    d = data(state)
    assert d["phase"] == "play"
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    turn_name = PLAYERS[d["turn"]]["name"]
    assert f"{turn_name}&#39;s turn · development phase" in html or f"{turn_name}'s turn · development phase" in html
    assert 'id="ard-map"' in html and 'class="ard-mine"' in html and 'id="ard-grid"' in html
    # every territory held is marked on the map with its holder's letter, not by colour alone
    for seat, p in enumerate(d["players"]):
        for t in p["territories"]:
            site = re.search(rf'<g class="ard-site" data-territory="{t}" data-owner="{seat}"[^>]*>(.*?)</g>', html, re.S)
            assert site and f">{PLAYERS[seat]['name'][0]}</text>" in site.group(1)
    # each player's pieces, dots and key take the colour beside their name on every page, never
    # their corporation's printed colour as well
    corp_colours = {c.colour.lower() for c in GAME.data.corporations.values()} - {p["colour"] for p in PLAYERS}
    for seat, p in enumerate(d["players"]):
        colour = PLAYERS[seat]["colour"]
        for t in p["territories"]:
            site = re.search(rf'<g class="ard-site" data-territory="{t}" data-owner="{seat}"[^>]*>(.*?)</g>', html, re.S)
            assert f'"{colour}"' in site.group(1)
        key = re.search(r'<span class="pill"><svg[^>]*><circle[^>]*fill="([^"]+)"/></svg> <strong>[^<]*</strong> '
                        + re.escape(PLAYERS[seat]["name"]), html)
        assert key and key.group(1) == colour
    assert not any(f'fill="{c}"' in html.lower() for c in corp_colours)
    # the grid names what each top target needs
    top = d["grid"]["gold"][0][-1]
    assert GAME.data.targets[top].name in html and "needs " in html
    assert "style=" not in html and "<script" not in html
    # The costs of development moves stand beside them.
    body = client.get(f"/api/tables/{table.id}?for={d['turn']}", headers={TOKEN: host}).get_json()  # "Play for"
    costs = [o["cost"] for o in body["options"] if o["action"]["type"] in ("explore", "exploit", "acquire_asset")]
    assert costs and all(c.endswith("M") or "M +" in c for c in costs)

    for seat in (0, 1):
        phone = app.test_client()
        seated(app, phone, table.id, seat)
        page = phone.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
        me = d["players"][seat]
        assert 'id="ard-storage"' in page
        used = sum(me["stock"].values())
        assert f"{used}M / " in page
        for card in me["actions"]:
            assert GAME.data.actions[card].name in page
        for card in d["players"][1 - seat]["actions"]:
            if GAME.data.actions[card].name not in {GAME.data.actions[c].name for c in me["actions"]}:
                assert GAME.data.actions[card].name not in page


def test_the_new_table_form_sets_every_table_option_as_a_switch(app, client):
    home = client.get("/").get_data(as_text=True)
    # the mode is the game choice; each other option is a switch of its own
    for mode in ("standard", "fair-play", "clash-of-titans", "launched-start"):
        assert f'value="ardevur|{mode}"' in home
    assert 'name="switch-ardevur-endgame" value="minute-64"' in home
    assert 'name="switch-ardevur-endgame" value="final-round"' in home
    assert 'name="switch-ardevur-endgame" value="exhausted"' in home
    assert 'type="checkbox" name="switch-ardevur-cards" value="all-cards"' in home
    assert 'type="checkbox" name="switch-ardevur-corporations" value="random-corporations"' in home
    data = {"csrf_token": csrf(client), "game": "ardevur|fair-play", "name": ["Ann", "Bo"],
            "colour": ["#c0392b", "#2e64a8"], "switch-ardevur-endgame": "minute-64",
            "switch-ardevur-cards": "all-cards", "seat_me": "1"}
    response = client.post("/tables", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        table = tables.get(table_id)
    assert table.variant == "fair-play+minute-64+all-cards"
    assert GAME.to_json(table.state)["variant"] == "fair-play"
    assert GAME.to_json(table.state)["options"] == {"endgame": "minute-64", "remove_cards": "no", "corporations": "roll"}
    page = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "Fair Play, ends at minute 64, every card" in page
    assert "the game ends at minute 64 of the table clock" in page and "every card in play" in page


def test_a_wrong_option_word_is_refused_with_its_name_and_no_table_is_made(app, client):
    data = {"csrf_token": csrf(client), "game": "ardevur|standard", "name": ["Ann", "Bo"],
            "colour": ["#c0392b", "#2e64a8"], "switch-ardevur-endgame": "never"}
    response = client.post("/tables", data=data)
    assert response.status_code == 422
    assert "unknown table option &#39;never&#39;" in response.get_data(as_text=True)
    # the API takes the same words after the mode
    created = client.post("/api/tables", json={"game": "ardevur", "variant": "standard+exhausted+random-corporations",
                                               "players": PLAYERS, "seed": 4})
    assert created.status_code == 201, created.get_json()
    state = created.get_json()["table"]
    assert state["variant"] == "standard+exhausted+random-corporations"
    assert state["state"]["options"] == {"endgame": "exhausted", "remove_cards": "yes", "corporations": "random"}
    refused = client.post("/api/tables", json={"game": "ardevur", "variant": "standard+exhausted+final-round",
                                               "players": PLAYERS})
    assert refused.status_code == 422 and "choose one" in str(refused.get_json())


def test_the_turn_banner_names_the_phase_and_the_phases_to_come(app):
    table, host = webgame.start(app, "ardevur", PLAYERS, "standard", 7)
    client = app.test_client()
    phones, tokens = zip(*(webgame.seat_phone(app, table, s) for s in range(2)))

    assert webgame.banners(phones, table) == ["Your turn — starting the game", "Waiting for Ann (starting the game)"]
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["version"]
    chooser, seen = random.Random(7), set()
    for _ in range(400):
        with app.app_context():
            state = tables.get(table.id).state
        d = data(state)
        if d["phase"] == "play" and not d["offers"] and not d["ts"].get("must_discard") and d["stage"] not in seen:
            turn, other = d["turn"], 1 - d["turn"]
            phrase = {"extraction": "extraction phase, then strategy, development and reward",
                      "strategy": "strategy phase, then development and reward",
                      "development": "development phase, then reward",
                      "reward": "reward phase, the last of the turn"}[d["stage"]]
            shown = webgame.banners(phones, table)
            assert shown[turn] == f"Your turn — {phrase}"
            assert shown[other] == f"Waiting for {PLAYERS[turn]['name']} ({phrase})"
            seen.add(d["stage"])
            if seen >= {"strategy", "development", "reward"}:
                break
        if d["phase"] == "corporations":
            assert webgame.banners(phones, table)[d["picker"]] == "Your turn — choosing a corporation"
        seat = GAME.acting_seats(state)[0]
        move = GAME.bot_move(state, seat, "heuristic", chooser)
        response = act(client, table.id, tokens[seat], version, move)
        assert response.status_code == 200, response.get_json()
        version = response.get_json()["version"]
    assert seen >= {"strategy", "development", "reward"}


def test_a_phone_offered_the_deal_or_an_auction_roll_is_one_the_table_waits_for():
    """Anyone at the table may deal or roll for an auction: every seat offered the move is a seat
    the banners call on, so no phone reads "Waiting for Ann" above its own enabled roll."""
    from companion.core import PlayerSpec

    st = GAME.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], "standard", 3)
    chooser, seen = random.Random(1), set()
    while GAME.end_if(st) is None and data(st)["phase"] in ("ready", "corporations", "deal", "auction"):
        waiting = GAME.acting_seats(st)
        for seat in range(3):
            offered = [o for o in GAME.options(st, seat) if o.allowed and o.action["type"] in ("deal", "auction_roll")]
            if offered:
                seen.add(offered[0].action["type"])
                assert seat in waiting, (data(st)["phase"], seat, waiting)
        st = GAME.apply(st, GAME.bot_move(st, waiting[-1], "heuristic", chooser))
    assert seen == {"deal", "auction_roll"}


def test_in_a_roll_off_the_bidders_are_called_on_and_a_player_sitting_it_out_waits_for_them(app):
    """Three players, first auction round: once one holds the two territories the round gives,
    the other two roll ("Your turn (with Cy) — roll for the auction") and the first waits
    for them ("Waiting for Bo and Cy to roll"), with no roll offered; with one bidder left,
    there is no roll, only the pick."""
    from companion.ardevur.moves.auction import bidders

    three = PLAYERS + [{"name": "Cy", "colour": "#1e8449"}]
    table, host = webgame.start(app, "ardevur", three, "standard", 11)
    client = app.test_client()
    phones, tokens = zip(*(webgame.seat_phone(app, table, s) for s in range(3)))
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["version"]
    chooser, seen = random.Random(11), set()
    names = [p["name"] for p in three]
    for _ in range(60):
        with app.app_context():
            state = tables.get(table.id).state
        d = data(state)
        if d["phase"] == "auction" and d["auction"]["winner"] is None:
            rolling = bidders(GAME.data, state)
            shown = webgame.banners(phones, table)
            for seat in range(3):
                offered = [o.action["type"] for o in GAME.options(state, seat) if o.allowed]
                if seat not in rolling:
                    who = " and ".join(names[s] for s in rolling)
                    assert shown[seat] == f"Waiting for {who} {'to roll' if len(rolling) > 1 else 'to take the next pick'}"
                    assert offered == []
                    seen.add(len(rolling))
                elif len(rolling) > 1:
                    others = " and ".join(names[s] for s in rolling if s != seat)
                    assert shown[seat] == f"Your turn (with {others}) — roll for the auction"
                    assert offered == ["auction_roll"]
                else:
                    assert shown[seat] == "Your turn — take the next pick (the only bidder)"
        if d["phase"] == "play":
            break
        seat = GAME.acting_seats(state)[0]
        move = GAME.bot_move(state, seat, "heuristic", chooser)
        response = act(client, table.id, tokens[seat], version, move)
        assert response.status_code == 200, response.get_json()
        version = response.get_json()["version"]
    assert seen >= {2}


def test_the_dashboard_lists_held_cards_and_the_corporations_holdings_in_plain_words(app):
    """A player holding an incentive and no target reads "Held: Green Deal (...)", not
    "Held: , Green Deal"; the corporations list counts "1 incentive", "2 targets and 1
    incentive", and an empty hand as "none"."""
    from types import SimpleNamespace

    from flask import render_template

    from companion.core import PlayerSpec

    state = GAME.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], "standard", 3)
    chooser = random.Random(3)
    while data(state)["phase"] != "play":
        seat = GAME.acting_seats(state)[0]
        state = GAME.apply(state, GAME.bot_move(state, seat, "heuristic", chooser))
    d = GAME.to_json(state)
    incentive = sorted(GAME.data.incentives)[0]
    targets = sorted(GAME.data.targets)[:2]
    d["players"][0].update(targets=[], incentives=[incentive], actions=[])
    d["players"][1].update(targets=targets, incentives=[sorted(GAME.data.incentives)[1]])
    view = GAME.view(GAME.from_json(d), 0)
    table = SimpleNamespace(seats=[SimpleNamespace(colour="#c0392b"), SimpleNamespace(colour="#2e64a8")],
                            variant="standard")
    with app.test_request_context():
        html = render_template("games/ardevur.html", table=table, game=GAME, view=view, seat=0, options=[],
                               version=1, act_url="/act")
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert f"Held: {GAME.data.incentives[incentive].name} (" in text
    assert "Held: ," not in text
    assert "action cards: none" in text
    assert "holds 1 incentive" in text
    assert "holds 2 targets and 1 incentive" in text
    assert "target and incentive cards" not in text


def test_a_phone_not_in_the_first_seat_cannot_start_the_table(app):
    """Through the API, Bo's phone sending "start" is refused and nothing is written; Ann's phone
    starts the table."""
    table, host = webgame.start(app, "ardevur", PLAYERS, "standard", 4)
    client = app.test_client()
    phones = [webgame.seat_phone(app, table, seat) for seat in range(2)]
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["version"]
    refused = act(client, table.id, phones[1][1], version, {"type": "start", "seat": 1})
    assert refused.status_code == 422 and "first seat" in refused.get_json()["error"]["message"]
    with app.app_context():
        assert tables.get(table.id).version == version
        assert data(tables.get(table.id).state)["phase"] == "ready"
    started = act(client, table.id, phones[0][1], version, {"type": "start", "seat": 0})
    assert started.status_code == 200
