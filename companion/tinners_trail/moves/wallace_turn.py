"""Lord Wallace's turn: reveal an action card, read the cell for the round and his work-track
space (the highlighted action while copper sells at £8 or £10), and carry it out; an action
he cannot take sends him to the next card. Each step is written down for the phone."""

from __future__ import annotations

import random
from typing import Sequence

from ...core import require, rng
from ...errors import BadAction, NotYourTurn
from ..bots.wallace import (adit_plan, auction_worth, choose_area, east, mine_plan, miner_plan, ore, port_plan,
                              pumps_plan, train_plan)
from ..data.tables import Rules
from ..state import ACTIONS, AUCTION, Auction, State, with_deck
from ..state.values import evolve
from ..state.wallace import human_seat, note, with_lord
from .actions import develop, steam_pumps
from .prices import price
from .track import active_seat, advance, pass_seat, work_left
from .wallace_auction import bid_total, finish, he_builds, may_answer, roll_bid_die
from .wallace_extras import emigration_instead, mine_or_arsenic, place_michigan

RULE = "Lord Wallace's turn"
DEVELOP_ORDER = ("train", "adit", "port", "steam_pumps", "miner")
DEVELOP_ORDER_EMIGRATION = ("miner", "train", "adit", "port", "steam_pumps")
LABEL = {"build": "Build", "mine": "Mine", "develop": "Develop", "train": "Train", "adit": "Adit", "port": "Port",
         "miner": "Miner", "steam_pumps": "Steam pumps", "pass": "Pass"}


def copper_price(state: State, rules: Rules) -> int:
    return price("copper", state.copper_column, rules)


def require_his_turn(state: State) -> None:
    if state.lord is None:
        raise BadAction("Lord Wallace plays only at a solo table.", RULE)
    if state.phase != ACTIONS or active_seat(state) != state.lord.seat:
        raise NotYourTurn("It is not Lord Wallace's turn.", RULE)


def turn(state: State, card: int | None, dice: Sequence[int] | None, rules: Rules) -> State:
    """One tap: the phone draws until an action happens; with ``card`` one entered card is read."""
    require_his_turn(state)
    gen = rng(state.seed, state.step)
    state = with_lord(state, steps=(), again=False)
    state = place_michigan(state, rules)
    if card is not None:
        state = _draw(state, card, gen, rules)
        return _resolve(state, dice, gen, rules)
    for _ in range(4 * len(rules.lord_deck.ids)):  # a pass is always reached long before this
        state = _resolve(_draw(state, None, gen, rules), dice, gen, rules)
        if state.lord.card is not None:   # the action was impossible: draw again
            continue
        if state.lord.again and state.phase == ACTIONS and active_seat(state) == state.lord.seat:
            state = with_lord(state, again=False)
            continue
        return with_lord(state, again=False)
    return _pass(state, "every card tried; he passes")


def _draw(state: State, card: int | None, gen: random.Random, rules: Rules) -> State:
    deck = state.lord.deck
    ids = rules.lord_deck.ids
    if not deck:
        deck = ids
        state = note(state, "His action deck is empty: all his action cards are shuffled into a new deck.")
    if card is None:
        card = deck[gen.randrange(len(deck))]
    else:
        require(card in ids, f"Lord Wallace has no action card {card}; his cards are "
                f"{ids[0]}–{ids[-1]}.", RULE)
        require(card in deck, f"Card {card} is already face up this time through his deck; the deck still "
                f"holds {', '.join(map(str, deck))}.", RULE)
    return with_lord(state, deck=tuple(c for c in deck if c != card), card=card)


def _resolve(state: State, dice: Sequence[int] | None, gen: random.Random, rules: Rules) -> State:
    lord = state.lord
    column = state.column_of(lord.seat)
    cell = rules.lord_deck.cell(lord.card, state.round, column)
    copper = copper_price(state, rules)
    action = cell.chosen(copper)
    why = ""
    if cell.copper_action:
        why = f" (copper £{copper}: {'highlighted' if action == cell.copper_action else 'plain'} action)"
    head = f"Lord Wallace draws card {lord.card}: round {state.round}, space {column} → {LABEL[action]}{why}"
    state = note(with_lord(state, card=None), head)
    result = ACT[action](state, dice, gen, rules)
    if result is not None:
        return with_lord(result, tried=())
    if state.round == rules.rounds and 7 <= column <= 9 and not _anything_to_mine(state):
        return _pass(state, "round 4, space 7–9 and nothing left to mine")
    state = note(state, f"{LABEL[action]} is not possible now: he draws another card.")
    return with_lord(state, card=lord.card, tried=lord.tried + (lord.card,))


def _anything_to_mine(state: State) -> bool:
    return any(ore(a) or a.arsenic for a in state.areas if a.owner == state.lord.seat)


def _pass(state: State, why: str) -> State:
    seat = state.lord.seat
    state = with_lord(pass_seat(state, seat), card=None, tried=())
    position = len(state.passed)
    return note(state, f"Lord Wallace passes ({why}): his disc goes to investment space {position}; "
                       "auctions now open £1 higher.")


# -- the actions ---------------------------------------------------------------------------
def act_pass(state, dice, gen, rules):
    return _pass(state, "his card says pass")


def act_build(state: State, dice, gen: random.Random, rules: Rules) -> State | None:
    seat = state.lord.seat
    switched = emigration_instead(state, "build", rules)
    if switched is not None:
        return switched
    if state.players[seat].mines < 1 or not choose_area(state, None, rules):
        return None
    if work_left(state, seat, rules) < 1:
        return None
    survey = state.lord.survey
    found = None
    if survey:
        card = survey[gen.randrange(len(survey))]
        state = with_lord(state, survey=tuple(_without(survey, card)))
        region = rules.cards[card].regions[0]
        found = choose_area(state, region, rules)
        line = f"He turns survey card {rules.cards[card].describe()}"
        if found is None:
            state = note(state, f"{line}, but region {region} has no area to build on.")
    if found is None:
        state, card, found, line = _from_region_deck(state, gen, rules)
    area_id, reason = found
    minimum = (rules.cards[card].value if card else 0) + len(state.passed)
    worth = auction_worth(state, area_id, card, rules)
    rolled = roll_bid_die(worth, dice, gen, rules)
    name = rules.areas[area_id].name
    if rolled is None:
        return None
    die, how = rolled
    amount = bid_total(state, minimum, die)
    passed = f" + £{len(state.passed)} for passes" if state.passed else ""
    card_text = f"card £{rules.cards[card].value}" if card else "no card £0"
    deep = " + £2 deep pockets" if state.lord.has("deep-pockets") else ""
    state = note(state, f"{line} → {name} ({reason}); bids £{amount} = {card_text}{passed} + "
                        f"die {die}{deep} ({how}).")
    human = human_seat(state)
    auction = Auction(area_id, seat, card, "wallace", minimum, (seat, human), amount, seat, human)
    state = evolve(state, auction=auction, phase=AUCTION)
    blocked = _player_cannot_bid(state, human, amount + 1, rules)
    if blocked:
        return note(finish(state, rules), f"You cannot outbid him ({blocked}).")
    return state


def _player_cannot_bid(state: State, human: int, need: int, rules: Rules) -> str | None:
    from .auction import why_not_bidder
    reason = why_not_bidder(state, human, rules)
    if reason:
        return reason
    if state.players[human].money < need:
        return f"you have £{state.players[human].money}, and would need £{need}"
    return None


def _from_region_deck(state: State, gen: random.Random, rules: Rules):
    """His own survey deck is spent: the most preferred area anywhere, with its region's top card."""
    found = choose_area(state, None, rules)
    region = rules.areas[found[0]].region
    deck = state.deck(region)
    card = deck[gen.randrange(len(deck))] if deck else None
    if card is not None:
        state = with_deck(state, region, tuple(_without(deck, card)))
    drawn = rules.cards[card].describe() if card else "none: that deck is empty"
    line = f"No survey card of his own: he takes the region {region} deck's card {drawn}"
    return state, card, found, line


def _without(cards, card):
    out = list(cards)
    out.remove(card)
    return out


def act_mine(state: State, dice, gen, rules: Rules) -> State | None:
    switched = emigration_instead(state, "mine", rules)
    if switched is not None:
        return switched
    return mine_or_arsenic(state, copper_price(state, rules) in (8, 10), rules)


def _piece(piece: str):
    def act(state: State, dice, gen, rules: Rules) -> State | None:
        return place_piece(state, piece, rules)
    return act


def place_piece(state: State, piece: str, rules: Rules, fallback: bool = True) -> State | None:
    seat = state.lord.seat
    if piece == "steam_pumps":
        drains = pumps_plan(state, rules)
        if drains is None or work_left(state, seat, rules) < rules.work_costs["steam_pumps"]:
            return None
        shown = ", ".join(f"{rules.areas[a].name} −{n}" for a, n in drains.items())
        return note(steam_pumps(state, seat, drains, rules), f"He takes the rightmost steam pumps: {shown} water.")
    index = ("miner", "port", "train", "adit").index(piece)
    if state.stock[state.round - 1][index] < 1 or work_left(state, seat, rules) < rules.work_costs[piece]:
        return place_piece(state, "steam_pumps", rules) if piece == "adit" and fallback else None
    plan = {"train": train_plan, "adit": adit_plan, "port": port_plan, "miner": miner_plan}[piece](state, rules)
    if plan is None:
        return place_piece(state, "steam_pumps", rules) if piece == "adit" and fallback else None
    area, to = plan if piece == "adit" else (plan, None)
    own = piece == "miner" and state.module("emigration") and state.players[seat].own_miners > 0
    where = f"{rules.areas[area].name}–{rules.areas[to].name}" if to else rules.areas[area].name
    state = develop(state, seat, piece, area, to, own, rules)
    article = "an" if piece[0] in "aeiou" else "a"
    return note(state, f"He places {article} {piece}{' of his colour' if own else ''} in {where} "
                       f"({rules.work_costs[piece]} work).")


def act_develop(state: State, dice, gen, rules: Rules) -> State | None:
    switched = emigration_instead(state, "develop", rules)
    if switched is not None:
        return switched
    order = DEVELOP_ORDER_EMIGRATION if state.module("emigration") else DEVELOP_ORDER
    for piece in order:
        done = place_piece(state, piece, rules, fallback=False)
        if done is not None:
            return done
    return None


ACT = {"build": act_build, "mine": act_mine, "develop": act_develop, "pass": act_pass,
       "train": _piece("train"), "adit": _piece("adit"), "port": _piece("port"), "miner": _piece("miner"),
       "steam_pumps": _piece("steam_pumps")}

__all__ = ["turn", "place_piece", "east", "advance", "may_answer"]
