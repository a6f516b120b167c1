"""Every game's actions are declared once: what the phones are offered fits the declaration,
unknown or nested fields are refused by name before the rules run, form text becomes the
declared kinds, and undo barriers are exactly the actions that draw on randomness or reveal."""

import random

import pytest

from companion import PlayerSpec, find_game, game_ids
from companion.declare import MAX_INT, Kind
from companion.errors import BadAction

NAMES = ("Ann", "Bo", "Cy")


def _seats(game, state):
    return range(len(game.to_json(state).get("players", NAMES)))


@pytest.mark.parametrize("game_id", game_ids())
def test_every_offered_action_fits_the_declaration(game_id):
    game = find_game(game_id)
    assert game.actions is not None
    chooser = random.Random(7)
    state = game.setup([PlayerSpec(n) for n in NAMES], None, 11)
    offered = set()
    for _ in range(120):
        allowed = []
        for seat in _seats(game, state):
            for option in game.options(state, seat):
                action = dict(option.action)
                action.setdefault("seat", seat)
                game.check_shape(action)  # raises naming the field if the offer does not fit
                offered.add(action["type"])
                if option.allowed:
                    allowed.append(action)
        if not allowed or game.end_if(state) is not None:
            break
        state = game.apply(state, chooser.choice(allowed))
    assert offered <= set(game.actions.types())
    assert len(offered) >= 2


@pytest.mark.parametrize("game_id", game_ids())
def test_unknown_and_nested_fields_are_refused_by_name_before_the_rules(game_id):
    game = find_game(game_id)
    state = game.setup([PlayerSpec(n) for n in NAMES], None, 3)
    kind = game.actions.types()[0]
    with pytest.raises(BadAction, match="no field 'sneaky'"):
        game.apply(state, {"type": kind, "seat": 0, "sneaky": [[[[1]]]]})
    with pytest.raises(BadAction, match="unknown action 'nope'"):
        game.apply(state, {"type": "nope", "seat": 0})
    with pytest.raises(BadAction, match="'seat' must be a whole number"):
        game.apply(state, {"type": kind, "seat": [0]})
    with pytest.raises(BadAction, match="'seat' must be a whole number"):
        game.apply(state, {"type": kind, "seat": MAX_INT + 1})


def test_schema_is_generated_from_the_declaration_and_closed():
    for gid in game_ids():
        game = find_game(gid)
        schema = game.actions.json_schema()
        types = [v["properties"]["type"]["enum"][0] for v in schema["oneOf"]]
        assert sorted(types) == game.actions.types()
        assert all(v["additionalProperties"] is False for v in schema["oneOf"])
    subcontract = next(v for v in find_game("ore").actions.json_schema()["oneOf"]
                       if v["properties"]["type"]["enum"] == ["subcontract"])
    rows = subcontract["properties"]["rows"]["items"]
    assert rows["additionalProperties"] is False and rows["required"] == ["contract", "row"]


def test_records_are_checked_field_by_field():
    ore = find_game("ore")
    ore.check_shape({"type": "subcontract", "seat": 0, "rows": [{"contract": 3, "row": 1}]})
    with pytest.raises(BadAction, match=r"rows\[0\] has no field 'extra'"):
        ore.check_shape({"type": "subcontract", "seat": 0, "rows": [{"contract": 3, "row": 1, "extra": 1}]})
    with pytest.raises(BadAction, match=r"rows\[0\] needs a 'row' field"):
        ore.check_shape({"type": "subcontract", "seat": 0, "rows": [{"contract": 3}]})


def test_form_text_becomes_the_declared_kinds():
    tt = find_game("tinners-trail").actions
    action = tt.from_form({"type": "develop", "seat": "1", "piece": "miner", "area": "12", "own": "on"})
    assert action == {"type": "develop", "seat": 1, "piece": "miner", "area": "12", "own": True}
    assert tt.from_form({"type": "bid", "seat": "0", "amount": "x5"})["amount"] == "x5"  # refused by name later
    pad = find_game("scorepad").actions
    assert pad.from_form({"type": "add_points", "seat": "0", "category": "7", "points": "2.5"}) == \
        {"type": "add_points", "seat": 0, "category": "7", "points": 2.5}
    assert Kind.NUMBER in {f.kind for spec in pad for f in spec.fields}


def _tt_barrier(state, **action):
    game = find_game("tinners-trail")
    barrier = game.is_barrier(action, state)
    return barrier, game.apply(state, action)


def test_tinners_trail_barriers_follow_what_each_action_does():
    from companion.tinners_trail.setup.scenario import position
    from companion.tinners_trail.state import PRICES

    game = find_game("tinners-trail")
    rules = game.rules
    state = position(["Ann", "Bo", "Cy"], rules, players={0: {"money": 10}, 1: {"money": 10}, 2: {"money": 10}},
                     areas={"A1": {"tile": "A-1", "face_up": False}})
    # Starting an auction without a card, and bids that leave it running, show nothing.
    barrier, state = _tt_barrier(state, type="start_auction", seat=0, area="A1")
    assert not barrier
    barrier, state = _tt_barrier(state, type="bid", seat=0, amount=2)
    assert not barrier
    barrier, state = _tt_barrier(state, type="drop", seat=1)
    assert not barrier and not state.area("A1").face_up
    # The last drop ends the auction: the face-down tile is turned up and its cubes go on the mine.
    tile = rules.tiles["A-1"]
    barrier, state = _tt_barrier(state, type="drop", seat=2)
    assert barrier and state.area("A1").owner == 0 and state.area("A1").tin == tile.tin
    # Entering the dice rolled at the table is not random; rolling them here is.
    prices = position(["Ann", "Bo", "Cy"], rules, phase=PRICES)
    assert not game.is_barrier({"type": "set_prices", "tin": "1 1 0", "copper": "2 2 1"}, prices)
    assert game.is_barrier({"type": "roll_prices"}, prices)
    assert not game.is_barrier({"type": "keep_cards", "seat": 0, "discard": []}, prices)
    assert game.is_barrier({"type": "peek", "seat": 0, "area": "A1"}, prices)
    assert not game.is_barrier({"type": "peek", "seat": 0}, prices)


def test_a_face_up_auction_and_a_card_played_blind():
    from companion.tinners_trail.setup.scenario import position

    game = find_game("tinners-trail")
    state = position(["Ann", "Bo", "Cy"], game.rules, players={0: {"money": 10, "hand": ["A-tin2"]}},
                     areas={"A1": {"tile": "A-1", "face_up": False}, "A3": {"tile": "A-3", "face_up": True}})
    assert game.is_barrier({"type": "start_auction", "seat": 0, "area": "A1", "card": "A-tin2"}, state)
    assert not game.is_barrier({"type": "start_auction", "seat": 0, "area": "A3"}, state)


def test_mine_shaft_is_random_only_when_the_companion_draws():
    game = find_game("mine-shaft")
    assert game.is_barrier({"type": "roll"})
    assert game.is_barrier({"type": "roll", "die_a": "red"})
    assert not game.is_barrier({"type": "roll", "die_a": "red", "die_b": 2})
    assert game.is_barrier({"type": "draw_tile"}) and not game.is_barrier({"type": "draw_tile", "tile": "Sy1"})
    assert game.is_barrier({"type": "fill_tile", "x": 0, "y": 1})
    assert not game.is_barrier({"type": "fill_tile", "x": 0, "y": 1, "coal": 1})
    assert not game.is_barrier({"type": "move", "x": 0, "y": 1})
