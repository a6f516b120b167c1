"""Every game, played at random through the web service: no page a phone sees, no log line, no
score page and no export shows a raw id (an area or card id, a 0-based seat), a Python or JSON
literal, or an underscore_joined key. Greyed moves say each reason once per group."""

from __future__ import annotations

import io
import random
import re
from html.parser import HTMLParser

import pytest
from pypdf import PdfReader

from companion import find_game, game_ids
from webapp import tables
from webapp.security import HOST_COOKIE, SEAT_COOKIE
from webgame import act

MOVES = 45          # actions per game: enough to reach each game's second round or phase
LOOK_EVERY = 9      # render every phone's pages this often
NAMES = ("Anna", "Ben", "Cara", "Dai")
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#7d3c98")
VARIANTS = {"tinners-trail": ("base", "all"), "mine-shaft": ("basic", "advanced")}
# solo games: one phone against the game's own opponent (Tinners' Trail's Lord Wallace), with the
# shuffled deck and with the printed cards the player enters for him
SOLO = {"tinners-trail": ("base", "real-cards")}

LITERAL = re.compile(r"\{\}|\{'|\{\"|\bNone\b(?! of)|\bTrue\b|\bFalse\b|\[|\]")
UNDERSCORED = re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b")
SEAT_INDEX = re.compile(r"\bseat \d+\b", re.I)
CODE = re.compile(r"[A-Z]\d+|[A-Z]-[a-z]+|[a-z]\d+")
IDISH = re.compile(r"[A-Za-z]+[-_]?\d|[a-z]+[-_][a-z]")  # "A1", "c12", "sales-ops": how ids look
# Codes printed on the cards themselves, so a player finds the card by them: the published
# Ore's contracts read "Contract c15" on the printed card (pdf/games/ore_published.py).
PRINTED = {"ore-published": re.compile(r"c\d+")}
NOTHING = re.compile(r"(?!)")


class _Text(HTMLParser):
    """The words a phone shows or reads aloud: text outside script and style, and the labels."""

    SAID = ("aria-label", "title", "alt", "placeholder", "label")

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        self.parts += [value for name, value in attrs if name in self.SAID and value]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(data.strip())


def words_of(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.parts


def ids_in(value, found: set[str], names: set[str]) -> set[str]:
    """Strings the game's state and views use as ids: values under an "id" key that look like
    ids, and keys or list items shaped like an area ("B7"), a card ("A-tin") or a numbered card
    ("c15"); less any that is also a name the game shows."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if isinstance(key, str) and CODE.fullmatch(key):
                found.add(key)
            if key == "id" and isinstance(inner, str) and IDISH.search(inner):
                found.add(inner)
            ids_in(inner, found, names)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            ids_in(inner, found, names)
    elif isinstance(value, str) and CODE.fullmatch(value):
        found.add(value)
    return found - names


def offences(text: str, ids: set[str]) -> list[str]:
    bad = []
    for pattern in (LITERAL, UNDERSCORED, SEAT_INDEX):
        bad += [m.group(0) for m in pattern.finditer(text)]
    bad += [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    return bad


def _games():
    for gid in game_ids():
        game = find_game(gid)
        for variant in VARIANTS.get(gid, (None,)):
            count = min(max(3, game.players[0]), game.players[1], 4)
            yield pytest.param(gid, variant, count, id=f"{gid}-{variant}" if variant else gid)
        for variant in SOLO.get(gid, ()):
            yield pytest.param(gid, variant, 1, id=f"{gid}-{variant}-solo")


def _phone(app, table_id, cookie, token):
    client = app.test_client()
    for path in (f"/tables/{table_id}", f"/api/tables/{table_id}"):
        client.set_cookie(cookie, token, path=path)
    return client


def _move(game, table, seat, chooser):
    if game.bot_names:
        return game.bot_move(table.state, seat, "random", chooser)
    # what the seat's phone is offered (a move only the host may make is greyed there)
    allowed = [o.action for o in tables.options_for(table, seat, False) if o.allowed]
    return chooser.choice(allowed) if allowed else None


def _check_reasons_once(html: str, where: str):
    """A reason printed twice inside one list of moves is a reason repeated under each button."""
    for block in re.findall(r'<ul class="options">(.*?)</ul>', html, re.S):
        said = re.findall(r'<p class="reason[^"]*"[^>]*>(.*?)</p>', block, re.S)
        assert len(said) == len(set(said)), f"{where}: a reason repeats: {said}"
    for row in re.findall(r'<div class="btn-row">(.*?)</div>', html, re.S):
        said = re.findall(r'<p class="reason[^"]*"[^>]*>(.*?)</p>', row, re.S)
        assert len(said) == len(set(said)), f"{where}: a reason repeats: {said}"


@pytest.mark.parametrize(("game_id", "variant", "count"), list(_games()))
def test_a_random_game_speaks_in_words(make_app, game_id, variant, count):
    # a solo opponent plays at once after each move (no grace to undo first), so the loop below
    # always finds the phone's seat to move
    app = make_app(AUTOMATIC_GRACE=0.0)
    game = find_game(game_id)
    players = [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(count)]
    chooser = random.Random(f"{game_id}-{variant}")
    with app.app_context():
        table, host = tables.create_table(game_id, players, variant, 11)
        seat_tokens = [tables.join(table.join_code, s)[1] for s in range(count)]
    phones = {"the host": _phone(app, table.id, HOST_COOKIE, host)}
    phones.update({NAMES[s]: _phone(app, table.id, SEAT_COOKIE, t) for s, t in enumerate(seat_tokens)})
    api = app.test_client()
    names = {p["name"] for p in players}
    problems: list[str] = []

    def look(when: str):
        with app.app_context():
            current = tables.get(table.id)
        seen = [game.to_json(current.state)] + [game.view(current.state, s) for s in range(count)]
        ids = {i for i in ids_in(seen, set(), names) if not PRINTED.get(game_id, NOTHING).fullmatch(i)}
        pages = {f"table page of {who}": phone.get(f"/tables/{table.id}") for who, phone in phones.items()}
        pages["log page"] = phones["the host"].get(f"/tables/{table.id}/log")
        pages["score page"] = phones["the host"].get(f"/tables/{table.id}/score")
        for what, response in pages.items():
            assert response.status_code == 200, (what, response.status_code)
            html = response.get_data(as_text=True)
            if what.startswith("table page"):
                _check_reasons_once(html, f"{when}, {what}")
            for text in words_of(html):
                problems.extend(f"{when}, {what}: {bad!r} in {text[:160]!r}" for bad in offences(text, ids))
        log = api.get(f"/api/tables/{table.id}/log?limit=500").get_json()["events"]
        for event in log:
            problems.extend(f"{when}, log: {bad!r} in {event['summary']!r}"
                            for bad in offences(event["summary"] or "", ids))
        csv_text = api.get(f"/api/tables/{table.id}/export.csv").get_data(as_text=True)
        problems.extend(f"{when}, CSV: {bad!r}" for bad in offences(csv_text, ids))

    version = table.version
    for step in range(MOVES):
        with app.app_context():
            current = tables.get(table.id)
        if current.finished:
            break
        waiting = [s for s in game.acting_seats(current.state) if s < count] or list(range(count))
        seat = chooser.choice(waiting)
        move = _move(game, current, seat, chooser)
        if move is None:
            break
        move = {k: v for k, v in move.items() if k != "seat"}
        answer = act(api, table.id, seat_tokens[seat], current.version, move)
        assert answer.status_code == 200, (move, answer.get_json())
        version = answer.get_json()["version"]
        if step % LOOK_EVERY == 0:
            look(f"after move {step + 1}")
    assert version > table.version
    look("at the end")
    pdf = phones["the host"].get(f"/tables/{table.id}/scoresheet.pdf")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.get_data())).pages)
    problems.extend(f"score sheet PDF: {bad!r}" for bad in offences(text, set()))
    assert not problems, "\n".join(sorted(set(problems))[:40])

