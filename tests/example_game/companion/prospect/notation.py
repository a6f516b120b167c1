"""A position in one line, for tests: ``r2 t1 d9 | Ann 3 oxbow,sand-spit / gravel-bar | Bo 5 - / -``
(round, seat to play, cards left in the deck; then each player's money, hand / staked)."""

from __future__ import annotations

from companion.frozen import evolve

from .state import Player, State


def notation(state: State) -> str:
    def cards(ids) -> str:
        return ",".join(ids) or "-"
    head = f"r{state.round} t{state.turn} d{len(state.deck)}"
    return " | ".join([head, *(f"{p.name} {p.money} {cards(p.hand)} / {cards(p.staked)}" for p in state.players)])


def parse(text: str, deck: tuple[str, ...], seed: int = 0) -> State:
    """The position ``text`` describes, its deck the first cards of ``deck``."""
    head, *seats = [part.strip() for part in text.split("|")]
    rnd, turn, left = (int(word[1:]) for word in head.split())
    players = []
    for seat in seats:
        name, money, rest = seat.split(" ", 2)
        hand, staked = (tuple(c for c in side.strip().split(",") if c and c != "-") for side in rest.split("/"))
        players.append(Player(name, int(money), hand, staked))
    return evolve(State(seed, tuple(players), tuple(deck[:left])), round=rnd, turn=turn)
