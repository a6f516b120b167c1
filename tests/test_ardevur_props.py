"""Properties over whole games played by the bots, in every mode and player count: nothing goes
negative, no card appears or vanishes, games end, and replaying the log gives the same scores."""

import random

import pytest

from companion import find_game
from companion.ardevur.setup import MODES
from companion.core import PlayerSpec

GAME = find_game("ardevur")


def data(state):
    """The state as a table stores it (its JSON form)."""
    return GAME.to_json(state)


def totals(d):
    """Every card, counted wherever it is."""
    players = d["players"]
    dev = sum(d["market"].values()) + sum(len(p["dev"]) + p["phone"] for p in players)
    territories = (len(d["territory_deck"]) + sum(len(p["territories"]) for p in players)
                   + len((d["auction"] or {}).get("revealed", [])))
    box = set(d["box"])
    targets = sum(len(p) for piles in d["grid"].values() for p in piles) + sum(len(p["targets"]) for p in players)
    targets += sum(1 for c in box if c in GAME.data.targets)
    incentives = len(d["incentives"]) + sum(len(p["incentives"]) for p in players)
    incentives += sum(1 for c in box if c in GAME.data.incentives)
    actions = sum(len(deck) for deck in d["action_decks"].values()) + sum(len(p["actions"]) for p in players)
    actions += sum(1 for c in box if c in GAME.data.actions)
    return dev, territories, targets, incentives, actions


def check(d):
    for p in d["players"]:
        assert p["money"] >= 0 and p["debt"] >= 0, p
        assert all(v > 0 for v in p["stock"].values()), p["stock"]
        assert sum(v for v in p["stock"].values()) <= {32: 32, 64: 64, 128: 128}.get(
            128 if any(a["kind"] == "warehouse" and a["upgraded"] for a in p["assets"]) else
            64 if any(a["kind"] == "warehouse" for a in p["assets"]) else 32)
        assert sum(1 for s in p["sites"].values() if s == "active") <= 4
        assert len(p["infra"]) <= 2


def play(n, mode, seed, bots, steps):
    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(n)], mode, seed)
    chooser = random.Random(seed)
    log, baseline = [], None
    for _ in range(steps):
        if GAME.end_if(state) is not None:
            break
        seat = GAME.acting_seats(state)[0]
        action = GAME.bot_move(state, seat, bots[seat], chooser)
        assert action is not None, (data(state)["phase"], data(state)["stage"])
        state = GAME.apply(state, action)
        log.append(action)
        if baseline is None and data(state)["phase"] != "ready":
            baseline = totals(data(state))
        check(data(state))
        assert totals(data(state)) == baseline
    return state, log


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_every_invariant(mode, n):
    play(n, mode, seed=n * 10 + MODES.index(mode), bots=["random"] * n, steps=250)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_heuristic_games_end_and_replay_to_the_same_score(mode, n):
    state, log = play(n, mode, seed=7, bots=["heuristic"] * n, steps=3000)
    assert GAME.end_if(state) is not None, "the game did not end within 3000 actions"
    again = GAME.setup([PlayerSpec(f"P{i}") for i in range(n)], mode, 7)
    for action in log:
        again = GAME.apply(again, action)
    assert GAME.to_json(again) == GAME.to_json(state)
    assert GAME.score(again) == GAME.score(state)


@pytest.mark.parametrize("variant", ["standard+final-round+all-cards", "clash-of-titans+minute-64+random-corporations",
                                     "launched-start+all-cards+random-corporations"])
def test_games_with_table_options_end_and_replay(variant):
    state, log = play(2, variant, seed=3, bots=["heuristic", "heuristic"], steps=3000)
    assert GAME.end_if(state) is not None, "the game did not end within 3000 actions"
    again = GAME.setup([PlayerSpec("P0"), PlayerSpec("P1")], variant, 3)
    for action in log:
        again = GAME.apply(again, action)
    assert GAME.to_json(again) == GAME.to_json(state)
    if "final round" in data(state)["over_reason"]:
        assert data(state)["turn_no"] > 12 * 2   # the bot waits before calling the final round
