"""Lord Wallace with the Arsenic and Emigration modules, with the rulebook's numbers."""

from dataclasses import replace

from companion.tinners_trail.moves.invest import after_actions
from companion.tinners_trail.moves.wallace_auction import calciner_here
from companion.tinners_trail.moves.wallace_extras import mine_or_arsenic

from test_wallace import ANN, LORD, RULES, act, card_showing, solo

TIN_5, COPPER_8 = 1, 2


def arsenic_example(round_=2, limit=11, **area):
    # Capacity 4 (miner and port), 1 copper at £8, 3 tin at £5, 3 water, 1 arsenic cube.
    mine = {**dict(owner=LORD, tin=3, copper=1, water=3, arsenic=1, miner=-1, port=True), **area}
    state = solo("arsenic", round=round_, tin_column=TIN_5, copper_column=COPPER_8, areas={"A1": mine},
                 players={LORD: dict(limit=limit)})
    market = list(state.market)
    market[3] = 1      # the £14 space of round 2's section is taken: the next cube earns £12
    return replace(state, market=tuple(market))


def test_rulebook_example_arsenic_12_beats_mining_profit_11():
    state = arsenic_example()
    after = mine_or_arsenic(state, True, RULES)
    assert after.area("A1").arsenic == 0 and after.area("A1").tin == 3        # no ore mined
    assert after.players[LORD].limit == 10 and after.lord.arsenic_money == 12
    assert sum(after.market) == 2 and after.column_of(LORD) == 0             # no work spent
    assert after.lord.again and "more than the £11 mining would make" in " ".join(after.lord.steps)


def test_his_limiter_stops_at_the_round_floor():
    # Floors 8, 8, 7, 5 in rounds 1–4; a mine with little ore makes arsenic the better action.
    for round_, limit, after in ((1, 9, 8), (1, 8, 8), (2, 8, 8), (3, 8, 7), (3, 7, 7), (4, 6, 5), (4, 5, 5)):
        state = arsenic_example(round_=round_, limit=limit, tin=1, copper=0)
        assert mine_or_arsenic(state, False, RULES).players[LORD].limit == after, (round_, limit)
    stopped = mine_or_arsenic(arsenic_example(round_=3, limit=7), True, RULES)
    assert stopped.players[LORD].tin == 3 and stopped.area("A1").arsenic == 1   # he mines instead


def test_after_arsenic_he_draws_another_card_in_the_same_turn():
    mine = card_showing("mine", 2, "0-3")
    state = replace(arsenic_example(), track=tuple((LORD, ANN) if i == 0 else () for i in range(11)))
    after = act(state, type="wallace_turn", seat=LORD, card=mine)         # a real card: he waits for the next
    assert after.lord.arsenic_money == 12 and after.column_of(LORD) == 0 and "draws another card" in after.lord.steps[-1]
    phone = act(replace(state, lord=replace(state.lord, deck=(mine,))), type="wallace_turn", seat=LORD)
    assert phone.lord.arsenic_money == 12 and sum(1 for s in phone.lord.steps if "draws card" in s) >= 2


def test_arsenic_money_is_added_at_the_sale():
    state = solo("arsenic", round=2, tin_column=TIN_5, copper_column=COPPER_8, track={}, passed=[ANN, LORD])
    state = replace(state, lord=replace(state.lord, arsenic_money=12))
    after = after_actions(state, RULES)
    assert "+ £12 arsenic" in after.lord.ledger[-1] and after.players[LORD].points == 16   # £10 at 16


def test_calciner_with_the_first_mine_that_adds_4_or_more_cubes():
    state = solo("arsenic")
    assert calciner_here(state, "A4", RULES)          # 6 neighbours: 7 cubes
    assert calciner_here(state, "A1", RULES)          # 3 neighbours: 4 cubes
    done = replace(state, players=tuple(replace(p, calciner=True) if i == LORD else p
                                        for i, p in enumerate(state.players)))
    assert not calciner_here(done, "A4", RULES)       # he has one calciner
    assert not calciner_here(solo(), "A4", RULES)


def test_arsenic_adds_2_to_net_worth_per_cube():
    from companion.tinners_trail.bots.wallace import tile_worth
    state = solo("arsenic", areas={"A1": dict(tile="A-1", face_up=True, arsenic=1)})
    assert tile_worth(state, "A1", RULES) == 4 + 2


# -- emigration ----------------------------------------------------------------------------------
def emigration_position(**kw):
    # His own miner in a mine holding 2 ore, below its capacity of 3.
    areas = {"A1": dict(owner=LORD, tin=2, water=1, miner=LORD), "A4": dict(owner=LORD, tin=4, copper=2, water=2)}
    return solo("emigration", areas=areas, round=2, **kw)


def test_develop_becomes_emigration_to_michigan_and_the_train_is_placed_at_once():
    after = act(emigration_position(), type="wallace_turn", seat=LORD, card=card_showing("develop", 2, "0-3"))
    assert ("michigan", 2, LORD) in after.emigrants and after.area("A1").miner is None
    assert after.area("A4").train and after.players[LORD].bonus_pieces == ()


def test_mine_becomes_sierra_madre_or_kimberly_when_taken():
    state = emigration_position()
    after = act(state, type="wallace_turn", seat=LORD, card=card_showing("mine", 2, "0-3"))
    assert ("sierra_madre", 2, LORD) in after.emigrants and after.players[LORD].emigration_points == 10
    taken = replace(state, emigrants=(("sierra_madre", 2, ANN),))
    after = act(taken, type="wallace_turn", seat=LORD, card=card_showing("mine", 2, "0-3"))
    assert ("kimberly", 2, LORD) in after.emigrants and after.lord.income == 5
    assert after.players[LORD].kimberly == 0 and after.players[LORD].money == 0   # paid once, at the sale


def test_build_becomes_adelaide_and_raises_all_his_ore():
    state = emigration_position()
    after = act(state, type="wallace_turn", seat=LORD, card=card_showing("build", 2, "0-3"))
    assert ("adelaide", 2, LORD) in after.emigrants
    sale = replace(after, track=tuple(() for _ in after.track), passed=(ANN, LORD),
                   players=tuple(replace(p, tin=2, copper=1) if i == LORD else p
                                 for i, p in enumerate(after.players)), tin_column=TIN_5, copper_column=COPPER_8)
    done = after_actions(sale, RULES)
    assert "Adelaide +£6" in done.lord.ledger[-1]      # round 2: +£2 on every one of his 3 cubes


def test_he_places_miners_of_his_colour():
    state = solo("emigration", areas={"A1": dict(owner=LORD, tin=4, copper=2, water=1)}, round=2)
    state = replace(state, players=tuple(replace(p, own_miners=2) if i == LORD else p
                                         for i, p in enumerate(state.players)))
    after = act(state, type="wallace_turn", seat=LORD, card=card_showing("develop", 2, "0-3"))
    assert after.area("A1").miner == LORD and after.players[LORD].own_miners == 1
