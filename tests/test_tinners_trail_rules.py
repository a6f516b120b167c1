"""Tinners' Trail rules beyond the rulebook's worked examples: setup, developments, steam
pumps, the Emigration and Kickstarter modules, views and round ends."""

from dataclasses import replace

import pytest

from companion.core import PlayerSpec
from companion.errors import BadAction, NotYourTurn, RuleViolation
from companion import find_game
from companion.tinners_trail.setup.scenario import position
from companion.tinners_trail.state import AUCTION, PEEK, PRICES, SURVEY, from_json, to_json

GAME = find_game("tinners-trail")

RULES = GAME.rules
RULES_DIR = __import__("companion.data", fromlist=["load_game"]).load_game("tinners-trail").root


def act(state, **action):
    return GAME.apply(state, action)


def names(n):
    return [PlayerSpec(f"P{i}") for i in range(n)]


@pytest.mark.parametrize("count, tiles, revealed, per_region", [
    (1, 15, 6, 2), (2, 15, 3, 2), (3, 21, 3, 2), (4, 24, 8, 2), (5, 28, 8, 2)])
def test_setup_lays_tiles_and_deals_cards_per_player_count(count, tiles, revealed, per_region):
    state = GAME.setup(names(count), "base", seed=7)
    seats = 2 if count == 1 else count
    assert len(state.players) == seats
    assert sum(1 for a in state.areas if a.tile) == tiles
    assert sum(1 for a in state.areas if a.face_up) == revealed
    regions = 3 if count <= 3 else 4
    wild = 1 if count >= 3 else 0
    players = state.players[:1] if count == 1 else state.players
    assert all(len(p.drawn) == per_region * regions + wild for p in players)
    assert all(p.money == 20 for p in players) and state.phase == SURVEY
    assert sorted(state.track[0]) == list(range(seats))
    if count == 1:
        assert state.players[1].bot == "lord-wallace"
        assert len(state.lord.survey) == per_region * regions and state.players[1].drawn == ()


def test_two_player_discards_go_back_to_the_decks():
    state = GAME.setup(names(2), "base", seed=3)
    before = {r: len(state.deck(r)) for r in "ABC"}
    for seat in (0, 1):
        drawn = state.players[seat].drawn
        discard = [next(c for c in drawn if RULES.cards[c].regions[0] == r) for r in "ABC"]
        state = act(state, type="keep_cards", seat=seat, discard=discard)
    assert {r: len(state.deck(r)) for r in "ABC"} == {r: before[r] + 2 for r in "ABC"}
    assert state.phase == PRICES and all(len(p.hand) == 3 for p in state.players)


def test_keep_cards_needs_one_discard_per_region():
    state = GAME.setup(names(3), "base", seed=3)
    drawn = state.players[0].drawn
    with pytest.raises(RuleViolation, match="exactly one card of each region"):
        act(state, type="keep_cards", seat=0, discard=[drawn[0]])


def test_kickstarter_replaces_wild_cards_and_adds_tiles():
    state = GAME.setup(names(5), "kickstarter", seed=11)
    for player in state.players:
        extra = [c for c in player.drawn if RULES.cards[c].regions[0] not in "ABCD"
                 or len(RULES.cards[c].regions) == 2]
        assert len(extra) == 1 and extra[0].startswith("K-")


def test_train_drains_its_area_and_neighbours_with_tokens_where_no_mine():
    neighbour_mine = RULES.neighbours["B4"][0]
    state = position(["Ann", "Bo", "Cy"], RULES, round=2,
                     areas={"B4": {"owner": 0, "water": 3}, neighbour_mine: {"owner": 1, "water": 2}})
    after = act(state, type="develop", seat=0, piece="train", area="B4")
    assert after.area("B4").water == 1 and after.area("B4").train
    assert after.area(neighbour_mine).water == 1
    for other in RULES.neighbours["B4"][1:]:
        assert after.area(other).drainage == 1
    assert after.column_of(0) == 3
    with pytest.raises(RuleViolation, match="No train is left in the round 2 column"):
        act(after, type="develop", seat=1, piece="train", area="C4")


def test_adit_adds_ore_and_drains_both_sides_once_per_border():
    # The 5-player board has two adits in the round 2 column.
    state = position(["Ann", "Bo", "Cy", "Di", "Ed"], RULES, round=2,
                     areas={"A3": {"owner": 0, "water": 2, "tin": 1}})
    after = act(state, type="develop", seat=0, piece="adit", area="A3", to="A4")
    a3, a4 = after.area("A3"), after.area("A4")
    assert (a3.tin, a3.copper, a3.water) == (2, 1, 1)
    assert (a4.tin, a4.copper, a4.drainage) == (1, 1, 1)
    with pytest.raises(RuleViolation, match="already has an adit"):
        act(after, type="develop", seat=1, piece="adit", area="A4", to="A3")
    with pytest.raises(RuleViolation, match="share no border"):
        act(state, type="develop", seat=0, piece="adit", area="A3", to="D7")


def test_port_only_on_the_coast_and_development_stock_by_round():
    state = position(["Ann", "Bo", "Cy"], RULES, round=1)
    inland = next(a for a, info in RULES.areas.items() if not info.coastal)
    with pytest.raises(RuleViolation, match="inland"):
        act(state, type="develop", seat=0, piece="port", area=inland)
    # The 3-player board has no train in the round 1 column.
    with pytest.raises(RuleViolation, match="No train is left in the round 1 column"):
        act(state, type="develop", seat=0, piece="train", area="A3")


def test_steam_pumps_take_the_rightmost_group_and_refill_next_round():
    state = position(["Ann", "Bo", "Cy", "Di", "Ed"], RULES, round=1,
                     areas={"A3": {"owner": 0, "water": 3}, "B3": {"owner": 0, "water": 1}})
    # 5 players: two groups of 1 in round 1.
    after = act(state, type="steam_pumps", seat=0, drain={"A3": 1})
    assert after.area("A3").water == 2 and after.pumps[1][2] and not after.pumps[0][2]
    with pytest.raises(RuleViolation, match="remove at most 1 water, not 2"):
        act(after, type="steam_pumps", seat=1, drain={"A3": 2})
    round3 = position(["Ann", "Bo", "Cy", "Di", "Ed"], RULES, round=3, areas={"A3": {"owner": 0, "water": 3}})
    after = act(round3, type="steam_pumps", seat=0, drain={"A3": 2})
    assert after.area("A3").water == 1  # the round 3 group of 2 is rightmost


def test_survey_card_pump_stays_and_drains_each_later_round():
    state = position(["Ann", "Bo", "Cy"], RULES, phase=PRICES, round=2, areas={"B3": {"owner": 0, "water": 2,
                                                                                         "pump": True}})
    after = act(state, type="set_prices", seat=0, tin=[1, 1, 1], copper=[1, 1, 1])
    assert after.area("B3").water == 1


def test_emigration_bonuses():
    state = position(["Ann", "Bo", "Cy"], RULES, variant="emigration", round=2, tin_column=1, copper_column=2,
                     areas={"A3": {"owner": 0, "miner": 0}, "B3": {"owner": 1, "miner": 1},
                            "C3": {"owner": 2, "miner": 2}},
                     track={0: [0, 1, 2]})
    state = act(state, type="emigrate", seat=0, area="A3", location="kimberly")
    assert state.players[0].money == 25 and state.players[0].kimberly == 5
    assert state.area("A3").miner is None
    state = act(state, type="emigrate", seat=1, area="B3", location="michigan")
    assert state.players[1].bonus_pieces == ("train",)
    with pytest.raises(RuleViolation, match="Kimberly, South Africa already has a miner for round 2"):
        act(state, type="emigrate", seat=2, area="C3", location="kimberly")
    state = act(state, type="emigrate", seat=2, area="C3", location="sierra_madre")
    assert state.players[2].emigration_points == 10
    # Michigan's train is placed free on a later turn.
    state = act(state, type="pass", seat=0)
    state = act(state, type="place_bonus", seat=1, piece="train", area="D4")
    assert state.area("D4").train and not state.players[1].bonus_pieces


def test_kimberly_pays_again_and_adelaide_raises_the_sale():
    state = position(["Ann", "Bo", "Cy"], RULES, variant="emigration", phase=PRICES, round=3,
                     players={0: {"kimberly": 5, "money": 0}})
    assert act(state, type="set_prices", seat=0, tin=[1, 1, 1], copper=[1, 1, 1]).players[0].money == 5
    sale = position(["Ann", "Bo", "Cy"], RULES, variant="emigration", round=2, tin_column=1, copper_column=2,
                    passed=[1, 2], track={4: [0]}, players={0: {"tin": 2, "copper": 3, "money": 0, "adelaide": 2}})
    after = act(sale, type="pass", seat=0)
    assert after.players[0].money == 34 + 2 * 3 + 1 * 2  # +£2 on the 3 copper, +£1 on the 2 tin


def test_claiming_a_miner_puts_your_own_in_your_mine():
    state = position(["Ann", "Bo", "Cy"], RULES, variant="emigration", areas={"A3": {"owner": 0}},
                     players={0: {"own_miners": 4}})
    after = act(state, type="develop", seat=0, piece="miner", area="A3", own=True)
    assert after.area("A3").miner == 0 and after.players[0].own_miners == 3
    with pytest.raises(RuleViolation, match="not yours"):
        act(state, type="develop", seat=0, piece="miner", area="B3", own=True)


def test_kickstarter_tiles_money_and_work_bonus():
    state = position(["Ann", "Bo", "Cy"], RULES, variant="kickstarter", players={0: {"money": 10}},
                     areas={"A1": {"tile": "KA-money", "face_up": True}, "A3": {"tile": "KA-work", "face_up": True}})
    state = act(state, type="start_auction", seat=0, area="A1")
    state = act(state, type="bid", seat=0, amount=10)
    state = act(state, type="drop", seat=1)
    state = act(state, type="drop", seat=2)
    assert state.players[0].money == 3 and state.column_of(0) == 2
    state = act(state, type="start_auction", seat=1, area="A3")
    state = act(state, type="bid", seat=1, amount=1)
    state = act(state, type="drop", seat=2)
    state = act(state, type="drop", seat=0)
    assert state.column_of(1) == 1


def test_two_player_hand_card_pays_insurance_and_must_be_affordable():
    state = position(["Olly", "Caezar"], RULES, players={0: {"money": 20, "hand": ["C-copper2"]}, 1: {"money": 20}},
                     areas={"C2": {"tile": "C-2", "face_up": True}}, track={0: [0, 1]})
    state = act(state, type="start_auction", seat=0, area="C2", card="C-copper2")
    assert state.phase == AUCTION and state.auction.minimum == 5
    with pytest.raises(RuleViolation, match="must make the opening bid"):
        act(state, type="drop", seat=0)
    state = act(state, type="bid", seat=0, amount=5)
    state = act(state, type="bid", seat=1, amount=7)
    state = act(state, type="drop", seat=0)
    assert state.players[0].money == 24 and state.players[1].money == 13


def test_round_end_resets_the_track_and_offers_peeks():
    state = position(["Ann", "Bo", "Cy"], RULES, passed=[2, 0], track={3: [1]},
                     areas={"A1": {"tile": "A-1", "face_up": False}})
    state = act(state, type="pass", seat=1)
    for seat in (2, 0, 1):
        state = act(state, type="invest_pass", seat=seat)
    assert state.phase == PEEK and state.peekers == (2, 0)
    assert state.track[0] == (2, 0, 1)
    with pytest.raises(NotYourTurn):
        act(state, type="peek", seat=0, area="A1")
    state = act(state, type="peek", seat=2, area="A1")
    assert 2 in state.area("A1").peeks
    state = act(state, type="peek", seat=0)
    assert state.phase == PRICES and state.round == 2


def test_state_round_trips_through_json_and_views_hide_secrets():
    state = GAME.setup(names(4), "all", seed=5)
    assert from_json(to_json(state)) == state
    view = GAME.view(state, 0)
    assert isinstance(view["players"][0]["drawn"], list) and view["players"][1]["drawn"] == 9
    assert view["seed"] is None
    hidden = [a for a in view["areas"] if a["tile"] and a["tile"].startswith("?")]
    assert len(hidden) == sum(1 for a in state.areas if a.tile and not a.face_up)


def test_unknown_actions_and_variants_are_clear():
    state = GAME.setup(names(3), "base", seed=1)
    with pytest.raises(BadAction, match="unknown action 'fly'"):
        act(state, type="fly", seat=0)
    with pytest.raises(BadAction, match="unknown module 'dragons'"):
        GAME.setup(names(3), "dragons", seed=1)
    assert GAME.check_setup(names(6), "base") is not None


def test_problems_lists_everything_wrong_with_a_hand_built_state():
    good = position(["Ann", "Bo", "Cy"], RULES)
    assert GAME.problems(good) == []
    bad = position(["Ann", "Bo", "Cy"], RULES, players={0: {"money": -2}}, track={0: [0, 1]},
                   areas={"A2": {"port": False}, "A4": {"port": True, "water": -1}})
    messages = [str(p) for p in GAME.problems(bad)]
    assert any("Ann has -2 money" in m for m in messages)
    assert any("Cy's disc is in 0 places" in m for m in messages)
    assert any("A4 is inland but has a port" in m for m in messages)
    assert any("A4 has -1 water" in m for m in messages)


def test_a_broken_table_in_the_data_is_reported_with_its_line(tmp_path):
    import shutil

    from companion.errors import DataError
    from companion.tinners_trail.data.tables import load_rules

    folder = tmp_path / "tinners-trail"
    shutil.copytree(RULES_DIR, folder)
    toml = folder / "game.toml"
    text = toml.read_text(encoding="utf-8").replace('round_4 = [[7, 3], [6, 3], [5, 2], [4, 2], [3, 1]]\n', "")
    toml.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_rules(str(folder))
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("[tables.investment]"))
    assert f"game.toml:{line}: tables.investment.round_4: needs a row for round 4 of 4" in str(err.value)


def test_counts_that_are_not_whole_numbers_are_refused_without_a_crash():
    state = position(["Ann", "Bo", "Cy"], RULES, players={0: {"money": 9}},
                     areas={"A4": {"owner": 0, "tin": 2, "water": 1}})
    for bad in ("x", 2.5, -1, True):
        with pytest.raises(BadAction, match="'tin' must be a whole number"):
            GAME.apply(state, {"type": "extract", "seat": 0, "area": "A4", "tin": bad, "copper": 2})
    after = GAME.apply(state, {"type": "extract", "seat": 0, "area": "A4", "tin": 2})
    assert after.players[0].tin == 2 and after.players[0].money == 9 - 2  # 2 cubes x 1 water


def test_kickstarter_two_region_card_is_not_a_region_discard():
    state = GAME.setup(names(3), "kickstarter", seed=11)
    drawn = state.players[0].drawn
    kick = next(c for c in drawn if c.startswith("K-"))
    first = RULES.cards[kick].regions[0]
    discard = [kick] + [next(c for c in drawn if RULES.cards[c].regions == (r,)) for r in "ABC" if r != first]
    with pytest.raises(RuleViolation, match="single region") as err:
        act(state, type="keep_cards", seat=0, discard=discard)
    assert RULES.cards[kick].describe() in str(err.value) and kick not in str(err.value)  # the card in words
    assert GAME.apply(state, {"type": "keep_cards", "seat": 0, "discard": [
        next(c for c in drawn if RULES.cards[c].regions == (r,)) for r in "ABC"]}).players[0].hand.count(kick) == 1


def test_round_one_development_options_give_each_piece_its_own_reason():
    state = position(["P0", "P1", "P2"], RULES)
    assert not any(a.owner == 0 for a in state.areas)
    develop = {o.action["piece"]: o for o in GAME.options(state, 0) if o.action["type"] == "develop"}
    for piece in ("miner", "port", "adit"):
        assert develop[piece].allowed and develop[piece].reason == ""
        assert GAME.legal(state, develop[piece].action)
    assert not develop["train"].allowed
    assert "No train is left in the round 1 column" in develop["train"].reason


def test_steam_pumps_with_nothing_to_drain_are_refused_and_the_log_names_areas():
    from companion.tinners_trail.views.log import describe
    from companion.tinners_trail.options import options
    state = position(["Ann", "Bo", "Cy", "Di", "Ed"], RULES, round=1, areas={"A3": {"owner": 0, "water": 3}})
    with pytest.raises(RuleViolation, match="at least 1 water"):
        act(state, type="steam_pumps", seat=0, drain={"B3": 0})
    pumps = [o for o in options(GAME, replace(state, areas=tuple(a if a.id != "A3" else replace(a, water=0) for a in state.areas)), 0) if o.action["type"] == "steam_pumps"]
    assert pumps and not pumps[0].allowed and "at least 1 water" in pumps[0].reason
    line = describe(state, {"type": "steam_pumps", "seat": 0, "drain": {"A3": 1}}, RULES)
    assert line == f"Ann takes steam pumps and removes 1 water from {RULES.areas['A3'].name}"
