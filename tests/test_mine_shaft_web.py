"""Mine Shaft through the web app: a table made by webapp.tables, actions through the JSON
API, and the table page's SVG mine with the squares the rules allow."""

from __future__ import annotations

import re

import webgame
from webgame import TOKEN, act, host_phone



def start(app, seed=5):
    return webgame.start(app, "mine-shaft", [{"name": "Ann", "colour": "#e8590c"}, {"name": "Bo", "colour": "#1098ad"}],
                         "advanced", seed)


def test_the_host_never_plays_a_seat_a_phone_holds(app):
    """Issue 23, item 1: the game never guesses the seat. The host's token without a seat is
    refused before the rules see it, and naming the seat whose turn it is is refused while a
    phone holds that seat; that phone plays it, and the log names no host."""
    table, host = start(app)
    client = host_phone(app, host)
    turn = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["state"]["turn"]
    phone, token = webgame.seat_phone(app, table, turn)
    version = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["version"]
    unnamed = act(client, table.id, host, version, {"type": "draw_tile"})
    assert unnamed.status_code == 422 and unnamed.get_json()["error"]["code"] == "choose_seat"
    held = act(client, table.id, host, version, {"type": "draw_tile", "seat": turn})
    assert held.status_code == 403 and held.get_json()["error"]["code"] == "seat_has_phone"
    after = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()
    assert after["version"] == version and after["state"]["phase"] == "start"  # nothing was played
    played = act(phone, table.id, token, version, {"type": "draw_tile"}).get_json()  # the token names the seat
    assert played["version"] == version + 1 and played["event"]["seat"] == turn
    assert played["event"]["summary"].startswith("Ann drew" if turn == 0 else "Bo drew") and "host" not in played["event"]["summary"]


def test_a_turn_through_the_api(app):
    table, host = start(app)
    client = host_phone(app, host)
    first = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["state"]["turn"]
    body = client.get(f"/api/tables/{table.id}?for={first}", headers={TOKEN: host}).get_json()  # "Play for"
    assert body["seat"] == first and body["state"]["phase"] == "start" and body["state"]["pile"] == {"left": 60}  # the pile stays hidden
    labels = {o["label"]: o for o in body["options"]}
    assert labels["Roll the dice"]["allowed"] is False
    assert "first turn you must draw and lay a tile" in labels["Roll the dice"]["reason"]

    choices = body["state"]["board"]["pile_choices"]  # a table drawing real tiles picks by look
    assert sum(c["left"] for c in choices) == 60
    assert {"id": "Sr2-swap", "label": "red straight, 2 slots, Swap", "left": 1} in choices
    html = client.get(f"/tables/{table.id}/fragment?for={first}").get_data(as_text=True)
    assert 'name="tile"' in html and "red straight, 2 slots, Swap (1 left)" in html

    body = act(client, table.id, host, 0, {"type": "draw_tile", "seat": first}).get_json()
    assert body["state"]["phase"] == "place" and body["event"]["barrier"] is True
    assert re.match(r"\w+ drew a .* tile", body["event"]["summary"])
    place = next(o["action"] for o in body["options"] if o["action"]["type"] == "place_tile")

    refused = act(client, table.id, host, 1, {"type": "place_tile", "seat": first, "x": 5, "y": 5, "rotation": 0})
    assert refused.status_code == 422
    assert "is not at an open end of your tile" in refused.get_json()["error"]["message"]

    body = act(client, table.id, host, 1, {**place, "seat": first}).get_json()
    assert body["version"] == 2 and body["state"]["phase"] == "roll"
    html = client.get(f"/tables/{table.id}/fragment?for={first}").get_data(as_text=True)
    assert 'data-type="roll"' in html and 'name="die_a"' in html and 'name="die_b"' in html  # real dice
    body = act(client, table.id, host, 2, {"type": "roll", "seat": first, "die_a": "red", "die_b": 2}).get_json()
    assert body["state"]["die_a"] == "red" and body["state"]["die_b"] == 2
    assert body["state"]["board"]["dice"] == {"a": "red", "a_fill": "#c8322d", "b": 2}


def test_the_table_page_draws_the_mine_and_highlights_legal_squares(app):
    table, host = start(app)
    client = host_phone(app, host)
    version = 0
    first = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["state"]["turn"]
    body = act(client, table.id, host, version, {"type": "draw_tile", "seat": first}).get_json()
    targets = {(o["action"]["x"], o["action"]["y"]) for o in body["options"] if o["action"]["type"] == "place_tile"}
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert 'class="ms-mine"' in html and 'data-cell-action="place_tile"' in html
    highlighted = set((int(x), int(y)) for x, y in
                      re.findall(r'class="ms-target" data-x="(-?\d+)" data-y="(-?\d+)"', html))
    assert highlighted == targets == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert 'id="ms-preview"' in html and 'id="ms-confirm"' in html
    assert 'id="ms-real-counts"' in html and 'id="ms-real-gold"' in html  # a real bag's draw rides on the tile
    assert "START" in html and "bag: 50 coal · 30 silver · 20 gold" in html
    page = client.get(f"/tables/{table.id}").get_data(as_text=True)
    assert "games/mine-shaft" in page  # the tap-to-place script
    assert "style=" not in html and "<script" not in html  # the page's security policy



def test_a_real_bag_draw_for_a_colour_fill_rides_on_the_tap_that_fills_the_tile(app):
    table, host = start(app)
    client = host_phone(app, host)
    first = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["state"]["turn"]
    other = 1 - first
    steps = [{"type": "draw_tile", "seat": first, "tile": "Sr2"},
             {"type": "place_tile", "seat": first, "x": 1, "y": 0, "rotation": 90, "coal": 2},
             {"type": "roll", "seat": first, "die_a": "blue", "die_b": 1},
             {"type": "move", "seat": first, "x": 1, "y": 0},
             {"type": "take", "seat": first, "mineral": "coal"},      # the red straight has one empty slot now
             {"type": "draw_tile", "seat": other, "tile": "Sy1"},
             {"type": "place_tile", "seat": other, "x": 0, "y": 1, "rotation": 0, "silver": 1},
             {"type": "roll", "seat": other, "die_a": "red", "die_b": 1}]
    for version, action in enumerate(steps):
        body = act(client, table.id, host, version, action).get_json()
    assert body["state"]["phase"] == "die_a" and body["state"]["board"]["draw"] == 1
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert 'id="ms-real-counts"' in html and "as many as the tile's empty slots (up to 1)" in html
    assert 'data-cell-action="fill_tile"' in html
    refused = act(client, table.id, host, 8, {"type": "fill_tile", "seat": other, "x": 1, "y": 0, "gold": 2})
    assert "takes 1 mineral from the bag, not 2" in refused.get_json()["error"]["message"]
    body = act(client, table.id, host, 8, {"type": "fill_tile", "seat": other, "x": 1, "y": 0, "gold": 1}).get_json()
    assert body["state"]["bag"] == {"coal": 48, "silver": 29, "gold": 19}
    assert [t["minerals"] for t in body["state"]["tiles"] if (t["x"], t["y"]) == (1, 0)] == [["coal", "gold"]]


def test_without_script_the_mine_shows_and_the_move_list_lays_a_tile_in_words(app, client):
    """A phone without script: the server's picture of the mine is on the page, and the plain
    forms under it draw a tile and lay it; buttons and the log say where in words."""
    import html as html_lib
    from test_pages import csrf, new_table, version, whose_turn

    table_id = new_table(client, names=("Ann", "Bo"), game="mine-shaft|basic", seat_me=False)
    page = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert '<svg class="ms-mine"' in page and "START" in page
    token = csrf(client, f"/tables/{table_id}")
    refused = client.post(f"/tables/{table_id}/act", data={"csrf_token": token, "version": str(version(client, table_id)),
                                                           "_type": "draw_tile", "seat": "5"})
    assert refused.status_code == 422  # no such seat: nothing is guessed
    posted = client.post(f"/tables/{table_id}/act", data={"csrf_token": token, "version": str(version(client, table_id)),
                                                          "_type": "draw_tile", "seat": str(whose_turn(app, table_id))})
    assert posted.status_code == 303
    page = html_lib.unescape(client.get(f"/tables/{table_id}").get_data(as_text=True))
    forms = re.findall(r"<form[^>]*hf-action.*?</form>", page, re.S)
    laying = [f for f in forms if "Lay the " in f]
    assert laying, "no form lays the drawn tile"
    label = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", re.search(r"<button.*?</button>", laying[0], re.S).group(0))).strip()
    assert re.fullmatch(r"(\w+: )?Lay the [A-Za-z ]+ (north|east|south|west) of the start tile, [a-z -]+", label), label
    action = re.search(r"name=\"action\" value='([^']+)'", laying[0]).group(1)
    posted = client.post(f"/tables/{table_id}/act", data={"csrf_token": token, "version": str(version(client, table_id)),
                                                          "action": action})
    assert posted.status_code == 303
    log = html_lib.unescape(client.get(f"/tables/{table_id}/log").get_data(as_text=True))
    said = label.split(": ", 1)[-1].replace("Lay ", "laid ", 1)
    assert said in log, said
    assert not re.search(r"\(-?\d+, -?\d+\)", log)


def _render(app, st, seat, finished):
    from types import SimpleNamespace

    from flask import render_template

    from companion.registry import find_game

    game = find_game("mine-shaft")
    seats = [SimpleNamespace(seat=i, name=n, colour=c) for i, (n, c) in enumerate((("Ann", "#e8590c"), ("Bo", "#1098ad")))]
    with app.test_request_context("/"):
        return render_template("games/mine-shaft.html", table=SimpleNamespace(seats=seats, finished=finished), game=game,
                               view=game.view(st, seat), seat=seat, options=game.options(st, seat), version=7,
                               act_url="/act")


def test_the_final_turns_notice_goes_when_the_game_is_over(app):
    import random

    from companion.core import PlayerSpec
    from companion.registry import find_game

    game = find_game("mine-shaft")
    st = game.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], "basic", 4)
    chooser, ending = random.Random(1), None
    while game.end_if(st) is None:
        seat = game.acting_seats(st)[0]
        if game.view(st, 0)["board"].get("ending"):
            ending = st
        st = game.apply(st, game.bot_move(st, seat, "heuristic", chooser))
    before = _render(app, ending, 0, finished=False)
    assert "Final turns: one each" in before or "The game is ending" in before
    assert game.view(st, 0)["board"]["ending"]
    html = _render(app, st, 0, finished=True)
    assert "Final turns" not in html and "The game is ending" not in html


def test_counters_are_squares_and_pieces_discs_so_a_coal_c_is_never_cara():
    import random

    from companion.core import PlayerSpec
    from companion.registry import find_game
    from webapp.boards.mine_shaft import mine_svg

    game = find_game("mine-shaft")
    st = game.setup([PlayerSpec(n) for n in ("Cara", "Sam", "Gil")], "basic", 2)
    chooser = random.Random(3)
    for _ in range(60):
        st = game.apply(st, game.bot_move(st, game.acting_seats(st)[0], "heuristic", chooser))
    board = game.view(st, 0)["board"]
    minerals = [m for t in board["tiles"] for m in t["minerals"]]
    assert {m["letter"] for m in minerals} & {"C", "S", "G"}  # the letters the players' initials share
    svg = str(mine_svg(game, board, ["#e8590c", "#1098ad", "#2f9e44"]))
    squares = re.findall(r'<rect class="ms-mineral"[^>]*rx="4"[^>]*><title>(\w+)</title></rect>', svg)
    assert sorted(squares) == sorted(m["kind"] for m in minerals)
    pieces = re.findall(r'<g class="ms-pawn"[^>]*><title>[^<]*</title><circle ', svg)
    assert len(pieces) == len(board["pieces"]) == 3
    assert 'r="13"' not in svg  # no mineral is drawn as a disc any more


def test_the_ways_to_lay_a_tile_in_words_fold_under_the_mine_not_above_it(app):
    table, host = start(app)
    client = host_phone(app, host)
    first = client.get(f"/api/tables/{table.id}", headers={TOKEN: host}).get_json()["state"]["turn"]
    body = act(client, table.id, host, 0, {"type": "draw_tile", "seat": first}).get_json()
    lays = [o for o in body["options"] if o["action"]["type"] == "place_tile"]
    html = client.get(f"/tables/{table.id}/fragment?for={first}").get_data(as_text=True)
    mine = re.search(r'<section class="card" aria-labelledby="ms-mine-title">.*?</section>', html, re.S).group(0)
    fold = re.search(r'<details id="ms-lay-words"><summary>Or choose in words \((\d+) ways to lay it\)</summary>(.*?)</details>',
                     mine, re.S)
    assert fold and int(fold.group(1)) == len(lays) > 1
    assert fold.group(2).count('<form class="hf-action"') == len(lays)
    assert mine.index('class="ms-mine"') < mine.index('id="ms-lay-words"')  # the picture first
    forms = re.findall(r'<form class="hf-action"[^>]*data-action=\'[^\']*place_tile', html)
    assert len(forms) == len(lays)  # in the fold and nowhere else


def test_a_wide_mine_opens_on_the_moves_else_the_moving_piece_else_the_start_tile():
    from webapp.boards.mine_shaft import SEEN_COLUMNS, SQUARE_PX, focus_column, mine_board

    def board(targets, turn_x=None):
        pieces = [{"x": 7, "turn": False}] + ([{"x": turn_x, "turn": True}] if turn_x is not None else [])
        return {"targets": [{"x": x} for x in targets], "pieces": pieces,
                "tiles": [{"x": -2, "start": False}, {"x": 3, "start": True}]}

    assert focus_column(board([4, 6], turn_x=-1)) == 5  # the middle of the squares with a move
    spread = [0, SEEN_COLUMNS + 4]
    assert focus_column(board(spread, turn_x=2)) == 2  # too wide to see at once: those by the moving piece
    assert focus_column(board(spread, turn_x=-5)) == 0  # ... and never off the squares with a move
    assert focus_column(board([], turn_x=-1)) == -1  # nothing to tap: the piece whose turn it is
    assert focus_column(board([])) == 3  # nobody's turn: the start tile

    import random

    from companion.core import PlayerSpec
    from companion.registry import find_game

    game = find_game("mine-shaft")
    st = game.setup([PlayerSpec(n) for n in ("Cara", "Sam")], "basic", 2)
    chooser = random.Random(3)
    for _ in range(40):
        st = game.apply(st, game.bot_move(st, game.acting_seats(st)[0], "heuristic", chooser))
    b = game.view(st, 0)["board"]
    html = str(mine_board(game, b, ["#e8590c", "#1098ad"]))
    lead = re.search(r'<svg class="ms-lead" width="([\d.]+)" height="1">', html)
    assert html.startswith('<div class="ms-board-box" id="ms-board" tabindex="0" role="region" aria-label="')
    assert float(lead.group(1)) == (focus_column(b) - b["min_x"]) * SQUARE_PX
    assert f'<svg class="ms-mine" width="{b["width"] * SQUARE_PX}" height="{b["height"] * SQUARE_PX}"' in html
