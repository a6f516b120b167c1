"""Ore (published edition) through the web app: the table page shows whose placement it is,
the open spaces with what each gives, the mines with workers and cages, prices, the contract
row with next rows, and keeps each hand of buildings on its own phone."""

from __future__ import annotations

import webgame
from webgame import TOKEN, act

PLAYERS = [{"name": "Blake", "colour": "#2e64a8"}, {"name": "Ada", "colour": "#c0392b"},
           {"name": "Cora", "colour": "#2f8a3e"}]


def start(app, seed=3):
    return webgame.start(app, "ore-published", PLAYERS, None, seed)


def state_of(client, table_id, token):
    return client.get(f"/api/tables/{table_id}", headers={TOKEN: token}).get_json()


def test_a_round_through_the_api_and_the_page(app):
    table, host = start(app)
    client = app.test_client()
    body = act(client, table.id, host, 0, {"type": "deal", "seat": 0, "mines": "iron-1, copper-1"}).get_json()
    version = body["version"]
    assert body["state"]["mines"]["iron"]["card"] == "iron-1"
    assert isinstance(body["state"]["decks"]["buildings"], int)
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "Waiting for: <strong>Blake</strong> to place a worker" in html
    assert "Commodity market</strong>" in html and "buy or sell up to 2 at its price" in html
    assert 'data-price="copper"' in html and "copper $5" in html
    assert "next: " in html and "cage 1" in html and "cage 2" in html
    assert "style=" not in html and "<script" not in html
    body = act(client, table.id, host, version, {"type": "place", "seat": 0, "space": "mine", "res": "iron"}).get_json()
    version = body["version"]
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert 'class="opw" data-seat="0" data-mark="B"' in html and 'fill="#2e64a8"' in html
    refused = act(client, table.id, host, version, {"type": "place", "seat": 1, "space": "mine", "res": "iron"})
    assert refused.status_code == 422
    assert "top space of the iron mine is taken" in refused.get_json()["error"]["message"]
    shown = client.get(f"/api/tables/{table.id}?for=1", headers={TOKEN: host}).get_json()  # "Play for Ada"
    top = next(o for o in shown["options"] if o["label"].endswith("Mine iron (top space)"))
    assert top["allowed"] is False


def test_a_hand_shows_only_on_its_own_phone(app):
    from test_pages import seated
    table, host = start(app)
    client = app.test_client()
    version = act(client, table.id, host, 0, {"type": "deal", "seat": 0}).get_json()["version"]
    act(client, table.id, host, version, {"type": "place", "seat": 0, "space": "permit", "count": 2,
                                          "cards": "bank, hotel"})
    shared = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "2 building cards in hand (hidden)" in shared and "Hotel" not in shared
    blake, ada = app.test_client(), app.test_client()
    seated(app, blake, table.id, 0)
    seated(app, ada, table.id, 1)
    own = blake.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "Your hand: Bank ($20, 5 VP); Hotel ($15 + gold, 5 VP)" in own
    other = ada.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "Hotel" not in other and "2 building cards in hand (hidden)" in other
    assert "Buy 1" not in other  # the permit office offers Ada cards, not the market
    assert "Draw 1 building card" in other


def test_the_turn_banner_names_the_step_and_the_workers_left(app):
    table, host = start(app)
    client = app.test_client()
    phones, tokens = zip(*(webgame.seat_phone(app, table, s) for s in range(3)))

    shown = webgame.banners(phones, table)
    assert shown[0] == "Your turn — turning up mines and dealing contracts"
    assert shown[1] == shown[2] == "Waiting for Blake (turning up mines and dealing contracts)"
    version = state_of(client, table.id, host)["version"]
    body = act(client, table.id, tokens[0], version, {"type": "deal", "seat": 0}).get_json()
    home = body["state"]["players"][0]["home"]
    shown = webgame.banners(phones, table)
    assert shown[0] == f"Your turn — placing a worker, {home} left"
    assert shown[2] == f"Waiting for Blake (placing a worker, {home} left)"
    body = act(client, table.id, tokens[0], body["version"], {"type": "place", "seat": 0, "space": "market", "res": "coal",
                                                          "buy": 1}).get_json()
    assert body["state"]["queue"][0]["seat"] == 1, body["state"]["queue"]
    shown = webgame.banners(phones, table)
    assert shown[1] == "Your turn — trading coal at the market or declining"
    assert shown[0] == "Waiting for Ada (trading coal at the market or declining)"


def test_buttons_and_log_lines_name_contracts_buildings_and_mines_in_words():
    """A whole game by bots: no move's label and no log line carries a card's id ("c12",
    "slag-heap", "iron-1"); contracts are named by their number ("#12"), buildings by name."""
    import random
    import re

    from companion.core import PlayerSpec
    from companion.registry import find_game

    game = find_game("ore-published")
    ids = set(game.cat.contracts) | set(game.cat.buildings) | set(game.cat.mines)
    raw = re.compile(r"(?<![\w#-])(" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True)) + r")(?![\w-])")
    st = game.setup([PlayerSpec(p["name"]) for p in PLAYERS], None, 3)
    chooser, said = random.Random(2), []
    while game.end_if(st) is None:
        seat = game.acting_seats(st)[0]
        said += [o.label for o in game.options(st, seat)]
        action = game.bot_move(st, seat, "heuristic", chooser)
        after = game.apply(st, action)
        said.append(game.describe(st, action, after))
        st = after
    assert any(re.search(r"Take contract #\d+", s) for s in said) and any(s.startswith("Build ") for s in said)
    found = sorted({m.group(1) for s in said for m in [raw.search(s)] if m})
    assert found == [], found


def test_a_build_asks_for_cubes_only_when_the_building_sells_or_buys_them(app):
    from companion.core import PlayerSpec
    from companion.ore_published.state import from_json, to_json
    from companion.registry import find_game
    from test_ore_published_marks import CLASHING, render

    game = find_game("ore-published")
    state = game.apply(game.setup([PlayerSpec(n) for n in CLASHING], None, 3), {"type": "deal", "seat": 0})
    d = to_json(state)
    d["phase"] = "business"
    d["players"][0].update(credits=1, money=40, hand=["saloon#1", "slag-heap#1", "assay-office#1"],
                           cubes={"lead": 2, "coal": 1, "copper": 1, "iron": 1, "gold": 1})
    html = render(app, game, from_json(d), 0)
    assert "Cubes to sell as it is built, up to 3" in html       # Slag Heap
    assert "Cubes to buy as it is built, up to 2" in html        # Assay Office
    assert html.count('name="cubes"') == 2                        # none for the Saloon
    assert "Build Saloon" in html


def test_before_the_deal_the_page_has_no_prices_or_contracts_to_show_and_says_so(app):
    from companion.core import PlayerSpec
    from companion.registry import find_game
    from test_ore_published_marks import CLASHING, render

    game = find_game("ore-published")
    html = render(app, game, game.setup([PlayerSpec(n) for n in CLASHING], None, 3), 0)
    assert "None" not in html
    assert "Prices: set by the mine cards turned up at the deal" in html
    assert "Turned up at the deal." in html
    assert ">taken<" not in html and html.count(">empty</") == 2 * 4   # four slots, in the picture and the list


def test_a_worker_hired_this_round_is_shown_as_working_from_next_round(app):
    from companion.core import PlayerSpec
    from companion.registry import find_game
    from test_ore_published_marks import CLASHING, render

    game = find_game("ore-published")
    state = game.apply(game.setup([PlayerSpec(n) for n in CLASHING], None, 3), {"type": "deal", "seat": 0})
    state = game.apply(state, {"type": "place", "seat": 0, "space": "recruit"})
    html = render(app, game, state, 0)
    ben = html[html.index('<div class="op-player" data-seat="0">'):html.index('<div class="op-player" data-seat="1">')]
    assert "workers home 3 of 5 (1 of them hired this round: it works from next round)" in " ".join(ben.split())
    bea = html[html.index('<div class="op-player" data-seat="1">'):]
    assert "(+1 waiting to be recruited)" in bea
