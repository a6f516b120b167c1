"""The rulebook's smaller examples and the rules around them, with the rulebook's numbers."""

import pytest

from companion.core import PlayerSpec
from companion.errors import NotYourTurn, RuleViolation
from companion import find_game
from companion.ore.notation import notation
from companion.ore.setup.scenario import as_json, give, hold_contract, play, set_mine, state, table

GAME = find_game("ore")

JOE, ANN, BO = 0, 1, 2


def place(seat, where, **extra):
    return {"type": "place", "seat": seat, "where": where, **extra}


def stuck(d, seat, res, space=1):
    """Put every miner of ``seat`` on a mine so it has none left to place."""
    d["mines"][res]["miners"].append({"seat": seat, "space": space})


# -- slag heap -------------------------------------------------------------------------------

def test_slag_heap_three_players_one_miner_each_get_2_dollars():
    d = table(GAME)
    d["start"] = d["turn"] = JOE
    for seat, res in ((JOE, "gold"), (ANN, "oil"), (BO, "iron")):
        stuck(d, seat, res, space=0)
    s = state(d)
    before = [p["money"] for p in as_json(s)["players"]]
    s = play(GAME, s, [place(JOE, "slag"), place(ANN, "slag"), place(BO, "slag")])
    assert as_json(s)["phase"] == "market"
    gains = [p["money"] - b for p, b in zip(as_json(s)["players"], before)]
    assert gains == [2, 2, 2]  # $5 minus the 3 miners there, each


def test_slag_heap_one_player_with_all_three_miners_gets_6_dollars():
    d = table(GAME)
    d["start"] = d["turn"] = JOE
    give(d, JOE, miners=3)
    stuck(d, ANN, "oil", 0), stuck(d, ANN, "iron", 0), stuck(d, BO, "copper", 0), stuck(d, BO, "coal", 0)
    s = state(d)
    before = as_json(s)["players"][JOE]["money"]
    s = play(GAME, s, [place(JOE, "slag")] * 3)
    assert as_json(s)["players"][JOE]["money"] - before == 6


# -- salaries --------------------------------------------------------------------------------

def replenish_state(miners, money, seat=JOE):
    d = table(GAME)
    d["phase"], d["turn"], d["start"] = "replenish", None, seat
    give(d, seat, money=money, miners=miners)
    return state(d)


def test_four_miners_and_10_dollars_gives_two_strikes():
    s = GAME.apply(replenish_state(4, 10), {"type": "replenish", "seat": JOE})
    joe = as_json(s)["players"][JOE]
    assert joe["money"] == 0 and joe["strikes"] == 2  # $20 due, $10 short


@pytest.mark.parametrize("miners,salary", [(2, 5), (3, 10), (4, 20)])
def test_salaries_by_miners(miners, salary):
    s = GAME.apply(replenish_state(miners, 50), {"type": "replenish", "seat": JOE})
    assert as_json(s)["players"][JOE]["money"] == 50 - salary
    assert as_json(s)["players"][JOE]["strikes"] == 0
    assert as_json(s)["start"] == ANN  # the starting player token moves on after salaries
    assert as_json(s)["players"][ANN]["money"] == 20  # only the starting player pays


# -- contracts -------------------------------------------------------------------------------

def market_state(d, seat=JOE):
    d["phase"], d["start"], d["turn"] = "market", seat, seat
    d["market_order"] = [(seat + i) % 3 for i in range(3)]
    d["round"] = 2
    return state(d)


def test_the_rulebook_contract_pays_7_then_12():
    d = table(GAME)
    give(d, JOE, money=0, barrels={"copper": 1, "iron": 1})
    hold_contract(d, JOE, 20, since=1)
    s = market_state(d)
    s = GAME.apply(s, {"type": "fill", "seat": JOE, "contract": 20, "barrels": ["iron"]})
    assert as_json(s)["players"][JOE]["money"] == 7
    with pytest.raises(RuleViolation, match="no row due"):
        GAME.apply(s, {"type": "fill", "seat": JOE, "contract": 20})
    d = as_json(s)
    d["round"] = 3
    d["players"][JOE]["round"]["sold_on"] = []
    give(d, JOE, barrels={"copper": 1, "iron": 1})
    s = GAME.apply(state(d), {"type": "fill", "seat": JOE, "contract": 20})
    assert as_json(s)["players"][JOE]["money"] == 7 + 12
    assert as_json(s)["players"][JOE]["contracts"][0]["done"] == [0, 1]


def test_due_row_must_be_filled_before_ending_the_market_turn():
    d = table(GAME)
    give(d, JOE, barrels={"coal": 1})
    hold_contract(d, JOE, 1, since=1)
    s = market_state(d)
    with pytest.raises(RuleViolation, match="Contract #1 is due"):
        GAME.apply(s, {"type": "market_done", "seat": JOE})
    with pytest.raises(RuleViolation, match="fill your contracts first"):
        GAME.apply(s, {"type": "sell", "seat": JOE, "resource": "coal"})


def test_failed_row_costs_half_rounded_up_and_is_offered_clockwise():
    d = table(GAME)
    give(d, JOE, money=20, barrels={"gold": 1})
    give(d, BO, money=3, barrels={"iron": 1})
    hold_contract(d, JOE, 20, since=1)  # first row: copper/iron for $7
    s = market_state(d)
    s = GAME.apply(s, {"type": "market_done", "seat": JOE})
    assert as_json(s)["players"][JOE]["money"] == 20 - 4  # half of $7, rounded up
    assert as_json(s)["players"][JOE]["contracts"] == []
    # Ann is asked first (clockwise from Joe); she declines, Bo takes it over with one iron.
    with pytest.raises(NotYourTurn):
        GAME.apply(s, {"type": "take_over", "seat": BO})
    s = GAME.apply(s, {"type": "decline", "seat": ANN})
    s = GAME.apply(s, {"type": "take_over", "seat": BO})
    bo = as_json(s)["players"][BO]
    assert bo["money"] == 3 + 7 and bo["barrels"]["iron"] == 0
    assert bo["contracts"] == [{"number": 20, "done": [0], "barrels": ["iron"], "since": 2}]
    # Bo owes the next row only from the next round on.
    assert as_json(s)["turn"] == ANN


def test_unpaid_penalty_gives_a_strike_per_5_dollars_short():
    d = table(GAME)
    give(d, JOE, money=2)
    hold_contract(d, JOE, 45, since=1)  # first row: copper for $8 -> penalty $4... see below
    hold_contract(d, JOE, 31, since=1)  # first row: gold for $14 -> penalty $7
    s = market_state(d)
    s = GAME.apply(s, {"type": "market_done", "seat": JOE})
    joe = as_json(s)["players"][JOE]
    # $4 + $7 = $11 owed; Joe pays his $2 for the first and owes $2 and $7: 1 + 2 strikes.
    assert joe["money"] == 0 and joe["strikes"] == 3
    s = play(GAME, s, [{"type": "decline", "seat": ANN}, {"type": "decline", "seat": BO}])
    assert 45 in as_json(s)["discard"]["contracts"]


# -- collection and exhaustion -------------------------------------------------------------

def collect_with(miners, cages, res="iron", card="3p-iron-1"):
    d = table(GAME)
    d["start"] = d["turn"] = JOE
    set_mine(d, res, card, miners)
    for seat, cage in cages.items():
        give(d, seat, cage=cage)
    for seat in range(3):
        placed = sum(1 for s_, _ in miners if s_ == seat)
        give(d, seat, miners=max(2, placed))
        for _ in range(d["players"][seat]["miners"] - placed):
            d["slag"].append(seat)
    d["turn"] = None
    from companion.ore.moves.flow import settle
    return settle(GAME.data, state(d))


def test_miner_on_the_red_space_gathers_3_iron_and_goes_home_without_a_cage():
    s = collect_with([(JOE, 1)], {})
    assert as_json(s)["players"][JOE]["barrels"]["iron"] == 3
    assert as_json(s)["mines"]["iron"]["exhausted"]


def test_with_a_cage_the_miner_moves_below_the_thick_line():
    s = collect_with([(JOE, 1)], {JOE: 2})
    assert not as_json(s)["mines"]["iron"]["exhausted"]
    assert as_json(s)["mines"]["iron"]["miners"] == [{"seat": JOE, "space": 2}]


def test_a_deeper_caged_miner_keeps_the_mine_alive():
    s = collect_with([(JOE, 1), (ANN, 2)], {ANN: 2})
    mine = as_json(s)["mines"]["iron"]
    assert not mine["exhausted"]
    assert mine["miners"] == [{"seat": ANN, "space": 3}]  # Joe's miner went home
    assert as_json(s)["players"][JOE]["barrels"]["iron"] == 3 and as_json(s)["players"][ANN]["barrels"]["iron"] == 2


def test_the_bottom_exhausts_a_mine_even_with_the_deepest_cage():
    s = collect_with([(ANN, 4)], {ANN: 3})
    assert as_json(s)["mines"]["iron"]["exhausted"] and as_json(s)["players"][ANN]["barrels"]["iron"] == 5


# -- placement tokens ------------------------------------------------------------------------

def placement_state(**joe):
    d = table(GAME)
    d["start"] = d["turn"] = JOE
    set_mine(d, "iron", "3p-iron-1", [(ANN, 0)])
    give(d, JOE, **joe)
    return d


def test_drill_bit_third_space_costs_5_dollars_or_one_coal():
    d = placement_state(money=20, barrels={"coal": 1}, drill_bits=2, cage=2)
    s = GAME.apply(state(d), place(JOE, "mine", mine="iron", token="drill_bit", space=2))
    assert as_json(s)["players"][JOE]["money"] == 15
    d["turn"] = JOE
    s = GAME.apply(state(d), place(JOE, "mine", mine="iron", token="drill_bit", space=2, pay="coal"))
    assert as_json(s)["players"][JOE]["barrels"]["coal"] == 0 and as_json(s)["players"][JOE]["money"] == 20


def test_drill_bit_cannot_go_below_the_cage():
    d = placement_state(drill_bits=1)
    with pytest.raises(RuleViolation, match="needs mine cage level 2"):
        GAME.apply(state(d), place(JOE, "mine", mine="iron", token="drill_bit", space=2))


def test_collab_ops_pushes_down_unless_a_miner_would_pass_its_cage():
    d = placement_state(collab_ops=1)
    s = GAME.apply(state(d), place(JOE, "mine", mine="iron", token="collab_ops"))
    assert sorted((m["seat"], m["space"]) for m in as_json(s)["mines"]["iron"]["miners"]) == [(JOE, 0), (ANN, 1)]
    d["mines"]["iron"]["miners"] = [{"seat": ANN, "space": 0}, {"seat": BO, "space": 1}]
    with pytest.raises(RuleViolation, match="below the level their mine cage allows"):
        GAME.apply(state(d), place(JOE, "mine", mine="iron", token="collab_ops"))


def test_top_space_taken_and_not_your_turn():
    d = placement_state()
    with pytest.raises(RuleViolation, match="top space of the iron mine is taken"):
        GAME.apply(state(d), place(JOE, "mine", mine="iron"))
    with pytest.raises(NotYourTurn):
        GAME.apply(state(d), place(ANN, "slag"))
    s = state(d)
    try:
        GAME.apply(s, place(JOE, "mine", mine="iron"))
    except RuleViolation:
        pass
    assert s == state(d)  # a refused action leaves the state as it was


# -- setup --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,assets,contracts,deck", [(3, 30, 20, "3p"), (4, 40, 30, "4-5p"),
                                                           (5, 50, 40, "4-5p")])
def test_setup_by_player_count(players, assets, contracts, deck):
    s = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], "standard", seed=7)
    d = as_json(s)
    assert len([a for a in d["rows"]["assets"] if a]) + len(d["draw"]["assets"]) == assets
    assert len([c for c in d["rows"]["contracts"] if c]) + len(d["draw"]["contracts"]) == contracts
    assert len(d["rows"]["initiatives"]) + len(d["draw"]["initiatives"]) == 22
    assert all(GAME.data.mines[m["card"]].deck == deck for m in d["mines"].values())
    assert sum(len(p["draw"]) + 1 for p in d["piles"].values()) == 42
    assert all(p["money"] == 20 and p["miners"] == 2 for p in d["players"])
    # The highest of the contracts dealt to the players names the starting player; they are discarded.
    dealt = list(d["dealt"])
    assert len(set(dealt)) == players and sorted(dealt) == list(d["discard"]["contracts"])
    assert d["start"] == d["turn"] == dealt.index(max(dealt))
    assert not set(dealt) & set(d["draw"]["contracts"] + [c for c in d["rows"]["contracts"] if c])


def test_short_game_setup():
    d = as_json(GAME.setup([PlayerSpec(f"P{i}") for i in range(4)], "short", seed=3))
    assets = [a for a in d["rows"]["assets"] if a] + list(d["draw"]["assets"])
    assert len(assets) == 20 and not any(GAME.data.assets[a].light for a in assets)
    initiatives = list(d["rows"]["initiatives"]) + list(d["draw"]["initiatives"])
    assert len(initiatives) == 14 and not any(GAME.data.initiatives[i].light for i in initiatives)
    contracts = [c for c in d["rows"]["contracts"] if c] + list(d["draw"]["contracts"])
    assert len(contracts) == 15 and max(contracts) <= 30
    assert {r: len(p["draw"]) + 1 for r, p in d["piles"].items()} == {
        "gold": 4, "oil": 5, "iron": 5, "copper": 6, "coal": 6}


def test_long_game_and_contract_race_setup():
    d = as_json(GAME.setup([PlayerSpec(f"P{i}") for i in range(3)], "long", seed=3))
    assert len([a for a in d["rows"]["assets"] if a]) + len(d["draw"]["assets"]) == 60
    assert len([c for c in d["rows"]["contracts"] if c]) + len(d["draw"]["contracts"]) == 45
    assert sum(len(p["draw"]) + 1 for p in d["piles"].values()) == 84
    race = as_json(GAME.setup([PlayerSpec(f"P{i}") for i in range(5)], "contract-race", seed=3))
    stacks = [p["race"] for p in race["players"]]
    assert all(len(s) == 9 for s in stacks) and len({n for s in stacks for n in s}) == 45
    assert list(race["rows"]["contracts"]) == [None] * 5 and not race["draw"]["contracts"]


def test_notation_is_one_line():
    line = notation(GAME.setup([PlayerSpec("Joe"), PlayerSpec("Ann"), PlayerSpec("Bo")], seed=2))
    assert "\n" not in line and "Joe $20 au0" in line and line.startswith("r1 placement")


def test_log_lines_name_the_player_and_the_money():
    d = table(GAME)
    set_mine(d, "coal", "3p-coal-1")
    give(d, JOE, money=0, barrels={"coal": 1})
    s = market_state(d)
    assert GAME.play(s, {"type": "sell", "seat": JOE, "resource": "coal"})[1] == "Joe sells 1 coal (+$2)"
    d = table(GAME)
    d["start"] = d["turn"] = JOE
    line = GAME.play(state(d), place(JOE, "mine", mine="gold"))[1]
    assert line == "Joe places a miner on the gold mine, space 1"


def test_problems_finds_a_broken_table():
    d = table(GAME)
    assert GAME.problems(state(d)) == []
    d["players"][JOE]["money"] += 7
    d["mines"]["iron"]["miners"] = [{"seat": ANN, "space": 3}]
    found = [str(p) for p in GAME.problems(state(d))]
    assert any("not the $1025 in the box" in p for p in found)
    assert any("Ann's miner stands below the level their cage allows" in p for p in found)


def test_other_seats_see_placement_choices_greyed_with_whose_turn():
    d = table(GAME)
    d["start"] = d["turn"] = JOE
    options = GAME.options(state(d), ANN)
    assert options and not any(o.allowed for o in options)
    assert all(o.reason == "It is Joe's turn to place a miner." for o in options)
