"""What each seat may see of Tinners' Trail's moves and hands: the survey cards a seat discards
face down are shown to that seat only, and the cards in hand stay hidden from the others."""

from __future__ import annotations

from companion import PlayerSpec, find_game

GAME = find_game("tinners-trail")


def dealt():
    state = GAME.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], "base", 5)
    drawn = state.players[0].drawn
    discard = [next(c for c in drawn if GAME.data.cards[c].regions == (r,)) for r in "ABC"]
    return state, discard


def test_the_discarded_survey_cards_are_shown_to_their_seat_only():
    state, discard = dealt()
    action = {"type": "keep_cards", "seat": 0, "discard": discard}
    assert GAME.action_view(action, 0) == action
    for viewer in (None, 1, 2):
        assert GAME.action_view(action, viewer) == {"type": "keep_cards", "seat": 0}
    form = {"type": "keep_cards", "seat": 0, **{f"discard_{r}": c for r, c in zip("ABC", discard)}}
    assert GAME.action_view(form, 0) == form
    assert GAME.action_view(form, 1) == {"type": "keep_cards", "seat": 0}
    assert GAME.play(state, action)[1] == "Ann chooses survey cards"  # the log line names no card


def test_other_moves_look_the_same_to_everyone():
    for action in ({"type": "roll_prices", "seat": 1}, {"type": "bid", "seat": 2, "amount": 3},
                   {"type": "start_auction", "seat": 0, "area": "A1", "card": "A-copper"}):
        assert all(GAME.action_view(action, viewer) == action for viewer in (None, 0, 1, 2))


def test_a_hand_is_seen_by_its_seat_and_counted_for_the_others():
    state, discard = dealt()
    state = GAME.apply(state, {"type": "keep_cards", "seat": 0, "discard": discard})
    hand = list(state.players[0].hand)
    assert GAME.view(state, 0)["players"][0]["hand"] == hand
    assert [c["id"] for c in GAME.view(state, 0)["info"]["hand"]] == hand
    for viewer in (None, 1, 2):
        seen = GAME.view(state, viewer)
        assert seen["players"][0]["hand"] == len(hand) and seen["players"][0]["drawn"] == 0
        own = [] if viewer is None else list(state.players[viewer].hand + state.players[viewer].drawn)
        assert [c["id"] for c in seen["info"]["hand"]] == own  # each phone lists its own cards only
