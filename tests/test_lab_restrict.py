"""Restricted play: a seat kept from an item or a move never takes it (unless the rules leave
nothing else), plays its next choice instead, and the report pairs its games with the
unrestricted ones of the same seeds."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import pytest

from companion import PlayerSpec, find_game
from companion.core import Game
from companion.errors import HeadframeError
from headframe.cli import main
from lab import restrict
from lab.arms import ArmTally, Shares, verdicts
from lab.play import Job, game_seed, play
from lab.restrict import Restriction, parse

SEATS = ("Ann", "Bo", "Cy", "Di")


def _game(game_id: str, players: int, index: int, bot: str, rule: Restriction | None):
    """Play one game as the lab does; yield (seat, state, action, after, counts) for every move."""
    game = find_game(game_id)
    seed = game_seed(5, index)
    chooser = random.Random(f"{seed}/bots")
    state = game.setup([PlayerSpec(n) for n in SEATS[:players]], None, seed)
    restricted = rule.seat_of(index, players) if rule else None
    counts = restrict.Counts()
    for _ in range(5000):
        if game.end_if(state) is not None:
            return
        for seat in game.acting_seats(state):
            if seat == restricted:
                found = restrict.step(game, rule, seat, state, bot, chooser, counts)
            else:
                found = game.bot_step(state, seat, bot, chooser)
            if found is not None:
                yield seat, state, found[0], found[1], counts
                state = found[1]
                break
        else:
            raise AssertionError("no seat could move")


def _most_taken(game_id: str, players: int, games: int, bot: str) -> str:
    held = Counter()
    for index in range(games):
        row = play(Job(game_id, players, None, (bot,) * players, 5), index)
        held.update(item for items in row["taken"] for item in set(items))
    return held.most_common(1)[0][0]


@pytest.mark.parametrize("bot, games", [("heuristic", 12), ("random", 30)])
def test_a_seat_that_may_never_take_an_asset_never_takes_it(bot, games):
    game = find_game("ore")
    item = _most_taken("ore", 3, games, bot)
    rule = Restriction(None, "never", item, False)
    changed = 0
    for index in range(games):
        seat = rule.seat_of(index, 3)
        counts = None
        for mover, state, action, after, counts in _game("ore", 3, index, bot, rule):
            before = game.taken(state)[seat].count(item)
            assert game.taken(after)[seat].count(item) == before, (index, mover, action)
        assert counts.forced == 0
        changed += counts.changed > 0
    assert changed > 0, f"no restricted seat ever reached for {item}: the test proves nothing"


@pytest.mark.parametrize("game_id, players, kind", [("ore", 3, "take_contract"), ("tinners-trail", 3, "start_auction"),
                                                    ("ardevur", 3, "extract"), ("mine-shaft", 3, "take"),
                                                    ("ore-published", 3, "fill")])
def test_a_seat_that_may_never_play_a_move_plays_it_only_when_nothing_else_is_allowed(game_id, players, kind):
    rule = Restriction(1, "never", kind, True)
    changed = 0
    for index in range(4):
        played, counts = 0, None
        for mover, state, action, after, counts in _game(game_id, players, index, "heuristic", rule):
            if mover == 1 and action["type"] == kind:
                played += 1
        assert played == counts.forced, (index, played, counts)
        changed += counts.changed
    assert changed > 0, f"the heuristic never reached for {kind} in {game_id}: the test proves nothing"


def test_a_seat_that_always_passes_passes_whenever_the_rules_let_it():
    game = find_game("tinners-trail")
    rule = parse("1:always:pass", game, 3)
    passes = 0
    for mover, state, action, after, counts in _game("tinners-trail", 3, 0, "heuristic", rule):
        if mover != 0:
            continue
        could = any(o.allowed and o.action["type"] == "pass" for o in game.options(state, 0))
        assert (action["type"] == "pass") == could, action
        passes += could
    assert passes >= 4  # once in every round's actions


def _held_by_restricted_seat(game_id: str, players: int, games: int, bot: str) -> str:
    """The item the seat a run restricts in each game (``Restriction.seat_of``) held most often
    in the unrestricted games of the same seeds."""
    held = Counter()
    for index in range(games):
        row = play(Job(game_id, players, None, (bot,) * players, 5), index)
        held.update(set(row["taken"][index % players]))
    return held.most_common(1)[0][0]


def test_a_game_that_names_what_a_bid_reaches_for_keeps_the_seat_out_of_its_auctions(monkeypatch):
    """Tinners' Trail gives a mine site to the last bidder when the others drop out: the seat's
    own move never shows it taking the site, so the game names what a bid reaches for."""
    game = find_game("tinners-trail")
    item = _held_by_restricted_seat("tinners-trail", 3, 10, "heuristic")
    rule = Restriction(None, "never", item, False)

    def restricted_rows() -> list[dict]:
        return [play(Job("tinners-trail", 3, None, ("heuristic",) * 3, 5, restriction=rule), index)["restricted"]
                for index in range(10)]

    rows = restricted_rows()
    assert sum(r["held"] for r in rows) == 0
    assert sum(r["changed"] for r in rows) > 0  # the seat did reach for the site and was turned away
    assert sum(r["forced"] for r in rows) == 0
    # the core's default names nothing: the seat bids as before and wins the site all the same
    monkeypatch.setattr(type(game), "reached_items", Game.reached_items)
    assert sum(r["held"] for r in restricted_rows()) > 0


def test_tinners_trail_names_the_site_of_an_auction_started_and_of_a_bid():
    game = find_game("tinners-trail")
    state = game.setup([PlayerSpec(n) for n in SEATS[:3]], None, 7)
    while game.acting_seats(state) and state.phase != "actions":
        seat = game.acting_seats(state)[0]
        state = game.bot_step(state, seat, "heuristic", random.Random(1))[1]
    seat = game.acting_seats(state)[0]
    start = next(o.action for o in game.options(state, seat) if o.allowed and o.action["type"] == "start_auction")
    name = game.data.areas[start["area"]].name
    assert game.reached_items(state, start) == (name,)
    assert game.reached_items(state, {**start, "area": "nowhere"}) == ()
    running = game.apply(state, start)
    bidder = game.acting_seats(running)[0]
    bid = next(o.action for o in game.options(running, bidder) if o.allowed and o.action["type"] == "bid")
    assert game.reached_items(running, bid) == (name,)
    assert game.reached_items(running, {"type": "drop", "seat": bidder}) == ()
    assert name in game.listed_items() and len(set(game.listed_items())) == len(game.data.areas)


@pytest.mark.parametrize("text, message", [
    ("9:never:Statue", "the seat is a number from 1 to 3"),
    ("1:sometimes:Statue", "the rule is 'never' or 'always'"),
    ("1:always:Statue", "'always' takes one of"),
    ("1:never", "write SEAT:never:ITEM"),
])
def test_a_restriction_is_checked_before_any_game(text, message):
    with pytest.raises(HeadframeError, match=message):
        parse(text, find_game("ore"), 3)


def test_a_restriction_reads_as_words_and_a_folder_name():
    game = find_game("ore")
    rule = parse("each:never:Black Market Ops", game, 3)
    assert rule == Restriction(None, "never", "Black Market Ops", False)
    assert rule.label == "each seat in turn never takes Black Market Ops"
    assert rule.slug == "each-never-black-market-ops"
    assert [rule.seat_of(i, 3) for i in range(4)] == [0, 1, 2, 0]
    assert parse("2:never:take_contract", game, 3).label == "seat 2 never plays take_contract"


def test_a_game_that_lists_its_items_refuses_a_name_it_does_not_list(monkeypatch):
    game = find_game("ore")
    monkeypatch.setattr(type(game), "listed_items", lambda self: ("Statue", "Theater"))
    assert parse("1:never:Statue", game, 3).target == "Statue"
    with pytest.raises(HeadframeError, match="neither an action type .* nor one of its assets"):
        parse("1:never:Statu", game, 3)


def test_the_restricted_seat_is_paired_with_the_same_seat_of_the_same_seed():
    baseline = Shares(3)
    for index in range(40):
        baseline.add(index, [1.0, 0.0, 0.0] if index % 2 else [0.0, 0.5, 0.5])
    arm = ArmTally(baseline)
    for index in range(40):
        # the restricted seat 0 now wins none of the games it used to win
        arm.add({"index": index, "restricted": {"seat": 0, "changed": 1, "fallback": 0, "forced": 0}}, 0.0)
    summary = arm.summary()
    assert summary["baseline"] == 0.5 and summary["win_rate"] == 0.0
    assert summary["change"] == pytest.approx(-0.5) and summary["change_high"] < -0.3
    assert summary["p_value"] < 1e-6
    same = ArmTally(baseline)
    for index in range(40):
        same.add({"index": index, "restricted": {"seat": 0, "changed": 0, "fallback": 0, "forced": 0}},
                 baseline.get(index, 0))
    table = verdicts([{**summary, "label": "never X"}, {**same.summary(), "label": "never Y"},
                      {**same.summary(), "label": "never Z", "held": 3}])
    assert [(a["label"], a["verdict"]) for a in table] == [
        ("never X", "the seat wins less without it"), ("never Y", "changed no move: the seat never reached for it"),
        ("never Z", "not kept from it: the seat still came to hold it in 3 games, through moves the game does not "
                    "name as reaching for it")]


def test_shares_of_games_a_stopped_run_never_finished_are_left_out():
    shares = Shares(2)
    shares.add(0, [1.0, 0.0])
    shares.add(3, [0.0, 1.0])
    assert shares.get(3, 1) == 1.0 and shares.get(1, 0) != shares.get(1, 0)  # NaN: no game
    arm = ArmTally(shares)
    arm.add({"index": 1, "restricted": {"seat": 0, "changed": 1, "fallback": 0, "forced": 0}}, 1.0)
    assert arm.games == 0


def test_simulate_restrict_reports_the_change_beside_the_unrestricted_games(tmp_path):
    out = tmp_path / "sim"
    assert main(["simulate", "ore", "--players", "3", "--games", "16", "--seed", "4", "--out", str(out),
                 "--workers", "2", "--quiet", "--restrict", "each:never:take_contract"]) == 0
    document = json.loads((out / "summary.json").read_text())["run"]
    (arm,) = document["restricted"]["arms"]
    assert arm["label"] == "each seat in turn never plays take_contract" and arm["games"] == 16
    assert arm["changed_games"] == 1.0 and arm["change"] < 0  # a seat with no contract cannot fill one
    rows = (out / "restricted" / "each-never-take-contract" / "games.csv").read_text().splitlines()
    assert len(rows) == 17 and rows[0].endswith("restricted_seat,moves_changed,moves_at_random,moves_forced,held_anyway")
    html = (out / "report.html").read_text()
    assert "Restricted play" in html and "each seat in turn never plays take_contract" in html


def test_restricted_play_goes_through_every_item_taken_and_the_turn_order_moves(tmp_path):
    out = tmp_path / "sim"
    assert main(["simulate", "tinners-trail", "--players", "3", "--games", "3", "--seed", "2", "--out", str(out),
                 "--workers", "1", "--quiet", "--restricted-play"]) == 0
    document = json.loads((out / "summary.json").read_text())["run"]
    labels = {a["label"] for a in document["restricted"]["arms"]}
    assert {"each seat in turn always plays pass", "each seat in turn never plays pass"} <= labels
    taken = {i["item"] for i in document["items"]}
    assert {f"each seat in turn never takes {item}" for item in taken} == labels - {
        "each seat in turn always plays pass", "each seat in turn never plays pass"}
    always = next(a for a in document["restricted"]["arms"] if a["label"].endswith("always plays pass"))
    assert always["changed_games"] == 1.0 and always["win_rate"] == 0.0


def test_a_bad_restriction_is_one_line_and_exit_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "headframe", "simulate", "ore", "--restrict", "7:never:Statue",
                             "--out", str(tmp_path / "never")], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "the seat is a number from 1 to 4" in result.stderr and not (tmp_path / "never").exists()


def test_a_bot_that_never_asks_the_rules_is_still_kept_from_the_item():
    """A bot that plays its favourite move without asking ``refusal`` (as a search bot that
    applies moves on its own might) is refused that move by name and asked again; when it
    insists, the seat takes a move the restriction permits."""
    ore = type(find_game("ore"))

    class Stubborn(ore):
        item = ""

        def bot_step(self, state, seat, bot, chooser):
            # grabs the item whenever it is on offer, asking only an unrestricted copy of the game
            for action in (o.action for o in find_game("ore").options(state, seat) if o.allowed):
                after = ore.apply(self, state, action)
                if ore.taken(self, after)[seat].count(self.item) > ore.taken(self, state)[seat].count(self.item):
                    return action, after
            return ore.bot_step(self, state, seat, bot, chooser)

    game = Stubborn()
    item = Stubborn.item = _most_taken("ore", 3, 8, "heuristic")
    rule = Restriction(0, "never", item, False)
    at_random = 0
    for index in range(8):
        seed = game_seed(5, index)
        chooser = random.Random(seed)
        state = game.setup([PlayerSpec(n) for n in SEATS[:3]], None, seed)
        counts = restrict.Counts()
        while game.end_if(state) is None:
            seat = game.acting_seats(state)[0]
            found = (restrict.step(game, rule, seat, state, "heuristic", chooser, counts) if seat == 0
                     else game.bot_step(state, seat, "heuristic", chooser))
            if seat == 0:
                assert game.taken(found[1])[0].count(item) == game.taken(state)[0].count(item)
            state = found[1]
        at_random += counts.fallback
    assert at_random > 0, "the stubborn bot never offered the item: the test proves nothing"


@pytest.mark.parametrize("game_id", ["ore", "ore-published", "tinners-trail", "ardevur"])
def test_every_name_a_game_lists_as_taken_is_one_it_lists_for_restricted_play(game_id):
    game = find_game(game_id)
    listed = set(game.listed_items())
    assert listed
    seen = set()
    for index in range(2):
        row = play(Job(game_id, 3, None, ("heuristic",) * 3, 5), index)
        seen.update(item for items in row["taken"] for item in items)
    assert seen and seen <= listed, seen - listed
