"""Lord Wallace, the solo opponent: every statement of the rulebook's solo section with its
numbers. Seat 0 is the player (Ann), seat 1 Lord Wallace."""

from dataclasses import replace

import pytest

from companion.core import PlayerSpec
from companion.errors import RuleViolation
from companion import find_game
from companion.tinners_trail.moves.invest import after_actions
from companion.tinners_trail.options import to_act
from companion.tinners_trail.setup.scenario import position
from companion.tinners_trail.state import ACTIONS, AUCTION, PEEK, PRICES, SURVEY
from companion.tinners_trail.moves.track import active_seat
from companion.tinners_trail.data.wallace_cards import load_deck

GAME = find_game("tinners-trail")

RULES = GAME.rules
ANN, LORD = 0, 1


def act(state, **action):
    return GAME.apply(state, action)


def solo(variant="base", survey=(), **kw):
    if "track" not in kw and "passed" not in kw:
        kw["track"] = {0: [LORD, ANN]}   # his disc uppermost, as at the start of the game
    state = position(["Ann"], RULES, variant=variant, **kw)
    return replace(state, lord=replace(state.lord, survey=tuple(survey)))


def card_showing(action, round_, band, copper_action=None):
    """A card of the printed deck whose cell holds ``action`` (and the highlighted one)."""
    deck = load_deck()
    for card in deck.ids:
        cell = deck.cards[card][(round_, band)]
        if cell.action == action and (copper_action is None or cell.copper_action == copper_action):
            return card
    raise AssertionError(f"no card shows {action} in round {round_}, spaces {band}")


# -- setup ----------------------------------------------------------------------------------
def test_setup_he_is_uppermost_keeps_six_survey_cards_and_shuffles_his_action_deck():
    state = GAME.setup([PlayerSpec("Ann")], "base", seed=5)
    assert state.players[LORD].name == "Lord Wallace" and state.lord.seat == LORD
    assert state.track[0] == (LORD, ANN)                      # his disc uppermost
    assert len(state.lord.survey) == 6 and state.players[LORD].drawn == ()
    assert len(state.players[ANN].drawn) == 6                 # she keeps 3 of her 6 as in a 2-player game
    assert state.lord.deck == load_deck().ids and state.players[LORD].money == 0
    assert sum(1 for a in state.areas if a.face_up) == 6      # 2 tiles face up per region
    state = act(state, type="keep_cards", seat=ANN, discard=[c for c in _one_per_region(state)])
    state = act(state, type="roll_prices", seat=ANN)
    assert state.phase == ACTIONS and active_seat(state) == LORD  # he takes the first action
    assert to_act(state) == [LORD]  # the game plays him: nobody taps for him
    assert GAME.automatic_seats(state) == (LORD,) and GAME.bot_action(state, LORD) == {"type": "wallace_turn",
                                                                                          "seat": LORD}


def _one_per_region(state):
    seen = {}
    for card in state.players[ANN].drawn:
        seen.setdefault(RULES.cards[card].regions[0], card)
    return list(seen.values())


# -- building and his auction (the rulebook's example) ---------------------------------------
def example_position(track=None, **kw):
    areas = {"A1": dict(tile="A-1", face_up=True),      # 3 tin, 3 copper, 2 water: net worth 4
             "A6": dict(tile="A-6", face_up=True),      # 2 tin, 3 copper, 2 water: net worth 3
             "A3": dict(tile="A-3")}                    # face down
    return solo(survey=["A-copper"], areas=areas, track=track or {0: [LORD, ANN]}, **kw)


def test_rulebook_example_worth_4_plus_a_copper_card_bids_6_with_orange_2_and_blue_4():
    state = example_position()
    card = card_showing("build", 1, "0-3")
    after = act(state, type="wallace_turn", seat=LORD, card=card, dice=[2, 4])
    assert after.phase == AUCTION and after.auction.area == "A1"
    assert after.auction.high == 6 and after.auction.leader == LORD and after.auction.turn == ANN
    assert not after.area("A3").face_up  # face-down tiles stay hidden when he starts an auction
    steps = " ".join(after.lord.steps)
    assert f"card {card}" in steps and "Pendeen" in steps and "£6 = card £2 + die 4" in steps
    assert "highest of orange 2 blue 4" in steps
    with pytest.raises(RuleViolation, match="must beat the high bid of £6"):
        act(after, type="bid", seat=ANN, amount=6)   # a tie goes to him, the active player
    won = act(after, type="bid", seat=ANN, amount=7)
    assert won.area("A1").owner == ANN and won.players[ANN].money == 13
    assert won.area("A1").copper == 4               # his card's +1 copper applies to the winner


def test_he_wins_when_the_player_drops_and_pays_nothing():
    state = act(example_position(), type="wallace_turn", seat=LORD, card=card_showing("build", 1, "0-3"), dice=[2, 4])
    after = act(state, type="drop", seat=ANN)
    assert after.area("A1").owner == LORD and after.players[LORD].money == 0 and after.lord.owed == 0
    assert after.column_of(LORD) == 2 and after.players[LORD].mines == 5
    assert after.players[ANN].money == 20           # nor does the player receive anything


def test_deep_pockets_adds_two_pounds_to_his_bid():
    state = act(example_position(variant="deep-pockets"), type="wallace_turn", seat=LORD,
                card=card_showing("build", 1, "0-3"), dice=[2, 4])
    assert state.auction.high == 8


@pytest.mark.parametrize("worth, dice, result", [
    (-1, [3, 1], 1), (0, [0, 4], 0), (1, [2], 2), (2, [1, 3], 3), (3, [4], 4), (4, [2], 2), (7, [1, 4], 4),
    (None, [3], 3)])
def test_the_worth_table_reads_the_dice_recorded_in_notes(worth, dice, result):
    from companion.tinners_trail.moves.wallace_auction import roll_bid_die
    assert roll_bid_die(worth, dice, None, RULES)[0] == result


def test_worth_minus_two_does_not_bid():
    from companion.tinners_trail.moves.wallace_auction import roll_bid_die
    assert roll_bid_die(-2, None, None, RULES) is None


def test_he_prefers_face_up_worth_2_then_next_to_his_mine_coastal_and_east():
    from companion.tinners_trail.bots.wallace import choose_area
    areas = {"A1": dict(tile="A-2", face_up=True),     # 2+1−1 = 2, coastal
             "A4": dict(tile="A-4", face_up=True),     # 1+2−1 = 2, inland, next to his mine in A7
             "A7": dict(owner=LORD, tin=1),
             "A3": dict(tile="A-7", face_up=True)}     # 1+1−0 = 2, coastal, further east than A1
    state = solo(areas=areas)
    assert choose_area(state, "A", RULES) == ("A4", "face up, worth 2, next to his mine")
    state = solo(areas={**areas, "A4": dict(tile="A-4", face_up=True, owner=None), "A7": {}})
    assert choose_area(state, "A", RULES)[0] == "A3"   # both coastal: the one further east
    low = solo(areas={"B1": dict(tile="B-6", face_up=True), "B2": dict(tile="B-1"),    # B-6: 4+2−5 = 1
                      "B3": dict(tile="B-3", drainage=2), "B4": dict(tile="B-8", drainage=1)})
    # Worth below 2 everywhere face up: a face-down tile, most drainage tokens first.
    assert choose_area(low, "B", RULES) == ("B3", "face down, 2 drainage tokens")


def test_after_nine_work_points_he_builds_for_one_and_cannot_answer_an_auction():
    state = example_position(track={9: [LORD]}, passed=[ANN])
    after = act(state, type="wallace_turn", seat=LORD, card=card_showing("build", 1, "7-9"), dice=[2, 4])
    # The player has passed: he wins at once, for £2 card + £1 for her pass + die 4, spending 1 work point.
    assert after.area("A1").owner == LORD and "£7 = card £2 + £1 for passes + die 4" in " ".join(after.lord.steps)
    assert "(1 work)" in " ".join(after.lord.steps) and LORD in after.passed  # column 10: his last space
    # The player's auction while he has spent 9: uncontested.
    state = solo(areas={"A1": dict(tile="A-1", face_up=True)}, players={ANN: dict(hand=["A-copper"])})
    state = replace(state, track=tuple((ANN,) if i == 0 else (LORD,) if i == 9 else () for i in range(11)))
    started = act(state, type="start_auction", seat=ANN, area="A1", card="A-copper")
    done = act(started, type="bid", seat=ANN, amount=2)
    assert done.area("A1").owner == ANN and "spent 9 work points" in " ".join(done.lord.steps)


# -- the player's auction ---------------------------------------------------------------------
def player_auction(**kw):
    areas = {"A1": dict(tile="A-1", face_up=True)}
    state = solo(areas=areas, players={ANN: dict(hand=["A-copper"])}, track={0: [ANN, LORD]}, **kw)
    state = act(state, type="start_auction", seat=ANN, area="A1", card="A-copper")
    return act(state, type="bid", seat=ANN, amount=5)


def test_one_bid_each_he_outbids_by_the_minimum_and_the_player_gets_half_rounded_up():
    state = player_auction()
    assert state.phase == AUCTION and state.auction.turn == LORD and to_act(state) == [LORD]
    after = act(state, type="wallace_bid", seat=LORD, dice=[3, 4])   # worth 5: card £2 + highest 4 = £6
    assert after.area("A1").owner == LORD and after.players[LORD].money == 0
    assert after.players[ANN].money == 20 + 3                      # half of £6
    assert "he bids £6, £1 more than you" in " ".join(after.lord.steps)


def test_a_tie_goes_to_the_active_player():
    after = act(player_auction(), type="wallace_bid", seat=LORD, dice=[3, 3])  # card £2 + 3 = £5 = her bid
    assert after.area("A1").owner == ANN and after.players[ANN].money == 15


def test_he_will_not_bid_to_get_more_than_four_spaces_ahead():
    areas = {"A1": dict(tile="A-1", face_up=True)}
    state = solo(areas=areas, players={ANN: dict(hand=["A-copper"])}, track={0: [ANN], 3: [LORD]})
    state = act(act(state, type="start_auction", seat=ANN, area="A1", card="A-copper"), type="bid", seat=ANN, amount=2)
    assert state.area("A1").owner == ANN and "5 spaces ahead" in " ".join(state.lord.steps)


def test_a_peek_reveals_the_tile_face_up():
    state = solo(areas={"A3": dict(tile="A-3")}, players={ANN: dict(hand=["A-copper"])}, track={0: [ANN, LORD]})
    after = act(state, type="start_auction", seat=ANN, area="A3", card="A-copper")
    assert after.area("A3").face_up
    end = solo(phase=PEEK, areas={"A3": dict(tile="A-3")}, track={})
    end = replace(end, peekers=(ANN,))
    assert act(end, type="peek", seat=ANN, area="A3").area("A3").face_up


def test_his_pass_raises_the_minimum_by_one_pound():
    state = solo(areas={"A1": dict(tile="A-1", face_up=True)}, players={ANN: dict(hand=["A-copper"])},
                 track={0: [ANN]}, passed=[LORD])
    after = act(state, type="start_auction", seat=ANN, area="A1", card="A-copper")
    assert after.auction.minimum == 3
    with pytest.raises(RuleViolation, match="below the minimum £3"):
        act(after, type="bid", seat=ANN, amount=2)


def test_the_phone_sees_his_markers_and_steps_but_not_his_survey_deck():
    state = example_position()
    view = GAME.view(state, ANN)
    assert view["lord"]["survey"] == 1 and view["info"]["lord"]["survey_left"] == 1
    after = act(state, type="wallace_turn", seat=LORD, card=card_showing("build", 1, "0-3"), dice=[2, 4])
    info = GAME.view(after, ANN)["info"]["lord"]
    assert info["steps"] == list(after.lord.steps) and info["owed"] == 0 and info["due"] is None
    told = GAME.describe(state, {"type": "wallace_turn", "seat": LORD}, after)
    assert told.startswith(after.lord.steps[0]) and all(line in told for line in after.lord.steps)
    assert info["turns"] == [told]  # what he did since the player's last move, one entry per action
