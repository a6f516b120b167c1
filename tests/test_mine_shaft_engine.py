"""Mine Shaft's engine as the one shape has it: each move's cheap check gives exactly the answer
its rule gives, for any action at all (not only the offered ones); what is worked out from a
state and kept on it never goes stale; and the bots finish their games."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from companion import HeadframeError, PlayerSpec, find_game
from companion.mine_shaft.moves import dice, mine, movement

GAME = find_game("mine-shaft")
R = GAME.data
CONFIGS = [(n, v) for n in (2, 3, 4) for v in ("advanced", "basic")]
MAX_STEPS = 5000


def played(players: int, variant: str, seed: int, steps: int, bot: str = "random"):
    """The state after ``steps`` moves of a seeded game with ``bot`` in every seat."""
    chooser = random.Random(seed)
    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, seed)
    for _ in range(steps):
        if GAME.end_if(state) is not None:
            break
        state = GAME.bot_step(state, state.turn, bot, chooser)[1]
    return state


def actions_for(state, seat: int) -> list[dict]:
    """Every kind of action, on every square of the mine and around it, with and without what
    a real bag, pile or pair of dice showed: most of them refused."""
    xs = [p[0] for p in state.tiles]
    ys = [p[1] for p in state.tiles]
    squares = [(x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)]
    found: list[dict] = [{"type": kind} for kind in ("draw_tile", "porous", "roll", "pass", "clear", "skip")]
    found += [{"type": "draw_tile", "tile": t} for t in sorted(set(state.pile))[:4]]
    found += [{"type": "roll", "die_a": "red", "die_b": 2}, {"type": "roll", "die_a": "quake"}]
    found += [{"type": "take", "mineral": k} for k in ("coal", "silver", "gold")]
    found += [{"type": "clear", "minerals": ["coal"]}, {"type": "porous", "coal": 1, "gold": 1}]
    for x, y in squares:
        found += [{"type": kind, "x": x, "y": y} for kind in ("swap", "fuse", "fill_tile", "collapse", "move", "tunnel")]
        found += [{"type": "place_tile", "x": x, "y": y, "rotation": r} for r in (0, 90, 180, 270, 45)]
        found += [{"type": "fill_tile", "x": x, "y": y, "minerals": ["gold"]}]
    found += [{"type": "kart", "tiles": [[x, y]]} for x, y in list(state.tiles)[:6]]
    found += [{"type": "kart", "tiles": [list(a), list(b)]} for a in list(state.tiles)[:4] for b in list(state.tiles)[:4]]
    return [dict(action, seat=seat) for action in found]


@settings(max_examples=25, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_every_check_agrees_with_its_rule_on_any_action(config, seed, steps):
    state = played(*config, seed, steps)
    before = GAME.to_json(state)
    for seat in range(len(state.players)):
        for action in actions_for(state, seat):
            try:
                GAME.apply(state, action)
                ruled = None
            except HeadframeError as exc:
                ruled = str(exc)
            assert GAME.refusal(state, action) == ruled, action
    assert GAME.to_json(state) == before  # asking never changes the state


@settings(max_examples=20, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000), steps=st.integers(0, 600))
def test_what_a_state_keeps_is_what_a_fresh_copy_works_out(config, seed, steps):
    """A state carries what was worked out from it (the tiles by square, whether any track runs
    out, each square's open ends and track neighbours, where the piece can move, what die A may
    fill) into the states made from it while it still holds; a copy made from its fields alone
    must agree on every one."""
    state = played(*config, seed, steps, bot="heuristic" if seed % 2 else "random")
    fresh = replace(state)  # the same fields, nothing worked out yet
    assert list(state.tiles) == [pos for pos, _ in state.grid] == list(fresh.tiles)  # in the grid's order
    assert mine.any_open_end(R, state) == mine.any_open_end(R, fresh)
    for pos in state.tiles:
        assert mine.open_ends(R, state, pos) == mine.open_ends(R, fresh, pos)
        assert mine.track_neighbours(R, state, pos) == mine.track_neighbours(R, fresh, pos)
    if state.phase == "move":
        assert movement.targets(R, state) == movement.targets(R, fresh)
    if state.phase == "die_a" and state.die_a in dice.COLOURS:
        assert dice.fill_targets(R, state) == dice.fill_targets(R, fresh)
    assert GAME.options(state, state.turn) == GAME.options(fresh, state.turn)
    assert GAME.from_json(GAME.to_json(state)) == state


@pytest.mark.parametrize("bot", GAME.bot_names)
def test_the_bots_finish_every_game(bot):
    """100 seeded games per bot, every player count and variant in turn, with the bot in every
    seat: each ends by the rules, well before a step cap. (1,000 per variant and count were run
    for NOTES.md.)"""
    for index in range(100):
        players, variant = CONFIGS[index % len(CONFIGS)]
        chooser = random.Random(index)
        state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, 7 * index + 1)
        for _ in range(MAX_STEPS):
            if GAME.end_if(state) is not None:
                break
            step = GAME.bot_step(state, state.turn, bot, chooser)
            assert step is not None, f"game {index}: the {bot} bot has no move in phase {state.phase}"
            state = step[1]
        assert GAME.end_if(state) is not None, f"game {index} ({players} players, {variant}) did not end"
