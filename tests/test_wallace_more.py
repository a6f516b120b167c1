"""More of Lord Wallace's rules, each checked against the solo rules: where his pass puts his
disc, which miners can emigrate for him, and that a Kimberly payment comes once."""

from dataclasses import replace

from companion.tinners_trail.wallace_invest import his_sale

from test_wallace import ANN, LORD, RULES, act, card_showing, solo


def test_his_pass_card_puts_his_disc_in_the_uppermost_empty_investment_space():
    # Ann has already passed: the top space is taken, so his disc goes below hers, in space 2.
    state = solo(track={4: [LORD]}, passed=[ANN])
    after = act(state, type="wallace_turn", seat=LORD, card=card_showing("pass", 1, "4-6"))
    assert after.passed == (ANN, LORD)
    assert "investment space 2" in " ".join(after.lord.steps)
    # Nobody has passed yet: he takes the top space.
    first = act(solo(track={4: [LORD], 5: [ANN]}), type="wallace_turn", seat=LORD,
                card=card_showing("pass", 1, "4-6"))
    assert first.passed == (LORD,) and "investment space 1" in " ".join(first.lord.steps)


def test_only_a_miner_of_his_colour_can_emigrate_for_him():
    hired = {"A1": dict(owner=LORD, tin=2, water=1, miner=-1), "A4": dict(owner=LORD, tin=4, copper=2, water=2)}
    after = act(solo("emigration", areas=hired, round=2), type="wallace_turn", seat=LORD,
                card=card_showing("mine", 2, "0-3"))
    assert not [e for e in after.emigrants if e[2] == LORD] and after.area("A1").miner == -1
    own = dict(hired, A1=dict(hired["A1"], miner=LORD))
    after = act(solo("emigration", areas=own, round=2), type="wallace_turn", seat=LORD,
                card=card_showing("mine", 2, "0-3"))
    assert ("sierra_madre", 2, LORD) in after.emigrants and after.area("A1").miner is None


def test_kimberly_pays_him_at_one_sale_only():
    state = solo("emigration", areas={"A1": dict(owner=LORD, tin=2, water=1, miner=LORD),
                                      "A4": dict(owner=LORD, tin=4, copper=2, water=2)}, round=2)
    state = replace(state, emigrants=(("sierra_madre", 2, ANN),))
    after = act(state, type="wallace_turn", seat=LORD, card=card_showing("mine", 2, "0-3"))
    assert ("kimberly", 2, LORD) in after.emigrants and after.lord.income == 5
    sold = his_sale(replace(after, passed=(ANN, LORD)), RULES)
    assert "+ £5 income" in sold.lord.ledger[-1] and sold.lord.income == 0
    again = his_sale(replace(sold, round=3, passed=(ANN, LORD)), RULES)
    assert "income" not in again.lord.ledger[-1]
