"""What a seat might do now: one button per move, greyed with the reason when refused."""

from __future__ import annotations

from companion.core import Option

from .state import State


def candidates(game, state: State, seat: int) -> list[dict]:
    hand = dict.fromkeys(state.players[seat].hand)
    return [{"type": "prospect", "seat": seat}, {"type": "pan", "seat": seat},
            *({"type": "stake", "seat": seat, "card": card} for card in hand)]


def label(game, action: dict) -> str:
    if action["type"] == "prospect":
        return "Prospect: draw a claim"
    if action["type"] == "pan":
        return f"Pan: take £{game.data.pan}"
    claim = game.data.claims[action["card"]]
    return f"Stake {claim.name} ({claim.gold} gold)"


def options(game, state: State, seat: int | None) -> list[Option]:
    if seat is None or game.is_over(state):
        return []
    found = []
    for action in candidates(game, state, seat):
        reason = game.refusal(state, action)
        cost = f"£{game.data.claims[action['card']].cost}" if action["type"] == "stake" else ""
        found.append(Option(action, label(game, action), reason is None, reason or "", cost))
    return found
