"""What every part of the turn shares: cards typed on a phone, drawing from a deck (the top card,
or the card a real deck turned up), market prices, the first player's duties, and the cheap
legality checks built from a rule's own ``forbid_*`` half."""

from __future__ import annotations

from typing import Any, Callable

from ...core import require
from ...errors import RuleViolation
from ..data import Catalog
from ..state import State

Forbid = Callable[[Any, State, Any], None]  # (game, state, action): raises RuleViolation, builds nothing


def words(value: Any) -> list[str]:
    """Card ids or resources typed on a phone: ``"iron-2, lead-3"`` or ``"coal coal iron"``."""
    return [w for w in str(value or "").replace(",", " ").split() if w]


def is_copy(card: str, wanted: str) -> bool:
    """Whether ``card`` (``bank#2``) is the building asked for (``bank`` or ``bank#2``)."""
    return card == wanted or card.split("#")[0] == wanted


def same(card: str, wanted: str) -> bool:
    return card == wanted


def take_card(deck: tuple[str, ...], wanted: str | None, what: str,
              match: Callable[[str, str], bool] = same) -> tuple[str | None, tuple[str, ...]]:
    """The card drawn and the deck left: ``wanted`` (the card the table turned up), or the top
    card when None (None from an empty deck)."""
    if wanted is None:
        return (deck[0], deck[1:]) if deck else (None, deck)
    for index, card in enumerate(deck):
        if match(card, wanted):
            return card, deck[:index] + deck[index + 1:]
    require(False, f"{wanted} is not in the {what} deck, so it cannot be the card turned up.", "Drawing cards")
    return None, deck


def price(cat: Catalog, state: State, res: Any) -> int | None:
    """The market price of ``res``: the face-up mine card's, or None when it is not in play."""
    mine = state.mine(res)
    return cat.mines[mine.card].price if mine is not None and mine.card else None


def first_player(state: State, seat: int) -> None:
    """The first player deals, runs the collection and closes the round."""
    require(seat == state.first, f"The first player ({state.players[state.first].name}) does this.", "Turn order")


def refusal(forbid: Forbid) -> Callable[[Any, State, Any], str | None]:
    """A move's cheap check from the rule's ``forbid_*`` half: the refusal it raises, as the
    words a player reads, or None. The rule runs the same half first, so the two agree."""
    def check(game: Any, state: State, action: Any) -> str | None:
        try:
            forbid(game, state, action)
        except RuleViolation as exc:
            return str(exc)
        return None
    check.__doc__ = forbid.__doc__
    return check
