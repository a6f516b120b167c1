"""Pages, labels and score sheets speak in words: area names rather than ids, plain phase
names, one style of game label, and no score row for a module that is not in play."""

from __future__ import annotations

import re

from companion.core import PlayerSpec
from companion.ore.views import PHASES
from companion import find_game
from companion.tinners_trail.scoring import score, score_file
from test_tinners_trail_web import choose_cards, start
from webgame import TOKEN, act
from webapp.views import game_choices, variant_name

GAME = find_game("tinners-trail")

RAW = re.compile(r"\{\}|\bNone\b|\bTrue\b|\bFalse\b|\b[a-z]+_[a-z_]+\b")


def test_an_auction_names_the_area_not_its_id(app):
    table, host = start(app)
    client = app.test_client()
    _, version = choose_cards(client, table, host)
    state = act(client, table.id, host, version, {"type": "roll_prices", "seat": 0}).get_json()
    area = next(a["id"] for a in state["state"]["areas"] if a["tile"])
    body = act(client, table.id, host, state["version"],
               {"type": "start_auction", "seat": state["state"]["info"]["active"], "area": area}).get_json()
    assert body["state"]["phase"] == "auction"
    html = client.get(f"/tables/{table.id}").get_data(as_text=True)
    name = GAME.rules.areas[area].name
    assert f"Auction for {name}:" in html and f"Auction for {area}" not in html
    html = re.sub(r"<script.*?</script>|<style.*?</style>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", html)
    assert not RAW.search(text), RAW.search(text)
    assert not re.search(r"\b[A-D][1-9]\b", text), re.search(r".{20}\b[A-D][1-9]\b.{20}", text)
    log = client.get(f"/api/tables/{table.id}/log", headers={TOKEN: host})
    assert log.status_code == 200
    lines = [e["summary"] for e in log.get_json()["events"] if e.get("summary")]
    assert any(name in line for line in lines)
    for line in lines:
        assert not RAW.search(line) and not re.search(rf"\b{area}\b", line), line


def test_phase_names_and_game_labels_are_plain_words():
    assert all(not re.search(r"\d-\d| - ", label) for label in PHASES.values())
    labels = [c["label"] for c in game_choices()]
    for label in labels:
        variant = label.partition(": ")[2]
        assert "+" not in variant and "-" not in variant.replace("–", "")
        assert not variant or variant[0].isupper(), label
    assert "Tinners' Trail" in labels and "Tinners' Trail: Solo against Lord Wallace" in labels
    assert variant_name("tinners-trail", "arsenic+emigration") == "Arsenic and Emigration"  # a table's title


def test_no_sierra_madre_row_without_emigration():
    players = [PlayerSpec(n) for n in ("Anna", "Ben", "Cleo")]
    base = score(GAME.setup(players, "base", seed=1))
    assert [r.name for r in base.rows] == ["Investments"]
    emigration = score(GAME.setup(players, "emigration", seed=1))
    assert [r.name for r in emigration.rows] == ["Investments", "Sierra Madre"]
    entries = [{"name": "Anna", "investment": 10}, {"name": "Ben", "investment": 8}]
    assert [r.name for r in score_file({"players": entries}).rows] == ["Investments"]
    entries[0]["sierra_madre"] = 12
    assert [r.name for r in score_file({"players": entries}).rows] == ["Investments", "Sierra Madre"]
