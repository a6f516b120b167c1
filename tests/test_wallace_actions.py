"""Lord Wallace's mining, developments, sale and investment, the difficulty options and the
modules, each with the rulebook's numbers. Seat 0 is the player, seat 1 Lord Wallace."""

from dataclasses import replace

import pytest

from companion.core import PlayerSpec
from companion.errors import RuleViolation
from companion import find_game
from companion.tinners_trail.moves.invest import after_actions, next_round
from companion.tinners_trail.state import INVEST, PRICES
from companion.tinners_trail.bots.wallace import mine_plan, wallace_capacity
from companion.tinners_trail.moves.wallace_turn import place_piece

from test_wallace import ANN, LORD, RULES, act, card_showing, solo

GAME = find_game("tinners-trail")

TIN_4, TIN_5, COPPER_4, COPPER_8, COPPER_10 = 0, 1, 1, 2, 3   # ore-table columns


# -- mining ------------------------------------------------------------------------------------
def test_copper_at_10_he_takes_4_copper_from_the_eastern_mine_with_less_water():
    areas = {"A1": dict(owner=LORD, copper=4, tin=1, water=3, miner=-1, port=True),
             "A6": dict(owner=LORD, copper=4, tin=1, water=2, miner=-1, port=True)}
    state = solo(areas=areas, copper_column=COPPER_10, track={0: [LORD, ANN]}, round=2)
    assert RULES.west_to_east.index("A6") > RULES.west_to_east.index("A1")
    assert mine_plan(state, True, RULES) == ("A6", 0, 4)
    after = act(state, type="wallace_turn", seat=LORD, card=card_showing("mine", 2, "0-3"))
    assert after.players[LORD].copper == 4 and after.area("A6").copper == 0
    assert after.lord.owed == 8 and after.players[LORD].money == 0     # 4 cubes × 2 water, owed not paid
    assert after.area("A6").water == 3 and after.column_of(LORD) == 2


def test_copper_at_4_he_takes_only_tin_from_the_western_mine_that_leaves_less_ore():
    areas = {"A1": dict(owner=LORD, tin=2, copper=0, water=1, miner=-1),     # capacity 3, leaves 0
             "A6": dict(owner=LORD, tin=2, copper=2, water=1, miner=-1)}     # leaves 2
    state = solo(areas=areas, copper_column=COPPER_4)
    assert mine_plan(state, False, RULES) == ("A1", 2, 0)
    assert wallace_capacity(state, "A1", RULES) == 3
    # Not round 4, so he takes only the 2 tin even where copper could fill his capacity of 3.
    assert mine_plan(solo(areas={"A6": areas["A6"]}, copper_column=COPPER_4), False, RULES) == ("A6", 2, 0)
    round_4 = solo(areas={"A6": areas["A6"]}, copper_column=COPPER_4, round=4)
    assert mine_plan(round_4, False, RULES) == ("A6", 2, 1)


def test_with_less_copper_than_capacity_he_fills_up_with_tin():
    state = solo(areas={"A1": dict(owner=LORD, tin=3, copper=1, water=0)}, copper_column=COPPER_8)
    assert mine_plan(state, True, RULES) == ("A1", 1, 1)


def test_round_4_spaces_7_to_9_with_nothing_to_mine_he_passes():
    state = solo(round=4, track={7: [LORD], 8: [ANN]}, areas={"A1": dict(owner=LORD, water=2)})
    after = act(state, type="wallace_turn", seat=LORD, card=card_showing("mine", 4, "7-9"))
    assert LORD in after.passed and "nothing left to mine" in " ".join(after.lord.steps)


# -- sell and invest ---------------------------------------------------------------------------
def test_rulebook_example_79_revenue_less_12_owed_invests_67_for_103_points_and_loses_2():
    state = solo(round=2, tin_column=TIN_5, copper_column=COPPER_8, track={}, passed=[ANN, LORD],
                 players={LORD: dict(tin=3, copper=8)})
    state = replace(state, lord=replace(state.lord, owed=12))
    after = after_actions(state, RULES)
    assert after.players[LORD].points == 103 and after.players[LORD].money == 0 and after.lord.owed == 0
    line = after.lord.ledger[-1]
    assert "revenue £79 − owed £12 = profit £67" in line
    assert "6 × £10 at 16 + 1 × £5 at 7 = 103 points; £2 lost" in line
    assert after.phase == INVEST and after.investing == (ANN,)   # he has invested already


def test_cheap_labour_halves_what_he_owes_rounded_up():
    state = solo("cheap-labour", round=2, tin_column=TIN_5, copper_column=COPPER_8, track={},
                 passed=[ANN, LORD], players={LORD: dict(tin=3, copper=8)})
    after = after_actions(replace(state, lord=replace(state.lord, owed=13)), RULES)
    assert "halved to £7" in after.lord.ledger[-1] and "profit £72" in after.lord.ledger[-1]


def test_friends_in_high_places_and_financial_sabotage_move_the_rows():
    base = dict(round=2, tin_column=TIN_5, copper_column=COPPER_8, track={}, passed=[ANN, LORD],
                players={LORD: dict(tin=2), ANN: dict(money=10)})
    friends = after_actions(solo("friends-in-high-places", **base), RULES)
    assert friends.players[LORD].points == 17                     # £10 at the first row's 17
    sabotage = solo("financial-sabotage", **base)
    after = after_actions(sabotage, RULES)
    after = act(after, type="invest", seat=ANN, tens=1)
    assert after.players[ANN].points == 16                        # first to pass, second row: 16


# -- developments -----------------------------------------------------------------------------
def test_develop_prefers_a_train_then_adit_port_steam_pumps_miner():
    # The solo development board has trains in rounds 2 and 4 only, and a port in rounds 1 and 3.
    develop = card_showing("develop", 2, "0-3")
    two = {"A1": dict(owner=LORD, tin=4, copper=2, water=3), "A4": dict(owner=LORD, tin=3, water=2)}
    after = act(solo(areas=two, round=2), type="wallace_turn", seat=LORD, card=develop)
    assert after.area("A1").train and "places a train in Pendeen" in " ".join(after.lord.steps)
    no_train = dict(two, A1=dict(owner=LORD, tin=4, copper=2, water=1), A4=dict(owner=LORD, tin=3, water=1))
    after = act(solo(areas=no_train, round=2), type="wallace_turn", seat=LORD, card=develop)
    assert after.adits == (("A1", "A4"),) and "an adit" in " ".join(after.lord.steps)
    alone = {"A1": dict(owner=LORD, tin=4, copper=2, water=1)}
    after = act(solo(areas=alone, round=2), type="wallace_turn", seat=LORD, card=develop)
    assert after.area("A1").water == 0 and "steam pumps" in " ".join(after.lord.steps)  # no port in round 2
    after = act(solo(areas=alone), type="wallace_turn", seat=LORD, card=card_showing("develop", 1, "0-3"))
    assert after.area("A1").port                                   # round 1: no train, no adit, so the port
    mined_out = {"A1": dict(owner=LORD, tin=1, water=0)}
    after = act(solo(areas=mined_out, round=2), type="wallace_turn", seat=LORD, card=develop)
    assert "not possible" in " ".join(after.lord.steps)            # even a miner would add nothing


def test_an_adit_he_cannot_place_becomes_steam_pumps():
    state = solo(areas={"A1": dict(owner=LORD, tin=4, copper=2, water=2)})
    after = place_piece(state, "adit", RULES)
    assert after.adits == () and after.area("A1").water < 2 and "steam pumps" in " ".join(after.lord.steps)


def test_port_goes_where_capacity_is_below_the_ore_present():
    # The coastal mine with a miner already reaches its 3 cubes; the other coastal mine gets the port.
    areas = {"A1": dict(owner=LORD, tin=2, copper=1, water=2, miner=-1),
             "A3": dict(owner=LORD, tin=2, copper=1, water=1)}
    after = place_piece(solo(areas=areas), "port", RULES)
    assert after.area("A3").port and not after.area("A1").port


def test_miner_goes_to_the_mine_with_most_ore_then_least_water():
    areas = {"A1": dict(owner=LORD, tin=3, copper=1, water=2), "A4": dict(owner=LORD, tin=2, copper=2, water=1)}
    after = place_piece(solo(areas=areas), "miner", RULES)
    assert after.area("A4").miner is not None and after.area("A1").miner is None


# -- difficulty options at setup and round start ----------------------------------------------
def test_better_mines_give_his_mines_capacity_3():
    state = solo("better-mines", areas={"A1": dict(owner=LORD, tin=5), "A3": dict(owner=ANN, tin=5)})
    assert wallace_capacity(state, "A1", RULES) == 3 and wallace_capacity(state, "A3", RULES) == 2


@pytest.mark.parametrize("variant, mines", [("base", 6), ("more-mines", 7), ("more-mines-2", 8)])
def test_more_mines(variant, mines):
    assert GAME.setup([PlayerSpec("Ann")], variant, seed=1).players[LORD].mines == mines


def test_bailing_out_pumps_1_2_3_water_at_the_start_of_rounds_2_3_4():
    for round_, pumped in ((1, 1), (2, 2), (3, 3)):
        state = solo("bailing-out", round=round_, areas={"A1": dict(owner=LORD, tin=5, water=5)})
        assert next_round(state, RULES).area("A1").water == 5 - pumped


def test_shady_land_purchases_a_free_mine_at_the_start_of_rounds_3_and_4():
    areas = {"A1": dict(tile="A-1", face_up=True)}
    state = solo("shady-land-purchases", round=2, areas=areas)
    after = next_round(state, RULES)
    assert after.area("A1").owner == LORD and after.phase == PRICES and after.players[LORD].mines == 5
    assert next_round(solo("shady-land-purchases", round=1, areas=areas), RULES).area("A1").owner is None


def test_options_are_variants_for_solo_tables_only():
    assert GAME.check_setup([PlayerSpec("Ann")], "arsenic+better-mines+deep-pockets") is None
    assert "solo game" in GAME.check_setup([PlayerSpec("Ann"), PlayerSpec("Bo")], "better-mines")
    assert "more mines" in GAME.check_setup([PlayerSpec("Ann")], "more-mines+more-mines-2")


# -- real cards, the deck and undo ----------------------------------------------------------------
def test_i_drew_card_7_uses_that_card_and_a_used_card_is_refused():
    state = solo(areas={"A1": dict(owner=LORD, tin=3, water=1)})
    after = act(state, type="wallace_turn", seat=LORD, card="7")
    assert 7 not in after.lord.deck and "draws card 7" in after.lord.steps[0]
    later = replace(after, track=state.track)
    with pytest.raises(RuleViolation, match="Card 7 is already face up"):
        act(later, type="wallace_turn", seat=LORD, card=7)
    with pytest.raises(RuleViolation, match="no action card 11"):
        act(state, type="wallace_turn", seat=LORD, card=11)


def test_an_impossible_card_waits_for_the_next_one_and_an_empty_deck_is_reshuffled():
    state = solo(areas={}, round=2)   # no mines, no tiles: mining is impossible
    card = card_showing("mine", 2, "0-3")
    after = act(state, type="wallace_turn", seat=LORD, card=card)
    assert "not possible" in " ".join(after.lord.steps) and after.column_of(LORD) == 0
    empty = replace(state, lord=replace(state.lord, deck=()))
    after = act(empty, type="wallace_turn", seat=LORD)
    assert "shuffled into a new deck" in " ".join(after.lord.steps)


def test_his_draws_and_answers_are_undo_barriers():
    state = solo()
    assert GAME.is_barrier({"type": "wallace_turn", "seat": ANN}, state)
    assert GAME.is_barrier({"type": "wallace_bid", "seat": ANN}, state)
