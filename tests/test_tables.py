"""The table service on its own: set-up checks, seats, acting, undo, the log and scores."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import BadAction, GameOver, RuleViolation, UnknownGame
from webapp import tables
from webapp.errors import Conflict, Forbidden, Invalid, NotFound


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield app


def add(points, category="points"):
    return {"type": "add_points", "category": category, "points": points}


def joined(players, n=2):
    table, host = tables.create_table("scorepad", players[:n])
    seats = [tables.join(table.join_code, s)[1] for s in range(n)]
    return tables.get(table.id), host, seats


def test_create_table_returns_host_token_and_code(ctx, players):
    table, host = tables.create_table("scorepad", players)
    assert len(table.join_code) == 8 and set(table.join_code) <= set(tables.CODE_ALPHABET)
    assert len(host) >= 32
    assert [s.name for s in table.seats] == ["Ann", "Bo", "Cy"]
    assert table.version == 0 and not table.finished
    assert tables.is_host(table, host) and not tables.is_host(table, host + "x")


@pytest.mark.parametrize("bad, code", [
    ([], "invalid_players"),
    ([{"name": "  ", "colour": "#000000"}], "invalid_name"),
    ([{"name": "x" * (tables.NAME_MAX + 1), "colour": "#000000"}], "invalid_name"),
    ([{"name": "Ann", "colour": "red"}], "invalid_colour"),
    ([{"name": "Ann", "colour": "#000000"}, {"name": "ann", "colour": "#111111"}], "invalid_name"),
    ([{"name": "Ann", "colour": "#000000"}] + [{"name": f"P{i}", "colour": "#000000"} for i in range(12)],
     "invalid_setup"),
    ("Ann", "invalid_players"),
])
def test_create_table_rejects_bad_players(ctx, bad, code):
    with pytest.raises(Invalid) as caught:
        tables.create_table("scorepad", bad)
    assert caught.value.code == code
    assert tables.count_tables() == 0


def test_names_are_trimmed_and_colours_lowered(ctx):
    table, _ = tables.create_table("scorepad", [{"name": "  Ann ", "colour": "#C0392B"}])
    assert table.seats[0].name == "Ann" and table.seats[0].colour == "#c0392b"


def test_unknown_game_and_variant(ctx, players):
    with pytest.raises(UnknownGame):
        tables.create_table("no-such-game", players)
    with pytest.raises(Invalid) as caught:
        tables.create_table("scorepad", players, variant="../../etc")
    assert caught.value.code == "invalid_variant"
    with pytest.raises(Invalid):
        tables.create_table("scorepad", players, seed=-1)


def test_join_gives_each_seat_a_token_and_keeps_it_for_the_same_browser(ctx, players):
    table, host = tables.create_table("scorepad", players)
    _, token = tables.join(table.join_code.lower(), 1)
    assert tables.seat_of(table.id, token) == 1
    again, same = tables.join(table.join_code, 1, token)
    assert same == token and again.version == 1  # no second join event
    with pytest.raises(Invalid) as caught:
        tables.join(table.join_code, 1)
    assert caught.value.code == "seat_taken" and caught.value.status == 409
    with pytest.raises(NotFound):
        tables.join("ZZZZZZZZ", 0)
    with pytest.raises(NotFound):  # no such seat, as no such table
        tables.join(table.join_code, 7)


def test_host_frees_a_seat_and_the_old_token_stops_working(ctx, players):
    table, host, (t0, t1) = joined(players)
    with pytest.raises(Forbidden):
        tables.remove_seat(table.id, t1, 1)
    freed = tables.remove_seat(table.id, host, 1)
    assert not freed.seats[1].taken
    with pytest.raises(Forbidden):
        tables.act(table.id, t1, freed.version, add(1))
    _, t1b = tables.join(table.join_code, 1)
    assert tables.seat_of(table.id, t1b) == 1 and t1b != t1


def test_act_stamps_the_seat_from_the_token(ctx, players):
    table, host, (t0, t1) = joined(players)
    with pytest.raises(Forbidden, match="only the host enters moves for another player"):
        tables.act(table.id, t1, table.version, {**add(5), "seat": 0})  # a seat never acts for another
    result = tables.act(table.id, t1, table.version, add(5))
    assert result["event"]["seat"] == 1 and result["event"]["action"]["seat"] == 1
    assert tables.get(table.id).state.points == ((0, 5),)
    # The host may act for any seat.
    result = tables.act(table.id, host, result["version"], {**add(3), "seat": 0})
    assert tables.get(table.id).state.points == ((3, 5),)
    assert result["host"] is True


def test_act_without_a_valid_token_is_forbidden(ctx, players):
    table, host, _ = joined(players)
    for token in (None, "", "not-a-token", 42):
        with pytest.raises(Forbidden):
            tables.act(table.id, token, table.version, add(1))
    assert tables.get(table.id).version == table.version


def test_stale_version_is_a_conflict_with_the_current_state(ctx, players):
    """The host's "Next round" tapped twice on the same version (a double tap, or from the
    log page and the table page) means one next round: the second tap is refused with the
    table as it is now."""
    table, host, (t0, t1) = joined(players)
    tables.act(table.id, host, table.version, {"type": "next_round"})
    with pytest.raises(Conflict) as caught:
        tables.act(table.id, host, table.version, {"type": "next_round"})
    assert caught.value.current["version"] == table.version + 1
    assert caught.value.current["state"]["round"] == 2
    assert tables.get(table.id).state.round == 2


def test_two_seats_entering_points_on_the_same_version_are_both_applied(ctx, players):
    table, host, (t0, t1) = joined(players)
    tables.act(table.id, t0, table.version, add(2))
    done = tables.act(table.id, t1, table.version, add(9))  # made before Ann's entry arrived
    assert done["version"] == table.version + 2
    assert tables.get(table.id).state.points == ((2, 9),)


def test_rule_violation_stores_nothing(ctx, players):
    table, host, (t0, _) = joined(players)
    with pytest.raises(RuleViolation) as caught:
        tables.act(table.id, t0, table.version, add(1, "gold"))
    assert "Unknown category 'gold'" in str(caught.value)
    with pytest.raises(BadAction):
        tables.act(table.id, t0, table.version, {"type": "dance"})
    with pytest.raises(Invalid):
        tables.act(table.id, t0, table.version, {"kind": "add_points"})
    after = tables.get(table.id)
    assert after.version == table.version and after.state.points == ((0, 0),)
    assert [e["kind"] for e in tables.log(table.id)] == ["setup", "join", "join"]


def test_undo_walks_back_and_keeps_history(ctx, players):
    table, host, (t0, t1) = joined(players)
    v = table.version
    for token, pts in ((t0, 4), (t1, 6), (t0, 1)):
        v = tables.act(table.id, token, v, add(pts))["version"]
    assert tables.get(table.id).state.points == ((5, 6),)
    undone = tables.undo(table.id, host, v)
    assert undone.state.points == ((4, 6),)
    again = tables.undo(table.id, host, undone.version)
    assert again.state.points == ((4, 0),)
    events = tables.log(table.id)
    kinds = [(e["kind"], e["undone"], e["undoes"]) for e in events]
    assert kinds[-5:] == [("action", False, None), ("action", True, None), ("action", True, None),
                          ("undo", False, events[-3]["seq"]), ("undo", False, events[-4]["seq"])]
    # A new action after undo continues from the restored state; undo then takes back that one.
    v = tables.act(table.id, t1, again.version, add(10))["version"]
    assert tables.undo(table.id, host, v).state.points == ((4, 0),)


def test_undo_stops_at_the_setup_and_needs_the_host(ctx, players):
    table, host, (t0, _) = joined(players)
    with pytest.raises(Forbidden):
        tables.undo(table.id, t0, table.version)
    with pytest.raises(Invalid) as caught:
        tables.undo(table.id, host, table.version)
    assert caught.value.code == "nothing_to_undo"
    with pytest.raises(Conflict):
        tables.undo(table.id, host, table.version + 5)


def test_undo_never_crosses_a_barrier(ctx, players, monkeypatch):
    from companion import find_game

    from companion.declare import Declaration

    game = find_game("scorepad")
    # Treat next_round as if it rolled dice: the score pad itself has no randomness.
    dice = Declaration([replace(s, randomises=True) if s.type == "next_round" else s for s in game.actions])
    monkeypatch.setattr(type(game), "actions", dice)
    table, host, (t0, _) = joined(players)
    v = tables.act(table.id, t0, table.version, add(2))["version"]
    v = tables.act(table.id, host, v, {"type": "next_round"})["version"]
    v = tables.act(table.id, t0, v, add(3))["version"]
    v = tables.undo(table.id, host, v).version
    with pytest.raises(Invalid) as caught:
        tables.undo(table.id, host, v)
    assert caught.value.code == "cannot_undo" and "round 1 is done: round 2 starts" in caught.value.message
    assert tables.get(table.id).state.points == ((2, 0),) and tables.get(table.id).state.round == 2


def test_finish_action_ends_the_game_and_undo_reopens_it(ctx, players):
    table, host, (t0, t1) = joined(players)
    v = tables.act(table.id, t0, table.version, add(7))["version"]
    done = tables.act(table.id, t1, v, {"type": "finish"})
    assert done["table"].finished and done["table"].outcome["winners"] == [0]
    with pytest.raises(GameOver) as caught:
        tables.act(table.id, t1, done["version"], add(1))
    assert caught.value.code == "game_over"
    reopened = tables.undo(table.id, host, done["version"])
    assert not reopened.finished and reopened.outcome is None


def test_end_game_is_final(ctx, players):
    table, host, (t0, t1) = joined(players)
    v = tables.act(table.id, t1, table.version, add(3))["version"]
    with pytest.raises(Forbidden):
        tables.end_game(table.id, t1)
    ended = tables.end_game(table.id, host)
    assert ended.finished and ended.outcome == {"finish": "win", "winners": [1], "reason": "the host ended the game"}
    with pytest.raises(Invalid):
        tables.undo(table.id, host, ended.version)
    assert tables.end_game(table.id, host).version == ended.version  # ending twice changes nothing


def test_state_shows_options_and_hides_the_join_code_from_seats(ctx, players):
    table, host, (t0, _) = joined(players)
    seen = tables.state(table, 0)
    assert seen["seat"] == 0 and "join_code" not in seen
    assert [o["label"] for o in seen["options"]] == ["Round 1 done →", "Next round", "End the game"]
    assert tables.state(table, None, host=True)["join_code"] == table.join_code


def test_score_has_running_totals_per_round(ctx, players):
    table, host, (t0, t1) = joined(players)
    v = tables.act(table.id, t0, table.version, add(3))["version"]
    v = tables.act(table.id, t1, v, add(5))["version"]
    v = tables.act(table.id, host, v, {"type": "next_round"})["version"]
    v = tables.act(table.id, t0, v, add(4))["version"]
    v = tables.act(table.id, t1, v, add(-2))["version"]
    tables.undo(table.id, host, v)
    score = tables.score(table.id)
    assert score["sheet"]["totals"] == [7, 5]
    assert score["rounds"] == [{"round": 1, "totals": [3, 5]}, {"round": 2, "totals": [7, 5]}]


def test_history_and_player_stats(ctx, players):
    for points in ((5, 3), (1, 9)):
        table, host, (t0, t1) = joined(players)
        v = tables.act(table.id, t0, table.version, add(points[0]))["version"]
        v = tables.act(table.id, t1, v, add(points[1]))["version"]
        tables.end_game(table.id, host)
    joined(players)  # unfinished: not in the history
    finished = tables.finished_tables()
    assert len(finished) == 2 and finished[0]["sheet"]["totals"] == [1, 9]
    stats = {s["name"]: s for s in tables.player_stats()}
    assert stats["Ann"] == {"name": "Ann", "plays": 2, "wins": 1, "average": 3.0}
    assert stats["Bo"] == {"name": "Bo", "plays": 2, "wins": 1, "average": 6.0}


def test_scorepad_for_a_named_game_uses_its_categories(ctx, players):
    from companion.data import game_ids, load_game

    ids = [g for g in game_ids() if load_game(g).score_categories]
    if not ids:
        pytest.skip("no game data with score categories yet")
    table, _ = tables.create_table(f"scorepad-{ids[0]}", players)
    assert [c for c, _ in table.state.categories] == [c for c, _ in load_game(ids[0]).score_categories]


def test_missing_table(ctx):
    for call in (lambda: tables.get("nope"), lambda: tables.log("nope"), lambda: tables.score("nope"),
                 lambda: tables.version_of("nope"), lambda: tables.find_by_code("ABCDEFGH")):
        with pytest.raises(NotFound):
            call()


def test_bot_seats_play_until_a_person_is_due(ctx):
    """A 2-player Mine Shaft table with one bot: after each of the person's actions the
    bot's moves follow in the same request, each logged, and undo stops at them."""
    from companion import find_game

    game = find_game("mine-shaft")
    table, host = tables.create_table("mine-shaft", [{"name": "Ann", "colour": "#c0392b"},
                                                     {"name": "Robo", "colour": "#2e86c1", "bot": "simple"}],
                                      variant="basic", seed=5)
    ann = tables.join(table.join_code, 0)[1]
    table = tables.get(table.id)
    for _ in range(30):  # play Ann's turns with her first legal option until the bot has moved
        if game.end_if(table.state) is not None:
            break
        allowed = [o.action for o in game.options(table.state, 0) if o.allowed]
        assert allowed, "the table waits for nobody"
        result = tables.act(table.id, ann, table.version, allowed[0])
        table = result["table"]
        bot_events = [e for e in tables.log(table.id) if e["seat"] == 1]
        if bot_events:
            break
    assert bot_events and all(e["barrier"] for e in bot_events)
    assert game.bot_action(table.state, 1) is None  # the bot has nothing left to do: Ann is due
    assert [e["seq"] for e in tables.log(table.id)] == list(range(table.version + 1))


def test_only_the_host_starts_the_next_round_the_players_agree(ctx, players):
    table, host, (t0, t1) = joined(players)
    with pytest.raises(Forbidden) as caught:
        tables.act(table.id, t0, table.version, {"type": "next_round"})
    assert caught.value.code == "host_only"
    assert str(caught.value) == "Only the host can do this (start the next round for everyone)."
    offered = {o["action"]["type"]: o for o in tables.state(table, 0)["options"]}
    assert not offered["next_round"]["allowed"] and offered["next_round"]["reason"] == "Only the host can do this."
    assert offered["round_done"]["allowed"]
    at = tables.act(table.id, t0, table.version, {"type": "round_done"})["version"]
    assert tables.get(table.id).state.round == 1
    tables.act(table.id, t1, at, {"type": "round_done"})
    assert tables.get(table.id).state.round == 2
    done = tables.act(table.id, host, tables.get(table.id).version, {"type": "next_round"})
    assert done["table"].state.round == 3
