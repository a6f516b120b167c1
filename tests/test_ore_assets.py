"""Asset and initiative effects as the appendix describes them."""

import pytest

from companion.errors import RuleViolation
from companion import find_game
from companion.ore.moves.flow import settle
from companion.ore.setup.scenario import as_json, give, hold_contract, play, set_mine, set_row, state, table

GAME = find_game("ore")

JOE, ANN, BO = 0, 1, 2


def market(d, seat=JOE):
    d["phase"], d["start"], d["turn"], d["round"] = "market", seat, seat, 2
    d["market_order"] = [(seat + i) % 3 for i in range(3)]
    return state(d)


def collect(d):
    """Run the collection phase on ``d`` as it stands (nobody on the slag heap)."""
    d["start"], d["turn"] = JOE, None
    return settle(GAME.data, state(d))


def acquisition(d, queue):
    d["phase"], d["queue"], d["start"] = "acquisition", queue, JOE
    return state(d)


# -- market ----------------------------------------------------------------------------------

def test_railroad_sells_extra_barrels_at_market_price():
    d = table(GAME)
    set_mine(d, "coal", "3p-coal-1")  # $2
    give(d, JOE, money=0, barrels={"coal": 4}, assets=["coal-railroad"])
    s = play(GAME, market(d), [{"type": "sell", "seat": JOE, "resource": "coal"}] * 3)
    assert as_json(s)["players"][JOE]["money"] == 6
    with pytest.raises(RuleViolation, match="one barrel on the open market"):
        GAME.apply(s, {"type": "sell", "seat": JOE, "resource": "coal"})


def test_energy_railroad_is_one_coal_and_one_oil():
    d = table(GAME)
    set_mine(d, "coal", "3p-coal-1")
    set_mine(d, "oil", "3p-oil-2")  # $5
    give(d, JOE, money=0, barrels={"coal": 3, "oil": 1}, assets=["energy-railroad"])
    s = play(GAME, market(d), [{"type": "sell", "seat": JOE, "resource": "coal"},
                               {"type": "sell", "seat": JOE, "resource": "coal"},
                               {"type": "sell", "seat": JOE, "resource": "oil"}])
    assert as_json(s)["players"][JOE]["money"] == 2 + 2 + 5
    with pytest.raises(RuleViolation, match="railroads carry 1 extra coal"):
        GAME.apply(s, {"type": "sell", "seat": JOE, "resource": "coal", "via": "railroad"})


@pytest.mark.parametrize("asset,res,card,price,bonus", [("gold-smelter", "gold", "3p-gold-1", 7, 6),
                                                         ("coke-oven-3", "coal", "3p-coal-1", 2, 3),
                                                         ("oil-refinery", "oil", "3p-oil-2", 5, 5)])
def test_processing_plants_add_to_market_sales_not_contracts(asset, res, card, price, bonus):
    d = table(GAME)
    set_mine(d, res, card)
    give(d, JOE, money=0, barrels={res: 1, "iron": 1}, assets=[asset])
    hold_contract(d, JOE, 5, since=1)  # iron for $5
    s = play(GAME, market(d), [{"type": "fill", "seat": JOE, "contract": 5}])
    assert as_json(s)["players"][JOE]["money"] == 5
    s = GAME.apply(s, {"type": "sell", "seat": JOE, "resource": res})
    assert as_json(s)["players"][JOE]["money"] == 5 + price + bonus


def test_private_market_sells_once_a_round_and_steps_down():
    d = table(GAME)
    give(d, JOE, money=0, barrels={"iron": 3}, private=[{"card": "3p-iron-1", "kind": "market", "space": 1}])
    sale = {"type": "sell", "seat": JOE, "resource": "iron", "via": "private", "card": "3p-iron-1"}
    s = GAME.apply(market(d), sale)
    joe = as_json(s)["players"][JOE]
    assert joe["money"] == 3 and joe["private"][0]["space"] is None  # thick line, no cage: miner home
    with pytest.raises(RuleViolation):
        GAME.apply(s, sale)


def test_efficient_ops_fills_extra_rows_for_its_price():
    d = table(GAME)
    give(d, JOE, money=10, barrels={"copper": 3, "iron": 3, "oil": 1}, assets=["efficient-ops"])
    hold_contract(d, JOE, 20, since=1)
    s = play(GAME, market(d), [{"type": "fill", "seat": JOE, "contract": 20, "barrels": ["iron"]},
                               {"type": "efficient", "seat": JOE, "contract": 20, "rows": 2}])
    joe = as_json(s)["players"][JOE]
    assert joe["money"] == 10 + 7 - 5 + 12 + 15
    assert joe["contracts"][0]["done"] == [0, 1, 2]


def test_negotiation_ops_pays_for_rows_on_different_contracts():
    d = table(GAME)
    give(d, JOE, money=0, barrels={"coal": 2, "iron": 1}, assets=["negotiation-ops"])
    hold_contract(d, JOE, 4, since=1)  # coal $4
    hold_contract(d, JOE, 5, since=1)  # iron $5
    s = play(GAME, market(d), [{"type": "fill", "seat": JOE, "contract": 4},
                               {"type": "fill", "seat": JOE, "contract": 5},
                               {"type": "market_done", "seat": JOE}])
    assert as_json(s)["players"][JOE]["money"] == 4 + 5 + 5


def test_subcontracted_ops_fills_an_opponents_line_and_they_skip_it():
    d = table(GAME)
    give(d, JOE, money=10, barrels={"iron": 1}, assets=["subcontracted-ops-1"])
    give(d, ANN, money=0)
    hold_contract(d, ANN, 5, since=1)  # iron $5 then iron $7
    d["players"][ANN]["round"]["sold_on"] = [5]
    d["phase"], d["queue"] = "subcontract", [{"seat": JOE, "kind": "subcontract"}]
    s = GAME.apply(state(d), {"type": "subcontract", "seat": JOE, "target": ANN,
                              "rows": [{"contract": 5, "row": 1}]})
    assert as_json(s)["players"][JOE]["money"] == 10 - 3 + 7
    assert as_json(s)["players"][ANN]["money"] == 3
    assert as_json(s)["players"][ANN]["contracts"][0]["done"] == [1]
    assert as_json(s)["phase"] == "acquisition"


# -- collection ------------------------------------------------------------------------------

def test_ventures_trigger_on_two_kinds_from_mines():
    d = table(GAME)
    set_mine(d, "gold", "3p-gold-1", [(JOE, 0)])
    set_mine(d, "oil", "3p-oil-1", [(JOE, 0)])
    give(d, JOE, assets=["coal-venture", "iron-venture"])
    s = collect(d)
    barrels = as_json(s)["players"][JOE]["barrels"]
    assert barrels["coal"] == 1 and barrels["iron"] == 0  # gold + oil: Coal Venture only


def test_ops_team_and_exploratory_ops():
    d = table(GAME)
    give(d, JOE, miners=3, assets=["ops-team", "exploratory-ops"])
    set_mine(d, "copper", "3p-copper-1", [(JOE, 0), (JOE, 1)])
    set_mine(d, "coal", "3p-coal-1", [(JOE, 0), (ANN, 1)])
    s = collect(d)
    barrels = as_json(s)["players"][JOE]["barrels"]
    assert barrels["copper"] == 2 + 3 + 1  # two of Joe's miners: +1
    assert barrels["coal"] == 2  # Ann's miner there cancels Exploratory Ops
    d = table(GAME)
    give(d, JOE, assets=["exploratory-ops"])
    set_mine(d, "coal", "3p-coal-1", [(JOE, 0)])
    assert as_json(collect(d))["players"][JOE]["barrels"]["coal"] == 3


@pytest.mark.parametrize("kinds,bonus", [(1, 0), (2, 3), (3, 6), (4, 10)])
def test_diversified_ops_by_kinds_gathered(kinds, bonus):
    d = table(GAME)
    give(d, JOE, money=0, miners=4, assets=["diversified-ops-1"])
    for res, card in list({"gold": "3p-gold-1", "oil": "3p-oil-1", "coal": "3p-coal-1",
                           "copper": "3p-copper-1"}.items())[:kinds]:
        set_mine(d, res, card, [(JOE, 0)])
    assert as_json(collect(d))["players"][JOE]["money"] == bonus


def test_futures_grow_to_three():
    d = table(GAME)
    give(d, JOE, futures=[{"res": "gold", "count": 2}, {"res": "oil", "count": 3}])
    d["bank"]["barrels"]["gold"] -= 2
    d["bank"]["barrels"]["oil"] -= 3
    s = collect(d)
    assert as_json(s)["players"][JOE]["futures"] == [{"res": "gold", "count": 3}, {"res": "oil", "count": 3}]
    s = GAME.apply(s, {"type": "cash_futures", "seat": JOE, "token": 0})
    assert as_json(s)["players"][JOE]["barrels"]["gold"] == 3


# -- acquisition -----------------------------------------------------------------------------

def test_expanded_ops_costs_25_then_30_and_stops_at_4():
    d = table(GAME)
    give(d, JOE, money=60)
    set_row(d, "initiatives", ["expanded-ops", "expanded-ops", "expanded-ops"])
    s = acquisition(d, [{"seat": JOE, "kind": "asset"}] * 3)
    s = GAME.apply(s, {"type": "buy_initiative", "seat": JOE, "slot": 0})
    assert as_json(s)["players"][JOE]["money"] == 35 and as_json(s)["players"][JOE]["miners"] == 3
    s = GAME.apply(s, {"type": "buy_initiative", "seat": JOE, "slot": 1})
    assert as_json(s)["players"][JOE]["money"] == 5 and as_json(s)["players"][JOE]["miners"] == 4
    with pytest.raises(RuleViolation, match="already employs 4 miners"):
        GAME.apply(s, {"type": "buy_initiative", "seat": JOE, "slot": 2})


def test_private_mine_takes_the_top_mine_of_the_barrel_paid():
    d = table(GAME)
    give(d, JOE, money=10, barrels={"coal": 1})
    set_row(d, "initiatives", ["private-mine"])
    top = d["piles"]["coal"]["draw"][0]
    s = acquisition(d, [{"seat": JOE, "kind": "initiative"}])
    s = GAME.apply(s, {"type": "buy_initiative", "seat": JOE, "slot": 0, "barrel": "coal"})
    joe = as_json(s)["players"][JOE]
    assert joe["private"] == [{"card": top, "kind": "mine", "space": 0}] and joe["money"] == 2
    assert top not in as_json(s)["piles"]["coal"]["draw"]


def test_initiative_only_players_cannot_buy_assets():
    d = table(GAME)
    s = acquisition(d, [{"seat": JOE, "kind": "initiative"}])
    with pytest.raises(RuleViolation, match="one initiative only"):
        GAME.apply(s, {"type": "buy_asset", "seat": JOE, "slot": 0})


def test_sales_ops_pays_5_more_and_not_twice():
    d = table(GAME)
    give(d, JOE, money=30, assets=["sales-ops-1"])
    set_row(d, "assets", ["statue", "library"])
    s = acquisition(d, [{"seat": JOE, "kind": "sales", "use": "asset"}])
    s = GAME.apply(s, {"type": "buy_asset", "seat": JOE, "slot": 0})
    assert as_json(s)["players"][JOE]["money"] == 30 - 8 - 5
    d = as_json(s)
    d["phase"], d["queue"] = "acquisition", [{"seat": JOE, "kind": "sales", "use": "asset"}]
    with pytest.raises(RuleViolation, match="second asset"):
        GAME.apply(state(d), {"type": "buy_asset", "seat": JOE, "slot": 1})


def test_each_sales_ops_version_does_only_what_it_says_once_a_round():
    from companion.ore.moves.acquisition import build_queue
    from companion.ore.state.codec import decision_json
    d = table(GAME)
    give(d, JOE, money=40, assets=["sales-ops-1", "sales-ops-2"])
    set_row(d, "assets", ["statue", "library"])
    set_row(d, "contracts", [9, 44])
    d["asset_track"], d["contract_track"] = [], []
    queue = [decision_json(q) for q in build_queue(GAME.data, state(d)) if q.kind == "sales"]
    assert queue == [{"seat": JOE, "kind": "sales", "use": "asset"}, {"seat": JOE, "kind": "sales", "use": "contract"}]
    s = acquisition(d, queue)
    with pytest.raises(RuleViolation, match="lets you buy an asset, not take a contract"):
        GAME.apply(s, {"type": "take_contract", "seat": JOE, "slot": 0})
    s = GAME.apply(s, {"type": "buy_asset", "seat": JOE, "slot": 0})
    with pytest.raises(RuleViolation, match="lets you take a contract, not buy an asset"):
        GAME.apply(s, {"type": "buy_asset", "seat": JOE, "slot": 1})
    s = GAME.apply(s, {"type": "take_contract", "seat": JOE, "slot": 0})
    joe = as_json(s)["players"][JOE]
    assert joe["money"] == 40 - 8 - 5 - 5 and [c["number"] for c in joe["contracts"]] == [9]
    assert as_json(s)["queue"] == [] or as_json(s)["phase"] != "acquisition"


def test_black_market_takes_a_discarded_contract():
    d = table(GAME)
    give(d, JOE, assets=["black-market-ops"])
    d["discard"]["contracts"].append(44)
    d["draw"]["contracts"] = [c for c in d["draw"]["contracts"] if c != 44]
    s = acquisition(d, [{"seat": JOE, "kind": "contract"}])
    s = GAME.apply(s, {"type": "take_contract", "seat": JOE, "discarded": 44})
    assert as_json(s)["players"][JOE]["contracts"][0]["number"] == 44
    d = table(GAME)
    d["discard"]["contracts"].append(44)
    with pytest.raises(RuleViolation, match="Only Black Market Ops"):
        GAME.apply(acquisition(d, [{"seat": JOE, "kind": "contract"}]),
                   {"type": "take_contract", "seat": JOE, "discarded": 44})


# -- exchanges and relief ------------------------------------------------------------------

def test_exchanges_once_a_round():
    d = table(GAME)
    give(d, JOE, barrels={"gold": 2, "coal": 4}, assets=["gold-exchange", "coal-exchange"])
    s = GAME.apply(state(d), {"type": "exchange", "seat": JOE, "asset": "gold-exchange", "give": ["gold"],
                              "take": ["iron", "iron"]})
    assert as_json(s)["players"][JOE]["barrels"]["iron"] == 2
    with pytest.raises(RuleViolation, match="once a round"):
        GAME.apply(s, {"type": "exchange", "seat": JOE, "asset": "gold-exchange", "give": ["gold"],
                       "take": ["oil", "oil"]})
    with pytest.raises(RuleViolation, match="takes 2 coal"):
        GAME.apply(s, {"type": "exchange", "seat": JOE, "asset": "coal-exchange", "give": ["coal"],
                       "take": ["oil"]})


def test_relief_ops_makes_relief_cheaper():
    d = table(GAME)
    d["phase"] = "relief"
    set_mine(d, "gold", "3p-gold-1", [(JOE, 1), (ANN, 0)])
    give(d, JOE, money=10, assets=["relief-ops-2"])
    give(d, ANN, money=4)
    s = GAME.apply(state(d), {"type": "relieve", "seat": JOE, "mine": "gold"})
    assert as_json(s)["players"][JOE]["money"] == 8
    with pytest.raises(RuleViolation, match="costs \\$5 but Ann has only \\$4"):
        GAME.apply(s, {"type": "relieve", "seat": ANN, "mine": "gold"})


# -- the phone's flat forms reach the same rules --------------------------------------------

def test_commodities_exchange_every_rate_from_one_kind_and_counts():
    d = table(GAME)
    give(d, JOE, barrels={"coal": 4, "gold": 0, "iron": 0}, assets=["commodities-exchange"])
    s = GAME.apply(state(d), {"type": "exchange", "seat": JOE, "asset": "commodities-exchange",
                              "give": "coal", "count": 4, "take_gold": 2, "take_iron": 1})
    have = as_json(s)["players"][JOE]["barrels"]
    assert (have["coal"], have["gold"], have["iron"]) == (0, 2, 1)
    d = table(GAME)
    give(d, JOE, barrels={"copper": 3, "oil": 0}, assets=["commodities-exchange"])
    s = GAME.apply(state(d), {"type": "exchange", "seat": JOE, "asset": "commodities-exchange",
                              "give": "copper", "count": 3, "take": "oil"})
    assert as_json(s)["players"][JOE]["barrels"]["oil"] == 2  # 3 barrels trade for 2
    with pytest.raises(RuleViolation, match="3 barrels trade for 2, not 3"):
        GAME.apply(state(d), {"type": "exchange", "seat": JOE, "asset": "commodities-exchange",
                              "give": "copper", "count": 3, "take_oil": 3})
    with pytest.raises(RuleViolation, match="takes 2, 3, 4 barrels"):
        GAME.apply(state(d), {"type": "exchange", "seat": JOE, "asset": "commodities-exchange",
                              "give": "copper", "count": 5, "take_oil": 3})


def test_single_kind_exchange_from_a_form_takes_its_fixed_numbers():
    d = table(GAME)
    give(d, JOE, barrels={"gold": 1, "iron": 0}, assets=["gold-exchange"])
    s = GAME.apply(state(d), {"type": "exchange", "seat": JOE, "asset": "gold-exchange", "give": "gold",
                              "take": "iron"})
    assert as_json(s)["players"][JOE]["barrels"]["iron"] == 2 and as_json(s)["players"][JOE]["barrels"]["gold"] == 0


def test_two_line_subcontract_from_a_form_finds_the_opponent():
    d = table(GAME)
    give(d, JOE, money=10, barrels={"iron": 2}, assets=["subcontracted-ops-2"])
    give(d, ANN, money=0)
    hold_contract(d, ANN, 5, since=1)  # iron $5 then iron $7
    d["phase"], d["queue"] = "subcontract", [{"seat": JOE, "kind": "subcontract"}]
    s = GAME.apply(state(d), {"type": "subcontract", "seat": JOE, "line": "5:0", "line2": "5:1"})
    assert as_json(s)["players"][JOE]["money"] == 10 - 5 + 5 + 7
    assert as_json(s)["players"][ANN]["money"] == 5
    assert as_json(s)["players"][ANN]["completed"] == [5]  # both lines filled: the contract is Ann's, done
    with pytest.raises(RuleViolation, match="not your own"):
        d["players"][JOE]["contracts"], d["players"][ANN]["contracts"] = d["players"][ANN]["contracts"], []
        GAME.apply(state(d), {"type": "subcontract", "seat": JOE, "line": "5:0"})


def test_one_line_subcontract_cannot_take_two():
    d = table(GAME)
    give(d, JOE, money=10, barrels={"iron": 2}, assets=["subcontracted-ops-1"])
    hold_contract(d, ANN, 5, since=1)
    d["phase"], d["queue"] = "subcontract", [{"seat": JOE, "kind": "subcontract"}]
    with pytest.raises(RuleViolation, match="fills 1 to 1 line\\(s\\), not 2"):
        GAME.apply(state(d), {"type": "subcontract", "seat": JOE, "line": "5:0", "line2": "5:1"})


def test_railroad_sale_named_first_keeps_the_open_market_for_another_kind():
    d = table(GAME)
    set_mine(d, "coal", "3p-coal-1")  # $2
    set_mine(d, "gold", "3p-gold-1")  # $7
    give(d, JOE, money=0, barrels={"coal": 1, "gold": 1}, assets=["coal-railroad"])
    labels = {o.label: o for o in GAME.options(market(d), JOE)}
    assert {"Sell 1 coal by railroad", "Sell 1 coal on the open market", "Sell 1 gold"} <= set(labels)
    s = play(GAME, market(d), [labels["Sell 1 coal by railroad"].action, labels["Sell 1 gold"].action])
    assert as_json(s)["players"][JOE]["money"] == 2 + 7


def test_either_or_box_offers_each_barrel_and_refuses_one_another_row_needs():
    d = table(GAME)
    give(d, JOE, money=0, barrels={"coal": 1, "oil": 1})
    hold_contract(d, JOE, 1, since=1)  # coal/oil $6
    hold_contract(d, JOE, 4, since=1)  # coal $4
    options = {o.label: o for o in GAME.options(market(d), JOE)}
    with_coal, with_oil = options["Contract #1: coal/oil for $6 with coal"], options["Contract #1: coal/oil for $6 with oil"]
    assert with_oil.allowed and not with_coal.allowed
    assert "would leave another due row unfilled" in with_coal.reason
    s = play(GAME, market(d), [with_oil.action])
    assert as_json(s)["players"][JOE]["barrels"]["oil"] == 0 and as_json(s)["players"][JOE]["barrels"]["coal"] == 1


def test_exchange_and_futures_work_outside_the_players_own_turn():
    """"Turn" in the rulebook is the round: an exchange or a Futures token does not wait."""
    d = table(GAME)
    give(d, JOE, barrels={"coal": 2, "gold": 0}, assets=["coal-exchange"], futures=[{"res": "oil", "count": 2}])
    s = market(d, seat=ANN)  # Ann's market turn
    s = GAME.apply(s, {"type": "exchange", "seat": JOE, "asset": "coal-exchange", "give": "coal", "take": "gold"})
    s = GAME.apply(s, {"type": "cash_futures", "seat": JOE, "token": 0})
    have = as_json(s)["players"][JOE]["barrels"]
    assert (have["coal"], have["gold"], have["oil"]) == (0, 1, 2) and as_json(s)["turn"] == ANN
