"""Every worked example of the Tinners' Trail rulebook, with the rulebook's numbers."""

import pytest

from companion.errors import NotYourTurn, RuleViolation
from companion import find_game
from companion.tinners_trail.moves.prices import price
from companion.tinners_trail.setup.scenario import position
from companion.tinners_trail.state import ACTIONS, AUCTION, BUILD, INVEST, PRICES
from companion.tinners_trail.moves.track import active_seat, final_column

GAME = find_game("tinners-trail")

RULES = GAME.rules


def act(state, **action):
    return GAME.apply(state, action)


# -- Phase 1: ore prices ------------------------------------------------------------------
def test_tin_total_2_is_4_pounds_and_copper_total_7_is_8_pounds():
    state = position(["Ann", "Bo", "Cy"], RULES, phase=PRICES, tin_column=None, copper_column=None)
    state = act(state, type="set_prices", seat=0, tin=[1, 1, 0], copper=[3, 2, 2])
    assert price("tin", state.tin_column, RULES) == 4
    assert price("copper", state.copper_column, RULES) == 8
    assert state.tin_column == 0 and state.copper_column == 2


def test_next_round_adds_one_to_tin_after_the_lowest_column():
    # Last round tin sat at £4 (lowest column): a total of 4 counts as 5, which is £5.
    state = position(["Ann", "Bo", "Cy"], RULES, phase=PRICES, round=2, tin_column=0, copper_column=2)
    after = act(state, type="set_prices", seat=0, tin=[2, 2, 0], copper=[3, 2, 2])
    assert price("tin", after.tin_column, RULES) == 5
    # Without the carry-over the same dice give £4.
    fresh = act(position(["Ann", "Bo", "Cy"], RULES, phase=PRICES, round=2, tin_column=1, copper_column=2),
                type="set_prices", seat=0, tin=[2, 2, 0], copper=[3, 2, 2])
    assert price("tin", fresh.tin_column, RULES) == 4


def test_copper_after_the_highest_column_loses_one():
    state = position(["Ann", "Bo", "Cy"], RULES, phase=PRICES, round=3, tin_column=1, copper_column=3)
    after = act(state, type="set_prices", seat=0, tin=[1, 1, 1], copper=[3, 4, 2])  # 9 - 1 = 8
    assert price("copper", after.copper_column, RULES) == 8


def test_dice_entered_on_a_phone_as_text():
    state = position(["Ann", "Bo", "Cy"], RULES, phase=PRICES, tin_column=None, copper_column=None)
    for tin, copper in (("1 1 0", "3,2,2"), ("110", "322")):
        after = act(state, type="set_prices", seat=1, tin=tin, copper=copper)
        assert (price("tin", after.tin_column, RULES), price("copper", after.copper_column, RULES)) == (4, 8)
    with pytest.raises(RuleViolation, match="three numbers"):
        act(state, type="set_prices", seat=1, tin="one", copper="3 2 2")


def test_a_die_face_that_does_not_exist_is_refused():
    state = position(["Ann", "Bo", "Cy"], RULES, phase=PRICES)
    with pytest.raises(RuleViolation, match="orange die has no face 6"):
        act(state, type="set_prices", seat=0, tin=[6, 1, 1], copper=[1, 1, 1])


def test_rolled_prices_are_reproducible_and_logged():
    state = position(["Ann", "Bo", "Cy"], RULES, phase=PRICES, tin_column=None, copper_column=None)
    one = act(state, type="roll_prices", seat=0)
    two = act(state, type="roll_prices", seat=2)
    assert one.dice == two.dice and one.phase == ACTIONS
    line = GAME.play(state, {"type": "roll_prices", "seat": 0})[1]
    assert "+".join(map(str, one.dice[0])) in line


# -- Phase 2: who is active ------------------------------------------------------------------
def test_simon_green_is_active_then_yellow():
    # Seats: 0 Simon (green), 1 yellow, 2 blue, 3 pink.
    names = ["Simon", "Yellow", "Blue", "Pink"]
    state = position(names, RULES, track={2: [0, 1], 3: [2], 4: [3]})
    assert active_seat(state) == 0
    with pytest.raises(NotYourTurn):
        act(state, type="sell_pasties", seat=1)
    after = act(state, type="develop", seat=0, piece="port", area="A1")  # a 2-work-point action
    assert after.track[4] == (3, 0)  # below pink's disc
    assert active_seat(after) == 1


def test_passing_places_discs_in_order_and_the_final_column_forces_a_pass():
    # Katie (blue) in column 8 passes below green; Zoe (pink) in column 10 must pass next.
    names = ["Green", "Katie", "Zoe"]
    state = position(names, RULES, track={8: [1], 10: [2]}, passed=[0])
    after = act(state, type="pass", seat=1)
    assert after.passed[:2] == (0, 1)
    # Zoe had no choice: the companion passes her, and with everyone passed the sale begins.
    assert after.passed == (0, 1, 2)
    assert after.phase == INVEST


# -- Build mine: auctions -------------------------------------------------------------------
def mike_table():
    # Mike (yellow, seat 0) starts; Katie (seat 1) wins.
    return position(["Mike", "Katie", "Zoe", "Simon"], RULES,
                    players={0: {"hand": ["B-copper"], "money": 20}, 1: {"money": 20},
                             2: {"money": 20}, 3: {"money": 20}},
                    track={0: [0], 1: [1, 2, 3]},
                    areas={"B1": {"tile": "B-1", "face_up": False}})


def test_face_down_auction_with_survey_card_peek_and_insurance():
    state = mike_table()
    state = act(state, type="start_auction", seat=0, area="B1", card="B-copper")
    assert state.phase == AUCTION
    assert 0 in state.area("B1").peeks
    assert GAME.view(state, 0)["areas"][[a.id for a in state.areas].index("B1")]["tile"] == "B-1"
    assert GAME.view(state, 1)["areas"][[a.id for a in state.areas].index("B1")]["tile"] == "?B"
    # The peeked yield: 4 copper, 3 tin, 4 water once the card's copper is added.
    tile = RULES.tiles["B-1"]
    assert (tile.tin, tile.copper + 1, tile.water) == (3, 4, 4)
    state = act(state, type="bid", seat=0, amount=3)
    state = act(state, type="bid", seat=1, amount=9)
    state = act(state, type="drop", seat=2)
    state = act(state, type="drop", seat=3)
    state = act(state, type="drop", seat=0)
    mike, katie = state.players[0], state.players[1]
    assert mike.money == 20 + 5          # insurance: half of £9, rounded up
    assert katie.money == 20 - 9
    assert state.column_of(1) == 1 + 2   # Katie spends 2 work points
    mine = state.area("B1")
    assert (mine.owner, mine.tin, mine.copper, mine.water) == (1, 3, 4, 4)
    assert mine.tile is None and mine.peeks == ()
    assert active_seat(state) == 0       # Mike is still furthest back
    assert state.phase == ACTIONS


def test_opening_bid_below_the_minimum_names_the_rule_and_numbers():
    state = position(["Ann", "Bo", "Cy", "Di", "Ed"], RULES, passed=[1, 2, 3, 4], track={0: [0]},
                     areas={"A1": {"tile": "A-1", "face_up": True}})
    state = act(state, type="start_auction", seat=0, area="A1")
    with pytest.raises(RuleViolation) as err:
        act(state, type="bid", seat=0, amount=4)
    assert str(err.value) == "Bid £4 is below the minimum £5: £1 plus £1 for each of the 4 players who passed."


def zoe_table():
    # Simon (seat 1) has passed; Katie (seat 2) has only 1 work point left.
    return position(["Zoe", "Simon", "Katie"], RULES, passed=[1], track={0: [0], 9: [2]},
                    players={0: {"hand": ["C-water"], "money": 20}},
                    areas={"C1": {"tile": "C-1", "face_up": False, "drainage": 1}})


def test_uncontested_auction_minimum_two_and_card_bought_after():
    state = zoe_table()
    with pytest.raises(RuleViolation, match="only if another player can bid"):
        act(state, type="start_auction", seat=0, area="C1", card="C-water")
    state = act(state, type="start_auction", seat=0, area="C1")
    with pytest.raises(RuleViolation, match=r"below the minimum £2: £1 plus £1 for each of the 1 player who passed"):
        act(state, type="bid", seat=0, amount=1)
    state = act(state, type="bid", seat=0, amount=2)
    assert state.phase == BUILD and state.won.winner == 0
    state = act(state, type="build_mine", seat=0, card="C-water")
    zoe = state.players[0]
    assert zoe.money == 20 - 2 - 3
    mine = state.area("C1")
    assert RULES.tiles["C-1"].water == 3
    assert (mine.water, mine.drainage, mine.owner) == (0, 0, 0)  # 3 water - 2 (card) - 1 (token)
    assert "C-water" not in zoe.hand


def test_two_player_drawn_card_sets_the_minimum_and_the_other_player_bids():
    # Olly (seat 0) has £4 and no C card; the C deck's top card is +2 copper for £5.
    state = position(["Olly", "Caezar"], RULES, players={0: {"money": 4}, 1: {"money": 20}},
                     areas={"C2": {"tile": "C-2", "face_up": False}}, decks={"C": ["C-copper2"]},
                     track={0: [0, 1]})
    with pytest.raises(RuleViolation, match="play one from your hand or draw one"):
        act(state, type="start_auction", seat=0, area="C2")
    state = act(state, type="draw_survey", seat=0, area="C2")
    assert state.auction.minimum == 5 and state.auction.card == "C-copper2"
    assert state.auction.turn == 1  # Olly cannot afford £5 and passes
    with pytest.raises(RuleViolation, match="below the minimum £5"):
        act(state, type="bid", seat=1, amount=4)
    won = act(state, type="bid", seat=1, amount=5)
    tile = RULES.tiles["C-2"]
    mine = won.area("C2")
    assert (mine.owner, mine.copper, mine.tin) == (1, tile.copper + 2, tile.tin)
    assert won.players[1].money == 15 and won.players[0].money == 4  # a drawn card pays no insurance
    # Had Caezar passed too, the face-down tile would leave the map.
    gone = act(state, type="drop", seat=1)
    assert gone.area("C2").tile is None and gone.area("C2").owner is None


# -- Extract, sell, invest ------------------------------------------------------------------
def test_extraction_capacity_three_water_three_copper_nine_pounds():
    state = position(["Caezar", "Olly", "Mike"], RULES, players={0: {"money": 20}},
                     areas={"B3": {"owner": 0, "copper": 4, "tin": 1, "water": 3, "miner": -1}})
    with pytest.raises(RuleViolation, match="can yield 3 cubes"):
        act(state, type="extract", seat=0, area="B3", copper=4)
    after = act(state, type="extract", seat=0, area="B3", copper=3)
    assert after.players[0].money == 20 - 9
    assert after.players[0].copper == 3
    assert after.area("B3").water == 4 and after.area("B3").copper == 1


def test_sale_two_tin_at_5_and_three_copper_at_8_is_34():
    state = position(["Zoe", "Mike", "Katie"], RULES, tin_column=1, copper_column=2, passed=[1, 2],
                     track={6: [0]}, players={0: {"tin": 2, "copper": 3, "money": 0}})
    after = act(state, type="pass", seat=0)
    assert after.phase == INVEST
    assert after.last_sale[0] == 34 and after.players[0].money == 34
    assert after.players[0].tin == after.players[0].copper == 0


def test_investment_round_one_first_to_pass():
    # Mike passed first and has £44.
    state = position(["Mike", "Katie", "Zoe"], RULES, passed=[0, 1], track={5: [2]},
                     players={0: {"money": 44}, 1: {"money": 3}, 2: {"money": 3}})
    state = act(state, type="pass", seat=2)
    assert state.phase == INVEST and state.invest_turn == 0
    state = act(state, type="invest", seat=0, tens=2)
    assert state.players[0].points == 44 and state.players[0].money == 24
    state = act(state, type="invest_pass", seat=1)
    state = act(state, type="invest_pass", seat=2)
    state = act(state, type="invest", seat=0, fives=1)
    assert state.players[0].points == 54
    with pytest.raises(RuleViolation, match="Investing £20 needs more than Mike's £19"):
        act(state, type="invest", seat=0, tens=2)
    state = act(state, type="invest_pass", seat=0)
    assert state.players[0].money == 19
    assert state.phase != INVEST and state.track[0] == (0, 1, 2)


# -- Arsenic ----------------------------------------------------------------------------------
def test_second_arsenic_processing_leaves_eight_work_points_and_forces_a_pass():
    state = position(["Simon", "Katie", "Zoe"], RULES, variant="arsenic", track={8: [0], 9: [1, 2]},
                     players={0: {"calciner": True, "limit": 10}},
                     areas={"A3": {"owner": 0, "arsenic": 2, "calciner": 0}})
    after = act(state, type="process_arsenic", seat=0, area="A3")
    simon = after.players[0]
    assert simon.limit == 9 and final_column(after, 0, RULES) == 8
    assert simon.arsenic == 1 and after.area("A3").arsenic == 1
    assert 0 in after.passed  # his disc now sits in his final column: he must pass


def test_processing_cannot_move_the_limiter_onto_the_disc():
    first = position(["Simon", "Katie"], RULES, variant="arsenic", track={9: [0], 10: [1]},
                     players={0: {"calciner": True}}, areas={"A3": {"owner": 0, "arsenic": 2}})
    after = act(first, type="process_arsenic", seat=0, area="A3")  # limiter below column 10, disc in 9
    assert after.players[0].limit == 10 and 0 in after.passed
    # A disc already in its final column (built directly here) cannot pull the limiter onto itself.
    stuck = position(["Simon", "Katie"], RULES, variant="arsenic", track={9: [0], 10: [1]},
                     players={0: {"calciner": True, "limit": 10}}, areas={"A3": {"owner": 0, "arsenic": 1}})
    with pytest.raises(RuleViolation, match="limiter would move to column 9"):
        act(stuck, type="process_arsenic", seat=0, area="A3")


def test_round_two_arsenic_sale_of_two_cubes_earns_26():
    state = position(["Katie", "Simon", "Zoe"], RULES, variant="arsenic", round=2, track={7: [0], 9: [1, 2]},
                     players={0: {"calciner": True, "arsenic": 2, "limit": 9, "money": 10}})
    after = act(state, type="sell_arsenic", seat=0)
    assert after.players[0].money == 10 + 26
    assert after.players[0].arsenic == 0
    assert 0 in after.passed  # the sale moved her to the column left of her limiter


def test_calciner_adds_arsenic_to_its_area_and_neighbours():
    state = position(["Ann", "Bo", "Cy"], RULES, variant="arsenic", players={0: {"money": 20}},
                     areas={"A3": {"tile": "A-1", "face_up": True}})
    state = act(state, type="start_auction", seat=0, area="A3")
    state = act(state, type="bid", seat=0, amount=1)
    state = act(state, type="drop", seat=1)
    state = act(state, type="drop", seat=2)
    state = act(state, type="build_mine", seat=0, calciner=True)
    assert state.area("A3").arsenic == 1
    for neighbour in RULES.neighbours["A3"]:
        assert state.area(neighbour).arsenic == 1
    assert state.players[0].calciner


# -- Emigration ---------------------------------------------------------------------------------
def test_mikes_empty_mine_miner_may_go_to_any_round_two_space():
    state = position(["Mike", "Katie", "Zoe"], RULES, variant="emigration", round=2,
                     areas={"B2": {"owner": 0, "miner": 0, "water": 2}})
    for location in ("michigan", "sierra_madre", "kimberly", "adelaide"):
        assert GAME.legal(state, {"type": "emigrate", "seat": 0, "area": "B2", "location": location})


def test_an_emigrated_miner_lowers_capacity_and_frees_the_area_for_a_new_miner():
    state = position(["Mike", "Katie", "Zoe"], RULES, variant="emigration", round=2,
                     areas={"B2": {"owner": 0, "miner": 0, "copper": 3}})
    from companion.tinners_trail.moves.developments import capacity
    assert capacity(state, "B2", RULES) == 3
    after = act(state, type="emigrate", seat=0, area="B2", location="sierra_madre")
    assert capacity(after, "B2", RULES) == 2
    assert after.players[0].emigration_points == 10
    again = act(after, type="develop", seat=1, piece="miner", area="B2")
    assert again.area("B2").miner is not None and capacity(again, "B2", RULES) == 3


def test_an_extraction_the_player_cannot_pay_for_names_the_numbers():
    state = position(["Caezar", "Olly", "Mike"], RULES, players={0: {"money": 5}},
                     areas={"B3": {"owner": 0, "copper": 4, "water": 3, "miner": -1}})
    with pytest.raises(RuleViolation) as err:
        act(state, type="extract", seat=0, area="B3", copper=3)
    assert str(err.value) == "3 cubes with 3 water cost £9 (£3 each); Caezar has £5."
    assert state.players[0].money == 5 and state.area("B3").copper == 4  # nothing changed


# -- The table's log ------------------------------------------------------------------------------
def test_log_lines_show_insurance_sales_and_investment_points():
    state = mike_table()
    assert GAME.play(state, {"type": "start_auction", "seat": 0, "area": "B1", "card": "B-copper"})[1] == \
        "Mike starts an auction for Hayle playing survey card +1 copper (B, £2)"
    for action in ({"type": "start_auction", "seat": 0, "area": "B1", "card": "B-copper"},
                   {"type": "bid", "seat": 0, "amount": 3}, {"type": "bid", "seat": 1, "amount": 9},
                   {"type": "drop", "seat": 2}, {"type": "drop", "seat": 3}):
        state = GAME.apply(state, action)
    assert GAME.play(state, {"type": "drop", "seat": 0})[1] == "Mike drops out of the auction (Mike +£5, Katie −£9)"
    zoe = position(["Zoe", "Mike", "Katie"], RULES, tin_column=1, copper_column=2, passed=[1, 2],
                   track={6: [0]}, players={0: {"tin": 2, "copper": 3, "money": 0}})
    assert GAME.play(zoe, {"type": "pass", "seat": 0})[1] == "Zoe passes (Zoe +£34)"
    mike = act(position(["Mike", "Katie", "Zoe"], RULES, passed=[0, 1], track={5: [2]},
                        players={0: {"money": 44}, 1: {"money": 3}, 2: {"money": 3}}), type="pass", seat=2)
    assert GAME.play(mike, {"type": "invest", "seat": 0, "tens": 2})[1] == "Mike invests £20 (Mike −£20 +44 points)"
    # a refused action is never logged: describing comes with applying, and applying refuses
    with pytest.raises(RuleViolation):
        GAME.play(mike, {"type": "invest", "seat": 0, "tens": 9})
