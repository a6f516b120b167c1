"""Setting up ARDEVUR: options, corporations, the deal, auctions, modes and hidden hands."""

import random
from collections import Counter

import pytest

from companion import find_game
from companion.ardevur.setup.scenario import at, give_mine, table
from companion.core import PlayerSpec
from companion.errors import BadAction, RuleViolation

GAME = find_game("ardevur")


def data(state):
    """The state as a table stores it (its JSON form)."""
    return GAME.to_json(state)


def new(n=4, mode="standard", seed=3, *words):
    """A started table of ``n``; ``words`` are the table options that follow the mode."""
    s = GAME.setup([PlayerSpec(f"P{i}") for i in range(n)], "+".join((mode,) + words), seed)
    return GAME.apply(s, {"type": "start", "seat": 0})


def through_deal(n=4, mode="standard", seed=3, *words):
    s = new(n, mode, seed, *words)
    while data(s)["phase"] == "corporations":
        picker = data(s)["picker"]
        free = [c for c in GAME.data.corporations if c not in {p["corp"] for p in data(s)["players"]}]
        s = GAME.apply(s, {"type": "choose_corporation", "seat": picker, "corporation": free[0]})
    return GAME.apply(s, {"type": "deal", "seat": data(s)["first"]})


@pytest.mark.parametrize("n,dev,bronze,silver,gold,incentives",
                         [(4, 18, 9, 6, 3, 3), (3, 15, 6, 6, 3, 2), (2, 11, 6, 3, 3, 1)])
def test_the_card_count_table_sets_the_market_and_grid(n, dev, bronze, silver, gold, incentives):
    d = data(new(n))
    assert sum(d["market"].values()) == dev
    sizes = {tier: [len(p) for p in piles] for tier, piles in d["grid"].items()}
    assert sizes == {"bronze": [bronze // 3] * 3, "silver": [silver // 3] * 3, "gold": [gold // 3] * 3}
    assert len(d["incentives"]) == incentives


def test_keeping_every_card_is_a_table_option():
    d = data(new(2, "standard", 3, "all-cards"))
    assert sum(d["market"].values()) == 18
    assert sum(len(p) for piles in d["grid"].values() for p in piles) == 40
    assert len(d["incentives"]) == 6


def test_fair_play_leaves_out_targets_that_need_action_cards_and_deals_none():
    s = through_deal(3, "fair-play", 3, "all-cards")
    ids = {t for piles in data(s)["grid"].values() for p in piles for t in p}
    assert len(ids) == 37 and not any(GAME.data.targets[t].needs_action for t in ids)
    assert all(p["actions"] == [] for p in data(s)["players"])
    with pytest.raises(RuleViolation, match="action cards"):
        GAME.apply(at(table(mode="fair-play"), "strategy"), {"type": "draw_action", "seat": 0})


def test_table_options_are_chosen_at_creation_in_the_variant():
    players = [PlayerSpec("A"), PlayerSpec("B")]
    s = GAME.setup(players, "clash-of-titans+minute-64+all-cards+random-corporations", 1)
    assert data(s)["variant"] == "clash-of-titans"
    assert data(s)["options"] == {"endgame": "minute-64", "remove_cards": "no", "corporations": "random"}
    assert data(GAME.setup(players, "fair-play", 1))["options"] == {
        "endgame": "total-control", "remove_cards": "yes", "corporations": "roll"}
    # before the start only the host's "start" is offered; nothing is set afterwards
    assert [o.action for o in GAME.options(s, 0)] == [{"type": "start", "seat": 0}]
    assert GAME.options(s, 1) == []
    assert "set_option" not in GAME.actions.types()
    assert "unknown table option 'never'" in GAME.check_setup(players, "standard+never")
    assert "choose one" in GAME.check_setup(players, "standard+minute-64+final-round")
    assert "unknown mode" in GAME.check_setup(players, "speedy")
    with pytest.raises(BadAction, match="table option"):
        GAME.setup(players, "standard+never", 1)
    assert GAME.variant_title("fair-play+minute-64") == "Fair Play, ends at minute 64"


def _kept(n, seed):
    d = data(new(n, "standard", seed))
    grid = {tier: sorted(t for pile in piles for t in pile) for tier, piles in d["grid"].items()}
    return grid, sorted(d["incentives"])


@pytest.mark.parametrize("n", [2, 3])
def test_the_cards_removed_are_drawn_at_random_from_the_table_seed(n):
    keep = GAME.data.tables["targets_in_play"][str(n)]
    kept = {seed: _kept(n, seed) for seed in (1, 2, 3, 4)}
    for grid, incentives in kept.values():
        for tier in ("bronze", "silver", "gold"):
            assert len(grid[tier]) == int(keep[tier])
            assert all(GAME.data.targets[t].tier == tier for t in grid[tier])
        assert len(incentives) == int(keep["incentives"])
    # two seeds keep different cards; the same seed keeps the same ones (the log replays it)
    assert kept[1] != kept[2]
    assert len({repr(k) for k in kept.values()}) > 2
    assert _kept(n, 1) == kept[1]


def test_deal_gives_32m_one_action_card_and_up_to_two_development_cards_without_duplicates():
    s = through_deal(4)
    for p in data(s)["players"]:
        advantage = GAME.data.corporations[p["corp"]].advantage
        assert p["money"] == 32 and len(p["actions"]) == 1
        assert len(p["dev"]) <= 2 and len(set(p["dev"])) == len(p["dev"]) and advantage not in p["dev"]
    assert data(s)["phase"] == "auction" and len(data(s)["auction"]["revealed"]) == 4


def test_random_corporations_by_agreement():
    s = new(3, "standard", 3, "random-corporations")
    assert data(s)["phase"] == "deal" and len({p["corp"] for p in data(s)["players"]}) == 3


def test_first_auction_until_everyone_holds_two_then_play_begins():
    s = through_deal(3)
    while data(s)["phase"] == "auction":
        if data(s)["auction"]["winner"] is None:
            s = GAME.apply(s, {"type": "auction_roll", "seat": 0})
        winner = data(s)["auction"]["winner"]
        with pytest.raises(RuleViolation):
            GAME.apply(s, {"type": "pick_territory", "seat": (winner + 1) % 3,
                           "territory": data(s)["auction"]["revealed"][0]})
        s = GAME.apply(s, {"type": "pick_territory", "seat": winner, "territory": data(s)["auction"]["revealed"][0]})
    assert [len(p["territories"]) for p in data(s)["players"]] == [2, 2, 2]
    assert data(s)["phase"] == "play" and data(s)["turn"] == data(s)["first"]
    assert len(data(s)["territory_deck"]) == 24 - 6


def test_launched_start_gives_four_territories_one_already_a_mine():
    s = through_deal(4, "launched-start")
    assert data(s)["phase"] == "play"
    for p in data(s)["players"]:
        assert len(p["territories"]) == 4 and list(p["sites"].values()) == ["active"]


def test_second_auction_needs_two_active_mines_each_then_redrafts_development_cards():
    d = table(players=2)
    give_mine(d, 0, "asturias")
    d["players"][0]["dev"] = ["license"]
    d["market"]["license"] -= 1
    with pytest.raises(RuleViolation, match="at least 2 active mines"):
        GAME.apply(at(d, "extraction"), {"type": "call_auction", "seat": 0})
    for seat, mines in ((0, ["tyrol"]), (1, ["kiruna", "bor"])):
        for t in mines:
            give_mine(d, seat, t)
    s = GAME.apply(at(d, "extraction"), {"type": "call_auction", "seat": 0})
    assert data(s)["phase"] == "auction" and data(s)["auction"]["goal"] == 4
    while data(s)["phase"] == "auction":
        if data(s)["auction"]["winner"] is None:
            s = GAME.apply(s, {"type": "auction_roll", "seat": 0})
        w = data(s)["auction"]["winner"]
        pick = next(t for t in data(s)["auction"]["revealed"] if GAME.legal(s, {"type": "pick_territory", "seat": w,
                                                                                 "territory": t}))
        s = GAME.apply(s, {"type": "pick_territory", "seat": w, "territory": pick})
    assert data(s)["phase"] == "redraft" and all(p["dev"] == [] for p in data(s)["players"])
    assert [len(p["territories"]) for p in data(s)["players"]] == [4, 4]
    first, second = data(s)["redraft"]
    s = GAME.apply(s, {"type": "pick_development", "seat": first, "cards": ["geologist", "vessel"]})
    with pytest.raises(RuleViolation, match="No geologist card is left"):
        GAME.apply(s, {"type": "pick_development", "seat": second, "cards": ["geologist"]})
    s = GAME.apply(s, {"type": "pick_development", "seat": second, "cards": ["license", "office"]})
    assert data(s)["phase"] == "play" and data(s)["turn"] == 0


def test_clash_of_titans_draws_an_action_card_with_each_extraction_up_to_four():
    d = table(mode="clash-of-titans")
    give_mine(d, 0, "asturias")
    d["players"][0]["actions"] = [d["action_decks"]["great"].pop() for _ in range(3)]
    s = GAME.apply(at(d, "extraction"), {"type": "extract", "seat": 0, "mines": ["asturias"]})
    assert len(data(s)["players"][0]["actions"]) == 4
    d = GAME.to_json(s)
    d["players"][0]["stock"] = {}
    s = GAME.apply(at(d, "extraction"), {"type": "extract", "seat": 0, "mines": ["asturias"]})
    assert len(data(s)["players"][0]["actions"]) == 4
    with pytest.raises(RuleViolation, match="strategy phase"):
        GAME.apply(s, {"type": "draw_action", "seat": 0})


def test_each_phone_sees_only_its_own_action_cards_and_no_deck_order():
    s = through_deal(3)
    view = GAME.view(s, 1)
    assert isinstance(view["players"][1]["actions"], list)
    assert view["players"][0]["actions"] == 1 and view["players"][2]["actions"] == 1
    assert "seed" not in view and isinstance(view["territory_deck"], int)
    assert all(isinstance(n, int) for n in view["action_decks"].values())
    text = str(view)
    for seat in (0, 2):
        assert data(s)["players"][seat]["actions"][0] not in text


def test_action_shapes_are_checked_before_the_rules():
    s = new(2)
    with pytest.raises(BadAction, match="no field"):
        GAME.apply(s, {"type": "pass", "seat": 0, "bogus": 1})
    with pytest.raises(BadAction, match="unknown action"):
        GAME.apply(s, {"type": "teleport", "seat": 0})
    assert GAME.is_barrier({"type": "global_sale", "seat": 0}, s)
    assert not GAME.is_barrier({"type": "local_sale", "seat": 0}, s)
    assert "global_sale" in GAME.actions.types()


def test_action_card_once_per_turn_and_only_one_against_a_competitor():
    d = table(players=3)
    take = [a for a, c in GAME.data.actions.items() if c.effect == "take" and c.timing == "competitor"]
    d["players"][1]["actions"] = [take[0]]
    d["players"][2]["actions"] = [take[2]]
    state = at(d, "strategy")
    hit = GAME.apply(state, {"type": "play_action", "seat": 1, "card": take[0]})
    amount = GAME.data.actions[take[0]].amount
    assert data(hit)["players"][0]["money"] == 32 - amount and data(hit)["players"][1]["money"] == 32 + amount
    with pytest.raises(RuleViolation, match="already played an action card against"):
        GAME.apply(hit, {"type": "play_action", "seat": 2, "card": take[2]})
    d["end"] = {"by": 1, "last": 0, "why": "test"}
    with pytest.raises(RuleViolation, match="endgame"):
        GAME.apply(at(d, "strategy"), {"type": "play_action", "seat": 1, "card": take[0]})


def test_shared_earnings_until_the_competitor_rolls_a_2():
    from companion.ardevur.setup.scenario import seed_for_roll
    share = next(a for a, c in GAME.data.actions.items() if c.effect == "share")
    d = table(players=2)
    d["players"][1]["actions"] = [share]
    s = GAME.apply(at(d, "strategy", 1), {"type": "play_action", "seat": 1, "card": share, "target": 0})
    d = GAME.to_json(s)
    d["players"][0]["stock"] = {"asturias": 8}
    d["seed"] = seed_for_roll(d, 16)
    sold = GAME.apply(at(d, "development", 0), {"type": "global_sale", "seat": 0})
    assert data(sold)["players"][0]["money"] == 32 + 8 - 4 and data(sold)["players"][1]["money"] == 32 + 4
    d["seed"] = seed_for_roll(d, 2)
    sold = GAME.apply(at(d, "development", 0), {"type": "global_sale", "seat": 0})
    assert data(sold)["players"][0]["money"] == 32 + 4 and data(sold)["continuous"] == []


def test_only_the_first_seat_starts_and_only_the_first_player_deals():
    """The rules refuse what the phones do not offer: a start from any seat but the first, a
    deal from anyone but the player who won the roll."""
    s = GAME.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], "standard+random-corporations", 5)
    for seat in (1, 2):
        assert [o for o in GAME.options(s, seat) if o.action["type"] == "start"] == []
        with pytest.raises(RuleViolation, match="Ann, in the first seat, starts the game"):
            GAME.apply(s, {"type": "start", "seat": seat})
    assert [o.action for o in GAME.options(s, 0)] == [{"type": "start", "seat": 0}]
    s = GAME.apply(s, {"type": "start", "seat": 0})
    first = data(s)["first"]
    for seat in range(3):
        offered = [o.action for o in GAME.options(s, seat) if o.allowed]
        if seat == first:
            assert offered == [{"type": "deal", "seat": seat}]
            continue
        assert offered == []
        with pytest.raises(RuleViolation, match="deals: they won the roll"):
            GAME.apply(s, {"type": "deal", "seat": seat})
    assert data(GAME.apply(s, {"type": "deal", "seat": first}))["phase"] == "auction"
