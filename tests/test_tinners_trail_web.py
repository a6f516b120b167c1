"""Tinners' Trail through the web app: a table from webapp.tables, actions through the JSON API,
a refusal with the rule's reason, and the phase screens of the table page."""

from __future__ import annotations

from companion.core import PlayerSpec
from companion import find_game
import webgame
from webgame import TOKEN, act
from webapp import tables

GAME = find_game("tinners-trail")

PLAYERS = [{"name": "Mike", "colour": "#e5b800"}, {"name": "Katie", "colour": "#2e86de"},
           {"name": "Zoe", "colour": "#e056a0"}]


def start(app, seed=3, variant="base"):
    return webgame.start(app, "tinners-trail", PLAYERS, variant, seed)


def discards(player):
    """The first card of each region: the same seed deals the same cards as the table."""
    return [next(c for c in player.drawn if GAME.rules.cards[c].regions == (r,)) for r in "ABC"]


def choose_cards(client, table, host):
    dealt = GAME.setup([PlayerSpec(p["name"]) for p in PLAYERS], "base", seed=3)
    version = 0
    for seat, player in enumerate(dealt.players):
        body = act(client, table.id, host, version, {"type": "keep_cards", "seat": seat, "discard": discards(player)})
        version = body.get_json()["version"]
    return dealt, version


def test_setup_prices_and_an_auction_through_the_api(app):
    table, host = start(app)
    client = app.test_client()
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    assert body["state"]["phase"] == "survey"
    assert body["state"]["seed"] is None  # nobody can predict the dice
    dealt, version = choose_cards(client, table, host)
    assert client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["state"]["phase"] == "prices"
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    version = body["version"]
    state = body["state"]
    assert state["phase"] == "actions" and state["info"]["tin_price"] in (4, 5, 6, 7)
    active = state["info"]["active"]
    tiled = next(a["id"] for a in state["areas"] if a["tile"])
    refused = act(client, table.id, host, version, {"type": "sell_pasties", "seat": (active + 1) % 3})
    assert refused.status_code in (403, 409, 422)
    assert "turn" in refused.get_json()["error"]["message"]
    body = act(client, table.id, host, version, {"type": "start_auction", "seat": active, "area": tiled}).get_json()
    version = body["version"]
    assert body["state"]["phase"] == "auction" and body["state"]["auction"]["minimum"] == 1
    low = act(client, table.id, host, version, {"type": "bid", "seat": active, "amount": 0})
    assert low.status_code == 422
    assert "Bid £0 is below the minimum £1" in low.get_json()["error"]["message"]
    body = act(client, table.id, host, version, {"type": "bid", "seat": active, "amount": 3}).get_json()
    assert body["state"]["auction"]["high"] == 3


def test_the_survey_screen_offers_one_discard_per_region(app):
    table, host = start(app)
    client = app.test_client()
    with app.app_context():
        _, token = tables.join(table.join_code, 1)
    client.set_cookie("hf_seat", token, path=f"/tables/{table.id}")
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    for region in "ABC":
        assert f'name="discard_{region}"' in html
    assert 'name="discard_D"' not in html  # region D's deck stays in the box with 3 players
    assert "Discard " not in moves_list(html)  # the form alone, not every combination as a button
    dealt = GAME.setup([PlayerSpec(p["name"]) for p in PLAYERS], "base", seed=3)
    form = {f"discard_{c[0]}": c for c in discards(dealt.players[1])}
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: token}).get_json()["version"]
    body = act(client, table.id, token, version, {"type": "keep_cards", **form}).get_json()
    assert body.get("version") == version + 1, body
    assert body["state"]["players"][1]["drawn"] == []


def test_the_table_page_shows_prices_turn_and_forms(app):
    table, host = start(app)
    client = app.test_client()
    dealt, version = choose_cards(client, table, host)
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "Roll the ore prices" in html
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    prices = body["state"]["info"]
    assert f"Tin £{prices['tin_price']} · Copper £{prices['copper_price']}" in html
    active = prices["active"]
    assert f"<strong>{PLAYERS[active]['name']}</strong>'s turn" in html and "The map" in html
    assert "Active:" not in html and " 1 mines " not in html
    assert "style=" not in html and "<script" not in html


def test_the_active_players_phone_gets_the_action_forms(app):
    table, host = start(app)
    client = app.test_client()
    dealt, version = choose_cards(client, table, host)
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    active = body["state"]["info"]["active"]
    with app.app_context():
        _, token = tables.join(table.join_code, active)
    client.set_cookie("hf_seat", token, path=f"/tables/{table.id}")
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "Your move" in html and 'data-type="start_auction"' in html and 'data-type="extract"' in html
    assert "Your survey cards" in html
    kept = body["state"]["players"][active]["hand"]
    assert isinstance(kept, int)  # the host's view does not show the active player's cards
    kept_cards = [c for c in dealt.players[active].drawn if c not in discards(dealt.players[active])]
    assert all(card in html for card in kept_cards)


def moves_list(html):
    """The generic option list ("Your moves"), or "" when the page shows none."""
    start = html.find('id="moves-title"')
    return "" if start < 0 else html[start:html.find("</section>", start)]


def phone(app, table, seat):
    """``seat``'s phone: a function that returns what it shows, and its seat token."""
    client, token = webgame.seat_phone(app, table, seat)
    return (lambda: client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)), token


def your_move(html):
    """The partial's own "Your move" section."""
    start = html.find('id="tt-do"')
    return "" if start < 0 else html[start:html.find("</section>", start)]


def test_the_phone_shows_each_move_once(app):
    table, host = start(app)
    client = app.test_client()
    dealt, version = choose_cards(client, table, host)
    screen, token = phone(app, table, 0)
    tokens = {0: token}
    html = screen()
    assert html.count('data-type="roll_prices"') == 1 and moves_list(html) == ""
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: token}).get_json()["version"]
    body = act(client, table.id, token, version, {"type": "roll_prices"}).get_json()
    version = body["version"]
    active = body["state"]["info"]["active"]
    if active != 0:
        screen, token = phone(app, table, active)
        tokens[active] = token
        version = client.get(f"/api/tables/{table.id}", headers={TOKEN: token}).get_json()["version"]
    html = screen()
    assert moves_list(html) == ""  # no second copy of any move below the partial
    mine = your_move(html)
    assert 'data-type="start_auction"' in mine and 'data-type="extract"' in mine
    assert "Auction " not in mine  # one auction form, not a button per area
    # the moves without a form of their own are buttons in the same section, with their cost
    assert mine.count('"type": "pass"') == 2 and mine.count('"type": "sell_pasties"') == 2  # JS and no-script
    assert '<span class="cost">1 work</span>' in mine
    tiled = next(a["id"] for a in body["state"]["areas"] if a["tile"])
    body = act(client, table.id, token, version, {"type": "start_auction", "area": tiled}).get_json()
    assert body["state"]["phase"] == "auction"
    html = screen()
    assert 'data-type="bid"' in your_move(html) and moves_list(html) == ""
    assert '"type": "bid"' not in html  # the bid form only, no ready-made bid buttons
    version = act(client, table.id, token, body["version"], {"type": "bid", "amount": 1}).get_json()["version"]
    for other in (active + 1) % 3, (active + 2) % 3:
        # a seat with a phone plays from it; the host enters moves for the others
        version = act(client, table.id, tokens.get(other, host), version,
                      {"type": "drop", "seat": other}).get_json()["version"]
    html = screen()
    assert "Build the mine" in your_move(html) and moves_list(html) == ""


def test_a_refused_form_is_disabled_with_the_rules_reason(app):
    table, host = start(app)
    client = app.test_client()
    dealt, version = choose_cards(client, table, host)
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    html = phone(app, table, body["state"]["info"]["active"])[0]()
    # nobody owns a mine on round 1's first turn: extraction is refused, with the reason shown
    extract = html[html.index('data-type="extract"'):html.index('id="tt-develop"')]
    assert "disabled>Extract</button>" in extract
    assert '<p class="reason">You have no mine to extract from yet.</p>' in extract
    # an adit needs a mine of one's own: the adit offer is greyed, with the rule's reason
    develop = html[html.index('id="tt-develop"'):html.index('data-type="steam_pumps"')]
    # round 1's column holds no train: the train is greyed, with the rule's reason
    assert 'disabled aria-describedby="tt-dev-train-why">Place a train' in develop
    assert 'id="tt-dev-train-why">No train is left in the round 1 column' in develop


def test_every_development_and_number_the_forms_offer_is_one_the_server_accepts(app):
    import re
    table, host = start(app)
    client = app.test_client()
    _, version = choose_cards(client, table, host)
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    active = body["state"]["info"]["active"]
    show, token = phone(app, table, active)
    html = show()
    with app.app_context():
        state = tables.get(table.id).state
    mine = your_move(html)
    offered = 0
    for form in re.findall(r'<form[^>]*data-type="develop".*?</form>', mine, re.S):
        piece = re.search(r'name="piece" value="(\w+)"', form).group(1)
        areas = re.findall(r'<option value="(\w+)"', form) or re.findall(r'name="area" value="(\w+)"', form)
        to = re.findall(r'name="to" value="(\w+)"', form)
        assert (piece == "adit") == bool(to)
        for area in areas:
            move = {"type": "develop", "seat": active, "piece": piece, "area": area, **({"to": to[0]} if to else {})}
            GAME.apply(state, move)  # raises if the rules refuse it
            offered += 1
        inland = [a for a in areas if not GAME.rules.areas[a].coastal]
        assert piece != "port" or not inland, inland
    assert offered
    # every area and survey card pairing of the region auction forms is one the server accepts
    for form in re.findall(r'<form[^>]*data-type="start_auction".*?</form>', mine, re.S):
        areas = re.findall(r'<option value="([A-D]\d)"', form)
        cards = re.findall(r'<option value="(\w+)"', form.split('name="card"')[1]) if 'name="card"' in form else []
        assert areas
        for area in areas:
            for card in cards or [None]:
                GAME.apply(state, {"type": "start_auction", "seat": active, "area": area,
                                   **({"card": card} if card else {})})  # raises if the rules refuse it
    # the bid field stops at the bidder's money
    money = body["state"]["players"][active]["money"]
    start_area = next(a["id"] for a in body["state"]["areas"] if a["tile"])
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: token}).get_json()["version"]
    body = act(client, table.id, token, version, {"type": "start_auction", "seat": active, "area": start_area}).get_json()
    turn = body["state"]["auction"]["turn"]
    html = (show if turn == active else phone(app, table, turn)[0])()
    bid = re.search(r'<input id="tt-bid"[^>]*>', html).group(0)
    assert f'max="{body["state"]["players"][turn]["money"]}"' in bid, (bid, money)


def test_the_auction_card_lists_hold_only_cards_the_server_accepts_there(app):
    import re
    table, host = start(app)
    client = app.test_client()
    _, version = choose_cards(client, table, host)
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    active = body["state"]["info"]["active"]
    with app.app_context():
        _, token = tables.join(table.join_code, active)
    client.set_cookie("hf_seat", token, path=f"/tables/{table.id}")
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    forms = re.findall(r'<form[^>]*data-type="start_auction".*?</form>', your_move(html), re.S)
    assert len(forms) == 3  # regions A, B and C with 3 players
    # and one form in each tiled area's section of the map, for that area alone
    here = re.findall(r'<form[^>]*data-type="start_auction".*?</form>', html[html.index('id="tt-details"'):], re.S)
    tiled = [a["id"] for a in body["state"]["areas"] if a["tile"]]
    assert len(here) == len(tiled) and all(f'name="area" value="{a}"' in f for a, f in zip(tiled, here))
    offered_anywhere = set()
    for form in forms + here:
        areas = re.findall(r'<option value="([A-D]\d)"', form) + re.findall(r'name="area" value="([A-D]\d)"', form)
        picks = re.findall(r'name="card">(.*?)</select>', form, re.S)
        cards = [c for c in picks[0].split('value="')[1:]] if picks else []
        cards = [c.split('"')[0] for c in cards if c.split('"')[0]]
        assert areas and len({GAME.rules.areas[a].region for a in areas}) == 1
        region = GAME.rules.areas[areas[0]].region
        for card in cards:
            assert GAME.rules.cards[card].fits(region), (card, region)
        offered_anywhere |= set(cards)
    kept = client.get(f"/api/tables/{table.id}", headers={TOKEN: token}).get_json()["state"]["players"][active]["hand"]
    assert kept and offered_anywhere == set(kept)  # every kept card is offered where it can be played


def test_the_turn_banner_says_what_the_turn_is(app):
    import re
    table, host = start(app)
    client = app.test_client()
    _, version = choose_cards(client, table, host)
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    info = body["state"]["info"]
    active = info["active"]
    show, token = phone(app, table, active)
    banner = re.search(r'<p id="turn"[^>]*>\s*<strong>(.*?)</strong>', show()).group(1)
    left = info["work_left"][active]
    assert banner == f"Your turn — {left} work point{'s' if left != 1 else ''} left"
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: token}).get_json()["version"]
    area = next(a["id"] for a in body["state"]["areas"] if a["tile"])
    body = act(client, table.id, token, version, {"type": "start_auction", "seat": active, "area": area}).get_json()
    turn = body["state"]["auction"]["turn"]
    watcher = next(s for s in range(3) if s != turn and s != active)
    banner = re.search(r'<p id="turn"[^>]*>\s*<strong>(.*?)</strong>', phone(app, table, watcher)[0]()).group(1)
    assert banner == f"Waiting for {PLAYERS[turn]['name']} (bidding)"


def test_a_variant_title_reads_without_a_second_colon():
    from webapp import views
    assert views.game_title("tinners-trail", "base") == "Tinners' Trail — " + views.variant_name("tinners-trail", "base")


def test_the_ore_and_pump_fields_stop_at_what_the_rules_allow(app):
    import re
    table, host = start(app)
    client = app.test_client()
    _, version = choose_cards(client, table, host)
    body = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    active = body["state"]["info"]["active"]
    area = next(a["id"] for a in body["state"]["areas"] if a["tile"])
    body = act(client, table.id, host, body["version"], {"type": "start_auction", "seat": active, "area": area}).get_json()
    while body["state"]["phase"] == "auction":
        auction = body["state"]["auction"]
        move = ({"type": "bid", "seat": active, "amount": auction["minimum"]}
                if auction["turn"] == active and auction["leader"] is None else {"type": "drop", "seat": auction["turn"]})
        body = act(client, table.id, host, body["version"], move).get_json()
    body = act(client, table.id, host, body["version"], {"type": "build_mine", "seat": active}).get_json()
    while active not in body["state"]["info"]["waiting"]:  # the others sell pasties until the owner's turn
        body = act(client, table.id, host, body["version"],
                   {"type": "sell_pasties", "seat": body["state"]["info"]["waiting"][0]}).get_json()
    here = next(a for a in body["state"]["areas"] if a["id"] == area)
    assert here["owner"] == active
    info = body["state"]["info"]
    html = phone(app, table, active)[0]()
    most = info["capacities"][area]
    fields = re.findall(rf'<input id="tt-(?:ex-)?{area}-(tin|copper)"[^>]*max="(\d+)"', html)
    assert len(fields) == 4  # the "Your move" form and the area's own section
    for ore, top in fields:
        assert int(top) == min(here[ore], most), (ore, top)
    pump = re.search(rf'<input id="tt-{area}-pump"[^>]*max="(\d+)"', html).group(1)
    assert here["water"] and int(pump) == min(here["water"], info["pump_limit"])
    for top in re.findall(r'name="amount" value="1" min="1" max="(\d+)"', html):
        assert int(top) <= info["pump_limit"]
