"""Edited data reaches the companion: ``headframe data export``, change a number a rule uses,
serve it, play through the API and see the new number apply; restart with other data and the
running table plays on by the data it started with, while new tables take the new data."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from headframe.cli import main

TOKEN = "X-Headframe-Token"
# Not imported from conftest: in a whole-suite run "conftest" is tests/browser/conftest.py.
PLAYERS = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"},
           {"name": "Cy", "colour": "#27ae60"}]


def export(game: str, folder: Path) -> Path:
    assert main(["data", "export", game, str(folder)]) == 0
    return folder / game


def edit(path: Path, pattern: str, replacement: str) -> None:
    text = path.read_text(encoding="utf-8")
    changed = re.sub(pattern, replacement, text, count=1, flags=re.M)
    assert changed != text, pattern
    path.write_text(changed, encoding="utf-8")


def tinners_trail(client) -> dict:
    response = client.post("/api/tables", json={"game": "tinners-trail", "players": PLAYERS[:2], "seed": 5})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def seen(client, table) -> dict:
    return client.get(f"/api/tables/{table['id']}", headers={TOKEN: table["host_token"]}).get_json()


def play_until_pasties(client, table) -> dict:
    """Play through the API, taking what the phones are offered, until someone sells pasties."""
    version = seen(client, table)["version"]
    for _ in range(40):
        offered = [dict(a, seat=s) for s in range(2) for a in _options(client, table, s)]
        pasties = [a for a in offered if a["type"] == "sell_pasties"]
        move = pasties[0] if pasties else next(a for a in offered
                                               if a["type"] in ("keep_cards", "set_prices", "roll_prices"))
        response = client.post(f"/api/tables/{table['id']}/actions", headers={TOKEN: table["host_token"]},
                               json={"version": version, "action": move})
        assert response.status_code == 200, response.get_json()
        if pasties:
            return response.get_json()
        version = response.get_json()["version"]
    raise AssertionError("no pasties were offered")


def _options(client, table, seat):
    """The allowed options of ``seat``, as that seat's phone sees them."""
    from webapp import tables

    with client.application.app_context():
        stored = tables.get(table["id"])
        return [dict(o.action) for o in stored.game.options(stored.state, seat) if o.allowed]


def test_edited_numbers_apply_and_a_running_table_keeps_its_data(make_app, tmp_path):
    data = tmp_path / "edited"
    game = export("tinners-trail", data)
    edit(game / "game.toml", r"^starting_money = 20$", "starting_money = 27")
    edit(game / "game.toml", r"^sell_pasties = 1$", "sell_pasties = 3")
    instance = tmp_path / "instance"
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"

    served = make_app(url, instance=instance, DATA=str(data))
    client = served.test_client()
    table = tinners_trail(client)
    body = seen(client, table)
    assert [p["money"] for p in body["state"]["players"]] == [27, 27]
    assert body["data"]["source"] == str(data.resolve()) and "edited data" in body["data"]["label"]
    after = play_until_pasties(client, table)
    seller = after["event"]["seat"]
    assert after["state"]["info"]["work_left"][seller] == 10 - 3  # the edited cost of selling pasties
    assert after["state"]["players"][seller]["money"] == 27 + 1
    page = client.get(f"/tables/{table['id']}").get_data(as_text=True)
    assert f"Plays by edited data from {data.resolve()}" in page
    assert "Played by edited data" in client.get(f"/tables/{table['id']}/score").get_data(as_text=True)
    sheet = PdfReader(io.BytesIO(client.get(f"/tables/{table['id']}/scoresheet.pdf").data))
    assert "played by edited data from" in " ".join(sheet.pages[0].extract_text().split())

    # The data is edited again, and the server restarts with the shipped data.
    edit(game / "game.toml", r"^sell_pasties = 3$", "sell_pasties = 5")
    restarted = make_app(url, instance=instance)
    client = restarted.test_client()
    again = seen(client, table)
    assert again["state"]["info"]["costs"]["sell_pasties"] == 3  # the data the table started with
    assert again["data"] == body["data"]
    fresh = seen(client, tinners_trail(client))
    assert [p["money"] for p in fresh["state"]["players"]] == [20, 20]
    assert fresh["state"]["info"]["costs"]["sell_pasties"] == 1 and fresh["data"]["source"] == "shipped"

    # Restarted with the edited copy as it is now: new tables take its new numbers.
    newest = make_app(url, instance=instance, DATA=str(data)).test_client()
    assert seen(newest, tinners_trail(newest))["state"]["info"]["costs"]["sell_pasties"] == 5
    assert seen(newest, table)["state"]["info"]["costs"]["sell_pasties"] == 3


@pytest.mark.parametrize("game_id", ["mine-shaft", "ore"])
def test_every_game_takes_a_data_folder(game_id, tmp_path):
    from companion import PlayerSpec, find_game

    folder = export(game_id, tmp_path / "edited")
    if game_id == "mine-shaft":
        edit(folder / "tiles.csv", r"^Ey3,3,", "Ey3,5,")  # two more yellow ends of shaft
        edit(folder / "game.toml", r"^count = 100$", "count = 102")
    else:
        edit(folder / "game.toml", r"^vp_per_contract = (\d+)", "vp_per_contract = 9")
    shipped, edited = find_game(game_id), find_game(game_id, str(tmp_path / "edited"))
    players = [PlayerSpec(n) for n in ("Ann", "Bo", "Cy")]
    if game_id == "mine-shaft":
        assert len(edited.setup(players, None, 1).pile) == len(shipped.setup(players, None, 1).pile) + 2
    else:
        assert int(edited.data.tables["vp_per_contract"]) == 9 != int(shipped.data.tables["vp_per_contract"])


def test_serve_refuses_data_that_check_refuses(tmp_path, capsys, monkeypatch):
    import webapp.serve

    served = []
    monkeypatch.setattr(webapp.serve, "run", lambda **kwargs: served.append(kwargs))
    folder = export("tinners-trail", tmp_path / "edited")
    assert main(["serve", "--data", str(tmp_path / "edited")]) == 0
    assert served[-1]["data"] == tmp_path / "edited"
    edit(folder / "survey_cards.csv", r"^A-copper,3,", "A-copper,three,")
    assert main(["serve", "--data", str(tmp_path / "edited")]) == 2
    assert "survey_cards.csv:2: qty" in capsys.readouterr().err
    assert main(["serve", "--data", str(tmp_path / "missing")]) == 2
    assert len(served) == 1


def test_serve_refuses_data_whose_phone_board_has_a_length_wrong(tmp_path, capsys, monkeypatch):
    """The board's sizes are read when a page is drawn; serve reads them first, so a typo in
    [phone.lengths] is a file:line message at the start, never a broken page."""
    import webapp.serve

    served = []
    monkeypatch.setattr(webapp.serve, "run", lambda **kwargs: served.append(kwargs))
    folder = export("ore", tmp_path / "edited")
    edit(folder / "layouts.toml", r'^price-baseline = "29mm"', 'price-baseline = "29"')
    assert main(["serve", "--data", str(tmp_path / "edited")]) == 2
    assert re.search(r"layouts\.toml:\d+: phone\.lengths\.price-baseline: expected a length", capsys.readouterr().err)
    edit(folder / "layouts.toml", r'^price-baseline = "29"', 'price-baselin = "29mm"')
    assert main(["serve", "--data", str(tmp_path / "edited")]) == 2
    err = capsys.readouterr().err
    assert re.search(r"layouts\.toml:\d+: phone\.lengths\.price-baselin: unknown length 'price-baselin'", err), err
    assert "missing length: price-baseline" in err
    edit(folder / "layouts.toml", r'^price-baselin = "29mm"', 'price-baseline = "31mm"')
    assert main(["serve", "--data", str(tmp_path / "edited")]) == 0
    assert len(served) == 1


def test_check_reports_what_the_phone_board_could_not_draw(tmp_path, capsys):
    """``check`` is the pass a designer runs before serving: a length the phone's board does not
    draw, or one it needs and is missing, is reported there as serve would refuse it."""
    folder = export("ore", tmp_path / "edited")
    edit(folder / "layouts.toml", r'^price-baseline = "29mm"', 'price-baselin = "29mm"')
    assert main(["check", "--data", str(tmp_path / "edited"), "ore"]) == 2
    err = capsys.readouterr().err
    assert re.search(r"layouts\.toml:\d+: phone\.lengths\.price-baselin: unknown length 'price-baselin'", err), err
    assert "missing length: price-baseline" in err
