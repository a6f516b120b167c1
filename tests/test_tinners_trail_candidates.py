"""Tinners' Trail's candidates and checks, over random reachable positions of every player count
and module: the bots' short lists never leave out a move the rules allow, each move's cheap
check gives exactly the refusal its rule raises, and the bots finish their games."""

from __future__ import annotations

import random

import pytest

from companion import HeadframeError, PlayerSpec, find_game
from companion.tinners_trail.options import candidates

GAME = find_game("tinners-trail")
CASES = [(1, "all"), (2, "base"), (2, "all"), (3, "base"), (3, "arsenic+emigration"), (4, "kickstarter"),
         (5, "all")]


def positions(players: int, variant: str, seed: int, every: int = 3):
    """Every ``every``-th position of a game between random and heuristic bots."""
    chooser = random.Random(seed)
    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, seed)
    count = 0
    while GAME.end_if(state) is None:
        seat = GAME.acting_seats(state)[0]
        if seat in GAME.automatic_seats(state):
            state = GAME.apply(state, GAME.bot_action(state, seat))
            continue
        if count % every == 0:
            yield state, seat
        count += 1
        state = GAME.bot_step(state, seat, "random" if chooser.random() < 0.6 else "heuristic", chooser)[1]


def refused(state, action) -> str | None:
    try:
        GAME.apply(state, action)
    except HeadframeError as exc:
        return str(exc)
    return None


def key(action: dict) -> tuple:
    return tuple(sorted((k, repr(v)) for k, v in action.items()))


@pytest.mark.parametrize("players, variant", CASES)
def test_the_short_lists_keep_every_allowed_move_and_checks_agree_with_the_rules(players, variant):
    checked = 0
    for state, seat in positions(players, variant, 11 * players):
        every = candidates(GAME, state, seat, every=True)
        allowed = {}
        for action in every:
            reason = refused(state, action)
            assert GAME.refusal(state, action) == reason, action   # the cheap check is the rule's refusal
            if reason is None:
                allowed[key(action)] = action
        short = {key(a) for a in candidates(GAME, state, seat) if refused(state, a) is None}
        assert short == set(allowed), f"round {state.round} {state.phase}: the bots' list misses " \
                                      f"{set(allowed) - short}"
        near = {key(a) for a in candidates(GAME, state, seat, near=True) if refused(state, a) is None}
        assert near <= set(allowed)
        mine = {a.id for a in state.areas if a.owner == seat}
        for missing in set(allowed) - near:  # left out only: a development away from the seat's mines
            action = allowed[missing]
            assert action["type"] in ("develop", "place_bonus"), action
            assert action["area"] not in mine and action.get("to") not in mine, action
        checked += len(every)
    assert checked > 100


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_bots_finish_every_game(bot):
    """100 seeded games per bot kind over the player counts and modules end without a step cap."""
    for index in range(100):
        players, variant = CASES[index % len(CASES)]
        chooser = random.Random(index)
        state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, index)
        for _ in range(3000):
            if GAME.end_if(state) is not None:
                break
            seat = GAME.acting_seats(state)[0]
            if seat in GAME.automatic_seats(state):
                state = GAME.apply(state, GAME.bot_action(state, seat))
            else:
                state = GAME.bot_step(state, seat, bot, chooser)[1]
        assert GAME.end_if(state) is not None, f"game {index} ({players} players, {variant}) did not end"
