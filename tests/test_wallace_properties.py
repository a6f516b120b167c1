"""Random solo games against Lord Wallace with every difficulty option and module: he never
pays for an auction, his owed marker never goes below 0, every disc stays within the work
track, the game ends after round 4 and replays exactly from its log."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import PlayerSpec
from companion import find_game
from companion.tinners_trail.options import legal_actions
from companion.tinners_trail.state import OVER, from_json, to_json
from companion.tinners_trail.moves.track import final_column
from companion.tinners_trail.state.wallace import DIFFICULTY

GAME = find_game("tinners-trail")

RULES = GAME.rules
MODULES = ("arsenic", "emigration", "kickstarter")
MAX_STEPS = 800
LORD = 1


def check(before, action, after):
    lord = after.lord
    assert after.players[LORD].money == 0, action          # he never holds or pays money
    assert lord.owed >= 0 and lord.income >= 0 and lord.arsenic_money >= 0
    assert GAME.problems(after) == [], action
    for seat in after.seats:
        column = after.column_of(seat)
        if column is not None:
            assert column <= final_column(after, seat, RULES) <= RULES.track_columns
    if before.auction is not None and after.auction is None and after.won is None:
        # An auction he won cost him nothing: only the player's money may have moved.
        assert after.players[LORD].money == before.players[LORD].money
    assert after.players[LORD].points >= before.players[LORD].points


def play(variant, seed, chooser):
    state = GAME.setup([PlayerSpec("Ann")], variant, seed=seed)
    start, log = state, []
    while GAME.end_if(state) is None and len(log) < MAX_STEPS:
        moves = legal_actions(GAME, state)
        assert moves, f"no legal move in phase {state.phase}"
        action = chooser(moves)
        after = GAME.apply(state, action)
        check(state, action, after)
        log.append(action)
        state = after
    return start, log, state


@settings(max_examples=8, deadline=None)
@given(modules=st.sets(st.sampled_from(MODULES)), options=st.sets(st.sampled_from(DIFFICULTY), max_size=4),
       seed=st.integers(0, 10_000), choices=st.integers(0, 10_000))
def test_random_solo_games_keep_his_rules_and_end_after_round_4(modules, options, seed, choices):
    options.discard("more-mines-2" if "more-mines" in options else "")
    variant = "+".join(sorted(modules | options)) or "base"
    start, log, final = play(variant, seed, random.Random(choices).choice)
    assert final.phase == OVER and final.round == RULES.rounds, variant
    assert len(final.lord.ledger) == RULES.rounds      # he sold and invested once a round
    replayed = start
    for action in log:
        replayed = GAME.apply(from_json(to_json(replayed)), action)
    assert replayed == final


def test_every_difficulty_option_and_module_plays_a_whole_game():
    for option in DIFFICULTY + ("all+" + "+".join(o for o in DIFFICULTY if o != "more-mines-2"),):
        _, _, final = play(option, 11, random.Random(3).choice)
        assert final.phase == OVER and final.round == RULES.rounds, option
