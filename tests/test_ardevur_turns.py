"""ARDEVUR's setup rolls and turn rules not covered elsewhere: the roll-offs for the first pick
and the corporations, the strategy phase's choices and limits, the phone call lasting one
turn, action cards that take money (all the victim has), that lift the anti-monopoly rule,
and shared earnings that never touch a local sale."""

import pytest

from companion import find_game
from companion.ardevur.setup.scenario import at, give_mine, table
from companion.core import PlayerSpec
from companion.errors import RuleViolation

GAME = find_game("ardevur")


def data(state):
    """The state as a table stores it (its JSON form)."""
    return GAME.to_json(state)


ANN, BO = 0, 1


def act(state, type_, seat=ANN, **fields):
    return GAME.apply(state, {"type": type_, "seat": seat, **fields})


@pytest.mark.parametrize("seed", range(6))
def test_the_first_to_roll_64_alone_picks_first_and_ties_on_64_roll_again(seed):
    s = act(GAME.setup([PlayerSpec(n) for n in ("A", "B", "C", "D")], "standard", seed), "start")
    rolls, first = data(s)["rolls"], data(s)["first"]
    last = {int(k): v for k, v in rolls[-1].items()}
    assert [k for k, v in last.items() if v == 64] == [first]
    for before, after in zip(rolls, rolls[1:]):
        sixty_fours = sorted(int(k) for k, v in before.items() if v == 64)
        # no 64: everyone rolls again; several 64s: only they roll again
        assert sorted(int(k) for k in after) == (sixty_fours if sixty_fours else sorted(int(k) for k in before))
    assert data(s)["picker"] == first and data(s)["phase"] == "corporations"


@pytest.mark.parametrize("seed", range(6))
def test_after_the_first_pick_the_highest_roll_picks_and_ties_roll_again(seed):
    s = act(GAME.setup([PlayerSpec(n) for n in ("A", "B", "C", "D")], "standard", seed), "start")
    s = act(s, "choose_corporation", data(s)["picker"], corporation="great")
    rolls = data(s)["rolls"]
    last = {int(k): v for k, v in rolls[-1].items()}
    best = max(last.values())
    assert [k for k, v in last.items() if v == best] == [data(s)["picker"]]
    for before, after in zip(rolls, rolls[1:]):
        top = max(before.values())
        assert sorted(int(k) for k in after) == sorted(int(k) for k, v in before.items() if v == top)


def test_the_strategy_phase_takes_one_or_two_development_cards_never_three():
    d = table(2)
    with pytest.raises(RuleViolation, match="1 or 2"):
        act(at(d, "strategy"), "take_development", cards=["license", "geologist", "office"])
    after = act(at(d, "strategy"), "take_development", cards=["license", "geologist"])
    assert sorted(data(after)["players"][ANN]["dev"]) == ["geologist", "license"]
    assert data(after)["stage"] == "development"   # the phase's one action is spent


def test_a_third_action_card_must_be_discarded_beneath_its_deck():
    d = table(2)
    deck = d["action_decks"]["great"]
    d["players"][ANN]["actions"] = [deck.pop(), deck.pop()]
    drawn = deck[-1]
    state = act(at(d, "strategy"), "draw_action")
    assert data(state)["ts"]["must_discard"] and len(data(state)["players"][ANN]["actions"]) == 3
    assert {o.action["type"] for o in GAME.options(state, ANN)} == {"discard_action"}
    after = act(state, "discard_action", card=drawn)
    assert len(data(after)["players"][ANN]["actions"]) == 2
    assert data(after)["action_decks"]["great"][0] == drawn and data(after)["stage"] == "development"


def test_the_phone_call_card_lasts_only_the_turn_it_was_taken():
    d = table(2)
    state = act(at(d, "strategy"), "take_phone")
    assert data(state)["players"][ANN]["phone"] and data(state)["market"]["phone"] == 0
    state = act(act(state, "pass"), "pass")   # development, reward: the turn ends unused
    assert data(state)["turn"] == BO
    assert not data(state)["players"][ANN]["phone"] and data(state)["market"]["phone"] == 1


def test_a_card_that_takes_money_takes_all_the_victim_has_when_short():
    d = table(2)
    d["players"][BO]["actions"] = ["great-squeeze-1"]   # take 8 in a competitor's turn
    d["players"][ANN]["money"] = 6
    after = act(at(d, "strategy"), "play_action", BO, card="great-squeeze-1")
    assert data(after)["players"][ANN]["money"] == 0 and data(after)["players"][BO]["money"] == 32 + 6
    assert "great-squeeze-1" in data(after)["box"]     # once per game: the card leaves play


def test_sole_concession_lifts_the_anti_monopoly_rule_for_its_holder():
    d = table(2)
    for t in ("atlas", "tafilalt"):
        give_mine(d, ANN, t, "explored")
    d["players"][ANN]["actions"] = ["great-concession-1"]
    d["auction"] = {"round": 2, "goal": 3, "revealed": ["rif"], "winner": ANN}
    d["phase"] = "auction"
    with pytest.raises(RuleViolation, match="Anti-monopoly"):
        act(GAME.from_json(d), "pick_territory", territory="rif")
    d["phase"] = "play"
    state = act(at(d, "development"), "play_action", card="great-concession-1")
    assert data(state)["players"][ANN]["monopoly"]
    d = GAME.to_json(state)
    d["phase"] = "auction"
    after = act(GAME.from_json(d), "pick_territory", territory="rif")
    assert {"atlas", "tafilalt", "rif"} <= set(data(after)["players"][ANN]["territories"])


def test_shared_earnings_never_touch_a_local_sale():
    d = table(2)
    d["continuous"].append({"kind": "share", "owner": BO, "target": ANN, "card": "amu-joint-venture-1"})
    d["players"][ANN]["stock"] = {"asturias": 16}
    give_mine(d, ANN, "asturias")
    after = act(at(d, "development"), "local_sale")
    assert data(after)["players"][ANN]["money"] == 32 + 8 and data(after)["players"][BO]["money"] == 32
    # and the effect is public: every phone sees it until it ends
    assert GAME.view(after, BO)["continuous"] == GAME.view(after, ANN)["continuous"] != []


def test_the_holders_phone_names_each_action_card_and_the_log_names_it_once_played():
    d = table(2)
    d["players"][ANN]["actions"] = ["great-squeeze-1"]
    d["players"][BO]["actions"] = ["amu-joint-venture-1"]
    state = at(d, "strategy")
    plays = [o for o in GAME.options(state, BO) if o.action["type"] == "play_action"]
    assert plays and plays[0].label.startswith("Play Joint Venture against Ann: ")
    after = act(state, "play_action", BO, card="amu-joint-venture-1", target=ANN)
    assert GAME.describe(state, plays[0].action, after) == "Bo plays Joint Venture"
    # the shared screen (no seat) never names a hidden card
    assert all("Joint Venture" not in o.label for o in GAME.options(state, None))


def test_a_competitor_card_is_offered_on_its_holders_phone_during_anothers_turn_only():
    d = table(2)
    d["players"][BO]["actions"] = ["great-squeeze-1"]
    during_ann = [o for o in GAME.options(at(d, "strategy", ANN), BO) if o.action["type"] == "play_action"]
    assert [o.label.split(":")[0] for o in during_ann] == ["Play Supplier Squeeze against Ann"]
    assert during_ann[0].allowed
    during_bo = [o for o in GAME.options(at(d, "strategy", BO), BO) if o.action["type"] == "play_action"]
    assert during_bo == []


def test_in_the_second_auction_a_holder_of_three_territories_bids_for_one_more_only():
    d = table(2)
    for seat, mines in ((ANN, ["asturias", "tyrol"]), (BO, ["kiruna", "bor"])):
        for t in mines:
            give_mine(d, seat, t)
    give_mine(d, ANN, "atlas", "explored")   # a third card, won earlier by an action card
    s = act(at(d, "extraction"), "call_auction")
    picks = {ANN: 0, BO: 0}
    while data(s)["phase"] == "auction":
        if data(s)["auction"]["winner"] is None:
            s = act(s, "auction_roll")
        w = data(s)["auction"]["winner"]
        pick = next(t for t in data(s)["auction"]["revealed"]
                    if GAME.legal(s, {"type": "pick_territory", "seat": w, "territory": t}))
        s = act(s, "pick_territory", w, territory=pick)
        picks[w] += 1
    assert picks == {ANN: 1, BO: 2}
    assert [len(p["territories"]) for p in data(s)["players"]] == [4, 4]


def test_the_phone_call_shifts_a_target_off_the_grid_in_the_reward_phase():
    d = table(2)
    pile = d["grid"]["silver"][0]
    top, beneath = pile[-1], pile[-2] if len(pile) > 1 else None
    with pytest.raises(RuleViolation, match="phone call card"):
        act(at(d, "reward"), "shift_target", tier="silver", pile=0)
    d["players"][ANN]["phone"] = True
    d["market"]["phone"] = 0
    after = act(at(d, "reward"), "shift_target", tier="silver", pile=0)
    assert top in data(after)["box"] and (data(after)["grid"]["silver"][0][-1:] == ([beneath] if beneath else []))
    assert not data(after)["players"][ANN]["phone"] and data(after)["market"]["phone"] == 1
    assert data(after)["turn"] == BO       # it was the reward phase's one action


def test_a_stolen_action_card_is_the_thiefs_to_play():
    d = table(2)
    d["players"][ANN]["actions"] = ["great-poach-1"]
    d["players"][BO]["actions"] = ["amu-cooperative-1"]
    after = act(at(d, "development"), "play_action", card="great-poach-1", target=BO)
    assert data(after)["players"][ANN]["actions"] == ["amu-cooperative-1"] and data(after)["players"][BO]["actions"] == []
    d = GAME.to_json(after)
    d["ts"]["played"] = []          # a later turn
    money = d["players"][ANN]["money"]
    later = act(at(d, "strategy"), "play_action", card="amu-cooperative-1")
    assert data(later)["players"][ANN]["money"] == money + 8


def test_a_targets_needs_read_in_the_singular_for_one():
    from companion.ardevur.data import describe
    assert describe(("asset", "warehouse", 1)) == "1 warehouse"
    assert describe(("asset", "warehouse", 2)) == "2 warehouses"
    assert describe(("factory", "", 1)) == "1 factory"
    assert describe(("infra", "", 1)) == "1 road or pipeline"
    assert describe(("money", "", 160)) == "160 million in money"


def test_a_discarded_action_card_stays_known_to_its_holder_only():
    """The card discarded over the limit goes face down beneath its deck: the log shows the
    move to the others without the card, and the shared screen never lists the cards in a
    hand (discarding or playing them), while the holder's phone names them."""
    d = table(2)
    deck = d["action_decks"]["great"]
    d["players"][ANN]["actions"] = [deck.pop(), deck.pop()]
    state = act(at(d, "strategy"), "draw_action")
    hand = data(state)["players"][ANN]["actions"]
    discard = {"type": "discard_action", "seat": ANN, "card": hand[0]}
    assert discard in [o.action for o in GAME.options(state, ANN)]
    assert GAME.action_view(discard, ANN) == discard
    for viewer in (BO, None):
        assert GAME.action_view(discard, viewer) == {"type": "discard_action", "seat": ANN}
    shared = [o.action for o in GAME.options(state, None)]
    assert shared == [] and not any(card in str(shared) for card in hand)
    after = act(state, "discard_action", card=hand[0])
    assert data(after)["action_decks"]["great"][0] == hand[0]
    assert hand[0] not in str(GAME.view(after, BO)) and hand[0] not in GAME.describe(state, discard, after)
