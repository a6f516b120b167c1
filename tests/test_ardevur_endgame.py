"""The end of an ARDEVUR game: the three Total Control conditions, who may call and when, the
final round's length, the table's other endgame agreements, and no action cards after the call."""

import pytest

from companion import find_game
from companion.ardevur.setup.scenario import at, give_mine, table
from companion.errors import RuleViolation

GAME = find_game("ardevur")


def data(state):
    """The state as a table stores it (its JSON form)."""
    return GAME.to_json(state)


ANN, BO, CY = 0, 1, 2


def act(state, type_, seat=ANN, **fields):
    return GAME.apply(state, {"type": type_, "seat": seat, **fields})


def gold_on_top(d, target="fortune", pile=0):
    """Put a gold target on top of a gold pile (Fortune: 160M held)."""
    for piles in d["grid"].values():
        for cards in piles:
            if target in cards:
                cards.remove(target)
    d["grid"]["gold"][pile].append(target)


def test_total_control_cannot_be_called_before_any_condition_holds():
    state = at(table(3), "reward")
    with pytest.raises(RuleViolation, match="Total Control needs"):
        act(state, "call_total_control")
    assert not GAME.legal(state, {"type": "call_total_control", "seat": ANN})


def test_the_claimer_of_a_gold_target_calls_total_control_right_after_claiming():
    d = table(3)
    gold_on_top(d)
    d["players"][ANN]["money"] = 160
    claimed = act(at(d, "reward"), "claim_target", tier="gold", pile=0)
    assert data(claimed)["turn"] == BO and data(claimed)["golds_claimed"] == 1
    # Bo may not call in Ann's place, but Ann may, before Bo moves
    assert {"type": "call_total_control", "seat": ANN} in [o.action for o in GAME.options(claimed, ANN)]
    called = act(claimed, "call_total_control", ANN)
    assert data(called)["end"]["by"] == ANN and "gold target" in data(called)["end"]["why"]


def test_the_claimers_window_closes_with_the_next_move():
    d = table(3)
    gold_on_top(d)
    d["players"][ANN]["money"] = 160
    claimed = act(at(d, "reward"), "claim_target", tier="gold", pile=0)
    moved = act(claimed, "pass", BO)
    with pytest.raises(RuleViolation, match="your own turn"):
        act(moved, "call_total_control", ANN)
    # Bo, whose turn it is, may call: the condition holds for the whole table
    assert data(act(moved, "call_total_control", BO))["end"]["by"] == BO


def empty_bronze_and_silver(d):
    for tier in ("bronze", "silver"):
        for cards in d["grid"][tier]:
            d["box"].extend(cards)
            cards.clear()


def test_all_bronze_and_silver_claimed_allows_the_call_only_after_a_round_without_a_gold_claim():
    d = table(3)
    empty_bronze_and_silver(d)
    state = at(d, "reward")
    state = act(state, "pass")            # Ann's turn ends; the empty rows are noticed
    start = data(state)["bs_empty_on"]
    assert start is not None
    with pytest.raises(RuleViolation, match="Total Control needs"):
        act(at(GAME.to_json(state), "reward", BO), "call_total_control", BO)
    for seat in (BO, CY):
        state = act(at(GAME.to_json(state), "reward", seat), "pass", seat)
    with pytest.raises(RuleViolation, match="Total Control needs"):   # Ann: the round is not yet over
        act(at(GAME.to_json(state), "reward", ANN), "call_total_control", ANN)
    state = act(at(GAME.to_json(state), "reward", ANN), "pass", ANN)
    assert data(state)["turn_no"] - start == 3
    called = act(at(GAME.to_json(state), "reward", BO), "call_total_control", BO)
    assert "full round" in data(called)["end"]["why"]


def test_24_points_of_targets_and_incentives_allow_the_call_and_23_do_not():
    d = table(2)
    golds = [t for t, c in GAME.data.targets.items() if c.tier == "gold"][:3]   # 8 points each
    d["players"][BO]["targets"] = golds[:2] + [t for t, c in GAME.data.targets.items() if c.tier == "silver"][:1]
    assert sum(GAME.data.targets[t].points for t in d["players"][BO]["targets"]) == 20
    with pytest.raises(RuleViolation, match="Total Control needs"):
        act(at(d, "reward"), "call_total_control")
    d["players"][BO]["incentives"] = [sorted(GAME.data.incentives)[0]]
    assert GAME.data.incentives[d["players"][BO]["incentives"][0]].points == 4
    called = act(at(d, "reward"), "call_total_control")
    assert "Bo holds at least 24 points" in data(called)["end"]["why"]


def finish_turns(state, seats):
    for seat in seats:
        assert data(state)["turn"] == seat and data(state)["phase"] == "play"
        state = act(at(GAME.to_json(state), "reward", seat), "pass", seat)
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_after_the_call_each_other_player_has_exactly_one_more_turn(n):
    d = table(n)
    d["golds_claimed"] = 1
    d["turn"] = 1
    called = act(at(d, "reward", 1), "call_total_control", 1)
    after_caller = act(called, "pass", 1)
    others = [(1 + i) % n for i in range(1, n)]
    state = finish_turns(after_caller, others[:-1])
    assert data(state)["phase"] == "play" and data(state)["turn"] == others[-1]
    state = finish_turns(state, others[-1:])
    assert data(state)["phase"] == "over"
    assert GAME.end_if(state) is not None
    assert "Total Control" in data(state)["over_reason"]


def test_no_action_card_may_be_played_after_the_call():
    d = table(2)
    d["golds_claimed"] = 1
    card = next(a for a, c in GAME.data.actions.items() if c.corporation == "great" and c.timing == "anytime")
    d["players"][ANN]["actions"] = [card]
    state = at(d, "strategy")
    called = act(state, "call_total_control")
    with pytest.raises(RuleViolation, match="endgame is triggered"):
        act(called, "play_action", card=card, target=BO)


def test_minute_64_ends_the_game_at_once_only_when_agreed():
    d = table(2)
    with pytest.raises(RuleViolation, match="minute 64"):
        act(at(d, "strategy"), "call_time", BO)
    d["options"]["endgame"] = "minute-64"
    over = act(at(d, "strategy"), "call_time", BO)
    assert data(over)["phase"] == "over" and data(over)["over_reason"] == "minute 64 was reached"
    assert GAME.end_if(over) is not None


def test_play_until_no_moves_ends_after_a_full_round_of_passes_and_refuses_total_control():
    d = table(3)
    d["options"]["endgame"] = "exhausted"
    d["golds_claimed"] = 1
    state = at(d, "reward")
    with pytest.raises(RuleViolation, match="until no moves"):
        act(state, "call_total_control")
    state = act(state, "pass")
    for seat in (BO, CY):
        assert data(state)["phase"] == "play"
        state = act(state, "pass", seat)    # strategy, development, reward: all passed
        state = act(state, "pass", seat)
        state = act(state, "pass", seat)
    assert data(state)["phase"] == "over"
    assert "nobody had anything left" in data(state)["over_reason"]


def test_one_move_breaks_the_run_of_passes():
    d = table(2)
    d["options"]["endgame"] = "exhausted"
    give_mine(d, BO, "asturias")
    state = act(at(d, "reward"), "pass")
    assert data(state)["stage"] == "extraction"
    state = act(state, "extract", BO, mines=["asturias"])
    for _ in range(3):
        state = act(state, "pass", BO)
    assert data(state)["phase"] == "play" and data(state)["turn"] == ANN


def test_the_table_may_retire_an_unachievable_target_and_the_card_beneath_becomes_claimable():
    d = table(2)
    pile = d["grid"]["bronze"][1]
    top, beneath = pile[-1], pile[-2]
    state = at(d, "development")
    with pytest.raises(RuleViolation, match="Ann's turn"):
        act(state, "retire_target", BO, tier="bronze", pile=1)
    after = act(state, "retire_target", tier="bronze", pile=1)
    assert data(after)["grid"]["bronze"][1][-1] == beneath and top in data(after)["box"]
    assert data(after)["stage"] == "development" and data(after)["turn"] == ANN   # no phase spent
    name = GAME.data.targets[top].name
    assert GAME.describe(state, {"type": "retire_target", "seat": ANN, "tier": "bronze", "pile": 1}, after) == (
        f"Ann retires {name} (bronze, pile 2) from the grid: the whole table agrees nobody can meet it")
    # the phone of the player whose turn it is offers it for every pile with a top card, named
    offered = {(o.action["tier"], o.action["pile"]): o for o in GAME.options(state, ANN)
               if o.action["type"] == "retire_target"}
    assert len(offered) == sum(1 for piles in d["grid"].values() for p in piles if p)
    assert offered[("bronze", 1)].label.startswith(f"Retire {name} (bronze, pile 2)")
    assert offered[("bronze", 1)].allowed
    assert not [o for o in GAME.options(state, BO) if o.action["type"] == "retire_target"]
    assert not [o for o in GAME.options(state, ANN) if o.action["type"] == "call_time"]  # not agreed


def test_the_minute_64_call_is_offered_on_every_phone_when_agreed_and_refused_after_the_end_began():
    d = table(2)
    d["options"]["endgame"] = "minute-64"
    state = at(d, "development")
    for seat in (ANN, BO):
        calls = [o for o in GAME.options(state, seat) if o.action["type"] == "call_time"]
        assert len(calls) == 1 and calls[0].allowed
        assert "minute 64 is reached" in calls[0].label
    over = act(state, "call_time", BO)
    assert data(over)["phase"] == "over" and data(over)["over_reason"] == "minute 64 was reached"
    d = table(2)
    d["options"]["endgame"] = "minute-64"
    d["end"] = {"by": 1, "last": 0, "why": "Bo called Total Control"}
    with pytest.raises(RuleViolation, match="final round is already under way"):
        act(at(d, "strategy"), "call_time", BO)
    # the button stays, greyed, with the reason
    calls = [o for o in GAME.options(at(d, "strategy"), BO) if o.action["type"] == "call_time"]
    assert len(calls) == 1 and not calls[0].allowed and "already under way" in calls[0].reason


def test_equal_highest_totals_share_the_win():
    d = table(3)
    d["options"]["endgame"] = "minute-64"
    give_mine(d, ANN, "asturias")
    give_mine(d, BO, "tyrol")
    over = act(at(d, "strategy"), "call_time")
    outcome = GAME.end_if(over)
    assert outcome.winners == (ANN, BO) and outcome.finish.name == "TIE"


def test_a_round_is_one_turn_of_every_player():
    d = table(2)
    rounds = []
    for turn_no in (1, 2, 3, 4, 5):
        d["turn_no"] = turn_no
        rounds.append(GAME.round_of(at(d, "strategy")))
    assert rounds == [1, 1, 2, 2, 3]
