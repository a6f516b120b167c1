"""Lord Wallace's card reading and every preference list of the solo rules, each tie-break
decided alone: the winner loses on every later criterion. Seat 0 is the player, seat 1 Lord
Wallace."""

from dataclasses import replace

import pytest

from companion.tinners_trail.state import AUCTION
from companion.tinners_trail.data.wallace_cards import load_deck
from companion.tinners_trail.bots.wallace import (adit_plan, auction_worth, bid_dice, choose_area, mine_plan,
                                                     miner_plan, port_plan, pump_targets, tile_worth, train_plan)
from companion.tinners_trail.moves.wallace_turn import place_piece

from test_wallace import ANN, LORD, RULES, act, solo

COPPER_4, COPPER_8, COPPER_10 = 1, 2, 3   # copper price columns


def steps(state):
    return " ".join(state.lord.steps)


# 1. the highlighted action ------------------------------------------------------------------
@pytest.mark.parametrize("column, price, action", [(COPPER_4, 4, "Build"), (COPPER_8, 8, "Mine"),
                                                   (COPPER_10, 10, "Mine")])
def test_card_1_round_2_builds_at_copper_4_and_mines_at_8_or_10(column, price, action):
    cell = load_deck().cell(1, 2, 0)
    assert (cell.action, cell.copper_action) == ("build", "mine")   # the printed card
    areas = {"A1": dict(owner=LORD, copper=3, tin=1, water=1), "A3": dict(tile="A-1", face_up=True)}
    state = solo(round=2, copper_column=column, areas=areas, survey=["A-copper"])
    after = act(state, type="wallace_turn", seat=LORD, card=1, dice=[2, 4])
    kind = "highlighted" if action == "Mine" else "plain"
    assert f"space 0 → {action} (copper £{price}: {kind} action)" in steps(after)
    if action == "Mine":
        assert after.players[LORD].copper == 2 and after.phase != AUCTION
    else:
        assert after.phase == AUCTION and after.auction.area == "A3" and after.players[LORD].copper == 0


# 2. the work-track band ---------------------------------------------------------------------
@pytest.mark.parametrize("space, action", [(0, "Develop"), (3, "Develop"), (4, "Pass"), (6, "Pass"),
                                           (7, "Steam pumps"), (9, "Steam pumps")])
def test_card_3_round_3_is_read_by_the_band_of_his_space(space, action):
    state = solo(round=3, copper_column=COPPER_4, track={space: [LORD]}, passed=[ANN],
                 areas={"A1": dict(owner=LORD, tin=3, water=2)})
    after = act(state, type="wallace_turn", seat=LORD, card=3)
    assert after.lord.steps[0].startswith(f"Lord Wallace draws card 3: round 3, space {space} → {action}")


# 3. his survey deck runs out ----------------------------------------------------------------
def test_with_no_survey_card_he_takes_the_best_tile_anywhere_and_that_regions_card():
    areas = {"A1": dict(tile="A-7", face_up=True),     # worth 2
             "C3": dict(tile="A-1", face_up=True)}     # worth 4: the most preferred of all regions
    state = solo(survey=(), areas=areas, decks={"A": ["A-tin"], "C": ["C-copper"]})
    after = act(state, type="wallace_turn", seat=LORD, card=1, dice=[2, 4])
    assert after.phase == AUCTION and after.auction.area == "C3" and after.auction.card == "C-copper"
    assert after.deck("C") == () and after.deck("A") == ("A-tin",)
    assert after.auction.high == 2 + 4          # the C card's £2 + highest of 2 and 4 (worth 4 + 1 = 5)
    assert "region C deck's card +1 copper (C, £2)" in steps(after) and "C-copper" not in steps(after)


# 4. the face-down tile stays face down -----------------------------------------------------
def test_the_face_down_tile_he_auctions_stays_face_down_until_built():
    state = solo(survey=["A-copper"], areas={"A3": dict(tile="A-3")})
    after = act(state, type="wallace_turn", seat=LORD, card=1, dice=[3])
    assert after.auction.area == "A3" and not after.area("A3").face_up
    assert after.auction.high == 2 + 3          # the face-down row: one die
    assert "worth face down → black 3" in steps(after)   # bid without the tile's cubes
    won = act(after, type="bid", seat=ANN, amount=6)      # the winner's tile is revealed (the rules)
    assert won.area("A3").owner == ANN and (won.area("A3").tin, won.area("A3").copper) == (3, 3)


# 5. face-down tile order --------------------------------------------------------------------
@pytest.mark.parametrize("areas, best", [
    # next to his mine (A2) beats drainage, coast and east
    ({"A2": dict(owner=LORD), "A4": dict(tile="A-1"), "A6": dict(tile="A-3", drainage=2)}, "A4"),
    # drainage beats coast and east
    ({"A4": dict(tile="A-1", drainage=1), "A6": dict(tile="A-3")}, "A4"),
    # coastal beats east
    ({"A3": dict(tile="A-1"), "A4": dict(tile="A-3")}, "A3"),
    # furthest east
    ({"A1": dict(tile="A-1"), "A3": dict(tile="A-3")}, "A3"),
])
def test_face_down_order_each_criterion_alone(areas, best):
    assert choose_area(solo(areas=areas), "A", RULES)[0] == best


# 6. card benefits in net worth --------------------------------------------------------------
def test_a_port_card_adds_2_and_a_miner_card_1_to_the_net_worth():
    state = solo(areas={"A1": dict(tile="A-7", face_up=True)})     # 1 tin + 1 copper − 0 water
    assert tile_worth(state, "A1", RULES) == 2
    assert auction_worth(state, "A1", "A-port", RULES) == 4
    assert auction_worth(state, "A1", "A-miner", RULES) == 3
    assert bid_dice(auction_worth(state, "A1", None, RULES))[0] == "2"
    assert bid_dice(auction_worth(state, "A1", "A-miner", RULES))[0] == "3 and 4"


# 7. mine choice -----------------------------------------------------------------------------
def test_most_copper_decides_alone_over_water_leftover_and_east():
    areas = {"A6": dict(owner=LORD, copper=2, tin=1, water=0, miner=-1),   # 2 copper, dry, empties, east
             "A1": dict(owner=LORD, copper=3, tin=2, water=3, miner=-1)}   # 3 copper
    assert mine_plan(solo(areas=areas, copper_column=COPPER_10), True, RULES) == ("A1", 0, 3)


def test_most_tin_decides_alone_at_low_copper():
    areas = {"A6": dict(owner=LORD, tin=2, water=0), "A1": dict(owner=LORD, tin=3, copper=2, water=3, miner=-1)}
    assert mine_plan(solo(areas=areas, copper_column=COPPER_4), False, RULES) == ("A1", 3, 0)


def test_furthest_east_decides_between_equal_mines():
    areas = {"A1": dict(owner=LORD, tin=2, water=1), "A6": dict(owner=LORD, tin=2, water=1)}
    assert mine_plan(solo(areas=areas, copper_column=COPPER_4), False, RULES) == ("A6", 2, 0)


# 8. placement tie-breaks --------------------------------------------------------------------
@pytest.mark.parametrize("areas, best", [
    # most ore beats capacity, water, inland and west
    ({"A6": dict(tin=4, water=3), "A4": dict(tin=3, water=1)}, "A6"),
    # highest capacity beats water, inland and west
    ({"A6": dict(tin=3, water=3, miner=-1), "A4": dict(tin=3, water=1)}, "A6"),
    # least water beats inland and west
    ({"A6": dict(tin=3, water=1), "A4": dict(tin=3, water=2)}, "A6"),
    # inland beats west
    ({"A7": dict(tin=3, water=1), "A1": dict(tin=3, water=1)}, "A7"),
    # furthest west
    ({"A1": dict(tin=3, water=1), "A3": dict(tin=3, water=1)}, "A1"),
])
def test_steam_pump_removal_order_each_criterion_alone(areas, best):
    state = solo(areas={a: dict(owner=LORD, **v) for a, v in areas.items()})
    assert pump_targets(state, 1, RULES) == {best: 1}


def test_steam_pumps_take_the_rightmost_open_group_one_cube_at_a_time():
    state = solo(round=2, areas={"A1": dict(owner=LORD, tin=3, water=3), "A3": dict(owner=LORD, tin=3, water=2)})
    state = replace(state, pumps=((1, 1, False), (2, 3, False), (3, 2, False)))
    after = place_piece(state, "steam_pumps", RULES)
    assert after.pumps[1][2] and not after.pumps[0][2] and not after.pumps[2][2]   # round 3's not yet open
    # 3 cubes one at a time, least water first: A3 (2) then A1 (3→2, tie at 2: west) then A3 again.
    assert (after.area("A1").water, after.area("A3").water) == (2, 0)


@pytest.mark.parametrize("areas, best", [
    # fewest cubes beats copper and west
    ({"A1": dict(tin=3, water=1), "A2": dict(tin=3, water=1),
      "A6": dict(copper=2, water=1), "A7": dict(copper=2, water=1)}, ("A6", "A7")),
    # least copper beats west
    ({"A1": dict(copper=1, water=1), "A2": dict(copper=1, water=1),
      "A6": dict(tin=1, water=1), "A7": dict(tin=1, water=1)}, ("A6", "A7")),
    # furthest west
    ({"A1": dict(tin=1, water=1), "A2": dict(tin=1, water=1),
      "A6": dict(tin=1, water=1), "A7": dict(tin=1, water=1)}, ("A1", "A2")),
])
def test_adit_order_each_criterion_alone(areas, best):
    state = solo(areas={a: dict(owner=LORD, **v) for a, v in areas.items()})
    assert adit_plan(state, RULES) == best


@pytest.mark.parametrize("areas, best", [
    ({"A6": dict(tin=4, water=1), "A1": dict(copper=3, water=3)}, "A6"),   # most ore
    ({"A6": dict(tin=3, water=2), "A1": dict(copper=3, water=1)}, "A6"),   # most water
    ({"A6": dict(copper=3, water=1), "A1": dict(tin=3, water=1)}, "A6"),   # most copper
    ({"A6": dict(tin=3, water=1), "A1": dict(tin=3, water=1)}, "A1"),      # furthest west
])
def test_port_order_each_criterion_alone(areas, best):
    state = solo(areas={a: dict(owner=LORD, **v) for a, v in areas.items()})
    assert port_plan(state, RULES) == best


@pytest.mark.parametrize("areas, best", [
    # most water removed (A4 touches three of his wet mines) beats ore and east
    ({"A4": dict(tin=3, water=2), "A7": dict(tin=5, water=2), "A1": dict(water=1), "A2": dict(water=1)}, "A4"),
    # most ore beats east
    ({"A2": dict(tin=4, water=2), "A1": dict(tin=3, water=2)}, "A2"),
    # furthest east
    ({"A2": dict(tin=3, water=2), "A1": dict(tin=3, water=2)}, "A1"),
])
def test_train_order_each_criterion_alone(areas, best):
    state = solo(areas={a: dict(owner=LORD, **v) for a, v in areas.items()})
    assert train_plan(state, RULES) == best


@pytest.mark.parametrize("areas, best", [
    ({"A6": dict(tin=4, water=2), "A4": dict(copper=3, water=1)}, "A6"),   # most ore
    ({"A6": dict(tin=3, water=1), "A4": dict(copper=3, water=2)}, "A6"),   # least water
    ({"A6": dict(copper=3, water=1), "A4": dict(tin=3, water=1)}, "A6"),   # most copper
    ({"A7": dict(tin=3, water=1), "A1": dict(tin=3, water=1)}, "A7"),      # inland
    ({"A1": dict(tin=3, water=1), "A3": dict(tin=3, water=1)}, "A1"),      # furthest west
])
def test_miner_order_each_criterion_alone(areas, best):
    state = solo(areas={a: dict(owner=LORD, **v) for a, v in areas.items()})
    assert miner_plan(state, RULES) == best


def test_develop_places_a_miner_when_nothing_earlier_in_the_order_fits():
    # Round 2 (no port on the solo board); a dry mine: no train, adit or steam pumps.
    state = solo(round=2, areas={"A1": dict(owner=LORD, tin=3, water=0)})
    develop = next(c for c in load_deck().ids if load_deck().cell(c, 2, 0).action == "develop")
    after = act(state, type="wallace_turn", seat=LORD, card=develop)
    assert after.area("A1").miner is not None and "places a miner in" in steps(after)


# 9. half compensation, rounded up ------------------------------------------------------------
def test_he_outbids_4_with_5_and_the_player_gets_3():
    state = solo(areas={"A1": dict(tile="A-1", face_up=True)}, players={ANN: dict(hand=["A-copper"])},
                 track={0: [ANN, LORD]})
    state = act(act(state, type="start_auction", seat=ANN, area="A1", card="A-copper"), type="bid", seat=ANN,
                amount=4)
    after = act(state, type="wallace_bid", seat=LORD, dice=[3, 4])   # could bid £6; £5 is enough
    assert after.area("A1").owner == LORD and after.players[ANN].money == 20 + 3
    assert "he bids £5, £1 more than you" in steps(after)
