"""The phone pages through Flask's test client: create → table → join → act → log → score →
history, and every way a form can go wrong (a message on the page, nothing changed, no 500)."""

from __future__ import annotations

import io
import json
import re
import struct
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pypdf import PdfReader

from webapp import tables, views

XSS = "<svg onload=alert(1)>"
STATIC = Path(__file__).resolve().parent.parent / "webapp" / "static"


def csrf(client, path="/"):
    page = client.get(path)
    return re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True)).group(1)


def create(client, names=("Ann", "Bo", "Cy"), game="scorepad", seat_me=True):
    colours = [c for _, c in views.PALETTE][:len(names)]
    data = {"csrf_token": csrf(client), "game": game, "name": list(names), "colour": colours}
    if seat_me:
        data["seat_me"] = "1"
    return client.post("/tables", data=data)


def new_table(client, **kwargs):
    response = create(client, **kwargs)
    assert response.status_code == 303, response.get_data(as_text=True)
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    return table_id


def version(client, table_id):
    html = client.get(f"/tables/{table_id}/fragment").get_data(as_text=True)
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def alert_text(html):
    match = re.search(r'id="alert"[^>]*>(.*?)</div>', html, re.S)
    return re.sub(r"<[^>]+>", "", match.group(1)).strip() if match else ""


def join_code(app, table_id):
    with app.app_context():
        return tables.get(table_id).join_code


def add_points(client, table_id, points, category="points", **extra):
    data = {"csrf_token": csrf(client, f"/tables/{table_id}"), "version": str(version(client, table_id)),
            "_type": "add_points", "_strings": "category", "category": category, "points": str(points), **extra}
    return client.post(f"/tables/{table_id}/act", data=data)


def act_json(client, table_id, action):
    """What the page script sends for an action that names a seat."""
    return client.post(f"/tables/{table_id}/act", headers={"X-CSRF-Token": csrf(client, f"/tables/{table_id}")},
                       json={"version": version(client, table_id), "action": action})


def points_of(app, table_id):
    with app.app_context():
        return list(tables.get(table_id).state.points[0])


def seated(app, client, table_id, seat):
    code = join_code(app, table_id)
    token = csrf(client, "/join")
    response = client.post(f"/tables/{table_id}/join", data={"csrf_token": token, "code": code, "seat": str(seat)})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response


# -- start a table ------------------------------------------------------------------------

def test_home_offers_every_game_and_spare_player_rows(client):
    html = client.get("/").get_data(as_text=True)
    assert 'value="scorepad"' in html
    for gid in ("mine-shaft", "ore", "tinners-trail"):
        assert f'value="scorepad-{gid}"' in html
    assert html.count('name="name"') == views.SPARE_ROWS
    assert 'name="csrf_token"' in html


def test_create_sets_host_and_seat_cookies_and_shows_the_qr_code(app, client):
    response = create(client)
    assert response.status_code == 303
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    cookies = " ".join(response.headers.getlist("Set-Cookie"))
    assert "hf_host=" in cookies and "hf_seat=" in cookies
    html = client.get(f"/tables/{table_id}").get_data(as_text=True)
    code = join_code(app, table_id)
    assert '<svg class="qr"' in html and code in html and f"/j/{code}" in html
    assert "You play" in html and ">Ann</strong>" in html
    with app.app_context():
        assert [s.name for s in tables.get(table_id).seats] == ["Ann", "Bo", "Cy"]


def test_the_qr_code_names_the_address_other_phones_can_reach(make_app):
    local = make_app()
    client = local.test_client()
    html = client.get(f"/tables/{new_table(client)}").get_data(as_text=True)
    assert "http://localhost/j/" in html and "works only on this computer" in html
    lan = make_app(PUBLIC_URL="http://192.168.1.20:8000")
    client = lan.test_client()
    html = client.get(f"/tables/{new_table(client)}").get_data(as_text=True)
    assert "http://192.168.1.20:8000/j/" in html and "works only on this computer" not in html


def test_blank_rows_are_left_out(app, client):
    table_id = new_table(client, names=("Ann", "", "Cy", ""))
    with app.app_context():
        assert [s.name for s in tables.get(table_id).seats] == ["Ann", "Cy"]


@pytest.mark.parametrize("names, message", [
    (("Ann", "x" * 40), "name must be 1–32 characters"),
    (("Ann", "ann"), "Two players are called"),
    (("", ""), "List the players"),
])
def test_bad_player_names_are_refused_on_the_form(app, client, names, message):
    response = create(client, names=names)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html
    assert 'value="Ann"' in html or names == ("", "")  # what was typed comes back
    with app.app_context():
        assert tables.count_tables() == 0


def test_unknown_game_and_too_many_players_are_refused(app, client):
    assert create(client, game="chess").status_code in (404, 422)
    response = create(client, game="mine-shaft", names=("A", "B", "C", "D", "E"))
    assert response.status_code == 422 and "2–4 players" in response.get_data(as_text=True)
    with app.app_context():
        assert tables.count_tables() == 0


def test_a_form_without_its_csrf_token_changes_nothing(app, client):
    response = client.post("/tables", data={"game": "scorepad", "name": ["Ann"], "colour": ["#c0392b"]})
    assert response.status_code == 403
    assert "reload the page" in response.get_data(as_text=True)
    with app.app_context():
        assert tables.count_tables() == 0


# -- join -------------------------------------------------------------------------------

def test_join_by_link_then_pick_a_seat(app, client):
    table_id = new_table(client)
    code = join_code(app, table_id)
    other = app.test_client()
    found = other.get(f"/j/{code.lower()}")
    assert found.status_code == 303 and found.headers["Location"].endswith(f"/tables/{table_id}/join?code={code}")
    picker = other.get(found.headers["Location"]).get_data(as_text=True)
    assert "Who are you?" in picker and ">Bo</span>" in picker and "taken" in picker
    seated(app, other, table_id, 1)
    html = other.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "You play" in html and ">Bo</strong>" in html
    assert "End the game now" not in html and "Free Ann" not in html  # host tools stay on the host's phone


def test_typed_code_with_spaces_and_dash_finds_the_table(app, client):
    table_id = new_table(client)
    code = join_code(app, table_id)
    other = app.test_client()
    typed = f" {code[:4].lower()}-{code[4:]} "
    response = other.post("/join", data={"csrf_token": csrf(other, "/join"), "code": typed})
    assert response.status_code == 303 and f"/tables/{table_id}/join" in response.headers["Location"]


def test_wrong_code_is_a_message_not_an_error_page(app, client):
    new_table(client)
    other = app.test_client()
    response = other.post("/join", data={"csrf_token": csrf(other, "/join"), "code": "ZZZZZZZZ"})
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "No table has that join code." in html and 'value="ZZZZZZZZ"' in html


def test_guessing_codes_is_slowed_down_with_a_message(make_app):
    app = make_app(JOIN_FAILURE_LIMIT=2)
    client = app.test_client()
    token = csrf(client, "/join")
    for _ in range(2):
        assert client.post("/join", data={"csrf_token": token, "code": "ZZZZZZZZ"}).status_code == 404
    refused = client.post("/join", data={"csrf_token": token, "code": "ZZZZZZZZ"})
    assert refused.status_code == 429
    assert "Too many wrong join codes" in refused.get_data(as_text=True)


def test_nonsense_seat_and_version_are_messages(app, client):
    table_id = new_table(client)
    other = app.test_client()
    code = join_code(app, table_id)
    bad_seat = other.post(f"/tables/{table_id}/join", data={"csrf_token": csrf(other, "/join"), "code": code,
                                                             "seat": "left"})
    assert bad_seat.status_code == 422 and "Choose a seat by its number." in bad_seat.get_data(as_text=True)
    bad_version = client.post(f"/tables/{table_id}/act", data={
        "csrf_token": csrf(client, f"/tables/{table_id}"), "version": "latest", "_type": "next_round"})
    assert bad_version.status_code == 422
    assert "table version" in alert_text(bad_version.get_data(as_text=True))
    assert version(client, table_id) == 1  # only Ann's join happened


def test_seat_page_needs_the_right_code(app, client):
    table_id = new_table(client)
    other = app.test_client()
    assert other.get(f"/tables/{table_id}/join?code=ABCDEFGH").status_code == 404


def test_a_taken_seat_is_refused_and_the_phone_stays_unseated(app, client):
    table_id = new_table(client)
    other = app.test_client()
    code = join_code(app, table_id)
    response = other.post(f"/tables/{table_id}/join",
                          data={"csrf_token": csrf(other, "/join"), "code": code, "seat": "0"})
    assert response.status_code == 409
    assert "Ann&#39;s seat is taken; the host can free it." in response.get_data(as_text=True)
    assert "hf_seat" not in " ".join(response.headers.getlist("Set-Cookie"))


def test_a_phone_that_comes_back_keeps_its_seat(app, client):
    table_id = new_table(client)
    other = app.test_client()
    seated(app, other, table_id, 1)
    code = join_code(app, table_id)
    picker = other.get(f"/tables/{table_id}/join?code={code}").get_data(as_text=True)
    assert "already plays as <strong>Bo</strong>" in picker
    seated(app, other, table_id, 1)  # taking it again is fine for the same phone
    assert ">Bo</strong>" in other.get(f"/tables/{table_id}").get_data(as_text=True)


# -- play -------------------------------------------------------------------------------

def test_no_script_form_adds_points_and_the_fragment_follows(app, client):
    table_id = new_table(client)
    before = version(client, table_id)
    response = add_points(client, table_id, 7)
    assert response.status_code == 303
    assert points_of(app, table_id) == [7, 0, 0]
    assert version(client, table_id) == before + 1
    fragment = client.get(f"/tables/{table_id}/fragment").get_data(as_text=True)
    assert f'data-version="{before + 1}"' in fragment
    assert re.search(r'aria-label="Ann: Points">7<', fragment)


def test_a_partial_can_show_options_its_own_way(app, client):
    table_id = new_table(client)
    html = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert 'class="options"' not in html  # the pad declares handles = "*"
    assert "Round 1 done" in html
    response = client.post(f"/tables/{table_id}/act", data={
        "csrf_token": csrf(client, f"/tables/{table_id}"), "version": str(version(client, table_id)),
        "_type": "next_round"})
    assert response.status_code == 303
    assert "Round 2 done" in client.get(f"/tables/{table_id}/fragment").get_data(as_text=True)


def test_a_seated_player_scores_only_themselves(app, client):
    table_id = new_table(client)
    other = app.test_client()
    seated(app, other, table_id, 1)
    assert add_points(other, table_id, 3).status_code == 303
    assert points_of(app, table_id) == [0, 3, 0]
    refused = add_points(other, table_id, 5, seat="0")
    assert refused.status_code == 403
    assert "only the host enters moves for another player" in alert_text(refused.get_data(as_text=True))
    assert points_of(app, table_id) == [0, 3, 0]
    pad = other.get(f"/tables/{table_id}/fragment").get_data(as_text=True)
    assert 'id="pad-1"' in pad and 'id="pad-0"' not in pad


def test_host_scores_for_another_seat_with_json(app, client):
    table_id = new_table(client)
    response = act_json(client, table_id, {"type": "add_points", "category": "points", "points": 4, "seat": 2})
    assert response.status_code == 200 and response.json == {"ok": True, "version": version(client, table_id)}
    assert points_of(app, table_id) == [0, 0, 4]


def test_a_rule_the_action_breaks_is_shown_and_nothing_changes(app, client):
    table_id = new_table(client)
    before = version(client, table_id)
    response = add_points(client, table_id, 1_000_000)
    assert response.status_code == 422
    assert "more than the pad allows" in alert_text(response.get_data(as_text=True))
    assert version(client, table_id) == before and points_of(app, table_id) == [0, 0, 0]


def test_json_rule_violation_answers_json(app, client):
    table_id = new_table(client)
    response = act_json(client, table_id, {"type": "add_points", "category": "nope", "points": 1, "seat": 1})
    assert response.status_code == 422
    assert "Unknown category" in response.json["error"]["message"]


def test_an_action_on_an_old_version_says_the_table_moved(app, client):
    table_id = new_table(client)
    old = version(client, table_id)
    add_points(client, table_id, 1)
    # the same entry again, made on the version before the first: one entry, not two
    response = client.post(f"/tables/{table_id}/act", data={
        "csrf_token": csrf(client, f"/tables/{table_id}"), "version": str(old), "_type": "add_points",
        "category": "points", "points": "1"})
    assert response.status_code == 409
    assert alert_text(response.get_data(as_text=True)).startswith("Before your tap arrived: Ann +1 point. Your tap was not applied")
    assert points_of(app, table_id) == [1, 0, 0]


def whose_turn(app, table_id):
    """The seat that may draw a tile now (Mine Shaft's first player comes from the seed)."""
    with app.app_context():
        table = tables.get(table_id)
        for seat in range(len(table.seats)):
            if any(o.allowed and o.action["type"] == "draw_tile" for o in table.game.options(table.state, seat)):
                return seat
    raise AssertionError("nobody may draw")


def test_disallowed_options_are_greyed_with_their_reason(app, client):
    table_id = new_table(client, names=("Ann", "Bo"), game="mine-shaft|basic")
    html = client.get(f"/tables/{table_id}").get_data(as_text=True)
    with app.app_context():
        table = tables.get(table_id)
        options = table.game.options(table.state, 0)
    refused = [o for o in options if not o.allowed]
    assert refused, "Mine Shaft's first turn always forbids something (rolling before laying a tile)"
    greyed = re.findall(r'<li class="option disallowed">(.*?)</li>', html, re.S)
    assert len(greyed) == len(refused)
    for option, item in zip(refused, greyed):
        assert option.label in item and " disabled" in item
        assert option.reason.replace("'", "&#39;") in item
    allowed = [o for o in options if o.allowed]
    assert html.count('<li class="option">') == len(allowed)


def test_undo_stops_at_a_draw_and_says_why(app, client):
    table_id = new_table(client, names=("Ann", "Bo"), game="mine-shaft|basic")
    seat = whose_turn(app, table_id)
    response = act_json(client, table_id, {"type": "draw_tile", "seat": seat})
    assert response.status_code == 200, response.get_data(as_text=True)
    html = client.get(f"/tables/{table_id}").get_data(as_text=True)
    undo = re.search(r'<form method="post" action="[^"]*/undo".*?</form>', html, re.S).group(0)
    assert " disabled" in undo and "rolled dice or revealed something" in undo
    log = client.get(f"/tables/{table_id}/log").get_data(as_text=True)
    assert "badge-barrier" in log and "cannot be undone" in log


def test_host_undo_is_logged_as_undone(app, client):
    table_id = new_table(client)
    add_points(client, table_id, 2)
    add_points(client, table_id, 5)
    html = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "Takes back: Ann +5 points" in html
    response = client.post(f"/tables/{table_id}/undo", data={"csrf_token": csrf(client, f"/tables/{table_id}"),
                                                             "version": str(version(client, table_id))})
    assert response.status_code == 303
    assert points_of(app, table_id) == [2, 0, 0]
    log = client.get(f"/tables/{table_id}/log").get_data(as_text=True)
    struck = re.search(r'<li class="action undone">.*?</li>', log, re.S).group(0)
    assert "Ann +5 points" in struck and "badge-undone" in struck
    assert "Ann (host) undid: Ann +5 points" in log


def test_host_only_steps_refuse_other_phones(app, client):
    table_id = new_table(client)
    add_points(client, table_id, 2)
    other = app.test_client()
    seated(app, other, table_id, 1)
    before = version(client, table_id)
    token = csrf(other, f"/tables/{table_id}")
    undo = other.post(f"/tables/{table_id}/undo", data={"csrf_token": token, "version": str(before)})
    # Ann (the host's seat) made the last move: Bo's phone cannot take it back
    assert undo.status_code == 403 and "only your own last move" in alert_text(undo.get_data(as_text=True))
    free = other.post(f"/tables/{table_id}/seats/0/free", data={"csrf_token": token})
    assert free.status_code == 403
    end = other.post(f"/tables/{table_id}/end", data={"csrf_token": token, "confirm": "yes"})
    assert end.status_code == 403
    assert version(client, table_id) == before and points_of(app, table_id) == [2, 0, 0]


def test_host_frees_a_seat_for_another_phone(app, client):
    table_id = new_table(client)
    other = app.test_client()
    seated(app, other, table_id, 1)
    response = client.post(f"/tables/{table_id}/seats/1/free", data={"csrf_token": csrf(client, f"/tables/{table_id}")})
    assert response.status_code == 303
    third = app.test_client()
    seated(app, third, table_id, 1)
    freed = other.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "This phone's seat was freed by the host." in freed.replace("&#39;", "'") and 'href="/join"' in freed


# -- the end ------------------------------------------------------------------------------

def finish(app, client, names=("Ann", "Bo", "Cy"), points=(5, 9, 5)):
    table_id = new_table(client, names=names, game="scorepad-ore")
    token = csrf(client, f"/tables/{table_id}")
    for seat, amount in enumerate(points):
        act_json(client, table_id, {"type": "add_points", "category": "assets", "points": amount, "seat": seat})
    unconfirmed = client.post(f"/tables/{table_id}/end", data={"csrf_token": token})
    assert unconfirmed.status_code == 400 and "Tick the box" in alert_text(unconfirmed.get_data(as_text=True))
    ended = client.post(f"/tables/{table_id}/end", data={"csrf_token": token, "confirm": "yes"})
    assert ended.status_code == 303 and ended.headers["Location"].endswith(f"/tables/{table_id}/score")
    return table_id


def test_three_winners_are_named_as_a_list_on_the_table_history_and_score_sheet(app, client):
    table_id = finish(app, client, names=("Ann", "Bo", "Cy"), points=(5, 5, 5))
    table = re.sub(r"<[^>]+>", "", client.get(f"/tables/{table_id}").get_data(as_text=True))
    assert "Ann, Bo and Cy share first place." in " ".join(table.split())
    history = " ".join(re.sub(r"<[^>]+>", "", client.get("/history").get_data(as_text=True)).split())
    assert "Ann, Bo and Cy shared first place" in history
    pdf = client.get(f"/tables/{table_id}/scoresheet.pdf")
    text = " ".join(PdfReader(io.BytesIO(pdf.get_data())).pages[0].extract_text().split())
    assert "Ann, Bo and Cy share first place." in text


def test_final_score_page_has_breakdown_ranks_tiebreak_chart_and_exports(app, client):
    table_id = finish(app, client)
    html = client.get(f"/tables/{table_id}/score").get_data(as_text=True)
    assert "Final scores" in html
    assert "Asset VP" in html and "Strike! tokens" in html
    podium = re.findall(r'<span class="place">(\w+)</span>.*?<strong>(.*?)</strong>', html, re.S)
    assert podium == [("1st", "Bo"), ("2nd", "Ann"), ("2nd", "Cy")]
    assert "Ann and Cy tied: 5 points each, and equal on every tie-break" in html
    assert '<svg class="chart"' in html and "<title id=\"score-chart-title\">" in html
    for link in (f"/tables/{table_id}/scoresheet.pdf", f"/api/tables/{table_id}/export.csv",
                 f"/api/tables/{table_id}/export.json", "https://app.bgstatsapp.com/createPlay.html?data="):
        assert link in html
    table = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "The game is over" in table and "<strong>Bo</strong>" in table and "Your moves" not in table


def test_score_sheet_pdf(app, client):
    table_id = finish(app, client)
    response = client.get(f"/tables/{table_id}/scoresheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    assert "Score pad for Ore" in text and "Bo" in text and "1st" in text
    assert client.get(f"/tables/{table_id}/scoresheet.pdf").data == response.data
    letter = client.get(f"/tables/{table_id}/scoresheet.pdf?paper=letter")
    assert round(float(PdfReader(io.BytesIO(letter.data)).pages[0].mediabox.width)) == 612
    assert client.get(f"/tables/{table_id}/scoresheet.pdf?paper=a0").status_code == 400


def test_history_lists_winners_and_player_stats(app, client):
    first = finish(app, client)
    finish(app, client, points=(8, 1, 2))
    html = client.get("/history").get_data(as_text=True)
    assert html.count("Score pad for Ore") == 2
    assert "Bo won" in html and "Ann won" in html
    plays = {name: n for name, n, _wins in re.findall(r'<th scope="row">(\w+)</th><td>(\d+)</td><td>(\d+)</td>', html)}
    assert plays == {"Ann": "2", "Bo": "2", "Cy": "2"}
    assert f"/tables/{first}/score" in html
    stats = re.search(r'<th scope="row">Ann</th><td>2</td><td>1</td><td>([\d.]+)</td>', html)
    assert stats and float(stats.group(1)) == 6.5


def test_history_when_nothing_is_finished(client):
    assert "No finished games yet" in client.get("/history").get_data(as_text=True)


# -- safety of every page ------------------------------------------------------------------

def every_page(app, client):
    table_id = finish(app, client, names=("Ann", XSS))
    return ["/", "/join", "/history", f"/tables/{table_id}", f"/tables/{table_id}/fragment",
            f"/tables/{table_id}/log", f"/tables/{table_id}/score",
            f"/tables/{table_id}/join?code={join_code(app, table_id)}"]


def test_player_names_are_text_on_every_page(app, client):
    for path in every_page(app, client):
        html = client.get(path).get_data(as_text=True)
        assert XSS not in html, path
        if "/tables/" in path or path == "/history":
            assert "&lt;svg onload=alert(1)&gt;" in html, path


class Markup(HTMLParser):
    """Collects what the security policy would block: inline scripts, styles, handlers."""

    def __init__(self):
        super().__init__()
        self.offences = []

    def handle_starttag(self, tag, attrs):
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.offences.append("inline <script>")
        if tag == "style":
            self.offences.append("<style> element")
        self.offences += [f"{name} on <{tag}>" for name in names if name == "style" or name.startswith("on")]


def test_no_inline_script_style_or_handlers(app, client):
    for path in every_page(app, client):
        parser = Markup()
        parser.feed(client.get(path).get_data(as_text=True))
        assert parser.offences == [], path


def test_unknown_table_is_a_404_page(client):
    response = client.get("/tables/nosuchtable")
    assert response.status_code == 404 and "There is no table" in response.get_data(as_text=True)


def test_short_links_lead_to_the_table_pages(client):
    response = client.get("/t/abc123/scoresheet.pdf?paper=letter")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/tables/abc123/scoresheet.pdf?paper=letter")


# -- installable app ------------------------------------------------------------------------

def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_icons_exist_with_the_sizes_they_claim(client):
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    purposes = set()
    for icon in manifest["icons"]:
        path = STATIC / icon["src"].removeprefix("/static/")
        assert path.is_file(), icon["src"]
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert f"{width}x{height}" == icon["sizes"]
    assert {"any", "maskable"} <= purposes


def test_service_worker_is_served_for_the_whole_site(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    body = response.get_data(as_text=True)
    for cached in re.findall(r"'(/static/[^']+)'", body):
        assert client.get(cached).status_code == 200, cached


# -- the pieces behind the pages ----------------------------------------------------------------

def test_form_fields_become_action_fields_like_the_page_script_does():
    from werkzeug.datastructures import MultiDict

    form = MultiDict({"csrf_token": "x", "version": "3", "_type": "bid", "amount": "12", "ratio": "0.5",
                      "card": "17", "_strings": "card", "note": "", "mine": "north",
                      "action": '{"type": "ignored", "pit": 2}'})
    assert views.action_from_form(form) == {"type": "bid", "pit": 2, "amount": 12, "ratio": 0.5, "card": "17",
                                            "mine": "north"}


def test_game_partials_and_scripts_are_found_by_game_id(app, client):
    from companion.registry import find_game

    assert views.partial_for(find_game("scorepad")) == "games/scorepad.html"
    assert views.script_for(find_game("scorepad")) is None
    for script in sorted(views.GAME_SCRIPTS.glob("*.js")):
        game_id = script.stem
        assert views.script_for(find_game(game_id)) == f"games/{game_id}.js"
    table_id = new_table(client, names=("Ann", "Bo"), game="mine-shaft|basic")
    html = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert 'src="/static/games/mine-shaft.js"' in html
    assert 'src="/static/js/table.js"' in html
    readme = (Path(views.PARTIALS) / "README.md").read_text()
    assert "hf-action" in readme and "data-type" in readme


@pytest.mark.parametrize("game_id", [g for g in __import__("companion").game_ids() if g != "scorepad"])
def test_every_game_table_page_renders_for_host_player_and_watcher(app, client, game_id):
    from companion import find_game

    game = find_game(game_id)
    names = [f"P{i}" for i in range(max(2, game.players[0]))]
    table_id = new_table(client, names=names, game=f"{game_id}|{game.variants[0]}" if game.variants else game_id)
    watcher = app.test_client()
    player = app.test_client()
    seated(app, player, table_id, len(names) - 1)
    for phone in (client, player, watcher):
        for path in (f"/tables/{table_id}", f"/tables/{table_id}/fragment", f"/tables/{table_id}/log",
                     f"/tables/{table_id}/score"):
            assert phone.get(path).status_code == 200, (game_id, path)


@pytest.mark.parametrize("pad", ["scorepad-tinners-trail", "scorepad-ore", "scorepad-mine-shaft"])
def test_a_score_pad_for_a_named_game_shows_its_score_grid_and_takes_points(app, client, pad):
    table_id = new_table(client, names=("Ann", "Bo"), game=pad)
    html = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert 'class="pad-row"' in html or "pad-player" in html, "the pad's own page, with a row per category"
    with app.app_context():
        category = tables.get(table_id).state.categories[0]
    category = category if isinstance(category, str) else category[0]
    assert add_points(client, table_id, 4, category=category).status_code in (200, 303)
    with app.app_context():
        assert tables.get(table_id).state.points[0][0] == 4


def test_the_shipped_data_is_not_named_on_the_page_but_edited_data_is(app, client):
    table_id = new_table(client, names=("Ann", "Bo", "Cy"), game="ore|standard")
    for path in (f"/tables/{table_id}", f"/tables/{table_id}/score"):
        html = client.get(path).get_data(as_text=True)
        assert "shipped data" not in html and 'id="table-data"' not in html, path


def test_the_printed_score_sheet_heads_long_names_by_the_marks_of_the_score_page(app, client):
    from companion.marks import marks

    names = ("Elizabeth Tregoning-Pendarves Sr", "Elizabeth Tregoning-Pendarves Jr", "Bartholomew Alexander",
             "Ben", "Bea", "Maximiliana Featherstonehaugh")
    table_id = finish(app, client, names=names, points=(5, 9, 5, 1, 2, 3))
    html = client.get(f"/tables/{table_id}/score").get_data(as_text=True)
    page_marks = re.findall(r'<abbr title="[^"]+" aria-hidden="true">([^<]+)</abbr>', html)
    assert page_marks == marks(list(names))
    pdf = client.get(f"/tables/{table_id}/scoresheet.pdf")
    text = " ".join(PdfReader(io.BytesIO(pdf.get_data())).pages[0].extract_text().split())
    assert "Players: ETS Elizabeth Tregoning-Pendarves Sr · ETJ Elizabeth Tregoning-Pendarves Jr" in text
    assert " ".join(page_marks) in text  # the header row: the same marks as the score page

def test_a_no_script_form_joins_the_fields_it_lists_in_join():
    from werkzeug.datastructures import MultiDict

    from webapp import views

    form = MultiDict([("_type", "deal"), ("_join", "mines,contracts"), ("mines", "iron-1"), ("mines", ""),
                      ("mines", "lead-3"), ("contracts", ""), ("contracts", "")])
    assert views.action_from_form(form) == {"type": "deal", "mines": "iron-1, lead-3"}


def test_a_player_says_the_round_is_done_and_the_host_starts_the_next(app, client):
    table_id = new_table(client)
    other = app.test_client()
    seated(app, other, table_id, 1)
    html = other.get(f"/tables/{table_id}").get_data(as_text=True)
    assert 'data-type="round_done"' in html and 'data-type="next_round"' not in html
    done = act_json(other, table_id, {"type": "round_done"})
    assert done.status_code == 200, done.get_data(as_text=True)
    html = other.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "1 of 3 say round 1 is done (Bo)" in " ".join(html.split())
    assert act_json(other, table_id, {"type": "next_round"}).status_code == 403
    host_page = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert 'data-type="next_round"' in host_page
