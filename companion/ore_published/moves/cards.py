"""What every part of the turn shares: cards typed on a phone, drawing from a deck (the top card,
or the card a real deck turned up), market prices and the first player's duties. (A move's cheap
check is ``companion.moves.check_from`` of its rule's ``forbid_*`` half.)"""

from __future__ import annotations

from typing import Any, Callable

from ...core import require
from ..data import Catalog
from ..state import State

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
