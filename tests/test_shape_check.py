"""The request check's quick answer (``Declaration.check_shape`` from what it worked out once per
action type) accepts exactly what the field-by-field check accepts, and refuses with its words:
checked over random actions, well and badly formed, against every game's declaration."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import PlayerSpec, find_game, game_ids
from companion.declare import MAX_INT, MAX_STRING, Kind, _check_fields
from companion.errors import BadAction, GameOver

DECLARATIONS = {game_id: find_game(game_id).actions for game_id in game_ids()}

# values of every kind, and a few of none: the edges of each kind's test
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-MAX_INT - 2, MAX_INT + 2), st.sampled_from([MAX_INT, -MAX_INT, 0, 1]),
    st.floats(allow_nan=True), st.text(max_size=5), st.just("x" * (MAX_STRING + 1)),
    st.lists(st.integers(-3, 3), max_size=3), st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(-3, 3), max_size=2), st.just([[1, 2], [3, 4]]),
    st.just([{"contract": 1, "row": 0}]), st.just([{"contract": 1}]))


SHORT = st.text(max_size=5)
INTS = st.integers(-3, 3) | st.sampled_from([MAX_INT, -MAX_INT])
# a value each kind accepts (a string field's may still miss its choices)
OF_KIND = {
    Kind.INT: INTS, Kind.STR: SHORT, Kind.BOOL: st.booleans(), Kind.INT_LIST: st.lists(INTS, max_size=3),
    Kind.STR_LIST: st.lists(SHORT, max_size=3), Kind.INT_MAP: st.dictionaries(SHORT, INTS, max_size=2),
    Kind.DICE: SHORT | st.lists(INTS, max_size=3), Kind.INT_OR_STR: INTS | SHORT,
    Kind.NUMBER: INTS | st.floats(-5, 5), Kind.STR_OR_LIST: SHORT | st.lists(SHORT, max_size=2),
    Kind.POINTS: st.lists(st.lists(INTS, min_size=2, max_size=2), max_size=2),
    Kind.RECORDS: st.just([{"contract": 1, "row": 0}]) | st.just([{"contract": 1}]),
}


@st.composite
def actions(draw):
    """An action of a declared type: each declared field left out, given one of its choices, a
    value of its kind or any value at all, and now and then a field no action has."""
    game_id = draw(st.sampled_from(sorted(DECLARATIONS)))
    spec = draw(st.sampled_from(list(DECLARATIONS[game_id])))
    action = {"type": spec.type}
    for f in spec.fields:
        how = draw(st.sampled_from(["out", "choice", "kind", "kind", "kind", "any"] if f.required or draw(st.booleans())
                                   else ["out"]))
        if how == "choice" and f.choices:
            action[f.name] = draw(st.sampled_from(f.choices))
        elif how in ("choice", "kind"):
            action[f.name] = draw(OF_KIND[f.kind])
        elif how == "any":
            action[f.name] = draw(VALUES)
    if draw(st.integers(0, 9)) == 0:
        action[draw(st.sampled_from(["extra", "seat", "type_"]))] = draw(VALUES)
    return game_id, spec, action


def _long_way(spec, action) -> str | None:
    try:
        _check_fields(repr(spec.type), spec.fields, action, skip=("type",))
    except BadAction as exc:
        return str(exc)
    return None


@settings(max_examples=3000, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(actions())
def test_the_quick_check_agrees_with_the_field_by_field_check(case):
    game_id, spec, action = case
    declaration = DECLARATIONS[game_id]
    expected = _long_way(spec, action)
    shape = declaration._shapes[spec.type]
    # an action with a list of objects always takes the long way
    assert shape.fits(action) == (expected is None and not shape.records)
    try:
        declaration.check_shape(action)
        refused = None
    except BadAction as exc:
        refused = str(exc)
    assert refused == expected


def test_a_seat_is_checked_before_the_rules_whatever_its_kind():
    game = find_game("ore")
    state = game.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], None, 3)
    for seat, words in ((3, "there is no seat 3; seats are 0–2"), (-1, "there is no seat -1"),
                        (True, "'seat' must be a whole number")):
        with pytest.raises(BadAction, match=words):
            game.move_for(state, {"type": "market_done", "seat": seat})
    assert game.move_for(state, {"type": "market_done", "seat": 2}).type == "market_done"


def test_a_finished_game_refuses_every_move():
    game = find_game("ore-published")
    state = game.setup([PlayerSpec(n) for n in ("Ann", "Bo")], None, 3)
    over = game.from_json({**game.to_json(state), "phase": "over"})
    with pytest.raises(GameOver):
        game.move_for(over, {"type": "pass", "seat": 0})


def test_kinds_are_refused_at_their_edges():
    declaration = DECLARATIONS["ore"]
    for value in (MAX_INT + 1, 1.0, "1", None):
        with pytest.raises(BadAction):
            declaration.check_shape({"type": "cash_futures", "seat": 0, "token": value})
    declaration.check_shape({"type": "cash_futures", "seat": 0, "token": MAX_INT})
    assert Kind.RECORDS in {f.kind for spec in declaration for f in spec.fields}
