"""The simulation lab's bots: both play only legal moves; the heuristic bot beats random seats."""

import random

import pytest

from companion import find_game
from companion.ardevur.setup import MODES
from companion.core import PlayerSpec

GAME = find_game("ardevur")


def data(state):
    """The state as a table stores it (its JSON form)."""
    return GAME.to_json(state)


def test_bots_never_see_deck_order_or_other_hands():
    """The same choice whatever the order of the face-down decks and whatever the cards in the
    other players' hands (their number stays): the bots read only their seat's view. The
    heuristic bot's 70 % win rate over 200 games is measured by the lab test for every game."""
    state = GAME.setup([PlayerSpec(n) for n in ("Ann", "Bo", "Cy")], "standard", 99)
    chooser = random.Random(7)
    checked = 0
    for step in range(300):
        if GAME.end_if(state) is not None:
            break
        seat = GAME.acting_seats(state)[0]
        if step % 7 == 0 and data(state)["phase"] == "play":
            d = GAME.to_json(state)
            d["territory_deck"].reverse()
            for deck in d["action_decks"].values():
                deck.reverse()
            for other, p in enumerate(d["players"]):
                if other != seat and p["actions"]:
                    corp = p["corp"]
                    deck = d["action_decks"][corp]
                    if deck:
                        p["actions"][0], deck[0] = deck[0], p["actions"][0]
            for bot in GAME.bot_names:
                one = GAME.bot_move(state, seat, bot, random.Random(5))
                two = GAME.bot_move(GAME.from_json(d), seat, bot, random.Random(5))
                assert one == two, (bot, one, two)
            checked += 1
        state = GAME.apply(state, GAME.bot_move(state, seat, "random", chooser))
    assert checked >= 10


def test_bots_decide_from_the_view_and_name_themselves():
    assert GAME.bot_names == ("random", "heuristic")
    state = GAME.setup([PlayerSpec("A"), PlayerSpec("B", bot="random")], "standard", 2)
    assert GAME.bot_move(state, 1, "random", random.Random(1)) is None  # not waiting for seat 1
    move = GAME.bot_move(state, 0, "heuristic", random.Random(1))
    assert move == {"type": "start", "seat": 0}
    assert GAME.bot_action(state, 1) is None


ENDINGS = ("", "final-round", "minute-64", "exhausted")


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_bots_finish_under_every_ending_mode_and_player_count(bot):
    """With the same bot in every seat, games of every ending agreement, mode and player count
    end (two seeded games of each, with the table's other options varied): played until no
    moves are left, a full round of passes ends it; at minute 64 the clock does unless Total
    Control came first; otherwise a call of the end."""
    unfinished, reasons = [], {}
    for ending in ENDINGS:
        for mode in MODES:
            for players in (2, 3, 4):
                for index in range(2):
                    words = [w for w in (ending, ("all-cards", "random-corporations")[index]) if w]
                    variant, seed = "+".join([mode] + words), 1000 * players + 10 * index + MODES.index(mode)
                    chooser = random.Random(seed)
                    state = GAME.setup([PlayerSpec(f"P{i}") for i in range(players)], variant, seed)
                    moves = 0
                    while GAME.end_if(state) is None and moves < 2000:
                        state = GAME.apply(state, GAME.bot_move(state, GAME.acting_seats(state)[0], bot, chooser))
                        moves += 1
                    if GAME.end_if(state) is None:
                        unfinished.append((variant, players, seed))
                    reasons.setdefault(ending, set()).add(data(state)["over_reason"])
    assert unfinished == []
    assert reasons["exhausted"] == {"a full round passed in which nobody had anything left to do"}
    assert all(r == "minute 64 was reached" or "Total Control" in r for r in reasons["minute-64"])
    assert "minute 64 was reached" in reasons["minute-64"]
    assert all("Total Control" in r for r in reasons[""])
