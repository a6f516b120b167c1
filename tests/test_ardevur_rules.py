"""ARDEVUR's rules with the rulebook's numbers: sales, fees, storage, offices, the phone call,
mines, auctions, rewards and scoring ties."""

import json
import random

import pytest

from companion import find_game
from companion.ardevur.setup.scenario import at, give_card, give_mine, seed_for_roll, table
from companion.ardevur.state import half_even
from companion.core import PlayerSpec
from companion.errors import RuleViolation

GAME = find_game("ardevur")


def data(state):
    """The state as a table stores it (its JSON form)."""
    return GAME.to_json(state)


ANN, BO = 0, 1


def act(state, type_, seat=ANN, **fields):
    return GAME.apply(state, {"type": type_, "seat": seat, **fields})


def money(state, seat=ANN):
    return data(state)["players"][seat]["money"]


def stock(state, seat=ANN):
    return data(state)["players"][seat]["stock"]


def sale(d, face, lots, *, vessel=None, seat=ANN):
    """Ann sells ``lots`` ({source: value}) globally with the die showing ``face``."""
    d["seed"] = seed_for_roll(d, face)
    d["players"][seat]["stock"] = dict(lots)
    d["players"][seat]["money"] = 0
    if vessel is not None:
        d["players"][seat]["assets"].append({"kind": "vessel", "region": "iberia", "upgraded": vessel == "large"})
    after = act(at(d, "development", seat), "global_sale", seat)
    assert data(after)["last_sale"]["roll"] == face
    return after


# -- selling ---------------------------------------------------------------------------------

@pytest.mark.parametrize("value,half", [(10, 6), (8, 4), (6, 4), (2, 2), (16, 8)])
def test_halving_rounds_up_to_an_even_number(value, half):
    assert half_even(value) == half


def test_a_roll_of_2_halves_10_into_6():
    assert money(sale(table(), 2, {"asturias": 10})) == 6


def test_a_roll_of_64_doubles_and_a_vessel_makes_it_four_times():
    assert money(sale(table(), 64, {"asturias": 8})) == 16
    assert money(sale(table(), 64, {"asturias": 8}, vessel="small")) == 32
    assert money(sale(table(), 16, {"asturias": 8}, vessel="small")) == 16
    assert money(sale(table(), 16, {"asturias": 8})) == 8


def test_the_large_vessel_doubles_and_adds_a_fixed_32_that_is_never_rolled():
    assert money(sale(table(), 16, {"asturias": 8}, vessel="large")) == 16 + 32
    assert money(sale(table(), 64, {"asturias": 8}, vessel="large")) == 32 + 32
    assert money(sale(table(), 2, {"asturias": 8}, vessel="large")) == 8 + 32


def test_local_sale_is_half_price_without_vessel_bonus_or_roll():
    d = table()
    d["players"][ANN]["assets"].append({"kind": "vessel", "region": "iberia", "upgraded": True})
    d["players"][ANN]["stock"] = {"asturias": 16}
    d["players"][ANN]["money"] = 0
    after = act(at(d, "development"), "local_sale")
    assert money(after) == 8 and stock(after) == {}
    assert data(after)["stage"] == "development"  # a local sale goes with a development action


def test_half_price_where_water_is_needed_and_no_pipeline_stands():
    # Maghreb needs a pipeline; Atlas sells at half, Rio Tinto (Europe) at full price.
    assert money(sale(table(), 16, {"atlas": 24, "riotinto": 16})) == 12 + 16
    d = table()
    d["players"][BO]["infra"].append({"kind": "water", "region": "maghreb"})
    assert money(sale(d, 16, {"atlas": 24})) == 24


def test_no_sale_without_a_road_but_storing_is_allowed():
    d = table()
    give_mine(d, ANN, "nimba")  # Sahel needs a road
    after = act(at(d, "extraction"), "extract", mines=["nimba"])
    assert stock(after) == {"nimba": 12}
    d = GAME.to_json(after)
    with pytest.raises(RuleViolation, match="road"):
        act(at(d, "development"), "global_sale")
    with pytest.raises(RuleViolation, match="road"):
        act(at(d, "development"), "local_sale")
    d["players"][BO]["infra"].append({"kind": "road", "region": "sahel"})
    d["seed"] = seed_for_roll(d, 16)
    assert money(act(at(d, "development"), "global_sale")) == 32 + 12


# -- extraction: fees, factories, storage, offices -------------------------------------------

def test_a_competitors_road_costs_2m_each_extraction_paid_in_resources_when_short():
    d = table()
    give_mine(d, ANN, "nimba")
    d["players"][BO]["infra"].append({"kind": "road", "region": "sahel"})
    after = act(at(d, "extraction"), "extract", mines=["nimba"])
    assert money(after) == 30 and money(after, BO) == 34 and stock(after) == {"nimba": 12}
    d["players"][ANN]["money"] = 0
    after = act(at(d, "extraction"), "extract", mines=["nimba"])
    assert money(after) == 0 and money(after, BO) == 34 and stock(after) == {"nimba": 10}


def test_no_fee_for_your_own_infrastructure():
    d = table()
    give_mine(d, ANN, "nimba")
    d["players"][ANN]["infra"].append({"kind": "road", "region": "sahel"})
    d["players"][BO]["infra"].append({"kind": "road", "region": "sahel"})
    after = act(at(d, "extraction"), "extract", mines=["nimba"])
    assert money(after) == 32 and money(after, BO) == 32


def test_factory_adds_16_and_a_competitor_pays_8_for_the_other_8():
    d = table()
    give_mine(d, ANN, "asturias")
    d["players"][ANN]["assets"].append({"kind": "factory", "region": "iberia", "upgraded": True})
    assert stock(act(at(d, "extraction"), "extract", mines=["asturias"])) == {"asturias": 8 + 16}
    d = table()
    give_mine(d, ANN, "asturias")
    d["players"][BO]["assets"].append({"kind": "factory", "region": "iberia", "upgraded": True})
    after = act(at(d, "extraction"), "extract", mines=["asturias"])
    assert stock(after) == {"asturias": 8 + 8} and money(after, BO) == 32 + 8
    declined = act(at(d, "extraction"), "extract", mines=["asturias"], use_factories=False)
    assert stock(declined) == {"asturias": 8} and money(declined, BO) == 32


@pytest.mark.parametrize("warehouse,limit", [(None, 32), ("small", 64), ("large", 128)])
def test_storage_32_64_128_and_surplus_sold_locally_at_half(warehouse, limit):
    d = table()
    give_mine(d, ANN, "atlas")
    d["players"][ANN]["infra"].append({"kind": "water", "region": "maghreb"})
    if warehouse:
        d["players"][ANN]["assets"].append({"kind": "warehouse", "region": "iberia", "upgraded": warehouse == "large"})
    d["players"][ANN]["stock"] = {"riotinto": limit - 8}
    after = act(at(d, "extraction"), "extract", mines=["atlas"])
    assert sum(stock(after).values()) == limit
    assert money(after) == 32 + 8  # 16M of surplus at half price


def test_a_warehouse_owner_in_the_region_may_buy_the_surplus_first():
    d = table()
    give_mine(d, ANN, "asturias")
    d["players"][ANN]["stock"] = {"riotinto": 32}
    d["players"][BO]["assets"].append({"kind": "warehouse", "region": "iberia", "upgraded": False})
    waiting = act(at(d, "extraction"), "extract", mines=["asturias"])
    assert GAME.acting_seats(waiting) == (BO,)
    with pytest.raises(RuleViolation):
        act(waiting, "pass")
    bought = act(waiting, "answer_offer", BO, buy=True)
    assert money(bought, BO) == 28 and money(bought) == 36 and stock(bought, BO) == {"w:iberia": 8}
    declined = act(waiting, "answer_offer", BO, buy=False)
    assert money(declined, BO) == 32 and money(declined) == 36 and stock(declined, BO) == {}


@pytest.mark.parametrize("office,mines,allowed", [
    (None, 1, True), (None, 2, False),
    ("europe", 2, True), ("europe", 3, False), ("africa", 2, False),
    ("large", 3, True), ("large", 4, False)])
def test_one_two_or_three_mines_by_office_level(office, mines, allowed):
    d = table()
    chosen = ["asturias", "tyrol", "kiruna", "bor"][:mines]
    for t in chosen:
        give_mine(d, ANN, t)
    d["players"][ANN]["assets"].append({"kind": "warehouse", "region": "iberia", "upgraded": True})
    if office:
        region = {"europe": "alps", "africa": "sahel", "large": "sahel"}[office]
        d["players"][ANN]["assets"].append({"kind": "office", "region": region, "upgraded": office == "large"})
    state = at(d, "extraction")
    if allowed:
        assert len(stock(act(state, "extract", mines=chosen))) == mines
    else:
        with pytest.raises(RuleViolation, match="extract from"):
            act(state, "extract", mines=chosen)


# -- development: phone call, loans, mines ---------------------------------------------------

def test_phone_call_replaces_the_permit_at_double_price_32_becomes_64():
    d = table()
    d["players"][ANN]["money"] = 64
    with pytest.raises(RuleViolation, match="needs warehouse"):
        act(at(d, "development"), "acquire_asset", asset="warehouse", region="iberia")
    d["players"][ANN]["phone"] = True
    d["market"]["phone"] -= 1
    after = act(at(d, "development"), "acquire_asset", asset="warehouse", region="iberia", phone=True)
    assert money(after) == 0 and data(after)["market"]["phone"] == 1
    d["players"][ANN]["money"] = 32
    give_card(d, ANN, "warehouse")
    assert money(act(at(d, "development"), "acquire_asset", asset="warehouse", region="iberia")) == 0


def test_a_loan_covers_the_exact_shortfall_and_is_repaid_double_when_money_allows():
    d = table()
    give_card(d, ANN, "vessel")
    d["players"][ANN]["money"] = 20
    d["players"][ANN]["phone"] = True
    d["market"]["phone"] -= 1
    with pytest.raises(RuleViolation, match="costs 32M and you have 20M"):
        act(at(d, "development"), "acquire_asset", asset="vessel", region="iberia")
    after = act(at(d, "development"), "acquire_asset", asset="vessel", region="iberia", loan=True)
    p = data(after)["players"][ANN]
    assert p["money"] == 0 and p["debt"] == 24
    d = GAME.to_json(after)
    d["players"][ANN]["stock"] = {"asturias": 16}
    d["seed"] = seed_for_roll(d, 16)
    repaid = data(act(at(d, "development"), "global_sale"))["players"][ANN]
    assert repaid["debt"] == 0 and repaid["money"] == 32 - 24  # 16 doubled by the vessel, minus 24


def test_the_loan_is_offered_for_every_purchase_the_rules_allow_it_for():
    """Short of money with the phone call card in hand, a loan for the exact shortfall completes
    any development action, not only exploring and opening mines: a road, an asset, an upgrade.
    Each purchase the rules accept with a loan is among the phone's buttons."""
    d = table(2, "fair-play")
    give_mine(d, ANN, "nimba")                            # Sahel needs a road
    give_card(d, ANN, "road", "warehouse", "vessel")
    d["players"][ANN]["assets"] = [{"kind": "vessel", "region": "iberia", "upgraded": False}]
    d["players"][ANN]["stock"] = {"nimba": 12}
    d["players"][ANN].update(money=2, phone=True)
    d["market"]["phone"] -= 1
    state = at(d, "development")
    offered = {json.dumps(o.action, sort_keys=True) for o in GAME.options(state, ANN) if o.allowed}
    loans = [a for a in (json.loads(o) for o in offered) if a.get("loan")]
    kinds = {a["type"] for a in loans}
    assert {"build_infrastructure", "acquire_asset", "upgrade_asset"} <= kinds, kinds
    for action in loans:
        assert GAME.refusal(state, action) is None
    wanted = [{"type": "build_infrastructure", "seat": ANN, "region": "sahel", "kind": "road", "loan": True},
              {"type": "acquire_asset", "seat": ANN, "asset": "warehouse", "region": "sahel", "loan": True},
              {"type": "upgrade_asset", "seat": ANN, "asset": "vessel", "region": "iberia", "loan": True}]
    for action in wanted:
        after = GAME.apply(state, action)
        assert json.dumps(action, sort_keys=True) in offered
        assert data(after)["players"][ANN]["money"] == 0 and data(after)["players"][ANN]["debt"] > 0


def test_with_the_loan_offered_the_heuristic_bots_finish_the_game_that_stalled_without_it():
    """2 players, Fair Play with every card, heuristic bots, seed 7186: a player holding stock
    behind a missing road, the road card and no money could only go on with a loan for the
    road, which the buttons did not offer; the game went round without end."""
    chooser = random.Random(1)
    state = GAME.setup([PlayerSpec("Ann"), PlayerSpec("Bo")], "fair-play+all-cards", 7186)
    moves = []
    while GAME.end_if(state) is None and len(moves) < 1500:
        moves.append(GAME.bot_move(state, GAME.acting_seats(state)[0], "heuristic", chooser))
        state = GAME.apply(state, moves[-1])
    assert GAME.end_if(state) is not None, f"no end after {len(moves)} moves"
    assert any(m["type"] == "build_infrastructure" and m.get("loan") for m in moves)


def test_explore_and_exploit_are_never_in_the_same_turn():
    d = table()
    d["players"][ANN]["territories"] = ["asturias"]
    d["territory_deck"].remove("asturias")
    give_card(d, ANN, "license", "geologist")  # GREAT needs no workforce
    explored = act(at(d, "development"), "explore", territory="asturias")
    assert money(explored) == 28 and data(explored)["stage"] == "reward"
    d = GAME.to_json(explored)
    give_card(d, ANN, "machinery")
    with pytest.raises(RuleViolation, match="explored this turn"):
        act(at(d, "development"), "exploit", territory="asturias")
    d["turn_no"] += 2
    d["ts"]["done"] = False
    after = act(at(d, "development"), "exploit", territory="asturias")
    assert data(after)["players"][ANN]["sites"]["asturias"] == "active" and money(after) == 20


def test_at_most_four_active_mines():
    d = table()
    for t in ("asturias", "tyrol", "kiruna", "bor"):
        give_mine(d, ANN, t)
    give_mine(d, ANN, "rhodope", "explored")
    give_card(d, ANN, "machinery")
    with pytest.raises(RuleViolation, match="4 active mines"):
        act(at(d, "development"), "exploit", territory="rhodope")


def test_the_market_advantage_replaces_its_card_and_forbids_holding_a_duplicate():
    d = table()
    with pytest.raises(RuleViolation, match="market advantage"):
        act(at(d, "strategy"), "take_development", cards=["workforce"])
    assert data(act(at(d, "strategy"), "take_development", cards=["license", "machinery"]))["players"][ANN]["dev"] \
        == ["license", "machinery"]


def test_four_card_limit_counts_the_advantage():
    d = table()
    give_card(d, ANN, "license", "geologist", "machinery")
    with pytest.raises(RuleViolation, match="discard 1"):
        act(at(d, "strategy"), "take_development", cards=["vessel"])
    after = act(at(d, "strategy"), "take_development", cards=["vessel"], discard=["license"])
    assert data(after)["players"][ANN]["dev"] == ["geologist", "machinery", "vessel"]
    assert data(after)["market"]["license"] == 1  # the one license card in a 2-player game is back


def test_a_factory_needs_an_active_mine_in_its_region_and_a_reward_card():
    d = table()
    give_card(d, ANN, "factory")
    d["players"][ANN]["money"] = 64
    with pytest.raises(RuleViolation, match="active mines in Iberia"):
        act(at(d, "development"), "upgrade_asset", asset="factory", region="iberia")
    give_mine(d, ANN, "asturias")
    with pytest.raises(RuleViolation, match="target or incentive"):
        act(at(d, "development"), "upgrade_asset", asset="factory", region="iberia")
    d["players"][ANN]["targets"] = ["three-assets"]  # reward: a factory
    after = act(at(d, "development"), "upgrade_asset", asset="factory", region="iberia", card="three-assets")
    p = data(after)["players"][ANN]
    assert p["assets"] == [{"kind": "factory", "region": "iberia", "upgraded": True}] and p["targets"] == []
    assert money(after) == 0


def test_fair_play_upgrades_at_list_price_without_a_card():
    d = table(mode="fair-play")
    give_card(d, ANN, "warehouse")
    d["players"][ANN]["assets"].append({"kind": "warehouse", "region": "iberia", "upgraded": False})
    d["players"][ANN]["money"] = 64
    after = act(at(d, "development"), "upgrade_asset", asset="warehouse", region="iberia")
    assert data(after)["players"][ANN]["assets"][0]["upgraded"] and money(after) == 0


def test_african_infrastructure_limit_two_then_dismantle_and_reuse():
    d = table()
    d["players"][ANN]["infra"] = [{"kind": "road", "region": "sahel"}, {"kind": "water", "region": "maghreb"}]
    give_card(d, ANN, "road")
    with pytest.raises(RuleViolation, match="dismantle"):
        act(at(d, "development"), "build_infrastructure", region="congo", kind="road")
    after = act(at(d, "development"), "build_infrastructure", region="congo", kind="road", dismantle="sahel:road")
    assert data(after)["players"][ANN]["infra"] == [{"kind": "water", "region": "maghreb"},
                                                   {"kind": "road", "region": "congo"}]
    assert money(after) == 32 - 8


def test_water_pipeline_costs_4m():
    d = table()
    give_card(d, ANN, "water")
    assert money(act(at(d, "development"), "build_infrastructure", region="maghreb", kind="water")) == 28


# -- reward ----------------------------------------------------------------------------------

def test_exchanging_a_card_loses_its_points():
    d = table()
    d["players"][ANN]["targets"] = ["two-mines"]  # silver, 4 points, reward 16M
    before = GAME.score(at(d, "reward")).rows[0].points[ANN]
    after = act(at(d, "reward"), "exchange_card", card="two-mines")
    assert before == 4 and GAME.score(after).rows[0].points[ANN] == 0 and money(after) == 32 + 16


def test_a_target_is_claimed_only_when_its_condition_holds_and_not_with_an_incentive():
    d = table()
    d["grid"]["bronze"][0] = ["first-mine"]
    with pytest.raises(RuleViolation, match="needs 1 active mine, you have 0"):
        act(at(d, "reward"), "claim_target", tier="bronze", pile=0)
    give_mine(d, ANN, "asturias")
    after = act(at(d, "reward"), "claim_target", tier="bronze", pile=0)
    assert data(after)["players"][ANN]["targets"] == ["first-mine"] and data(after)["turn"] == BO


def test_an_incentive_needs_a_european_mine_exploited_this_turn():
    d = table()
    with pytest.raises(RuleViolation, match="European mine"):
        act(at(d, "reward"), "claim_incentive")
    d["ts"]["europe_exploit"] = True
    top = d["incentives"][-1]
    assert data(act(at(d, "reward"), "claim_incentive"))["players"][ANN]["incentives"] == [top]


# -- auctions --------------------------------------------------------------------------------

def test_anti_monopoly_no_bid_for_the_third_territory_of_a_region():
    d = table()
    d["players"][ANN]["territories"] = ["asturias", "aljustrel"]
    d.update(phase="auction", auction={"round": 2, "goal": 4, "revealed": ["riotinto", "bor"], "winner": ANN})
    state = at(d, None)
    with pytest.raises(RuleViolation, match="all 3 territories of Iberia"):
        act(state, "pick_territory", territory="riotinto")
    assert "bor" in data(act(state, "pick_territory", territory="bor"))["players"][ANN]["territories"]


# -- scoring ---------------------------------------------------------------------------------

def test_presence_weights_and_regional_ties_give_nobody_the_ribbon():
    d = table(players=3)
    give_mine(d, ANN, "asturias")                                                          # 1
    d["players"][BO]["assets"].append({"kind": "warehouse", "region": "iberia", "upgraded": True})  # 1.5
    sheet = GAME.score(at(d, "strategy"))
    row = dict((r.category, r.points) for r in sheet.rows)["supremacy"]
    assert row == (0, 2, 0)  # Iberia's ribbon is 2
    d["players"][ANN]["infra"].append({"kind": "road", "region": "iberia"})  # 0.5: tie at 1.5
    row = dict((r.category, r.points) for r in GAME.score(at(d, "strategy")).rows)["supremacy"]
    assert row == (0, 0, 0)


def test_most_money_tie_gives_nobody_4_and_asset_points():
    d = table(players=3)
    d["players"][2]["money"] = 10
    d["players"][ANN]["assets"] = [{"kind": "office", "region": "alps", "upgraded": False},
                                   {"kind": "vessel", "region": "alps", "upgraded": True}]
    rows = dict((r.category, r.points) for r in GAME.score(at(d, "strategy")).rows)
    assert rows["money"] == (0, 0, 0)
    assert rows["assets"] == (4, 0, 0) and rows["upgraded"] == (8, 0, 0)
    d["players"][ANN]["money"] = 40
    rows = dict((r.category, r.points) for r in GAME.score(at(d, "strategy")).rows)
    assert rows["money"] == (4, 0, 0)


# -- readings settled after review ----------------------------------------------------------

def money_row(d):
    return next(r.points for r in GAME.score(GAME.from_json(d)).rows if r.category == "money")


def test_an_unpaid_loan_counts_against_money_for_most_money():
    d = table()
    d["players"][ANN]["money"], d["players"][ANN]["debt"] = 40, 16   # 24 net
    d["players"][BO]["money"] = 30
    assert money_row(d) == (0.0, 4.0)
    d["players"][ANN]["debt"] = 60                                    # more owed than held: 0 net
    assert money_row(d) == (0.0, 4.0)
    d["players"][ANN]["debt"] = 0
    assert money_row(d) == (4.0, 0.0)


def test_a_local_sale_without_a_needed_pipeline_is_halved_twice_16_to_4():
    d = table()
    d["players"][ANN]["stock"] = {"atlas": 16}       # Maghreb needs a pipeline; none stands
    assert money(act(at(d, "development"), "local_sale")) == 32 + 4
    d["players"][BO]["infra"].append({"kind": "water", "region": "maghreb"})
    assert money(act(at(d, "development"), "local_sale")) == 32 + 8


def test_shared_earnings_leave_out_the_large_vessels_lease():
    d = table()
    d["continuous"].append({"kind": "share", "owner": BO, "target": ANN, "card": "amu-joint-venture"})
    after = sale(d, 16, {"asturias": 8}, vessel="large")   # 16 from the sale, 32 lease
    assert money(after, BO) == 32 + 8
    assert money(after) == 16 + 32 - 8


def test_a_warehouse_owner_who_cannot_afford_the_lot_is_skipped_and_the_bank_buys_at_once():
    d = table()
    give_mine(d, ANN, "asturias")
    d["players"][ANN]["stock"] = {"riotinto": 32}
    d["players"][BO]["assets"].append({"kind": "warehouse", "region": "iberia", "upgraded": False})
    d["players"][BO]["money"] = 2                            # the lot costs 4M
    after = act(at(d, "extraction"), "extract", mines=["asturias"])
    assert data(after)["offers"] == [] and GAME.acting_seats(after) == (ANN,)
    assert money(after) == 32 + 4 and money(after, BO) == 2 and stock(after, BO) == {}


def test_positions_written_in_the_notation_play_by_the_rules():
    """A road bought with a loan for the 6M short: the phone call card and the road card are
    spent, 12M are owed, and the turn moves on to the reward phase."""
    from companion.ardevur.notation import notation, parse

    state = parse(GAME.data, "play t3 Ann:development | Ann/great 2M dev=road sites=nimba* stock=nimba:12 phone"
                             " | Bo/machine 32M")
    after = act(state, "build_infrastructure", region="sahel", kind="road", loan=True)
    assert notation(after) == ("play t3 Ann:reward | Ann/great 0M owes12M sites=nimba* stock=nimba:12 infra=road@sahel"
                               " | Bo/machine 32M")
    sold = act(parse(GAME.data, notation(after).replace("Ann:reward", "Ann:development")), "local_sale")
    assert notation(sold).startswith("play t3 Ann:development | Ann/great 6M owes12M sites=nimba*")
