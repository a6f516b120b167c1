"""The result goes where players keep it: the finished table's link is BG Stats' documented push
link (https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>, described on BG Stats'
support page "Push plays to BG Stats from other apps or websites"), and its JSON holds the
documented fields, of the documented kinds, and no others. A game's BoardGameGeek id comes from
its game.toml (``[game] bgg_id``)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote

import pytest

from companion.data import load_game
from companion.errors import DataError
from webapp import exports
from webgame import TOKEN

PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
# The documented fields: the play, its game, each player.
PLAY = {"board": str, "durationMin": int, "comments": str, "game": dict, "location": str, "playDate": str,
        "players": list, "sourceName": str, "sourcePlayId": str}
GAME = {"bggId": int, "highestWins": bool, "name": str, "noPoints": bool, "sourceGameId": str}
PLAYER = {"startPlayer": bool, "name": str, "rank": int, "role": str, "score": (int, float),
          "sourcePlayerId": str, "winner": bool}
GAMES = Path(__file__).parent.parent / "cards_data"


def _finished_pad(client) -> tuple[str, str]:
    made = client.post("/api/tables", json={"game": "scorepad", "seed": 1, "players": [
        {"name": "Ann & Co", "colour": "#c0392b"}, {"name": "Bo #1", "colour": "#2980b9"}]}).get_json()
    host = made["host_token"]
    for seat, points in ((0, 12), (1, 7.5)):
        version = client.get(f"/api/tables/{made['id']}", headers={TOKEN: host}).get_json()["version"]
        done = client.post(f"/api/tables/{made['id']}/actions", headers={TOKEN: host}, json={
            "version": version, "action": {"type": "add_points", "category": "points", "points": points, "seat": seat}})
        assert done.status_code == 200, done.get_json()
    assert client.post(f"/api/tables/{made['id']}/end", headers={TOKEN: host}, json={}).status_code == 200
    return made["id"], host


def _kinds(found: dict, documented: dict, where: str) -> None:
    assert set(found) <= set(documented), f"{where}: undocumented {set(found) - set(documented)}"
    for key, value in found.items():
        assert isinstance(value, documented[key]), f"{where}.{key}: {value!r}"


def test_the_link_is_the_documented_push_link_with_the_documented_fields(client):
    table_id, host = _finished_pad(client)
    link = client.get(f"/api/tables/{table_id}/bgstats", headers={TOKEN: host}).get_json()["url"]
    assert link.startswith(PREFIX)
    data = link[len(PREFIX):]
    assert re.fullmatch(r"[A-Za-z0-9%._~-]+", data), "the data is url-encoded: no raw &, #, spaces or quotes"
    play = json.loads(unquote(data))
    assert set(play) == set(PLAY)  # every documented field, location included
    _kinds(play, PLAY, "play")
    assert play["location"] and play["sourceName"] == "Headframe" and play["sourcePlayId"] == table_id
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"]) and play["durationMin"] >= 1
    _kinds(play["game"], GAME, "game")
    # the plain score pad is no BoardGameGeek game: BG Stats matches it by name
    assert set(play["game"]) == set(GAME) - {"bggId"} and play["game"]["name"] == "Score pad"
    for player in play["players"]:
        assert set(player) == set(PLAYER)
        _kinds(player, PLAYER, "player")
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ann & Co", 12, 1, True), ("Bo #1", 7.5, 2, False)]
    page = client.get(f"/tables/{table_id}/score").get_data(as_text=True)
    assert 'href="' + PREFIX in page


def test_a_games_boardgamegeek_id_is_read_from_its_game_toml(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).parent / "fixtures" / "testgame", data / "testgame")
    toml = data / "testgame" / "game.toml"
    assert load_game("testgame", data).bgg_id is None
    toml.write_text(toml.read_text().replace('name = "Test Mine"\n', 'name = "Test Mine"\nbgg_id = 31\n', 1))
    assert load_game("testgame", data).bgg_id == 31
    toml.write_text(toml.read_text().replace("bgg_id = 31", "bgg_id = 0"))
    with pytest.raises(DataError, match=r"game.toml:\d+: game.bgg_id: expected a BoardGameGeek id"):
        load_game("testgame", data)


@pytest.mark.parametrize("game_id", sorted(p.name for p in GAMES.iterdir() if (p / "game.toml").is_file()))
def test_every_game_has_its_id_or_says_in_notes_that_it_has_none(game_id):
    notes = (GAMES / game_id / "NOTES.md").read_text(encoding="utf-8")
    said = re.search(r"BoardGameGeek id: (\*\*(\d+)\*\*|none)", notes)
    assert said, f"{game_id}: NOTES.md says nothing of its BoardGameGeek id"
    # the id the NOTES give, with its source, is the one game.toml records
    assert exports.bgg_id(game_id) == (int(said.group(2)) if said.group(2) else None), game_id


@pytest.mark.parametrize(("game_id", "players", "expected"), [
    ("tinners-trail", 3, 35570), ("ore", 3, 147884), ("ore-published", 2, 147884), ("ardevur", 2, None)])
def test_a_games_link_carries_its_boardgamegeek_id(client, game_id, players, expected):
    made = client.post("/api/tables", json={"game": game_id, "seed": 1, "players": [
        {"name": name, "colour": colour} for name, colour in zip(("Ann", "Bo", "Cy"), ("#c0392b", "#2980b9", "#27ae60"))][:players]}).get_json()
    link = client.get(f"/api/tables/{made['id']}/bgstats", headers={TOKEN: made["host_token"]}).get_json()["url"]
    game = json.loads(unquote(link[len(PREFIX):]))["game"]
    assert game.get("bggId") == expected and game["sourceGameId"] == game_id
