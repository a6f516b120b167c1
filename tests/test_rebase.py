"""Moves made on an older version of the table (``webapp.tables.rebase``): several seats acting
at once are all applied, and a move is refused as stale exactly when it really conflicts with
what happened since. Each refusal is paired with its control: the very same move, sent on the
table's current version, is accepted, so the refusal is the conflict's and not the rules'."""

from __future__ import annotations

import pytest

from companion import find_game
from webapp import tables
from webapp.errors import Conflict

GAME = find_game("tinners-trail")
PLAYERS = [{"name": "Anna", "colour": "#c0392b"}, {"name": "Ben", "colour": "#2980b9"},
           {"name": "Cara", "colour": "#27ae60"}]


@pytest.fixture
def table(app):
    with app.app_context():
        made, host = tables.create_table("tinners-trail", PLAYERS, "base", 3)
        seats = [tables.join(made.join_code, s)[1] for s in range(len(PLAYERS))]
        yield tables.get(made.id), host, seats


def keep(state, seat, pick=0):
    """Seat's survey choice: the ``pick``-th card of each region goes."""
    drawn = state.players[seat].drawn
    regions = sorted({r for c in drawn for r in GAME.rules.cards[c].regions if r != "wild"})
    discard = [[c for c in drawn if GAME.rules.cards[c].regions == (r,)][pick] for r in regions]
    return {"type": "keep_cards", "discard": discard}


def survey_done(table, seats):
    at = table.version
    for seat in range(len(PLAYERS)):
        at = tables.act(table.id, seats[seat], at, keep(table.state, seat))["version"]
    return tables.get(table.id)


def test_survey_choices_tapped_on_the_same_version_are_all_applied(table):
    table, _host, seats = table
    seen = table.version
    assert set(GAME.acting_seats(table.state)) == {0, 1, 2}  # a simultaneous phase
    for seat in (1, 0, 2):  # each phone taps on the version it was showing
        done = tables.act(table.id, seats[seat], seen, keep(table.state, seat))
        assert done["seat"] == seat
    now = tables.get(table.id)
    assert now.version == seen + 3 and now.state.phase == "prices"
    for seat in range(3):
        kept = set(table.state.players[seat].drawn) - set(keep(table.state, seat)["discard"])
        assert kept <= set(now.state.players[seat].hand) | set(now.state.players[seat].drawn), seat


def test_the_same_move_twice_is_one_move(table):
    table, _host, seats = table
    table = survey_done(table, seats)
    assert table.state.phase == "prices"
    tables.act(table.id, seats[0], table.version, {"type": "roll_prices"})
    with pytest.raises(Conflict) as caught:  # Ben tapped "Roll" in the same second
        tables.act(table.id, seats[1], table.version, {"type": "roll_prices"})
    assert caught.value.current["version"] == table.version + 1
    assert tables.get(table.id).version == table.version + 1


def test_a_choice_the_seat_has_since_made_otherwise_is_refused(table):
    table, _host, seats = table
    first, other = keep(table.state, 0, 0), keep(table.state, 0, 1)
    assert first != other
    tables.act(table.id, seats[0], table.version, first)
    with pytest.raises(Conflict):  # Anna's second phone, on the version before her choice
        tables.act(table.id, seats[0], table.version, other)
    now = tables.get(table.id)
    assert not set(first["discard"]) & set(now.state.players[0].hand)
    # control: Ben's choice on that same old version is independent of Anna's, and lands
    assert tables.act(table.id, seats[1], table.version, keep(table.state, 1))["version"] == now.version + 1


def test_a_move_made_where_it_was_not_allowed_is_refused_though_allowed_now(table):
    """Ben tapped while it was not his turn; Anna's move then made it his. His tap did not see
    the table it would act on, so it is stale; sent again on the new version it is played."""
    table, _host, seats = table
    table = survey_done(table, seats)
    table = tables.get(table.id)
    at = tables.act(table.id, seats[0], table.version, {"type": "roll_prices"})["version"]
    for _ in range(30):  # play the actions phase until a move passes the turn to another seat
        table = tables.get(table.id)
        state = table.state
        mover = GAME.acting_seats(state)[0]
        move = next(o.action for o in GAME.options(state, mover) if o.allowed
                    and not GAME.is_barrier(dict(o.action, seat=mover), state))
        after, _ = GAME.play(state, dict(move, seat=mover))
        nxt = GAME.acting_seats(after)
        stale = [dict(o.action) for s in nxt if s != mover for o in GAME.options(after, s) if o.allowed
                 and GAME.refusal(state, dict(o.action, seat=s)) is not None]
        if stale:
            seat = next(s for s in nxt if s != mover)
            ben = next(a for a in stale if GAME.refusal(after, dict(a, seat=seat)) is None)
            at = tables.act(table.id, seats[mover], at, {k: v for k, v in move.items() if k != "seat"})["version"]
            ben = {k: v for k, v in ben.items() if k != "seat"}
            with pytest.raises(Conflict):
                tables.act(table.id, seats[seat], table.version, ben)
            assert tables.act(table.id, seats[seat], at, ben)["version"] == at + 1  # the control
            return
        at = tables.act(table.id, seats[mover], at, {k: v for k, v in move.items() if k != "seat"})["version"]
    pytest.fail("no move passed the turn in 30 moves")


def test_an_undo_since_is_a_conflict(table):
    table, host, seats = table
    seen = table.version
    at = tables.act(table.id, seats[0], seen, keep(table.state, 0))["version"]
    undone = tables.undo(table.id, seats[0], at)
    with pytest.raises(Conflict):
        tables.act(table.id, seats[1], seen, keep(table.state, 1))
    assert tables.act(table.id, seats[1], undone.version, keep(table.state, 1))["version"] == undone.version + 1


def test_score_pad_entries_land_together_next_round_once_and_nothing_after_the_end(app):
    """The score pad: Ann's entry and Ben's, tapped on one version, both land, as do their
    "round done"; the host's "Next round" tapped twice is one round; nothing lands once the
    game has been ended."""
    with app.app_context():
        made, host = tables.create_table("scorepad", PLAYERS[:2])
        ann, ben = (tables.join(made.join_code, s)[1] for s in range(2))
        seen = tables.get(made.id).version
        tables.act(made.id, ann, seen, {"type": "add_points", "category": "points", "points": 2})
        tables.act(made.id, ben, seen, {"type": "add_points", "category": "points", "points": 9})
        # each player saying the round is done is that player's own move: both land
        tables.act(made.id, ann, seen, {"type": "round_done"})
        tables.act(made.id, ben, seen, {"type": "round_done"})
        at = tables.act(made.id, host, seen, {"type": "next_round"})["version"]
        with pytest.raises(Conflict):  # the host's phone again, on the same version
            tables.act(made.id, host, seen, {"type": "next_round"})
        now = tables.get(made.id)
        assert now.state.points == ((2, 9),) and now.state.round == 3 and now.version == at
        tables.end_game(made.id, host)
        with pytest.raises(Conflict):
            tables.act(made.id, ben, at, {"type": "add_points", "category": "points", "points": 1})
