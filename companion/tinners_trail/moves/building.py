"""After an auction: the winner pays, may buy a survey card's benefit, builds the mine and,
with the Arsenic module, may build the calciner alongside it."""

from __future__ import annotations

from ...errors import NotYourTurn, RuleViolation
from ..data.tables import Rules
from ..setup import size_key
from ..state import ACTIONS, BUILD, State, Won, with_area, with_player
from ..state.values import evolve
from .developments import place, placement_error
from .survey import card_error
from .track import advance

RULE = "After the auction"
MONEY_TILE_BONUS = 3


def finish_won(state: State, area_id: str, winner: int, amount: int, card: str | None, rules: Rules) -> State:
    area = state.area(area_id)
    tile = rules.tiles[area.tile]
    state = advance(state, winner, 1 if tile.bonus == "work" else rules.work_costs["build_mine"])
    state = with_area(state, area_id, face_up=True)
    if tile.bonus == "money":
        state = with_player(state, winner, money=state.players[winner].money + MONEY_TILE_BONUS)
    state = evolve(state, won=Won(area_id, winner, amount, card), phase=BUILD)
    if not build_choices(state, rules):
        return place_mine(state, None, False, rules)
    return state


def cards_after(state: State, rules: Rules) -> list[str]:
    """Cards the winner could still buy: none if one was played before the auction or with 2 players."""
    won = state.won
    if won.card is not None or size_key(state.players) <= 2:
        return []
    player = state.players[won.winner]
    return [c for c in dict.fromkeys(player.hand)
            if card_error(state, won.winner, c, won.area, rules) is None and rules.cards[c].value <= player.money]


def calciner_possible(state: State) -> bool:
    return state.module("arsenic") and not state.players[state.won.winner].calciner


def build_choices(state: State, rules: Rules) -> bool:
    return bool(cards_after(state, rules)) or calciner_possible(state)


def check_build_mine(state: State, seat: int, card: str | None, calciner: bool, rules: Rules) -> None:
    won = state.won
    if state.phase != BUILD or won is None:
        raise NotYourTurn("No mine is waiting to be built.", RULE)
    if seat != won.winner:
        raise NotYourTurn(f"{state.players[won.winner].name} won the auction and builds the mine.", RULE)
    player = state.players[seat]
    if card is not None:
        if won.card is not None:
            raise RuleViolation(f"A survey card ({_words(won.card, rules)}) was played before the auction; "
                                "only one card improves a mine.", RULE)
        if size_key(state.players) <= 2:
            raise RuleViolation("With two players survey cards are played before the auction only.",
                                "2-player auctions")
        problem = card_error(state, seat, card, won.area, rules)
        if problem is not None:
            raise RuleViolation(problem, "Survey cards")
        value = rules.cards[card].value
        if player.money < value:
            raise RuleViolation(f"The survey card {_words(card, rules)} costs £{value} after the auction; "
                                f"{player.name} has £{player.money}.", RULE)
    if calciner:
        if not state.module("arsenic"):
            raise RuleViolation("Calciners belong to the Arsenic module, which this table does not use.",
                                "Arsenic: build calciner")
        if player.calciner:
            raise RuleViolation(f"{player.name} has already built a calciner; each player has one.",
                                "Arsenic: build calciner")


def build_mine(state: State, seat: int, card: str | None, calciner: bool, rules: Rules) -> State:
    check_build_mine(state, seat, card, calciner, rules)
    if card is not None:
        player = state.players[seat]
        hand = list(player.hand)
        hand.remove(card)
        state = with_player(state, seat, hand=tuple(hand), money=player.money - rules.cards[card].value)
    return place_mine(state, card, calciner, rules)


def place_mine(state: State, bought: str | None, calciner: bool, rules: Rules) -> State:
    won = state.won
    seat, area_id = won.winner, won.area
    area = state.area(area_id)
    tile = rules.tiles[area.tile]
    water = max(0, area.water + tile.water - area.drainage)
    state = with_area(state, area_id, owner=seat, tile=None, face_up=False, peeks=(), drainage=0,
                      tin=area.tin + tile.tin, copper=area.copper + tile.copper, water=water)
    card = won.card or bought
    if card is not None:
        state = apply_card(state, area_id, card, seat, rules)
    player = state.players[seat]
    state = with_player(state, seat, mines=player.mines - 1)
    if calciner:
        state = with_player(state, seat, calciner=True)
        state = with_area(state, area_id, calciner=seat)
        for aid in (area_id,) + rules.neighbours[area_id]:
            state = with_area(state, aid, arsenic=state.area(aid).arsenic + 1)
    return evolve(state, won=None, phase=ACTIONS)


def apply_card(state: State, area_id: str, card_id: str, seat: int, rules: Rules) -> State:
    card = rules.cards[card_id]
    area = state.area(area_id)
    if card.benefit == "tin":
        return with_area(state, area_id, tin=area.tin + card.amount)
    if card.benefit == "copper":
        return with_area(state, area_id, copper=area.copper + card.amount)
    if card.benefit == "water":
        return with_area(state, area_id, water=max(0, area.water - card.amount))
    if card.benefit == "pump":
        return with_area(state, area_id, pump=True, water=max(0, area.water - 1))
    if placement_error(state, card.benefit, area_id, None, rules, seat) is not None:
        return state  # a drawn 2-player card whose piece cannot stand here has no effect
    return place(state, card.benefit, area_id, None, rules, seat)


def _words(card_id, rules: Rules) -> str:
    """A survey card by what it does ("+1 copper (B, £2)"), as players read it."""
    card = rules.cards.get(card_id)
    return card.describe() if card else str(card_id)
