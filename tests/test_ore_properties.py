"""Random legal games for 3, 4 and 5 players in every variant: money and barrels are conserved
between the bank and the players, no miner stands below a level its owner can reach, nobody is
ever left without a legal move, and replaying the log gives the same state and scores."""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.core import PlayerSpec
from companion import find_game
from companion.ore.setup.scenario import as_json
from companion.ore.data import RESOURCES
from companion.ore.options import candidates

GAME = find_game("ore")

VARIANTS = ("standard", "short", "long", "contract-race")
CHIPS = 25 * (1 + 5 + 10 + 25)


def start(players, variant, seed):
    return GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, seed)


def random_step(state, rand):
    """Apply a random legal action of a seat the table is waiting for (other seats may also
    use exchanges and futures now and then)."""
    seats = GAME.acting_seats(state)
    assert seats, f"nobody can act in phase {as_json(state)['phase']}"
    seat = rand.choice(seats)
    found = candidates(GAME, state, seat)
    main = [c for c in found if c[0]["type"] not in ("exchange", "cash_futures")]
    pool = main if main and rand.random() < 0.9 else found
    rand.shuffle(pool)
    for action, _, _ in pool:
        after, reason = GAME.try_apply(state, action)
        if after is not None:
            return after, action
    raise AssertionError(f"seat {seat} has no legal action in phase {as_json(state)['phase']}")


def check_invariants(state):
    assert GAME.problems(state) == []
    d = as_json(state)
    assert d["bank"]["money"] + sum(p["money"] for p in d["players"]) == CHIPS
    supply = GAME.data.tables["barrels"]
    for res in RESOURCES:
        held = sum(p["barrels"][res] for p in d["players"])
        futures = sum(f["count"] for p in d["players"] for f in p["futures"] if f["res"] == res)
        on_cards = sum(c["barrels"].count(res) for p in d["players"] for c in p["contracts"])
        offered = sum(o["barrels"].count(res) for o in d["takeover"])
        assert d["bank"]["barrels"][res] >= 0 and all(p["barrels"][res] >= 0 for p in d["players"])
        assert d["bank"]["barrels"][res] + held + futures + on_cards + offered == int(supply[res]), res
    for res, mine in d["mines"].items():
        card = GAME.data.mines[mine["card"]]
        spaces = [m["space"] for m in mine["miners"]]
        assert len(spaces) == len(set(spaces)), f"two miners share a space on the {res} mine"
        for miner in mine["miners"]:
            assert 0 <= miner["space"] < len(card.spaces)
            assert card.level(miner["space"]) <= d["players"][miner["seat"]]["cage"], \
                f"a miner stands below its owner's cage on the {res} mine"
    for seat, p in enumerate(d["players"]):
        on_mines = sum(1 for m in d["mines"].values() for x in m["miners"] if x["seat"] == seat)
        assert on_mines <= p["miners"] <= 4
        for private in p["private"]:
            if private["space"] is not None:
                card = GAME.data.mines[private["card"]]
                assert card.level(private["space"]) <= p["cage"]


def play_random(players, variant, seed, steps):
    rand = random.Random(seed)
    state = start(players, variant, seed)
    log = []
    for _ in range(steps):
        if as_json(state)["phase"] == "over":
            break
        state, action = random_step(state, rand)
        log.append(action)
        check_invariants(state)
    return state, log


def replay(players, variant, seed, log):
    state = start(players, variant, seed)
    for action in log:
        state = GAME.apply(state, action)
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_random_games_keep_the_invariants(players, variant, seed):
    state, log = play_random(players, variant, seed, steps=120)
    again = replay(players, variant, seed, log)
    assert again == state
    assert GAME.score(again) == GAME.score(state)
    assert GAME.from_json(GAME.to_json(state)) == state


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_random_game_reaches_an_end(variant):
    state, log = play_random(3, variant, seed=11, steps=5000)
    assert as_json(state)["phase"] == "over"
    outcome = GAME.end_if(state)
    assert outcome is not None and outcome.reason
    assert replay(3, variant, 11, log) == state


@pytest.mark.parametrize("players", [3, 5])
def test_bots_play_a_whole_game_legally(players):
    state = GAME.setup([PlayerSpec(f"Bot {i}", bot="simple") for i in range(players)], "short", seed=5)
    for _ in range(3000):
        if as_json(state)["phase"] == "over":
            break
        seat = GAME.acting_seats(state)[0]
        action = GAME.bot_action(state, seat)
        assert action is not None, as_json(state)["phase"]
        state = GAME.apply(state, action)
        check_invariants(state)
    assert GAME.end_if(state) is not None
    assert GAME.bot_action(state, 0) is None
