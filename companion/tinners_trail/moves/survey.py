"""Survey cards: the keep/discard choice at setup, and which card may go where."""

from __future__ import annotations

from typing import Sequence

from ...errors import RuleViolation
from ..data.tables import Rules
from ..setup import regions_in_play, size_key
from ..state import PRICES, SURVEY, Area, State, with_deck, with_player
from ..state.values import evolve

RULE = "Setup step 16: survey cards"


def check_keep_cards(state: State, seat: int, discard: Sequence[str], rules: Rules) -> None:
    if state.phase != SURVEY:
        raise RuleViolation("Survey cards are chosen once, before the first round.", RULE)
    player = state.players[seat]
    if not player.drawn:
        raise RuleViolation(f"{player.name} has already chosen which survey cards to keep.", RULE)
    regions = regions_in_play(size_key(state.players))
    left = list(player.drawn)
    for card in discard:
        if card not in left:
            raise RuleViolation(f"{_said(card, rules)} is not among {player.name}'s dealt cards "
                                f"({', '.join(_said(c, rules) for c in player.drawn)}).", RULE)
        left.remove(card)
    for card in discard:
        fits = rules.cards[card].regions
        if not (len(fits) == 1 and fits[0] != "wild"):
            where = "any region" if "wild" in fits else "regions " + " and ".join(fits)
            raise RuleViolation(f"{_said(card, rules)} fits {where}; "
                                f"the discards are one card of a single region each, and it is kept.", RULE)
    named = sorted(rules.cards[c].regions[0] for c in discard)
    if named != sorted(regions):
        raise RuleViolation(f"Discard exactly one card of each region {', '.join(regions)} "
                            f"(you named {', '.join(discard) or 'none'}).", RULE)


def keep_cards(state: State, seat: int, discard: Sequence[str], rules: Rules) -> State:
    check_keep_cards(state, seat, discard, rules)
    left = list(state.players[seat].drawn)
    for card in discard:
        left.remove(card)
    state = with_player(state, seat, hand=tuple(left), drawn=())
    if size_key(state.players) <= 2:
        for card in discard:
            region = rules.cards[card].regions[0]
            state = with_deck(state, region, state.deck(region) + (card,))
    if all(not p.drawn for p in state.players):
        state = evolve(state, phase=PRICES)
    return state


def _said(card_id: str, rules: Rules) -> str:
    """A survey card as a player reads it ("+1 tin (B, £2)"); an id no card has, quoted."""
    card = rules.cards.get(card_id) if isinstance(card_id, str) else None
    return card.describe() if card else f"{card_id!r}"


def placeable(card_id: str, area: Area, rules: Rules) -> str | None:
    """Why this card cannot improve a mine in ``area`` (None when it can)."""
    card = rules.cards[card_id]
    info = rules.areas[area.id]
    if not card.fits(info.region):
        return f"{card.name}, {card.describe()}, is for region {'/'.join(card.regions)}, not region {info.region}."
    if card.benefit == "miner" and area.miner is not None:
        return f"{info.name} already has a miner; an area holds one miner."
    if card.benefit == "port" and not info.coastal:
        return f"{info.name} is inland; a port must be on the coast."
    if card.benefit == "port" and area.port:
        return f"{info.name} already has a port; an area holds one port."
    return None


def card_error(state: State, seat: int, card_id: str, area_id: str, rules: Rules) -> str | None:
    player = state.players[seat]
    if card_id not in player.hand:
        return f"{player.name} holds no survey card {card_id!r}."
    return placeable(card_id, state.area(area_id), rules)
