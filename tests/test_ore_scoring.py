"""End-of-game scoring: every special asset's formula at each of its thresholds (the appendix's
numbers), the rulebook's Gold Smelter / Titan of Industry example, and the score file."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.errors import RuleViolation
from companion import find_game
from companion.ore.scoring import Holdings, special_vp

GAME = find_game("ore")

EXAMPLE = Path(__file__).resolve().parent.parent / "cards_data" / "ore" / "examples" / "final.json"
NONE = {"gold": 0, "oil": 0, "iron": 0, "copper": 0, "coal": 0}


def holdings(assets=(), barrels=None, miners=2, mine_cards=0, money=0, completed=0, strikes=0):
    return Holdings("P", money, {**NONE, **(barrels or {})}, miners, tuple(assets), completed, strikes, mine_cards)


def vp(asset, **kw):
    h = holdings(**kw)
    return special_vp(GAME.data, asset, h)


OPS = ["black-market-ops", "efficient-ops", "exploratory-ops", "negotiation-ops", "ops-team", "relief-ops-2"]


@pytest.mark.parametrize("ops,points", [(0, 0), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 6)])
def test_bureaucracy(ops, points):
    assert vp("bureaucracy", assets=["bureaucracy", *OPS[:ops]]) == points


@pytest.mark.parametrize("owned,points", [(1, 0), (2, 0), (3, 2), (4, 3), (5, 4), (6, 4), (7, 5), (8, 5), (9, 6),
                                          (12, 6)])
def test_capital_deepening_counts_itself(owned, points):
    assert vp("capital-deepening", assets=["capital-deepening"] + ["statue"] * (owned - 1)) == points


@pytest.mark.parametrize("charity,points", [(0, 0), (1, 1), (3, 3), (6, 6)])
def test_charitable_trust(charity, points):
    assets = ["charitable-trust", *(["statue", "library", "theater", "university", "concert-hall",
                                     "public-garden"][:charity])]
    assert vp("charitable-trust", assets=assets) == points


STOCKPILE = [(3, 0), (4, 2), (5, 2), (6, 3), (8, 3), (9, 4), (11, 4), (12, 5), (15, 5), (16, 6), (25, 6)]


@pytest.mark.parametrize("count,points", STOCKPILE)
def test_energy_stockpile_counts_coal_and_oil(count, points):
    coal = count // 2
    assert vp("energy-stockpile", assets=["energy-stockpile"], barrels={"coal": coal, "oil": count - coal,
                                                                         "gold": 9}) == points


@pytest.mark.parametrize("count,points", STOCKPILE)
def test_metal_stockpile_counts_copper_and_iron(count, points):
    iron = count // 3
    assert vp("metal-stockpile", assets=["metal-stockpile"], barrels={"iron": iron, "copper": count - iron,
                                                                       "coal": 9}) == points


@pytest.mark.parametrize("count,points", STOCKPILE)
def test_fort_knox_counts_gold(count, points):
    assert vp("fort-knox", assets=["fort-knox"], barrels={"gold": count, "oil": 20}) == points


@pytest.mark.parametrize("miners,points", [(2, 2), (3, 4), (4, 5)])
def test_labor_union(miners, points):
    assert vp("labor-union", assets=["labor-union"], miners=miners) == points


RAILROADS = ["coal-railroad", "copper-railroad", "energy-railroad", "golden-railroad"]
VENTURES = ["coal-venture", "copper-venture", "gold-venture", "iron-venture"]
EXCHANGES = ["coal-exchange", "copper-exchange", "gold-exchange", "iron-exchange"]
PLANTS = ["coke-oven-2", "copper-smelter-2", "gold-smelter", "iron-smelter"]


@pytest.mark.parametrize("asset,group", [("railroad-baron", RAILROADS), ("seed-funding", VENTURES),
                                         ("stock-market", EXCHANGES), ("titan-of-industry", PLANTS)])
@pytest.mark.parametrize("count,points", [(0, 0), (1, 2), (2, 4), (3, 6), (4, 6)])
def test_two_per_group_asset_up_to_6(asset, group, count, points):
    assert vp(asset, assets=[asset, *group[:count]]) == points


@pytest.mark.parametrize("cards,points", [(0, 0), (1, 0), (2, 3), (3, 4), (4, 5), (5, 6), (7, 6)])
def test_real_estate(cards, points):
    assert vp("real-estate", assets=["real-estate"], mine_cards=cards) == points


@pytest.mark.parametrize("sets,points", [(0, 0), (1, 4), (2, 6), (3, 6)])
def test_strategic_reserve(sets, points):
    barrels = {r: sets for r in NONE}
    barrels["coal"] += 4  # spare barrels of one kind do not make another set
    assert vp("strategic-reserve", assets=["strategic-reserve"], barrels=barrels) == points


def test_titan_of_industry_with_only_a_gold_smelter_is_worth_2():
    sheet = GAME.score_file({"players": [{"name": "Joe", "assets": ["gold-smelter", "titan-of-industry"]}]})
    rows = {r.category: r.points[0] for r in sheet.rows}
    assert rows["assets"] == 3  # the Gold Smelter's printed 3 VP
    assert rows["special"] == 2


def test_money_contracts_and_strikes():
    sheet = GAME.score_file({"players": [{"name": "A", "money": 9, "completed_contracts": 3, "strikes": 2},
                                         {"name": "B", "money": 10}]})
    rows = {r.category: r.points for r in sheet.rows}
    assert rows["money"] == (0, 1)  # $9 is worth nothing, $10 one VP
    assert rows["contracts"] == (3, 0) and rows["strikes"] == (-2, 0)
    race = GAME.score_file({"variant": "contract-race", "players": [{"name": "A", "completed_contracts": 3}]})
    assert race.totals == (6,)


def test_ties_go_to_the_most_barrels():
    sheet = GAME.score_file({"players": [{"name": "A", "money": 20, "barrels": {"coal": 1}},
                                         {"name": "B", "money": 20, "barrels": {"coal": 2}}]})
    assert sheet.totals == (2, 2) and sheet.ranks == (2, 1)
    assert "most barrels" in sheet.tiebreak


def test_bad_score_files_are_refused_with_a_clear_message():
    with pytest.raises(RuleViolation, match="unknown asset 'castle'"):
        GAME.score_file({"players": [{"name": "A", "assets": ["castle"]}]})
    with pytest.raises(RuleViolation, match="money must be a whole number"):
        GAME.score_file({"players": [{"name": "A", "money": -3}]})
    with pytest.raises(RuleViolation, match="'players' list"):
        GAME.score_file({})


def test_headframe_score_on_the_example_file():
    run = subprocess.run([sys.executable, "-m", "headframe", "score", "ore", str(EXAMPLE)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    sheet = json.loads(run.stdout)
    assert sheet["players"] == ["Joe", "Ann", "Bo"]
    rows = {r["category"]: r["points"] for r in sheet["rows"]}
    # Joe: Gold Smelter 3 + Diversified Ops 1, Titan 2, 2 contracts, $37, 1 strike.
    # Ann: University 6 + Statue 2, Charitable Trust 2 + Energy Stockpile 4 (9 coal and oil), $52.
    # Bo: two railroads 1 + 1, Railroad Baron 4 + Strategic Reserve 4, 4 contracts, $18, 2 strikes.
    assert rows["assets"] == [4, 8, 2] and rows["special"] == [2, 6, 8]
    assert sheet["totals"] == [10, 20, 13] and sheet["ranks"] == [3, 1, 2]
