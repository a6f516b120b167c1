"""Ore through the web app: a table made by webapp.tables, a few actions through the JSON API,
and the phase screens of the table page."""

from __future__ import annotations

import html as html_lib
from html.parser import HTMLParser

from companion.core import PlayerSpec
from companion import find_game
from companion.ore.setup.scenario import as_json, give, hold_contract, state, table
import webgame
from webgame import TOKEN, act
from webapp import views

GAME = find_game("ore")

PLAYERS = [{"name": "Joe", "colour": "#c0392b"}, {"name": "Ann", "colour": "#2e64a8"},
           {"name": "Bo", "colour": "#2f8a3e"}]


def start(app, seed=3, variant="standard"):
    return webgame.start(app, "ore", PLAYERS, variant, seed)


def test_placement_through_the_api_and_a_refusal(app):
    table, host = start(app)
    client = app.test_client()
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    state = body["state"]
    assert state["phase"] == "placement" and isinstance(state["draw"]["assets"], int)  # piles stay hidden
    first = state["turn"]
    body = act(client, table.id, host, 0, {"type": "place", "seat": first, "where": "mine", "mine": "gold"}).get_json()
    assert body["version"] == 1
    assert body["state"]["mines"]["gold"]["miners"] == [{"seat": first, "space": 0}]
    second = body["state"]["turn"]
    refused = act(client, table.id, host, 1, {"type": "place", "seat": second, "where": "mine", "mine": "gold"})
    assert refused.status_code == 422
    assert "top space of the gold mine is taken" in refused.get_json()["error"]["message"]
    shown = client.get(f"/api/tables/{table.id}?for={second}", headers={TOKEN: host}).get_json()  # "Play for"
    top = next(o for o in shown["options"] if o["label"].endswith("Mine gold (top space)"))
    assert top["allowed"] is False and "taken by" in top["reason"]


def test_a_whole_round_to_the_market_screen(app):
    table, host = start(app)
    client = app.test_client()
    version = 0
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    while body["state"]["phase"] == "placement":
        seat = body["state"]["turn"]
        body = act(client, table.id, host, version, {"type": "place", "seat": seat, "where": "slag"}).get_json()
        version = body["version"]
    assert body["state"]["phase"] == "market"
    # Six miners on the slag heap earn nothing ($5 minus 6 is less than nothing).
    assert [p["money"] for p in body["state"]["players"]] == [20, 20, 20]
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "Market: due contract rows" in html and "nothing due" in html
    assert 'class="ore-mine"' in html and "market $" in html
    assert "style=" not in html and "<script" not in html


def test_the_acquisition_screen_offers_cards_with_reasons(app):
    table, host = start(app, seed=4)
    client = app.test_client()
    version = 0
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    while body["state"]["phase"] != "acquisition":
        state = body["state"]
        if state["phase"] == "placement":
            action = {"type": "place", "seat": state["turn"], "where": "asset_track"}
        else:
            action = {"type": "market_done", "seat": state["turn"]}
        body = act(client, table.id, host, version, action).get_json()
        version = body["version"]
    turn = body["state"]["queue"][0]["seat"]
    html = webgame.host_phone(app, host).get(f"/tables/{table.id}/fragment?for={turn}").get_data(as_text=True)
    assert "4. Acquisition" in html and 'data-type="buy_asset"' in html
    queue = body["state"]["queue"]
    assert [q["kind"] for q in queue] == ["asset"] * 6  # everyone's two miners stand on the asset track
    body = act(client, table.id, host, version, {"type": "pass", "seat": queue[0]["seat"]}).get_json()
    assert body["state"]["queue"] == queue[1:]


# -- every action has a control on the phone page ---------------------------------------------

class _Forms(HTMLParser):
    """The hf-action forms of a page: their JSON template and the first value of each field
    (a select's first option, an input's value)."""

    def __init__(self):
        super().__init__()
        self.forms, self._select = [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "hf-action" in (a.get("class") or ""):
            self.forms.append({"action": a.get("data-action", "{}"), "fields": {}})
        elif self.forms and tag in ("input", "select") and a.get("name") and a.get("type") != "hidden":
            self.forms[-1]["fields"].setdefault(a["name"], a.get("value"))
            self._select = a["name"] if tag == "select" else None
        elif tag == "option" and self._select and self.forms[-1]["fields"][self._select] is None:
            self.forms[-1]["fields"][self._select] = a.get("value")


def _render(app, st, seat):
    from types import SimpleNamespace

    from flask import render_template

    seats = [SimpleNamespace(seat=i, name=p["name"], colour=p["colour"]) for i, p in enumerate(PLAYERS)]
    with app.test_request_context("/"):
        html = render_template("games/ore.html", table=SimpleNamespace(seats=seats), game=GAME,
                               view=GAME.view(st, seat), seat=seat, options=GAME.options(st, seat), version=7,
                               act_url="/act")
    parser = _Forms()
    parser.feed(html)
    return html, parser.forms


def _send(form, **chosen):
    """What the page sends when the player sets ``chosen`` fields and taps the form's button."""
    fields = {k: v for k, v in form["fields"].items() if v is not None}
    fields.update({k: str(v) for k, v in chosen.items()})
    return views.action_from_form({"action": html_lib.unescape(form["action"]), **fields})


def test_commodities_exchange_form_trades_three_for_two_of_two_kinds(app):
    d = table(GAME)
    give(d, 0, barrels={"copper": 3, "gold": 0, "oil": 0}, assets=["commodities-exchange"])
    html, forms = _render(app, state(d), 0)
    (form,) = [f for f in forms if '"commodities-exchange"' in html_lib.unescape(f["action"]) and "count" in f["fields"]]
    assert set(form["fields"]) == {"count", "give", "take_gold", "take_oil", "take_iron", "take_copper", "take_coal"}
    action = _send(form, count=3, give="copper", take_gold=1, take_oil=1)
    after = GAME.apply(state(d), {**action, "seat": 0})
    have = as_json(after)["players"][0]["barrels"]
    assert (have["copper"], have["gold"], have["oil"]) == (0, 1, 1)
    assert "2 copper for 1 gold" not in html  # the form replaces the 2-for-1 buttons


def test_two_line_subcontract_form_and_black_market_buttons(app):
    d = table(GAME)
    give(d, 0, money=10, barrels={"iron": 2}, assets=["subcontracted-ops-2"])
    hold_contract(d, 1, 5, since=1)  # iron $5 then iron $7
    d["phase"], d["queue"] = "subcontract", [{"seat": 0, "kind": "subcontract"}]
    html, forms = _render(app, state(d), 0)
    (form,) = [f for f in forms if "line2" in f["fields"]]
    assert "Ann's #5 line 2: iron for $7" in html_lib.unescape(html)
    after = GAME.apply(state(d), {**_send(form, line="5:0", line2="5:1"), "seat": 0})
    assert as_json(after)["players"][1]["completed"] == [5]
    d = table(GAME)
    give(d, 0, assets=["black-market-ops"])
    d["discard"]["contracts"] = [44]
    d["phase"], d["queue"], d["start"] = "acquisition", [{"seat": 0, "kind": "contract"}], 0
    html, _ = _render(app, state(d), 0)
    assert "Black market: contract #44" in html


def test_the_end_is_announced_for_this_round_then_said_to_have_come(app):
    d = as_json(GAME.setup([PlayerSpec(p["name"]) for p in PLAYERS], "standard", 3))
    d["end"] = ["the contract row cannot be refilled"]
    d["phase"] = "relief"
    html, _ = _render(app, state(d), 0)
    assert "The game ends after this round: the contract row cannot be refilled." in html
    d["phase"] = "over"
    html, _ = _render(app, state(d), 0)
    assert "The game ended: the contract row cannot be refilled." in html and "ends after this round" not in html


def test_the_partial_places_every_option_it_keeps_from_the_generic_list(app):
    """The partial declares every action type as its own; each option's label must appear."""
    for seed in (1, 2):
        s = GAME.setup([PlayerSpec(p["name"]) for p in PLAYERS], "standard", seed)
        for _ in range(80):
            seat = GAME.acting_seats(s)[0]
            html, _ = _render(app, s, seat)
            html = html_lib.unescape(html)
            for option in GAME.options(s, seat):
                if option.action["type"] == "exchange" and "commodities" in option.action["asset"]:
                    continue  # the trade form stands for these
                assert option.label in html, option.label
            action = GAME.bot_action(s, seat)
            if action is None or as_json(s)["phase"] == "over":
                break
            s = GAME.apply(s, action)


def test_the_table_picture_shows_mines_miners_prices_and_card_rows(app):
    """The server draws the mines, who stands where (by letter as well as colour), each market
    price and the three card rows as one SVG; the text lists it replaces are gone."""
    import re
    from webapp.boards.ore import marks, short_row

    table, host = start(app)
    client = app.test_client()
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    first = body["state"]["turn"]
    body = act(client, table.id, host, 0, {"type": "place", "seat": first, "where": "mine", "mine": "iron"}).get_json()
    board = body["state"]["board"]
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    svg = re.search(r'<svg class="ore-board.*?</svg>', html, re.S).group(0)
    for mine in board["mines"]:
        assert f'data-res="{mine["res"]}"' in svg and f'market ${mine["price"]}' in svg
    letter = marks([p["name"] for p in PLAYERS])[first]
    miner = re.search(r'<g class="ore-miner" data-seat="(\d)"><title>([^<]*)</title><circle[^>]*fill="([^"]+)"'
                      r'.*?>([^<]+)</text></g>', svg)
    assert (miner[1], html_lib.unescape(miner[2]), miner[3], miner[4]) == (str(first), f"{PLAYERS[first]['name']}'s miner", PLAYERS[first]["colour"], letter)
    assert svg.count('class="ore-miner"') == 1
    for card in board["assets"] + board["initiatives"] + board["contracts"]:
        if card:
            assert html_lib.escape(card.get("name", f"#{card.get('number')}")).split()[0] in svg
    for row in board["contracts"][0]["rows"]:
        assert html_lib.escape(short_row(row)) in svg
    assert svg.count('data-row="assets"') == sum(1 for a in board["assets"] if a)
    # the old text lists of mines and of card costs are gone; the asset texts stay, folded away
    assert " VP, $" not in html and "<h3>Assets</h3>" not in html
    assert 'id="ore-asset-texts"' in html
    assert "style=" not in html and "<script" not in html


def test_letters_tell_players_apart_when_initials_clash():
    from webapp.boards.ore import marks, short_row

    assert marks(["Anna", "Ben", "Cara"]) == ["A", "B", "C"]
    assert marks(["Anna", "Andy", "Ben"]) == ["Ann", "And", "B"]
    assert short_row("oil/copper + iron + iron for $25") == "O/Cu+I+I $25"


def test_every_card_of_the_game_fits_its_place_in_the_picture_whole():
    """Names, costs and contract rows are wrapped into a fixed number of lines per card: no card
    of the catalogue may lose a line."""
    from webapp.boards.ore import CHARS, in_letters, wrap

    cat = GAME.data
    for asset in cat.assets.values():
        assert len(wrap(asset.name, CHARS)) <= 2, asset.name
        assert len(wrap(in_letters(" or ".join(c.label() for c in asset.costs)), CHARS)) <= 2, asset.name
    for card in cat.initiatives.values():
        assert len(wrap(card.name, CHARS)) <= 2, card.name
        assert len(wrap(in_letters(card.cost.label().replace("any", "1 barrel")), CHARS)) <= 1, card.name
    assert max(len(c.rows) for c in cat.contracts.values()) <= 4


def test_the_asset_and_contract_tracks_are_drawn_with_each_miners_letter_in_order(app):
    """Miners placed on the asset and contract tracks appear beside those rows of the picture, by
    their owner's letter and colour, first placed first."""
    import re
    from webapp.boards.ore import marks

    table, host = start(app)
    client = app.test_client()
    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    placed = {"asset_track": [], "contract_track": []}
    version = 0
    for where in ("asset_track", "contract_track", "asset_track", "asset_track", "contract_track"):
        seat = body["state"]["turn"]
        body = act(client, table.id, host, version, {"type": "place", "seat": seat, "where": where}).get_json()
        assert body["state"][where] == placed[where] + [seat], body
        placed[where].append(seat)
        version = body["version"]
    assert len(set(placed["asset_track"])) > 1  # the order is told by different letters
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    svg = re.search(r'<svg class="ore-board.*?</svg>', html, re.S).group(0)
    letters = marks([p["name"] for p in PLAYERS])
    for track, where in (("asset", "asset_track"), ("contract", "contract_track")):
        drawn = re.search(rf'<g class="ore-track" data-track="{track}">(.*?)</g></g>', svg, re.S).group(0)
        miners = re.findall(r'<g class="ore-miner" data-seat="(\d)" data-order="(\d+)"><title>([^<]*)</title>'
                            r'<circle[^>]*fill="([^"]+)"[^>]*/><text[^>]*>([^<]+)</text>', drawn)
        miners = [(seat, order, html_lib.unescape(title), fill, letter) for seat, order, title, fill, letter in miners]
        assert miners == [(str(s), str(i + 1), f"{PLAYERS[s]['name']}'s miner, number {i + 1} on the {track} track",
                           PLAYERS[s]["colour"], letters[s]) for i, s in enumerate(placed[where])]
    assert svg.index('data-track="asset"') < svg.index('data-row="assets"') < svg.index('data-track="contract"') \
        < svg.index('data-row="contracts"')
    assert "Starting player: " in html and "starting player" not in html


def test_a_due_row_says_what_it_lacks_as_the_row_names_it():
    from companion.ore.views import lacking

    gold_only = {"gold": 1, "oil": 0, "iron": 0, "copper": 0, "coal": 0}
    assert lacking(gold_only, (("copper", "iron"),)) == "1 copper/iron"
    assert lacking(gold_only, (("iron", "gold"), ("iron", "gold"))) == "1 iron/gold"
    assert lacking(gold_only, (("gold",), ("coal",))) == "1 coal"
    assert lacking(gold_only, (("copper",), ("iron",), ("iron",))) == "1 copper, 2 iron"
    assert lacking(gold_only, (("iron", "gold"),)) == ""


def test_every_market_relief_and_card_action_is_told_in_words():
    """The log and the undo button describe each action as a sentence, never as its type."""
    d = as_json(GAME.setup([PlayerSpec(p["name"]) for p in PLAYERS], "standard", 3))
    d["takeover"] = [{"number": 7, "row": 0, "from": 1, "offers": [0]}]
    before = state(d)
    said = {kind: GAME.describe(before, {"type": kind, "seat": 0, **extra}, before) for kind, extra in (
        ("take_over", {}), ("decline", {}), ("market_done", {}), ("pass", {}), ("relieve", {"mine": "oil"}),
        ("relief_done", {}), ("efficient", {"contract": 7, "rows": 1}), ("subcontract", {"target": 2}),
        ("take_own_contract", {}), ("cash_futures", {"token": 0}))}
    assert said == {
        "take_over": "Joe takes over contract #7", "decline": "Joe lets contract #7 go",
        "market_done": "Joe finishes the market turn", "pass": "Joe passes",
        "relieve": "Joe takes a miner back from the oil mine", "relief_done": "Joe is done taking miners back",
        "efficient": "Joe fills 1 more row of contract #7 with Efficient Ops",
        "subcontract": "Joe fills lines of Bo's contracts with Subcontracted Ops",
        "take_own_contract": "Joe takes the next contract of their stack",
        "cash_futures": "Joe cashes in a Futures token"}
    s = GAME.setup([PlayerSpec(p["name"]) for p in PLAYERS], "standard", 3)
    while as_json(s)["phase"] != "replenish":
        s = GAME.apply(s, GAME.bot_action(s, GAME.acting_seats(s)[0]))
    d = as_json(s)
    d["mines"]["gold"]["exhausted"] = True
    s = state(d)
    action = {"type": "replenish", "seat": GAME.acting_seats(s)[0]}
    line = GAME.describe(s, action, GAME.apply(s, action))
    assert line.startswith("Replenished. Mines: a new gold mine. Assets: "), line


def test_cards_a_player_cannot_take_fold_away_below_the_ones_they_can(app):
    s = GAME.setup([PlayerSpec(p["name"]) for p in PLAYERS], "standard", 4)
    while as_json(s)["phase"] != "acquisition":
        s = GAME.apply(s, GAME.bot_action(s, GAME.acting_seats(s)[0]))
    seat = GAME.acting_seats(s)[0]
    html, _ = _render(app, s, seat)
    html = html_lib.unescape(html)
    kinds = ("buy_asset", "buy_initiative", "take_contract")
    offered = [o for o in GAME.options(s, seat) if o.action["type"] in kinds]
    greyed = [o for o in offered if not o.allowed]
    assert len(greyed) > 3 and any(o.allowed for o in offered)
    head, fold = html.split('<details class="greyed" id="ore-greyed-buy_asset">', 1)
    assert f"<summary>{len(greyed)} more moves not open now, and why</summary>" in fold
    fold = fold.split("</details>")[0]
    assert fold.count('<form class="hf-action"') == fold.count(" disabled>") == len(greyed)
    assert head.count('<form class="hf-action"') == len(offered) - len(greyed) and " disabled>" not in head
    assert all(o.label in head for o in offered if o.allowed) and all(o.reason in fold for o in greyed)


def test_the_turn_banner_names_the_step_and_what_is_left(app):
    table, host = start(app)
    client = app.test_client()
    phones, tokens = zip(*(webgame.seat_phone(app, table, s) for s in range(3)))

    body = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    first = body["state"]["turn"]
    miners = body["state"]["players"][first]["miners"]
    shown = webgame.banners(phones, table)
    assert shown[first] == f"Your turn — placing a miner, {miners} left"
    assert all(b == f"Waiting for {PLAYERS[first]['name']} (placing a miner, {miners} left)"
               for s, b in enumerate(shown) if s != first)
    body = act(client, table.id, tokens[first], body["version"], {"type": "place", "seat": first, "where": "slag"}).get_json()
    assert webgame.banners(phones, table)[first] == f"Waiting for {PLAYERS[body['state']['turn']]['name']} (placing a miner, {miners} left)"
    version = body["version"]
    while body["state"]["phase"] == "placement":
        seat = body["state"]["turn"]
        body = act(client, table.id, tokens[seat], version, {"type": "place", "seat": seat, "where": "slag"}).get_json()
        version = body["version"]
    seller = body["state"]["turn"]
    shown = webgame.banners(phones, table)
    assert shown[seller] == "Your turn — selling at the market and filling contracts"
    assert shown[(seller + 1) % 3] == f"Waiting for {PLAYERS[seller]['name']} (selling at the market and filling contracts)"
