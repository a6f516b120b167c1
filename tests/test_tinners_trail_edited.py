"""Tinners' Trail played by an edited copy of its data, through the door a designer uses: the
copy served as a table (``serve --data``, which makes the game with ``find_game(id, folder)``).
The phone's buttons, the rules, the bots and the undo barriers all read the copy's numbers."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

from companion import PlayerSpec, find_game
from companion.data import builtin_data_dir
from webapp import tables
from webgame import TOKEN, act

PLAYERS = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"},
           {"name": "Cy", "colour": "#27ae60"}]


def edited(tmp_path: Path, *changes: tuple[str, str]) -> Path:
    folder = tmp_path / "edited" / "tinners-trail"
    shutil.copytree(builtin_data_dir() / "tinners-trail", folder)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    for pattern, replacement in changes:
        text, count = re.subn(pattern, replacement, text, count=1, flags=re.M)
        assert count == 1, pattern
    toml.write_text(text, encoding="utf-8")
    return folder.parent


def to_actions(client, table: dict, phones: dict) -> dict:
    """Choose survey cards and roll the prices, each seat from its own phone's buttons."""
    body = {}
    for _ in range(len(PLAYERS) + 1):
        body = client.get(f"/api/tables/{table['id']}", headers={TOKEN: table["host_token"]}).get_json()
        if body["state"]["phase"] == "actions":
            return body
        for seat, token in phones.items():
            mine = client.get(f"/api/tables/{table['id']}", headers={TOKEN: token}).get_json()
            allowed = [o["action"] for o in mine["options"] if o["allowed"]]
            if allowed:
                response = act(client, table["id"], token, mine["version"], allowed[0])
                assert response.status_code == 200, response.get_json()
                break
    return body


def test_sell_pasties_priced_out_by_the_data_is_greyed_and_refused_alike(make_app, tmp_path):
    data = edited(tmp_path, (r"^sell_pasties = 1$", "sell_pasties = 20"))
    app = make_app(DATA=str(data))
    client = app.test_client()
    response = client.post("/api/tables", json={"game": "tinners-trail", "players": PLAYERS, "seed": 4})
    assert response.status_code == 201, response.get_json()
    table = response.get_json()
    with app.app_context():
        phones = {seat: tables.join(table["join_code"], seat)[1] for seat in range(len(PLAYERS))}
    body = to_actions(client, table, phones)
    active = body["state"]["info"]["active"]
    assert body["state"]["info"]["costs"]["sell_pasties"] == 20
    mine = client.get(f"/api/tables/{table['id']}", headers={TOKEN: phones[active]}).get_json()
    pasties = next(o for o in mine["options"] if o["action"]["type"] == "sell_pasties")
    name = PLAYERS[active]["name"]
    reason = f"Selling pasties costs 20 work points but {name} has only 10 left."
    assert not pasties["allowed"] and pasties["reason"] == reason
    refused = act(client, table["id"], phones[active], mine["version"], {"type": "sell_pasties"})
    assert refused.status_code == 422 and refused.get_json()["error"]["message"] == reason


def test_bots_and_buttons_follow_an_edited_copy(tmp_path):
    data = edited(tmp_path, (r"^sell_pasties = 1$", "sell_pasties = 20"), (r"^starting_money = 20$",
                                                                           "starting_money = 3"))
    game = find_game("tinners-trail", str(data / "tinners-trail"))
    chooser = random.Random(1)
    for seed in range(3):
        state = game.setup([PlayerSpec(p["name"]) for p in PLAYERS], None, seed)
        assert all(p.money == 3 for p in state.players)
        while game.end_if(state) is None:
            seat = game.acting_seats(state)[0]
            for option in game.options(state, seat):
                if option.action["type"] == "sell_pasties":
                    assert not option.allowed and "costs 20 work points" in option.reason
            action, state = game.bot_step(state, seat, "random" if seed % 2 else "heuristic", chooser)
            assert action["type"] != "sell_pasties"


def test_the_undo_barrier_of_a_solo_bid_reads_the_work_costs_of_the_copy(tmp_path):
    """Ann's bid on a face-down tile ends the auction, turning the tile face up, when Lord
    Wallace may not answer it: building would put him more than 4 spaces ahead of her. With
    building at 3 work points in the copy he may not; with the shipped 2 he may."""
    from companion.tinners_trail.setup.scenario import position

    ann, lord = 0, 1
    shipped = find_game("tinners-trail")
    copy = find_game("tinners-trail", str(edited(tmp_path, (r"^build_mine = 2$", "build_mine = 3")) / "tinners-trail"))
    for game, answers in ((shipped, True), (copy, False)):
        state = position(["Ann"], game.data, track={1: [ann], 3: [lord]}, areas={"A1": {"tile": "A-1"}},
                         decks={"A": ["A-copper"]})
        state = game.apply(state, {"type": "draw_survey", "seat": ann, "area": "A1"})
        bid = {"type": "bid", "seat": ann, "amount": state.auction.minimum}
        after = game.apply(state, bid)
        assert (after.auction is not None and after.auction.turn == lord) == answers
        assert game.is_barrier(bid, state) == (not answers)  # the tile is shown when he cannot answer


def test_a_rules_number_that_is_not_one_is_named_at_its_line(tmp_path, capsys):
    from headframe.cli import main

    folder = tmp_path / "tinners-trail"
    shutil.copytree(builtin_data_dir() / "tinners-trail", folder)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8")
    line = text[:text.index("starting_money = 20")].count("\n") + 1
    toml.write_text(text.replace("starting_money = 20", 'starting_money = "x"').replace(
        "extraction_base = 2", "extraction_base = -1"), encoding="utf-8")
    assert main(["check", "tinners-trail", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"game.toml:{line}: setup.starting_money: must be a whole number of 0 or more, not 'x'" in err
    assert "tables.extraction_base: must be a whole number of 0 or more, not -1" in err
