"""Random legal games of Tinners' Trail for 2–5 players and every module set: money never
negative, cubes conserved, work within the track, and the final score reproducible from the log.
Solo games against Lord Wallace have their own properties in test_wallace_properties.py."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import PlayerSpec
from companion import find_game
from companion.tinners_trail.options import legal_actions, to_act
from companion.tinners_trail.state import ACTIONS, AUCTION, BUILD, INVEST, OVER, from_json, to_json
from companion.tinners_trail.moves.track import final_column

GAME = find_game("tinners-trail")

RULES = GAME.rules
VARIANTS = ("base", "arsenic", "emigration", "kickstarter", "all")
MAX_STEPS = 600


def board(state, kind):
    return sum(getattr(a, kind) for a in state.areas)


def held(state, kind):
    return sum(getattr(p, kind) for p in state.players)


def created(before, action, after, kind):
    """Cubes the rules add to the map in one step (mines built, adits, calciners)."""
    change = 0
    for old, new in zip(before.areas, after.areas):
        if old.owner is None and new.owner is not None and kind != "arsenic":
            change += getattr(RULES.tiles[old.tile], kind)
            card = (before.won.card if before.won else None) or action.get("card") or \
                (before.auction.card if before.auction else None)
            if card and RULES.cards[card].benefit == kind:
                change += RULES.cards[card].amount
    if kind in ("tin", "copper"):
        change += 2 * (len(after.adits) - len(before.adits))
    else:
        for seat, (old, new) in enumerate(zip(before.players, after.players)):
            if new.calciner and not old.calciner:
                area = next(a for a in after.areas if a.calciner == seat)
                change += 1 + len(RULES.neighbours[area.id])
    return change


def taken(action, kind):
    if action["type"] == "extract" and kind in ("tin", "copper"):
        return action.get(kind, 0)
    return 1 if action["type"] == "process_arsenic" and kind == "arsenic" else 0


def check_invariants(before, action, after):
    assert GAME.problems(after) == [], action
    for player in after.players:
        assert player.money >= 0, (action, player)
    for area in after.areas:
        assert min(area.tin, area.copper, area.water, area.arsenic, area.drainage) >= 0
    sale = before.phase in (ACTIONS, AUCTION, BUILD) and after.phase in (INVEST, OVER)
    for kind in ("tin", "copper", "arsenic"):
        # The map changes only by what the rules create and what the action takes out of a mine.
        assert board(after, kind) - board(before, kind) == created(before, action, after, kind) - taken(action, kind)
    for kind in ("tin", "copper"):
        if sale:
            assert held(after, kind) == 0
        else:
            assert held(after, kind) - held(before, kind) == taken(action, kind), action
    # Arsenic taken from a mine is held until sold onto the market.
    assert (held(after, "arsenic") + sum(after.market)) - (held(before, "arsenic") + sum(before.market)) == \
        taken(action, "arsenic")
    for seat in after.seats:
        column = after.column_of(seat)
        if column is not None:
            assert column <= final_column(after, seat, RULES) <= RULES.track_columns
        assert after.players[seat].points >= before.players[seat].points
    assert all(n >= 0 for row in after.stock for n in row)


def play(count, variant, seed, chooser):
    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(count)], variant, seed=seed)
    start = state
    log = []
    while GAME.end_if(state) is None and len(log) < MAX_STEPS:
        moves = legal_actions(GAME, state)
        assert moves, f"no legal move in phase {state.phase} for seats {to_act(state)}"
        action = chooser(moves)
        after = GAME.apply(state, action)
        check_invariants(state, action, after)
        log.append(action)
        state = after
    return start, log, state


@settings(max_examples=15, deadline=None)
@given(count=st.integers(2, 5), variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000),
       choices=st.integers(0, 10_000))
def test_random_games_keep_the_invariants_and_replay_exactly(count, variant, seed, choices):
    start, log, final = play(count, variant, seed, random.Random(choices).choice)
    assert final.phase == OVER and final.round == RULES.rounds
    replayed = start
    for action in log:
        replayed = GAME.apply(from_json(to_json(replayed)), action)
    assert replayed == final
    assert GAME.score(replayed) == GAME.score(final)
    outcome = GAME.end_if(final)
    sheet = GAME.score(final)
    assert set(outcome.winners) == {s for s, r in enumerate(sheet.ranks) if r == 1}
    assert sheet.totals == tuple(p.points + p.emigration_points for p in final.players)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_solo_table_plays_to_the_end_with_its_bot_seat(seed):
    state = GAME.setup([PlayerSpec("Ann")], "base", seed=seed)
    steps = 0
    while GAME.end_if(state) is None and steps < MAX_STEPS:
        seat = to_act(state)[0]
        action = GAME.bot_action(state, seat) if state.players[seat].bot else legal_actions(GAME, state, seat)[0]
        state = GAME.apply(state, action)
        steps += 1
    assert state.phase == OVER


@settings(max_examples=6, deadline=None)
@given(count=st.integers(2, 5), seed=st.integers(0, 10_000), choices=st.integers(0, 10_000))
def test_every_option_offered_as_allowed_is_legal(count, seed, choices):
    pick = random.Random(choices)
    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(count)], "all", seed=seed)
    for _ in range(40):
        if GAME.end_if(state) is not None:
            break
        for seat in to_act(state)[:1]:
            for option in GAME.options(state, seat):
                if option.allowed:
                    assert GAME.legal(state, option.action), option
                else:
                    assert option.reason and not GAME.legal(state, option.action), option
        state = GAME.apply(state, pick.choice(legal_actions(GAME, state)))
