"""Playing action cards: when a card may be played, and what each effect does.

``check_play`` answers whether a card may be played as the action says (the timing, the turn,
what its effect needs); ``EFFECT_RULES`` then does what the card says."""

from __future__ import annotations

from typing import Callable

from ...core import rng
from ...errors import BadAction
from ..data import DEV_CARDS, STANDALONE, ActionCard, Catalog
from ..state import (ArdState, Share, completes_region, gain, pay_all, replace, with_market, with_pile, with_player,
                     with_ts, without)
from .strategy import check_market_card
from .turn import advance, end_turn, refuse, spent


def _competitor(s: ArdState, seat: int, action) -> int:
    target = action.get("target")
    if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(s.players):
        raise BadAction("this card needs a 'target': the seat of a competitor")
    if target == seat:
        refuse("Choose a competitor, not yourself.", "Action cards")
    return target


def _drawn_territory(cat: Catalog, s: ArdState, seat: int) -> str | None:
    """The territory card a "territory" card draws: the top one the player may hold."""
    p = s.players[seat]
    return next((t for t in reversed(s.territory_deck) if not completes_region(cat, p, t)), None)


def _shifted(s: ArdState, action) -> tuple[str, int]:
    tier, pile = action.get("tier"), action.get("pile")
    piles = s.piles(tier) if isinstance(tier, str) else None
    if piles is None or not isinstance(pile, int) or not 0 <= pile < len(piles):
        raise BadAction("this card needs a 'tier' (bronze, silver, gold) and a 'pile' (0-2)")
    if not piles[pile]:
        refuse("That target pile is empty.", "Target grid")
    return tier, pile


def _picked(cat: Catalog, s: ArdState, seat: int, action) -> str:
    choice = action.get("pick")
    if choice not in DEV_CARDS:
        raise BadAction(f"this card needs a 'pick': one of {', '.join(DEV_CARDS)}")
    p = s.players[seat]
    check_market_card(cat, s, p, choice)
    if len(p.dev) >= cat.numbers.dev_card_limit - 1:
        refuse("Your development card slots are full.", "Development card limit")
    return choice


def _check_effect(cat: Catalog, s: ArdState, seat: int, card: ActionCard, mine: bool, action) -> None:
    """What the card's effect needs, refused when it is missing."""
    effect = card.effect
    if effect == "take" and not (not mine and card.timing == "competitor"):
        _competitor(s, seat, action)
    elif effect == "embargo" and mine:
        refuse("Embargo is played on a competitor's turn.", "Action cards")
    elif effect in ("discount", "extra_mine", "no_fees", "steady") and not mine:
        refuse(f"{card.name} helps your own turn.", "Action cards")
    elif effect == "territory" and _drawn_territory(cat, s, seat) is None:
        refuse("No territory card you may hold is left in the deck.", "Action cards")
    elif effect == "shift":
        _shifted(s, action)
    elif effect == "card":
        _picked(cat, s, seat, action)
    elif effect == "share":
        _competitor(s, seat, action)
    elif effect == "steal_action":
        other = s.players[_competitor(s, seat, action)]
        if not other.actions:
            refuse(f"{other.name} holds no action card.", "Action cards")


def _check_timing(s: ArdState, seat: int, card: ActionCard, mine: bool) -> None:
    ts = s.ts
    if seat in ts.played:
        refuse("You have already played an action card this turn.", "Action cards")
    if mine:
        if card.timing not in (s.stage, "anytime"):
            refuse(f"{card.name} is played in the {card.timing} phase"
                   + (" of a competitor's turn" if card.timing == "competitor" else "")
                   + f"; this is your {s.stage} phase.", "Action cards")
        if ts.must_discard:
            refuse("Discard down to your action-card limit first.", "Action cards")
    else:
        if card.timing not in ("competitor", "anytime"):
            refuse(f"{card.name} is played in your own {card.timing} phase.", "Action cards")
        if ts.against:
            refuse("Someone has already played an action card against this player this turn.", "Action cards")


def check_play(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    if s.phase != "play":
        refuse("Action cards are played during the game's turns.", "Action cards")
    if s.variant == "fair-play":
        refuse("Fair Play is played without action cards.", "Game modes")
    if s.end is not None:
        refuse("No action card may be played once the endgame is triggered.", "Endgame")
    if s.offers:
        refuse("A local sale waits for a warehouse owner's answer.", "Local sale")
    if action["card"] not in s.players[seat].actions:
        refuse("You do not hold that action card.", "Action cards")
    card = cat.actions[action["card"]]
    mine = seat == s.turn
    _check_timing(s, seat, card, mine)
    _check_effect(cat, s, seat, card, mine, action)


# -- what each effect does --------------------------------------------------------------------
Effect = Callable[[Catalog, ArdState, int, ActionCard, bool, dict], ArdState]


def _take(cat, s, seat, card, mine, action):
    victim = s.turn if not mine and card.timing == "competitor" else _competitor(s, seat, action)
    return pay_all(s, victim, card.amount, seat)[0]


def _turn_effect(cat, s, seat, card, mine, action):
    if card.effect == "discount":
        return with_ts(s, discount=s.ts.discount + card.amount)
    if card.effect == "extra_mine":
        return with_ts(s, extra_mine=s.ts.extra_mine + 1)
    return with_ts(s, **{card.effect: True})


def _territory(cat, s, seat, card, mine, action):
    pick = _drawn_territory(cat, s, seat)
    s = replace(s, territory_deck=without(s.territory_deck, pick))
    return with_player(s, seat, territories=s.players[seat].territories + (pick,))


def _shift(cat, s, seat, card, mine, action):
    tier, pile = _shifted(s, action)
    cards = s.piles(tier)[pile]
    return replace(with_pile(s, tier, pile, cards[:-1]), box=s.box + cards[-1:])


def _card(cat, s, seat, card, mine, action):
    choice = _picked(cat, s, seat, action)
    return with_player(with_market(s, choice, -1), seat, dev=s.players[seat].dev + (choice,))


def _share(cat, s, seat, card, mine, action):
    return replace(s, continuous=s.continuous + (Share(seat, _competitor(s, seat, action), card.id),))


def _steal(cat, s, seat, card, mine, action):
    other = _competitor(s, seat, action)
    taken = rng(s.seed, s.step).choice(sorted(s.players[other].actions))
    s = with_player(s, other, actions=without(s.players[other].actions, taken))
    return with_player(s, seat, actions=s.players[seat].actions + (taken,))


EFFECT_RULES: dict[str, Effect] = {
    "gain": lambda cat, s, seat, card, mine, action: gain(s, seat, card.amount),
    "take": _take,
    "embargo": lambda cat, s, seat, card, mine, action: with_ts(s, embargo=True),
    "discount": _turn_effect, "extra_mine": _turn_effect, "no_fees": _turn_effect, "steady": _turn_effect,
    "monopoly": lambda cat, s, seat, card, mine, action: with_player(s, seat, monopoly=True),
    "territory": _territory,
    "shift": _shift,
    "card": _card,
    "share": _share,
    "steal_action": _steal,
}


def play_action(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_play(cat, s, action)
    seat = action["seat"]
    card = cat.actions[action["card"]]
    mine = seat == s.turn
    s = EFFECT_RULES[card.effect](cat, s, seat, card, mine, action)
    p = s.players[seat]
    s = with_player(s, seat, actions=without(p.actions, card.id), used_actions=p.used_actions + 1)
    s = replace(s, box=s.box + (card.id,), ts=replace(s.ts, played=s.ts.played + (seat,),
                                                      against=s.ts.against or not mine))
    if mine and card.effect in STANDALONE and card.timing == s.stage:
        s = spent(s)
        return end_turn(s) if s.stage == "reward" else advance(s)
    return s


def reveals(game, s: ArdState, action) -> bool:
    """A card that draws a territory, takes a hidden action card or shifts a target shows
    something nobody saw."""
    card = game.data.actions.get(str(action.get("card")))
    return card is not None and card.effect in ("territory", "steal_action", "shift")


__all__ = ["EFFECT_RULES", "check_play", "play_action", "reveals"]
