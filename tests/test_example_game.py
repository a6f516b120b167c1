"""Prospect, the worked example of docs/adding-a-game.md (``tests/example_game/``), run end to
end as a sixth game: its data checked and printed, a table played through the HTTP API by
phones of every seat, a simulation run, and the same shape checks as the shipped games.

The example lives beside the tests, laid out as a new game would be in the source tree
(``cards_data/prospect``, ``companion/prospect``); the fixture adds its folders where Headframe
looks for games, which is all a game in the tree gets too.
"""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest

import companion
from companion import PlayerSpec, registry
from test_engine_shape import PARTS

EXAMPLE = Path(__file__).resolve().parent / "example_game"
DATA = EXAMPLE / "cards_data"
PACKAGE = EXAMPLE / "companion" / "prospect"


@pytest.fixture
def prospect():
    """The example game found the way games are found: by its package folder."""
    companion.__path__.append(str(EXAMPLE / "companion"))
    registry._packages.cache_clear()
    registry._bound.cache_clear()
    try:
        yield registry.find_game("prospect", str(DATA))
    finally:
        companion.__path__.remove(str(EXAMPLE / "companion"))
        registry._packages.cache_clear()
        registry._bound.cache_clear()


def test_the_example_has_every_part_of_a_game(prospect):
    found = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert found == set(PARTS)
    assert (DATA / "prospect" / "NOTES.md").is_file()
    assert "prospect" in registry.game_ids()


def test_its_data_is_checked_and_its_print_set_built(prospect, tmp_path):
    from pdf.build import BuildOptions, build_game, check_set

    assert check_set("prospect", DATA) == []
    manifest = build_game("prospect", tmp_path, BuildOptions(data_dir=DATA))
    assert {c["file"] for c in manifest["components"]} == {"claims.pdf", "aid.pdf"}
    assert (tmp_path / "prospect" / "checklist.pdf").is_file()
    from pypdf import PdfReader

    claims = PdfReader(tmp_path / "prospect" / "claims.pdf")
    # 16 claim cards, nine to a sheet, fronts and backs: two sheets of two sides
    assert len(claims.pages) == 4
    text = "".join(page.extract_text() for page in claims.pages)
    assert "Mother Lode" in text and "£7" in text


def test_an_edited_copy_changes_the_rules(prospect, tmp_path):
    import shutil

    folder = tmp_path / "prospect"
    shutil.copytree(DATA / "prospect", folder)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("pan = 2", "pan = 5"), encoding="utf-8")
    edited = registry.find_game("prospect", str(folder))
    state = edited.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], None, 3)
    assert edited.apply(state, {"type": "pan", "seat": 0}).players[0].money == state.players[0].money + 5
    assert prospect.apply(state, {"type": "pan", "seat": 0}).players[0].money == state.players[0].money + 2
    labels = [o.label for o in edited.options(state, 0)]
    assert "Pan: take £5" in labels


def test_a_table_is_played_to_the_end_through_the_api(prospect, make_app):
    app = make_app(DATA=str(DATA))
    host = app.test_client()
    made = host.post("/api/tables", json={"game": "prospect", "players": [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2f6fc0"},
                                                                          {"name": "Cy", "colour": "#3c9a46"}]})
    assert made.status_code == 201, made.get_json()
    table = made.get_json()
    phones = []
    for seat in range(3):
        joined = app.test_client().post(f"/api/tables/{table['id']}/seats",
                                        json={"code": table["join_code"], "seat": seat})
        assert joined.status_code == 201, joined.get_json()
        phones.append(joined.get_json()["token"])
    chooser = random.Random(4)
    for _ in range(200):
        polled = [host.get(f"/api/tables/{table['id']}", headers={"X-Headframe-Token": token}).get_json()
                  for token in phones]
        if polled[0]["finished"]:
            break
        # only the seat to play has an allowed move; it taps one of them
        movers = [(seat, data) for seat, data in enumerate(polled) if any(o["allowed"] for o in data["options"])]
        assert len(movers) == 1
        seat, data = movers[0]
        hand = data["state"]["players"][seat]["hand"]
        assert isinstance(hand, list)  # its own hand, in full
        assert all(isinstance(p["hand"], dict) for i, p in enumerate(data["state"]["players"]) if i != seat)
        option = chooser.choice([o for o in data["options"] if o["allowed"]])
        action = {k: v for k, v in option["action"].items() if k != "seat"}
        done = host.post(f"/api/tables/{table['id']}/actions", json={"version": data["version"], "action": action},
                         headers={"X-Headframe-Token": phones[seat]})
        assert done.status_code == 200, done.get_json()
    final = host.get(f"/api/tables/{table['id']}").get_json()
    assert final["finished"]
    score = host.get(f"/api/tables/{table['id']}/score").get_json()
    assert [row["category"] for row in score["sheet"]["rows"]] == ["claims", "money"]
    log = host.get(f"/api/tables/{table['id']}/log").get_json()
    assert any("pans the river" in event["summary"] or "stakes" in event["summary"] for event in log["events"])


def test_a_simulation_runs(prospect, tmp_path):
    from lab import report
    from lab.play import Job, read_data
    from lab.run import run

    job = Job("prospect", 3, None, ("random", "heuristic", "heuristic"), 11, data=read_data(DATA, "prospect"))
    result = run(job, 30, tmp_path, workers=1)
    report.write(tmp_path, {**result.tally.summary(), "meta": {"game": "prospect", "name": "Prospect",
                                                              "variant": None, "bots": list(job.bots)}})
    with open(tmp_path / "games.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 30
    assert all(row["end"] == "6 rounds played" for row in rows)
    summary = json.loads((tmp_path / "summary.json").read_text())["run"]
    assert summary["games"] == 30 and summary["ends"] == {"6 rounds played": 30}
    assert "Prospect" in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_its_buttons_agree_with_its_rules(prospect, tmp_path):
    from test_options_agree import check_options, reachable_states

    import shutil

    folder = tmp_path / "prospect"
    shutil.copytree(DATA / "prospect", folder)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace("hand_limit = 4", "hand_limit = 2").replace("pan = 2", "pan = 1")
                    .replace("starting_money = 3", "starting_money = 0"), encoding="utf-8")
    checked = 0
    for game in (prospect, registry.find_game("prospect", str(folder))):
        for seed in range(3):
            for state in reachable_states(game, 2 + seed % 3, seed):
                checked += check_options(game, state)
    assert checked > 100
