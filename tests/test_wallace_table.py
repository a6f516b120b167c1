"""Lord Wallace at a solo table through the JSON API: after the player's move the server plays
his turns and his auction answers by itself, each its own logged barrier; a move that can
still be undone gets a grace period first, and undoing it then leaves him unplayed; with the
printed cards the table waits for the player to enter each card."""

from __future__ import annotations

import pytest

from companion import find_game
from webapp import tables

TOKEN = "X-Headframe-Token"
GAME = find_game("tinners-trail")
ANN, LORD = 0, 1


class Solo:
    """One solo table, played by Ann's phone through the API."""

    def __init__(self, client, variant="base", seed=11):
        made = client.post("/api/tables", json={"game": "tinners-trail", "variant": variant, "seed": seed,
                                                "players": [{"name": "Ann", "colour": "#c0392b"}]})
        assert made.status_code == 201, made.get_json()
        self.client, self.id, self.host = client, made.get_json()["id"], made.get_json()["host_token"]
        joined = client.post(f"/api/tables/{self.id}/seats", json={"code": made.get_json()["join_code"], "seat": 0})
        self.token = joined.get_json()["token"]
        self.body = joined.get_json()["table"]

    @property
    def version(self) -> int:
        return self.body["version"]

    def act(self, action: dict, status: int = 200) -> dict:
        answer = self.client.post(f"/api/tables/{self.id}/actions", json={"version": self.version, "action": action},
                                  headers={TOKEN: self.token})
        assert answer.status_code == status, answer.get_json()
        if status == 200:
            self.body = answer.get_json()
        return answer.get_json()

    def undo(self) -> dict:
        answer = self.client.post(f"/api/tables/{self.id}/undo", json={"version": self.version},
                                  headers={TOKEN: self.token})
        assert answer.status_code == 200, answer.get_json()
        self.body = answer.get_json()
        return self.body

    def wait_past(self, version: int) -> int:
        """Long-poll until the table is past ``version`` (the answer comes as soon as it is)."""
        for _ in range(20):
            answer = self.client.get(f"/api/tables/{self.id}/events?after={version}&wait=10").get_json()
            if answer["version"] > version:
                self.body = self.client.get(f"/api/tables/{self.id}", headers={TOKEN: self.token}).get_json()
                return answer["version"]
        raise AssertionError(f"the table stayed at version {version}")

    def log(self) -> list[dict]:
        return self.client.get(f"/api/tables/{self.id}/log").get_json()["events"]

    @property
    def lord(self) -> dict:
        return self.body["state"]["info"]["lord"]

    def start(self) -> dict:
        """Keep cards and roll the prices: both barriers, so his first turn follows at once."""
        drawn = self.body["state"]["info"]["hand"]
        discard = list({c["regions"][0]: c["id"] for c in drawn}.values())
        self.act({"type": "keep_cards", "discard": discard})
        return self.act({"type": "roll_prices"})

    def play_until_undoable_move_leaves_him_due(self) -> dict:
        """Ann's simplest undoable moves (pasties, pass) until one leaves Lord Wallace to play."""
        for _ in range(40):
            if self.lord["due"]:
                raise AssertionError("he is due before Ann moved")
            kinds = {o["action"]["type"]: o["action"] for o in self.body["options"] if o["allowed"]}
            move = next((kinds[k] for k in ("sell_pasties", "pass", "invest_pass", "peek", "roll_prices",
                                            "build_mine", "drop") if k in kinds), None)
            assert move is not None, kinds
            before = self.version
            answer = self.act(move)
            undoable = not answer["event"]["barrier"]
            if undoable and self.lord["due"]:
                assert answer["version"] == before + 1  # only her move: he waits for the grace period
                return answer
        raise AssertionError("no undoable move left him to play")


@pytest.fixture
def solo_app(make_app):
    """Apps with a given grace; no waiting timer outlives the test."""
    made = []

    def make(**config):
        made.append(make_app(**config))
        return made[-1]

    yield make
    for app in made:
        for timer in app.extensions.get("headframe_timers", {}).values():
            timer.cancel()


def his_events(events):
    return [e for e in events if e["kind"] == "action" and e["seat"] == LORD and not e["undone"]]


def test_after_a_barrier_his_first_turn_is_played_in_the_same_request(solo_app):
    app = solo_app(AUTOMATIC_GRACE=30.0)
    table = Solo(app.test_client())
    answer = table.start()
    assert answer["event"]["barrier"]  # the price roll: nothing to take back, so no grace
    his = his_events(table.log())
    assert his and his[0]["summary"].startswith("Lord Wallace draws card ")
    assert all(e["barrier"] for e in his) and his[-1]["seq"] == table.version
    assert table.lord["due"] is None or table.body["state"]["info"]["waiting"] == [ANN]
    assert table.lord["turns"] and table.lord["turns"][0] == his[0]["summary"]


def test_after_an_undoable_move_his_turn_plays_itself_with_no_further_request(solo_app):
    app = solo_app(AUTOMATIC_GRACE=0.2)
    table = Solo(app.test_client())
    table.start()
    moved = table.play_until_undoable_move_leaves_him_due()
    mine = moved["version"]
    assert table.body["state"]["info"]["waiting"] == [LORD]
    newest = table.wait_past(mine)   # nobody sends anything: the server plays him
    his = his_events(table.log())
    new = [e for e in his if e["seq"] > mine]
    assert new and new[-1]["seq"] == newest == table.version  # his moves, stored together
    assert all(e["barrier"] for e in new)
    assert all(e["summary"].startswith(("Lord Wallace draws card", "Lord Wallace values", "Lord Wallace passes on",
                                        "His action deck is empty")) for e in new), [e["summary"] for e in new]
    assert table.lord["due"] is None or table.body["finished"]  # it is Ann's move again
    assert table.lord["turns"][-len(new):] == [e["summary"] for e in new]  # one entry per action of his


def test_her_move_stays_undoable_during_the_grace_and_undoing_it_leaves_him_unplayed(solo_app):
    app = solo_app(AUTOMATIC_GRACE=60.0)
    table = Solo(app.test_client())
    table.start()
    moved = table.play_until_undoable_move_leaves_him_due()
    with app.app_context():
        assert tables.bots.waiting_later(table.id)
    undone = table.undo()
    assert undone["version"] == moved["version"] + 1 and undone["state"]["info"]["lord"]["due"] is None
    assert table.log()[-1]["summary"] == f"Ann undid: {moved['event']['summary']}"
    with app.app_context():
        assert not tables.bots.waiting_later(table.id)  # the undo took the waiting move away
        # what the timer would have done finds nothing to do: the version it waited on is gone
        assert tables.advance_bots(table.id, moved["version"]).version == undone["version"]
    assert not [e for e in his_events(table.log()) if e["seq"] > moved["version"]]


def test_his_draw_is_a_barrier_undo_never_crosses(solo_app):
    table = Solo(solo_app(AUTOMATIC_GRACE=0.0).test_client())
    table.start()   # he has drawn and acted: his move is the latest
    last = his_events(table.log())[-1]
    assert last["seq"] == table.version
    for token, status in ((table.token, 403), (table.host, 422)):
        answer = table.client.post(f"/api/tables/{table.id}/undo", json={"version": table.version},
                                   headers={TOKEN: token})
        assert answer.status_code == status, answer.get_json()
    assert table.log()[-1]["seq"] == last["seq"]


def test_a_lost_timer_is_made_up_for_when_the_table_is_next_read(solo_app):
    app = solo_app(AUTOMATIC_GRACE=60.0)
    table = Solo(app.test_client())
    table.start()
    moved = table.play_until_undoable_move_leaves_him_due()
    with app.app_context():
        assert tables.bots.cancel_later(table.id)   # as when the server process restarts
    app.config["AUTOMATIC_GRACE"] = 0.0              # ... and the grace has run out
    shown = table.client.get(f"/api/tables/{table.id}", headers={TOKEN: table.token}).get_json()
    assert shown["version"] > moved["version"] and shown["state"]["info"]["lord"]["due"] is None


def test_the_phone_cannot_choose_his_card_at_a_shuffled_table(solo_app):
    app = solo_app(AUTOMATIC_GRACE=60.0)
    table = Solo(app.test_client())
    table.start()
    table.play_until_undoable_move_leaves_him_due()
    refused = table.act({"type": "wallace_turn", "card": 7}, status=422)
    assert "plays by himself" in refused["error"]["message"]


def test_with_the_printed_cards_the_table_waits_for_the_card_drawn_for_him(solo_app):
    app = solo_app(AUTOMATIC_GRACE=0.0)
    table = Solo(app.test_client(), variant="real-cards")
    table.start()
    assert table.lord["printed"] and table.lord["due"] == "wallace_turn"
    assert table.body["state"]["info"]["waiting"] == [ANN] and not his_events(table.log())
    assert [o["action"]["type"] for o in table.body["options"]] == ["wallace_turn"]
    answer = table.act({"type": "wallace_turn", "card": 7})
    assert answer["event"]["summary"].startswith("Lord Wallace draws card 7")
    assert answer["event"]["barrier"] and answer["event"]["seat"] == ANN


def test_the_page_says_who_is_waited_for_and_offers_undo_during_the_grace(solo_app):
    app = solo_app(AUTOMATIC_GRACE=60.0)
    client = app.test_client()
    table = Solo(client)
    table.start()
    table.play_until_undoable_move_leaves_him_due()
    html = client.get(f"/tables/{table.id}/fragment").get_data(as_text=True)
    assert "Waiting for Lord Wallace" in html and "in a moment" in html and "Undo my move" in html
    log = client.get(f"/tables/{table.id}/log").get_data(as_text=True)
    assert "Lord Wallace" in log and "Seat 2" not in log
