"""More of Lord Wallace's rules, each checked against the solo rules: where his pass puts his
disc, which miners can emigrate for him, that a Kimberly payment comes once; at a table, his bid
dice entered by the player, the score page's account of his points and combined difficulty
options; and every difficulty option accepted by a solo print build."""

from dataclasses import replace

from companion.data import load_game
from companion.tinners_trail.moves.wallace_invest import his_sale
from companion.tinners_trail.state.wallace import DIFFICULTY, DIFFICULTY_NAMES
from pdf.build import BuildOptions, _check_players_and_variant

from test_wallace import ANN, LORD, RULES, act, card_showing, solo
from test_wallace_table import Solo, solo_app  # noqa: F401  (solo_app is a fixture)


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


# -- at a table with the printed cards ------------------------------------------------------------
def until_she_starts_an_auction(table):
    """Enter his cards in order and let Ann drop out of his auctions until she may start one."""
    card = 1
    for _ in range(30):
        kinds = [o["action"] for o in table.body["options"] if o["allowed"]]
        types = {k["type"] for k in kinds}
        if types == {"wallace_turn"}:
            table.act({"type": "wallace_turn", "card": card})
            card += 1
        elif types <= {"bid", "drop"}:
            table.act({"type": "drop"})
        else:
            return table.act(next(k for k in kinds if k["type"] == "draw_survey"))
    raise AssertionError("Ann never had the chance to start an auction")


def test_at_a_real_cards_table_the_player_enters_his_bid_dice(solo_app):
    table = Solo(solo_app(AUTOMATIC_GRACE=0.0).test_client(), variant="real-cards")
    table.start()
    started = until_she_starts_an_auction(table)
    assert "starts an auction" in started["event"]["summary"]
    table.act(next(o["action"] for o in table.body["options"] if o["action"]["type"] == "bid"))
    assert table.lord["due"] == "wallace_bid" and table.body["state"]["info"]["waiting"] == [ANN]
    assert [o["action"]["type"] for o in table.body["options"]] == ["wallace_bid"]
    before = table.version
    wrong = table.act({"type": "wallace_bid", "dice": [99]}, status=422)
    assert "has no face 99" in wrong["error"]["message"]
    too_many = table.act({"type": "wallace_bid", "dice": [1, 2, 3]}, status=422)
    assert "enter 1 number" in too_many["error"]["message"] and table.version == before
    answer = table.act({"type": "wallace_bid", "dice": [3]})
    assert answer["event"]["summary"].startswith("Lord Wallace values ") and "die 3" in answer["event"]["summary"]
    assert "black 3" in answer["event"]["summary"] and answer["event"]["barrier"]


def test_the_score_page_explains_how_lord_wallace_scored(solo_app):
    table = Solo(solo_app(AUTOMATIC_GRACE=0.0).test_client())
    table.start()
    for _ in range(300):
        if table.body["finished"]:
            break
        kinds = {o["action"]["type"]: o["action"] for o in table.body["options"] if o["allowed"]}
        move = next((kinds[k] for k in ("pass", "invest_pass", "drop", "roll_prices", "keep_cards", "peek")
                     if k in kinds), None)
        assert move is not None, kinds
        table.act(move)
    assert table.body["finished"]
    html = table.client.get(f"/tables/{table.id}/score").get_data(as_text=True)
    assert "How Lord Wallace scored" in html
    for round_ in (1, 2, 3, 4):
        assert f"Round {round_}: " in html           # one line of his sale and investment per round
    assert "points; £" in html and "revenue £" in html


# -- difficulty options -------------------------------------------------------------------------
def test_two_difficulty_options_joined_by_plus_are_both_in_force_at_a_table(solo_app):
    table = Solo(solo_app(AUTOMATIC_GRACE=0.0).test_client(), variant="better-mines+deep-pockets")
    assert table.lord["options"] == [DIFFICULTY_NAMES["better-mines"], DIFFICULTY_NAMES["deep-pockets"]]
    table.start()
    for _ in range(30):
        kinds = [o["action"] for o in table.body["options"] if o["allowed"]]
        types = {k["type"] for k in kinds}
        if types <= {"bid", "drop"}:
            table.act({"type": "drop"})
        else:
            table.act(next(k for k in kinds if k["type"] == "draw_survey"))
            table.act(next(k for k in (o["action"] for o in table.body["options"]) if k["type"] == "bid"))
            break
    valued = [e["summary"] for e in table.log() if e["summary"].startswith("Lord Wallace values ")]
    assert valued and "+ £2 deep pockets" in valued[-1]


def test_every_difficulty_option_is_a_solo_print_variant():
    game = load_game("tinners-trail")
    for option in DIFFICULTY:
        assert option in game.variant_ids()
        _check_players_and_variant(game, BuildOptions(players=1, variant=option))   # raises if refused
