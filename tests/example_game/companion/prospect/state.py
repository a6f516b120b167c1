"""The table as frozen values, and its JSON form (what a table stores)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.frozen import evolve

PLAY, OVER = "play", "over"


@dataclass(frozen=True)
class Player:
    name: str
    money: int
    hand: tuple[str, ...] = ()     # claim ids, hidden from the other players
    staked: tuple[str, ...] = ()   # claim ids laid face up


@dataclass(frozen=True)
class State:
    seed: int | str
    players: tuple[Player, ...]
    deck: tuple[str, ...]          # face down; the next card is drawn at random
    step: int = 0
    round: int = 1
    turn: int = 0
    phase: str = PLAY


def with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = evolve(players[seat], **changes)
    return evolve(state, players=tuple(players))


def to_json(state: State) -> dict:
    return {"seed": state.seed, "step": state.step, "round": state.round, "turn": state.turn, "phase": state.phase,
            "deck": list(state.deck),
            "players": [{"name": p.name, "money": p.money, "hand": list(p.hand), "staked": list(p.staked)}
                        for p in state.players]}


def from_json(data: Mapping[str, Any]) -> State:
    players = tuple(Player(p["name"], p["money"], tuple(p["hand"]), tuple(p["staked"])) for p in data["players"])
    return State(data["seed"], players, tuple(data["deck"]), data["step"], data["round"], data["turn"], data["phase"])


def problems(state: State) -> list[str]:
    """Whatever could not happen in a real game (money below nothing, a card twice)."""
    found = [f"{p.name} has £{p.money}" for p in state.players if p.money < 0]
    if not 0 <= state.turn < len(state.players):
        found.append(f"the turn is at seat {state.turn}")
    return found
