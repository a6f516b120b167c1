"""Ore (published edition): every worked example of the rulebook with its numbers, and the
rules around them. Positions are built by editing a fresh table (scenario style)."""

import json

import pytest

from companion import PlayerSpec, RuleViolation, find_game
from companion.ore_published.state import from_json, to_json
from headframe.cli import main
from test_data_numbers import checked_once, edited_copy

GAME = find_game("ore-published")


def table(names=("Blake", "Ada", "Cora"), mines=("iron-1", "copper-1"), contracts=()):
    state = GAME.setup([PlayerSpec(n) for n in names], seed=7)
    return GAME.apply(state, {"type": "deal", "seat": 0, "mines": ",".join(mines), "contracts": ",".join(contracts)})


def edit(state, change):
    d = to_json(state)
    change(d)
    return from_json(d)


def test_market_buy_two_copper_at_five_and_others_buy_one():
    state = edit(table(), lambda d: d["players"][0].update(money=20))
    assert GAME.view(state, 0)["prices"]["copper"] == 5
    state = GAME.apply(state, {"type": "place", "seat": 0, "space": "market", "res": "copper", "buy": 2})
    blake = to_json(state)["players"][0]
    assert blake["money"] == 10 and blake["cubes"]["copper"] == 3
    assert GAME.acting_seats(state) == (1,)
    ada_money = to_json(state)["players"][1]["money"]
    with pytest.raises(RuleViolation, match="up to 1 cubes here, not 2"):
        GAME.apply(state, {"type": "trade", "seat": 1, "buy": 2})
    state = GAME.apply(state, {"type": "trade", "seat": 1, "buy": 1})
    assert to_json(state)["players"][1]["money"] == ada_money - 5
    assert to_json(state)["players"][1]["cubes"]["copper"] == 2
    state = GAME.apply(state, {"type": "decline", "seat": 2})
    assert GAME.acting_seats(state) == (1,)  # Ada places next
    with pytest.raises(RuleViolation, match="market space already has a worker"):
        GAME.apply(state, {"type": "place", "seat": 1, "space": "market", "res": "coal", "buy": 1})


def in_iron(d, workers, cage=0):
    d["mines"]["iron"]["workers"] = [{"seat": s, "depth": depth} for s, depth in workers]
    d["players"][0]["cage"] = cage
    d["phase"] = "collection"


def test_blake_gathers_one_plus_two_iron_with_two_workers():
    state = edit(table(), lambda d: in_iron(d, [(0, 1)], cage=1))
    state = edit(state, lambda d: d.update(phase="tasking", turn=0))
    state = GAME.apply(state, {"type": "place", "seat": 0, "space": "mine", "res": "iron"})
    state = edit(state, lambda d: d.update(phase="collection"))
    before = to_json(state)["players"][0]["cubes"]["iron"]
    state = GAME.apply(state, {"type": "collect", "seat": 0})
    assert to_json(state)["players"][0]["cubes"]["iron"] == before + 1 + 2
    assert sorted(w["depth"] for w in to_json(state)["mines"]["iron"]["workers"]) == [1, 2]


def test_deepest_worker_without_a_cage_leaves_and_exhausts_the_mine():
    state = edit(table(), lambda d: in_iron(d, [(0, 1), (1, 0)], cage=0))
    home = [p["home"] for p in to_json(state)["players"]]
    action = {"type": "collect", "seat": 0}
    assert GAME.is_barrier(action, state)  # a new mine card is turned up
    state = GAME.apply(state, action)
    iron = to_json(state)["mines"]["iron"]
    assert iron["workers"] == [] and iron["card"] != "iron-1"
    assert to_json(state)["decks"]["mines"]["iron"][-1] == "iron-1"
    assert [p["home"] for p in to_json(state)["players"]][:2] == [home[0] + 1, home[1] + 1]


def test_a_follower_without_a_cage_leaves_while_the_leader_goes_on():
    def setup(d):
        in_iron(d, [(0, 1), (1, 2)], cage=0)  # iron-1: 1 2 | 2 | 3
        d["players"][1]["cage"] = 2
    state = GAME.apply(edit(table(), setup), {"type": "collect", "seat": 0})
    assert to_json(state)["mines"]["iron"] == {"card": "iron-1", "workers": [{"seat": 1, "depth": 3}]}


def test_worker_on_the_last_space_exhausts_the_mine_and_the_next_card_sets_the_price():
    state = edit(table(), lambda d: in_iron(d, [(0, 3)], cage=2))
    assert GAME.view(state, 0)["prices"]["iron"] == 6
    before = to_json(state)["players"][0]["cubes"]["iron"]
    state = GAME.apply(state, {"type": "collect", "seat": 0, "cards": "iron-2"})
    assert to_json(state)["players"][0]["cubes"]["iron"] == before + 3
    assert to_json(state)["mines"]["iron"]["card"] == "iron-2"
    assert to_json(state)["decks"]["mines"]["iron"][-1] == "iron-1"
    assert GAME.view(state, 0)["prices"]["iron"] == 5


def business(state, contracts, cubes, money=0, hand=()):
    def change(d):
        p = d["players"][0]
        p["contracts"] = [{"id": c, "filled": filled, "now": False} for c, filled in contracts]
        p["cubes"].update(cubes)
        p["money"] = money
        p["hand"] = list(hand)
        d["phase"] = "business"
    return edit(state, change)


def test_filled_rows_pay_eighteen_dollars():
    state = business(table(), [("c1", 0), ("c2", 0)], {"lead": 2, "coal": 1, "iron": 1})
    state = GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c1"})
    state = GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c2"})
    blake = to_json(state)["players"][0]
    assert blake["money"] == 8 + 10 == 18
    assert blake["cubes"] == {"lead": 0, "coal": 0, "copper": 1, "iron": 0, "gold": 1}
    with pytest.raises(RuleViolation, match="exactly one row a round"):
        GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c1"})


def test_an_unfilled_contract_is_lost_unpaid():
    state = business(table(), [("c1", 0), ("c2", 0)], {"lead": 1, "coal": 1, "iron": 0})
    state = GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c1"})
    with pytest.raises(RuleViolation, match="Row 1 of contract #2 needs 1 lead; you have 0"):
        GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c2"})
    state = GAME.apply(state, {"type": "done", "seat": 0})
    assert [c["id"] for c in to_json(state)["players"][0]["contracts"]] == ["c1"]
    assert to_json(state)["discard"] == ["c2"] and to_json(state)["players"][0]["money"] == 8


def test_one_building_icon_buys_slag_heap_for_seventeen_and_sells_three_at_market():
    state = business(table(), [("c16", 1)], {"coal": 3, "lead": 2}, money=10, hand=["slag-heap#1", "bank#1"])
    state = GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c16"})
    blake = to_json(state)["players"][0]
    assert blake["money"] == 19 and blake["completed"] == ["c16"] and blake["credits"] == 1
    prices = GAME.view(state, 0)["prices"]
    state = GAME.apply(state, {"type": "build", "seat": 0, "building": "slag-heap", "cubes": "coal, coal, iron"})
    blake = to_json(state)["players"][0]
    assert blake["money"] == 19 - 17 + 2 * prices["coal"] + prices["iron"]
    assert blake["built"] == ["slag-heap#1"] and blake["hand"] == ["bank#1"]
    assert blake["cubes"]["coal"] == 0 and blake["cubes"]["iron"] == 0
    with pytest.raises(RuleViolation, match="only with a building icon"):
        GAME.apply(state, {"type": "build", "seat": 0, "building": "bank"})
    sheet = GAME.score(edit(state, lambda d: d.update(phase="over")))
    assert sheet.totals[0] == GAME.cat.contracts["c16"].vp + GAME.cat.buildings["slag-heap"].vp


def test_recruiting_pays_by_order_and_is_refused_once_taken():
    state = edit(table(), lambda d: [p.update(money=30) for p in d["players"]])
    state = GAME.apply(state, {"type": "place", "seat": 0, "space": "recruit"})
    blake = to_json(state)["players"][0]
    # the recruit stays on the board until the business phase and works from the next round
    assert blake["money"] == 26 and blake["workers"] == 5 and blake["home"] == 3 and blake["fresh"]
    closed = GAME.apply(edit(state, lambda d: d.update(phase="cleanup")), {"type": "close_round", "seat": 0})
    assert to_json(closed)["players"][0]["home"] == 5 and not to_json(closed)["players"][0]["fresh"]
    fresh = lambda d: d.update(spaces={k: None for k in d["spaces"]}, turn=0)
    with pytest.raises(RuleViolation, match="already recruited your extra worker"):
        GAME.apply(edit(state, fresh), {"type": "place", "seat": 0, "space": "recruit"})
    state = edit(state, lambda d: d.update(spaces={k: None for k in d["spaces"]}))
    state = GAME.apply(state, {"type": "place", "seat": 1, "space": "recruit"})
    assert to_json(state)["players"][1]["money"] == 24


def test_no_player_has_more_workers_than_the_box_holds_of_their_colour(tmp_path):
    """The box holds 5 workers of a colour (tables.workers_per_colour): 4 to place and 1 waiting
    to be recruited. A copy with 4 has no worker waiting: the recruit space refuses, naming the
    rule and the numbers, and a recruiting building is built without a hire."""
    game = find_game("ore-published", str(edited_copy(tmp_path, "ore-published", ("count = 30", "count = 25"),
                                                      ("workers_per_colour = 5", "workers_per_colour = 4"))))
    dealt = game.apply(game.setup([PlayerSpec(n) for n in ("Blake", "Ada", "Cora")], seed=7),
                       {"type": "deal", "seat": 0, "mines": "iron-1,copper-1", "contracts": ""})
    state = edit(dealt, lambda d: [p.update(money=30) for p in d["players"]])
    place = {"type": "place", "seat": 0, "space": "recruit"}
    assert game.refusal(state, place) == ("Blake already has 4 workers, every worker of their colour in the box (4): "
                                          "none waits in the recruit area.")
    with pytest.raises(RuleViolation) as refused:
        game.apply(state, place)
    assert refused.value.rule == "Recruit"
    assert GAME.refusal(state, place) is None  # the shipped box holds a fifth
    assert not game.view(state, 0)["board"]["players"][0]["waiting"]
    assert GAME.view(state, 0)["board"]["players"][0]["waiting"]

    def builder(d):
        d["phase"] = "business"
        d["players"][0].update(money=10, credits=1, hand=["boarding-house#1"])
    built = game.apply(edit(state, builder), {"type": "build", "seat": 0, "building": "boarding-house"})
    blake = to_json(built)["players"][0]
    assert blake["workers"] == 4 and blake["money"] == 4 and blake["built"] == ["boarding-house#1"]
    hired = to_json(GAME.apply(edit(state, builder), {"type": "build", "seat": 0, "building": "boarding-house"}))
    assert hired["players"][0]["workers"] == 5


@pytest.mark.parametrize("old,new,expected", [
    ("workers_per_colour = 5", "workers_per_colour = 3",
     "tables.workers_per_colour: a player starts with 4 workers of their colour (setup.workers): the box needs at "
     "least that many, not 3"),
    ("workers_per_colour = 5", "workers_per_colour = 6",
     "components.workers.count: prints 30; tables.workers_per_colour (6) for each of 5 colours and "
     "tables.temp_workers (5) makes 35"),
    ("private_mine_tokens = 5", "private_mine_tokens = 4",
     "tables.private_mine_tokens: one for each player colour: at least 5 (the most players), not 4"),
    ("mine_cage_tokens = 5", "mine_cage_tokens = 3",
     "tables.mine_cage_tokens: one for each player colour: at least 5 (the most players), not 3"),
])
def test_the_boxs_counts_are_the_printed_pieces(tmp_path, capsys, old, new, expected):
    """The workers the tables count are the ones the print set makes, and the private mine and
    mine cage tokens (which only print: their components' count names them) are one per player
    colour at least; a copy out of step stops check at the line."""
    checked_once(tmp_path, capsys, "ore-published", old, new, expected)


def test_drill_bit_enters_a_free_deeper_space_and_never_a_taken_one():
    state = edit(table(), lambda d: (d["players"][0].update(drills=1, cage=1),
                                     d["mines"]["iron"].update(workers=[{"seat": 1, "depth": 1}])))
    with pytest.raises(RuleViolation, match="Space 2 of the iron mine is taken"):
        GAME.apply(state, {"type": "place", "seat": 0, "space": "mine", "res": "iron", "depth": 1})
    state = GAME.apply(state, {"type": "place", "seat": 0, "space": "mine", "res": "iron", "depth": 2})
    assert {"seat": 0, "depth": 2} in to_json(state)["mines"]["iron"]["workers"]
    assert to_json(state)["players"][0]["drills"] == 0


def test_a_used_drill_bit_goes_back_to_the_supply():
    state = edit(table(), lambda d: d.update(drills=4) or d["players"][0].update(drills=1, cage=1))
    state = GAME.apply(state, {"type": "place", "seat": 0, "space": "mine", "res": "iron", "depth": 1})
    assert to_json(state)["players"][0]["drills"] == 0 and to_json(state)["drills"] == 5


def test_two_player_game_has_no_copper_and_no_overtime():
    state = table(names=("Blake", "Ada"), mines=("iron-1",))
    d = to_json(state)
    assert "copper" not in d["mines"] and d["overtime"] == []
    assert all(p["cubes"]["copper"] == 0 for p in d["players"])
    assert all(GAME.cat.contracts[c].two_player for c in d["decks"]["contracts"] + d["row"])
    assert len(d["row"]) == 3
    with pytest.raises(RuleViolation, match="three or more players"):
        GAME.apply(state, {"type": "place", "seat": 0, "space": "overtime", "target": "cage"})


def test_advance_orders_take_first_player_and_allow_an_early_row():
    state = business(table(), [("c1", 0)], {"lead": 1, "coal": 1})
    state = edit(state, lambda d: d.update(phase="tasking", turn=1, first=0))
    state = GAME.apply(state, {"type": "place", "seat": 1, "space": "advance"})
    assert GAME.acting_seats(state) == (1,)
    state = GAME.apply(state, {"type": "done", "seat": 1})
    assert GAME.acting_seats(state) == (2,) and to_json(state)["advance"] == 1


def test_a_row_filled_early_is_that_contracts_row_for_the_round():
    state = business(table(), [("c1", 0)], {"lead": 2, "coal": 2})
    state = edit(state, lambda d: d.update(phase="tasking", turn=0, first=0))
    state = GAME.apply(state, {"type": "place", "seat": 0, "space": "advance"})
    state = GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c1"})
    state = GAME.apply(state, {"type": "done", "seat": 0})
    filled = to_json(state)["players"][0]["contracts"][0]["filled"]
    state = edit(state, lambda d: d.update(phase="business"))
    with pytest.raises(RuleViolation, match="Contract #1 already had a row filled this round"):
        GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c1"})
    state = GAME.apply(state, {"type": "done", "seat": 0})
    assert to_json(state)["players"][0]["contracts"][0]["filled"] == filled == 1  # kept, not lost


def test_hands_are_hidden_from_other_seats():
    state = edit(table(), lambda d: d["players"][0].update(hand=["bank#1", "hotel#2"]))
    assert GAME.view(state, 0)["players"][0]["hand"] == ["bank#1", "hotel#2"]
    assert GAME.view(state, 1)["players"][0]["hand"] == 2
    assert isinstance(GAME.view(state, 1)["decks"]["buildings"], int)


def test_declared_barriers_and_shapes():
    state = table()
    assert GAME.is_barrier({"type": "place", "seat": 0, "space": "permit", "count": 2}, state)
    assert not GAME.is_barrier({"type": "place", "seat": 0, "space": "cage"}, state)
    assert GAME.is_barrier({"type": "deal", "seat": 0})
    with pytest.raises(RuleViolation, match="has no field 'colour'"):
        GAME.apply(state, {"type": "place", "seat": 0, "space": "cage", "colour": "red"})


def test_score_file_example_ranks_and_breaks_ties(tmp_path, capsys):
    from pathlib import Path
    example = Path(__file__).resolve().parent.parent / "cards_data" / "ore-published" / "examples" / "final.json"
    assert main(["score", "ore-published", str(example)]) == 0
    sheet = json.loads(capsys.readouterr().out)
    cat = GAME.cat
    blake = sum(cat.contracts[c].vp for c in ("c1", "c2", "c16")) + sum(cat.buildings[b].vp for b in ("slag-heap", "bank", "saloon"))
    assert sheet["totals"][0] == blake
    tie = {"players": [{"name": "A", "money": 3, "contracts": ["c1"]}, {"name": "B", "money": 9, "contracts": ["c1"]}]}
    path = tmp_path / "tie.json"
    path.write_text(json.dumps(tie))
    assert main(["score", "ore-published", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ranks"] == [2, 1] and "most money decides" in out["tiebreak"]
    path.write_text(json.dumps({"players": [{"name": "A", "contracts": ["c99"]}, {"name": "B"}]}))
    assert main(["score", "ore-published", str(path)]) == 2
    assert "unknown contract 'c99'" in capsys.readouterr().err


def test_cards_turned_up_by_a_real_deck_are_entered_and_checked():
    state = edit(table(), lambda d: d["players"][0].update(money=30))
    with pytest.raises(RuleViolation, match="iron-1 is not in the iron mine deck"):
        GAME.apply(state, {"type": "place", "seat": 0, "space": "private", "res": "iron", "card": "iron-1"})
    state = GAME.apply(state, {"type": "place", "seat": 0, "space": "permit", "count": 2, "cards": "bank, hotel"})
    assert sorted(c.split("#")[0] for c in to_json(state)["players"][0]["hand"]) == ["bank", "hotel"]
    assert to_json(state)["players"][0]["money"] == 30 - 2 * 2
    with pytest.raises(RuleViolation, match="Name all 1 cards drawn, or none"):
        GAME.apply(state, {"type": "draw", "seat": 1, "count": 1, "cards": "bank, hotel"})


def test_either_ore_icons_take_the_named_resource():
    state = business(table(), [("c4", 0)], {"lead": 1, "coal": 1})  # c4 row 1: lead/coal = $4
    with pytest.raises(RuleViolation, match="takes lead or coal, not gold"):
        GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c4", "choice": "gold"})
    state = GAME.apply(state, {"type": "fill", "seat": 0, "contract": "c4", "choice": "coal"})
    assert to_json(state)["players"][0]["cubes"]["coal"] == 0 and to_json(state)["players"][0]["cubes"]["lead"] == 1
    assert to_json(state)["players"][0]["money"] == 4


def test_recall_costs_five_and_the_round_passes_the_first_player_token():
    def setup(d):
        d["mines"]["iron"]["workers"] = [{"seat": 0, "depth": 1}]
        d["players"][0].update(money=7, home=3)
        d["phase"] = "business"
    state = edit(table(), setup)
    state = GAME.apply(state, {"type": "recall", "seat": 0, "res": "iron", "depth": 1})
    assert to_json(state)["players"][0]["money"] == 2 and to_json(state)["mines"]["iron"]["workers"] == []
    with pytest.raises(RuleViolation, match="no worker on space 2 of the iron mine"):
        GAME.apply(state, {"type": "recall", "seat": 0, "res": "iron", "depth": 1})
    for seat in range(3):
        state = GAME.apply(state, {"type": "done", "seat": seat})
    assert to_json(state)["phase"] == "cleanup"
    state = GAME.apply(state, {"type": "close_round", "seat": 0})
    assert to_json(state)["round"] == 2 and to_json(state)["first"] == 1 and GAME.acting_seats(state) == (1,)
    assert [p["home"] for p in to_json(state)["players"]] == [4, 4, 4]
    assert None not in to_json(state)["row"]


def test_advance_orders_take_the_first_player_token_over_passing():
    state = edit(table(), lambda d: d.update(advance=2, phase="cleanup"))
    state = GAME.apply(state, {"type": "close_round", "seat": 0})
    assert to_json(state)["first"] == 2 and to_json(state)["advance"] is None


def test_the_game_ends_when_the_seventh_business_phase_is_finished():
    state = edit(table(), lambda d: d.update(round=7, phase="business"))
    for seat in range(3):
        assert GAME.end_if(state) is None
        state = GAME.apply(state, {"type": "done", "seat": seat})
    assert to_json(state)["phase"] == "over" and GAME.end_if(state) is not None
    from companion import GameOver
    with pytest.raises(GameOver):
        GAME.apply(state, {"type": "close_round", "seat": 0})


@pytest.mark.parametrize("phase", ["deal", "tasking"])
def test_the_real_card_choices_never_tell_a_decks_order(phase):
    """The phone lists what a deck holds for players with the real cards; the order it lists
    them in says nothing of the deck's order (the card the phone would draw next)."""
    state = GAME.setup([PlayerSpec(n) for n in ("Blake", "Ada", "Cora")], seed=7)
    if phase == "tasking":
        state = GAME.apply(state, {"type": "deal", "seat": 0})

    def reversed_decks(d):
        for res in d["decks"]["mines"]:
            d["decks"]["mines"][res] = list(reversed(d["decks"]["mines"][res]))
        d["decks"]["contracts"] = list(reversed(d["decks"]["contracts"]))

    shown = [GAME.view(s, 0)["board"] for s in (state, edit(state, reversed_decks))]
    for key in ("deal", "real", "refill"):
        assert shown[0][key] == shown[1][key], key
    assert shown[0]["deal" if phase == "deal" else "real"]["mines"], "the choices are there"
