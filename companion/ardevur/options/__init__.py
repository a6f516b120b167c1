"""The phone's buttons: the candidates a seat might play now (``candidates``), each asked of
the rules once (``Game.refusal``), with its label and what it costs (``costs``). Main moves
the rules refuse stay listed, greyed, with the reason."""

from __future__ import annotations

from typing import Any

from ...core import Option
from ..state import ArdState
from .candidates import candidates
from .costs import cost_label
from .labels import label as imperative

# Moves worth showing greyed (with the rule's reason) when refused.
GREYED = frozenset({"explore", "exploit", "global_sale", "local_sale", "claim_target", "claim_incentive",
                    "call_total_control", "call_auction", "draw_action", "take_phone", "call_time"})
# Moves that name a card in a player's hand: only the holder's own phone lists them.
IN_HAND = frozenset({"discard_action", "play_action"})


def _card_label(game: Any, s: ArdState, action: dict) -> str:
    """The holder's own phone names the card it plays and what it does."""
    card = game.data.actions[action["card"]]
    aim = ""
    if isinstance(action.get("target"), int):
        aim = f" against {s.players[action['target']].name}"
    elif action.get("pick"):
        aim = f" for a {action['pick']} card"
    elif action.get("tier") is not None:
        aim = f" on the {action['tier']} pile {int(action.get('pile') or 0) + 1}"
    return f"Play {card.name}{aim}: {card.text}"


def _label(game: Any, s: ArdState, own: bool, action: dict) -> str:
    """Imperative words, never the acting player's name; the card in hand is named only on
    its holder's own phone."""
    if own and action["type"] == "play_action":
        return _card_label(game, s, action)
    if own and action["type"] == "discard_action":  # hidden from the log, not from its holder
        return f"Discard {game.data.actions[action['card']].name} (beneath its deck)"
    return imperative(game.data, s, action)


def options(game: Any, s: ArdState, seat: int | None) -> list[Option]:
    """``seat``'s options, with what each costs; for the shared screen (``None``) those of the
    seats the table waits for, so the host can act for a player without a phone, but never a
    move that names a card in someone's hand (the host plays those on the seat's own page)."""
    cat = game.data
    seats = game.acting_seats(s) if seat is None else (seat,)
    found: list[Option] = []
    shown: set[tuple] = set()
    for who in seats:
        for action in candidates(cat, s, who):
            if seat is None and action["type"] in IN_HAND:
                continue
            reason = game.refusal(s, action) or ""
            if reason:
                key = (action["type"], action.get("territory"), action.get("tier"), action.get("pile"))
                if action["type"] not in GREYED or action.get("phone") or action.get("loan") or key in shown:
                    continue
                shown.add(key)
            found.append(Option(action, _label(game, s, seat is not None, action), not reason, reason,
                                cost_label(cat, s, who, action)))
    return found


__all__ = ["GREYED", "IN_HAND", "options"]
