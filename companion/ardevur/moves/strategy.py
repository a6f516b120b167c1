"""The strategy phase: development cards from the market (within the dashboard's slots), an
action card from the corporation's deck, or the phone call card; and discarding down to the
action-card limit."""

from __future__ import annotations

from ...errors import BadAction
from ..data import DEV_CARDS, Catalog
from ..state import (CARD_INDEX, ArdState, Player, can_hold_dev, replace, with_deck, with_market, with_player,
                     with_ts, without)
from .turn import advance, own_turn, refuse, spent

_MARKET = tuple(card for card in DEV_CARDS if card != "phone")


def check_market_card(cat: Catalog, s: ArdState, p: Player, card: str) -> None:
    if card not in _MARKET:
        raise BadAction(f"unknown development card {card!r}; cards: {', '.join(_MARKET)}")
    if s.count(card) <= 0:
        refuse(f"No {card} card is left in the market.", "Development cards")
    if not can_hold_dev(cat, p, card):
        refuse(f"You already have {card} (held or as your market advantage); duplicates are not allowed.",
               "Development cards")


def with_cards(s: ArdState, changes: dict[str, int]) -> ArdState:
    """The market with each card's count changed by the amount given."""
    market = list(s.market)
    for card, change in changes.items():
        market[CARD_INDEX[card]] += change
    return replace(s, market=tuple(market))


def _kept(cat: Catalog, s: ArdState, action) -> list[str]:
    """The development cards held after taking and returning those ``action`` names."""
    seat, cards, discard = action["seat"], action["cards"], action.get("discard") or []
    own_turn(s, seat, "strategy")
    p = s.players[seat]
    if not 1 <= len(cards) <= 2 or len(set(cards)) != len(cards):
        refuse("Pick 1 or 2 different development cards.", "Strategy")
    for card in cards:
        check_market_card(cat, s, p, card)
    held = list(p.dev) + list(cards)
    for card in discard:
        if card not in held:
            refuse(f"You cannot discard {card!r}: you do not hold it.", "Strategy")
    kept = [c for c in held if c not in discard]
    limit = cat.numbers.dev_card_limit - 1  # the market advantage fills one slot
    if len(kept) > limit:
        refuse(f"You may hold {limit} development cards besides your market advantage "
               f"({limit + 1} slots); you would hold {len(kept)}: discard {len(kept) - limit}.",
               "Development card limit")
    return kept


def check_take_development(cat: Catalog, s: ArdState, action) -> None:
    _kept(cat, s, action)


def take_development(game, s: ArdState, action) -> ArdState:
    kept = _kept(game.data, s, action)
    changes: dict[str, int] = {}
    for card in action["cards"]:
        changes[card] = changes.get(card, 0) - 1
    for card in action.get("discard") or []:
        changes[card] = changes.get(card, 0) + 1
    s = with_player(with_cards(s, changes), action["seat"], dev=tuple(kept))
    return advance(spent(s))


def action_limit(cat: Catalog, s: ArdState) -> int:
    numbers = cat.numbers
    return numbers.action_card_limit_clash if s.variant == "clash-of-titans" else numbers.action_card_limit


def draw_to_hand(cat: Catalog, s: ArdState, seat: int, auto_discard: bool = False) -> ArdState:
    """``seat`` draws the top card of its corporation's action deck; over the limit, the card
    goes back beneath the deck (``auto_discard``) or the player must discard one."""
    p = s.players[seat]
    deck = s.deck(p.corp)
    if not deck:
        return s
    hand = p.actions + deck[-1:]
    if len(hand) > action_limit(cat, s) and auto_discard:
        return with_deck(s, p.corp, deck[-1:] + deck[:-1])
    s = with_player(with_deck(s, p.corp, deck[:-1]), seat, actions=hand)
    if len(hand) > action_limit(cat, s):
        s = with_ts(s, must_discard=True)
    return s


def check_draw_action(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    own_turn(s, seat, "strategy")
    if s.variant in ("fair-play", "clash-of-titans"):
        refuse("In this mode action cards are not drawn in the strategy phase.", "Game modes")
    if not s.deck(s.players[seat].corp):
        refuse("Your action deck is empty.", "Action cards")


def draw_action(game, s: ArdState, action) -> ArdState:
    check_draw_action(game.data, s, action)
    s = spent(draw_to_hand(game.data, s, action["seat"]))
    return s if s.ts.must_discard else advance(s)


def check_discard_action(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    if not (s.phase == "play" and seat == s.turn and s.ts.must_discard):
        refuse("There is no action card to discard now.", "Action cards")
    if action["card"] not in s.players[seat].actions:
        refuse("You do not hold that action card.", "Action cards")


def discard_action(game, s: ArdState, action) -> ArdState:
    """The card goes face down beneath its corporation's deck."""
    check_discard_action(game.data, s, action)
    seat, card = action["seat"], action["card"]
    corp = game.data.actions[card].corporation
    s = with_player(s, seat, actions=without(s.players[seat].actions, card))
    s = with_ts(with_deck(s, corp, (card,) + s.deck(corp)), must_discard=False)
    return advance(s)


def check_take_phone(cat: Catalog, s: ArdState, action) -> None:
    own_turn(s, action["seat"], "strategy")
    if s.count("phone") <= 0:
        refuse("The phone call card is not in the market.", "Phone call")


def take_phone(game, s: ArdState, action) -> ArdState:
    check_take_phone(game.data, s, action)
    s = with_player(with_market(s, "phone", -1), action["seat"], phone=True)
    return advance(spent(s))


__all__ = ["action_limit", "check_discard_action", "check_draw_action", "check_market_card", "check_take_development",
           "check_take_phone", "discard_action", "draw_action", "draw_to_hand", "take_development", "take_phone",
           "with_cards"]
