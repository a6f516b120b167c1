"""Prospect's moves: each action declared once with the rule that plays it and a cheap check.

A rule checks the move and builds the new state; its ``check`` answers the same question without
building anything (the buttons and the bots ask it for every candidate), so the two share the
``_why_not_*`` functions and cannot disagree.
"""

from __future__ import annotations


from companion.core import rng
from companion.declare import ActionSpec, Field, Kind, seat_field
from companion.errors import NotYourTurn, RuleViolation
from companion.frozen import evolve
from companion.moves import Move, Moves

from .state import OVER, State, with_player


def _turn(state: State, seat: int) -> str | None:
    if seat != state.turn:
        return f"It is {state.players[state.turn].name}'s turn, not {state.players[seat].name}'s."
    return None


def _why_not_prospect(game, state: State, action) -> str | None:
    seat = action["seat"]
    limit = game.data.hand_limit
    held = len(state.players[seat].hand)
    return _turn(state, seat) or (
        f"{state.players[seat].name} holds {held} claims: the hand limit is {limit}." if held >= limit else
        "The claim deck is empty." if not state.deck else None)


def _why_not_pan(game, state: State, action) -> str | None:
    return _turn(state, action["seat"])


def _why_not_stake(game, state: State, action) -> str | None:
    seat, card = action["seat"], action["card"]
    player = state.players[seat]
    claim = game.data.claims.get(card)
    if _turn(state, seat):
        return _turn(state, seat)
    if claim is None or card not in player.hand:
        return f"{player.name} holds no such claim."
    if claim.cost > player.money:
        return f"{claim.name} costs £{claim.cost}; {player.name} has £{player.money}."
    return None


def _refuse(reason: str | None) -> None:
    if reason is None:
        return
    if reason.startswith("It is "):
        raise NotYourTurn(reason, "Turn order")
    raise RuleViolation(reason, "Your turn")


def _next_turn(game, state: State) -> State:
    turn = (state.turn + 1) % len(state.players)
    rounds = state.round + (turn == 0)
    if rounds > game.data.rounds:
        return evolve(state, turn=0, phase=OVER)
    return evolve(state, turn=turn, round=rounds)


def prospect(game, state: State, action) -> State:
    _refuse(_why_not_prospect(game, state, action))
    seat = action["seat"]
    deck = list(state.deck)
    card = deck.pop(rng(state.seed, state.step).randrange(len(deck)))
    state = with_player(evolve(state, deck=tuple(deck)), seat, hand=tuple(sorted(state.players[seat].hand + (card,))))
    return _next_turn(game, state)


def pan(game, state: State, action) -> State:
    _refuse(_why_not_pan(game, state, action))
    seat = action["seat"]
    state = with_player(state, seat, money=state.players[seat].money + game.data.pan)
    return _next_turn(game, state)


def stake(game, state: State, action) -> State:
    _refuse(_why_not_stake(game, state, action))
    seat, card = action["seat"], action["card"]
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(card)
    state = with_player(state, seat, hand=tuple(hand), staked=player.staked + (card,),
                        money=player.money - game.data.claims[card].cost)
    return _next_turn(game, state)


SEAT = seat_field()
MOVES = Moves([
    Move(ActionSpec("prospect", (SEAT,), randomises=True, doc="Draw a claim card into your hand."),
         prospect, _why_not_prospect),
    Move(ActionSpec("pan", (SEAT,), doc="Pan the river: take money."), pan, _why_not_pan),
    Move(ActionSpec("stake", (SEAT, Field("card", Kind.STR, doc="a claim card in your hand")), reveals=True,
                    doc="Pay a claim's cost and lay it face up."), stake, _why_not_stake),
])
