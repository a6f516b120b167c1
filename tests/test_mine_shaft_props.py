"""Random legal games of Mine Shaft for every player count and variant: the minerals are
always all accounted for, nobody walks through a collapse, and every game ends properly."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from companion.core import PlayerSpec
from companion import find_game
from companion.mine_shaft.moves import mine
from companion.mine_shaft.state import add, counts

GAME = find_game("mine-shaft")
R = GAME.data
CONFIGS = [(n, v) for n in (2, 3, 4) for v in ("advanced", "basic")]
TILES_IN_PLAY = {(2, "advanced"): 60, (3, "advanced"): 80, (4, "advanced"): 100,
                 (2, "basic"): 53, (3, "basic"): 70, (4, "basic"): 86}


def minerals_everywhere(state):
    total = state.bag
    for placed in state.tiles.values():
        total = add(total, counts(placed.minerals))
    for miner in state.players:
        total = add(total, miner.haul)
    return total


def check(state, before, action, config):
    assert minerals_everywhere(state) == (50, 30, 20)
    assert GAME.problems(state) == []
    assert len(state.pile) + len(state.tiles) - 1 + (state.drawn is not None) == TILES_IN_PLAY[config]
    for placed in state.tiles.values():
        assert len(placed.minerals) <= R.design(placed.design).slots
        assert not (placed.collapsed and placed.minerals)
    if action["type"] in ("move", "tunnel"):
        mover = before.turn
        path = state.last_path
        assert path[0] == before.players[mover].pos and path[-1] == (action["x"], action["y"])
        if action["type"] == "move":
            for square in path[1:-1]:  # never through a collapsed tile
                assert not state.tiles[square].collapsed
            if len(path) > 1:
                assert not before.tiles[path[0]].collapsed  # nobody walks out of a collapse
    if action["type"] == "place_tile" and R.design(state.tiles[(action["x"], action["y"])].design).icon == "help":
        for seat, miner in enumerate(state.players):  # pulled pieces walk the track, never through a collapse
            if seat != before.turn and miner.pos != before.players[seat].pos:
                assert miner.pos in mine.reachable(R, state, before.players[seat].pos, 2)
    if state.phase not in ("over", "clear"):
        here = state.tile(state.current.pos)
        if state.phase == "start":
            assert not here.collapsed  # a player on a collapsed tile always clears first


@settings(max_examples=30, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000), chooser=st.integers(0, 10_000))
def test_random_legal_games_keep_every_invariant(config, seed, chooser):
    players, variant = config
    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, seed=seed)
    pick = random.Random(chooser)
    for _ in range(250):
        if GAME.end_if(state) is not None:
            break
        allowed = [o.action for o in GAME.options(state, state.turn) if o.allowed]
        assert allowed, f"no legal option in phase {state.phase}"
        others = GAME.options(state, (state.turn + 1) % players)
        assert not any(o.allowed for o in others)
        action = dict(pick.choice(allowed), seat=state.turn)
        after = GAME.apply(state, action)
        check(after, state, action, config)
        assert GAME.from_json(GAME.to_json(after)) == after
        state = after


@settings(max_examples=12, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000))
def test_whole_games_end_with_exactly_one_final_turn_each(config, seed):
    players, variant = config
    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, seed=seed)
    trigger_round = None
    turns_after = []
    for _ in range(5000):
        if state.phase == "over":
            break
        before = (state.round, state.turn)
        state = GAME.apply(state, GAME.bot_action(state, state.turn))
        if trigger_round is None and state.ending is not None:
            trigger_round = state.final_round - 1
        if state.phase != "over" and (state.round, state.turn) != before and trigger_round is not None:
            turns_after.append((state.round, state.turn))
    assert state.phase == "over"
    final = [seat for rnd, seat in turns_after if rnd == trigger_round + 1]
    order = [(state.first + k) % players for k in range(players)]
    assert final == order  # every player, once, starting from the first player
    assert all(rnd <= trigger_round + 1 for rnd, _ in turns_after)
    sheet = GAME.score(state)
    values = (1, 3, 5)
    assert sheet.totals == tuple(sum(n * v for n, v in zip(m.haul, values)) for m in state.players)


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=4), st.lists(st.integers(-2, 2), max_size=3),
                 st.sampled_from(["coal", "gold", "red", "quake", "Sy1", "Ey3"]), st.just([[1, 0], [0, 1]]))
TYPES = ["draw_tile", "place_tile", "swap", "fuse", "porous", "kart", "roll", "fill_tile", "collapse", "move",
         "tunnel", "take", "pass", "clear", "skip", "nonsense"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1000), steps=st.integers(0, 40), kind=st.sampled_from(TYPES),
       fields=st.dictionaries(st.sampled_from(["x", "y", "rotation", "tile", "minerals", "mineral", "die_a", "die_b",
                                               "tiles", "seat"]), JUNK, max_size=5))
def test_any_action_is_applied_whole_or_refused_with_a_rule(seed, steps, kind, fields):
    from companion.errors import RuleViolation

    state = GAME.setup([PlayerSpec("A"), PlayerSpec("B"), PlayerSpec("C")], "advanced", seed=seed)
    for _ in range(steps):
        state = GAME.apply(state, GAME.bot_action(state, state.turn))
        if state.phase == "over":
            break
    before = GAME.to_json(state)
    try:
        after = GAME.apply(state, {"type": kind, "seat": state.turn, **fields})
    except RuleViolation as exc:
        assert str(exc)
        assert GAME.to_json(state) == before
        return
    assert GAME.problems(after) == []
