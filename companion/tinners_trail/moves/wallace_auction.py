"""Auctions with Lord Wallace: one bid each, a tie goes to the active player, and he never
pays. He opens with card value + a die when he starts; he answers the player's bid by
outbidding it by £1 when his own figure reaches that far, and otherwise lets it stand."""

from __future__ import annotations

import random
from typing import Sequence

from ...core import require
from ...errors import NotYourTurn
from ..bots.wallace import auction_worth, bid_dice, card_worth
from ..data.tables import Rules
from ..state import ACTIONS, AUCTION, BUILD, State, Won, with_area, with_player
from ..state.values import evolve
from ..state.wallace import human_seat, note, with_lord
from .building import build_choices, finish_won, place_mine
from .track import advance, auction_work, work_left

RULE = "Solo auctions"
DEEP_POCKETS = 2
MOST_AHEAD = 4


def roll_bid_die(worth: int | None, entered: Sequence[int] | None, gen: random.Random,
                 rules: Rules) -> tuple[int, str] | None:
    """The die result added to his bid and how it was read; None when he does not bid."""
    row = bid_dice(worth)
    if row is None:
        return None
    label, names, read = row
    if entered:
        require(len(entered) == len(names), f"His bid rolls {len(names)} {'die' if len(names) == 1 else 'dice'} "
                f"({' and '.join(names)}); enter {len(names)} number{'s' if len(names) > 1 else ''}.", RULE)
        for name, value in zip(names, entered):
            require(value in rules.dice[name], f"The {name} die has no face {value}; its faces are "
                    f"{', '.join(map(str, rules.dice[name]))}.", RULE)
        faces = list(entered)
    else:
        faces = [gen.choice(rules.dice[name]) for name in names]
    result = min(faces) if read == "lowest" else max(faces)
    shown = " ".join(f"{n} {f}" for n, f in zip(names, faces))
    how = f"{read} of {shown}" if len(faces) > 1 else shown
    return result, f"worth {label} → {how}"


def bid_total(state: State, base: int, die: int) -> int:
    return base + die + (DEEP_POCKETS if state.lord.has("deep-pockets") else 0)


def his_build_cost(state: State, rules: Rules, area_id: str) -> int:
    """The work points building costs him: 1 on a tile that says so, otherwise the build cost
    but never more than he has left (the rulebook's "from space 9 on, 1", which also holds when
    his limiter has moved left), so his disc never passes his limiter."""
    tile = rules.tiles[state.area(area_id).tile]
    if tile.bonus == "work":
        return 1
    return max(1, min(rules.work_costs["build_mine"], work_left(state, state.lord.seat, rules)))


def may_answer(state: State, rules: Rules) -> str | None:
    """Why he cannot bid against the player's auction (None when he may)."""
    seat = state.lord.seat
    if seat in state.passed:
        return "he has passed"
    if state.players[seat].mines < 1:
        return "he has no mine left to build"
    if work_left(state, seat, rules) < auction_work(rules):
        return "he has spent 9 work points"
    mine = state.column_of(seat)
    theirs = state.column_of(human_seat(state))
    cost = his_build_cost(state, rules, state.auction.area)
    if theirs is not None and mine + cost - theirs > MOST_AHEAD:
        return f"winning would put him {mine + cost - theirs} spaces ahead of you (at most {MOST_AHEAD})"
    return None


def solo_ends_on_hidden_tile(state: State, kind: str, seat: object, rules: Rules) -> bool:
    """Whether the player's bid or drop ends an auction for a face-down tile (turning it face
    up): always in his auction; in hers only when he cannot answer."""
    auction = state.auction
    if state.phase != AUCTION or auction is None or auction.turn != seat or state.area(auction.area).face_up:
        return False
    if auction.starter == state.lord.seat:
        return True
    return kind == "bid" and may_answer(state, rules) is not None


def after_player_bid(state: State, rules: Rules) -> State:
    """One bid each: after the player's bid he answers (if he may), or the auction ends."""
    auction = state.auction
    if auction.starter == state.lord.seat:
        return finish(state, rules)
    reason = may_answer(state, rules)
    if reason is None:
        return evolve(state, auction=evolve(auction, turn=state.lord.seat))
    return note(finish(state, rules), f"Lord Wallace does not bid: {reason}.")


def answer(state: State, dice: Sequence[int] | None, gen: random.Random, rules: Rules) -> State:
    """His single bid against the player's auction."""
    auction = state.auction
    if state.phase != AUCTION or auction is None or auction.turn != state.lord.seat:
        raise NotYourTurn("Lord Wallace is not bidding now.", RULE)
    state = with_lord(state, steps=())
    need = auction.minimum if auction.leader is None else auction.high + 1
    worth = auction_worth(state, auction.area, auction.card, rules)
    rolled = roll_bid_die(worth, dice, gen, rules)
    name = rules.areas[auction.area].name
    # What he decides is written before what follows from it (the player's insurance, his mine).
    if rolled is None:
        return finish(note(state, f"Lord Wallace passes on {name}: net worth {worth} is −2 or less."), rules)
    die, how = rolled
    value = rules.cards[auction.card].value if auction.card else 0
    figure = bid_total(state, value, die)
    deep = f" + £{DEEP_POCKETS} deep pockets" if state.lord.has("deep-pockets") else ""
    line = f"Lord Wallace values {name} at £{figure} = card £{value} + die {die}{deep} ({how})"
    if figure < need:
        return finish(note(state, f"{line}: below £{need}, he passes."), rules)
    state = evolve(state, auction=evolve(auction, high=need, leader=state.lord.seat))
    return finish(note(state, f"{line}: he bids £{need}, £1 more than you."), rules)


def finish(state: State, rules: Rules) -> State:
    """End the auction: the player pays as usual; Lord Wallace pays nothing."""
    auction = state.auction
    seat = state.lord.seat
    if auction.leader is None:
        area = state.area(auction.area)
        if not area.face_up:
            state = with_area(state, area.id, tile=None, peeks=())
        return evolve(state, auction=None, phase=ACTIONS)
    if auction.leader != seat:
        winner = auction.leader
        state = with_player(state, winner, money=state.players[winner].money - auction.high)
        return finish_won(evolve(state, auction=None), auction.area, winner, auction.high, auction.card, rules)
    if auction.card_from == "hand":
        human = human_seat(state)
        insurance = (auction.high + 1) // 2
        state = with_player(state, human, money=state.players[human].money + insurance)
        state = note(state, f"You receive £{insurance} (half his £{auction.high}, rounded up) for your card.")
    return he_builds(evolve(state, auction=None), auction.area, auction.high, auction.card, rules)


def he_builds(state: State, area_id: str, amount: int, card: str | None, rules: Rules) -> State:
    seat = state.lord.seat
    cost = his_build_cost(state, rules, area_id)
    tile = rules.tiles[state.area(area_id).tile]
    state = advance(state, seat, cost)
    if tile.bonus == "money":
        state = with_lord(state, income=state.lord.income + 3)
    calciner = calciner_here(state, area_id, rules)
    state = evolve(state, won=Won(area_id, seat, amount, card), phase=BUILD)
    state = place_mine(state, None, calciner, rules)
    built = state.area(area_id)
    line = (f"Lord Wallace builds {rules.areas[area_id].name} for nothing ({cost} work): "
            f"{built.tin} tin, {built.copper} copper, {built.water} water")
    return note(state, line + (", with his calciner" if calciner else "") + ".")


def calciner_here(state: State, area_id: str, rules: Rules) -> bool:
    """His calciner goes with the first mine where it adds 4 or more arsenic cubes."""
    if not state.module("arsenic") or state.players[state.lord.seat].calciner:
        return False
    return 1 + len(rules.neighbours[area_id]) >= 4


def free_mine(state: State, area_id: str, card: str | None, rules: Rules) -> State:
    """Shady land purchases: a mine placed without an auction or work."""
    seat, phase = state.lord.seat, state.phase
    calciner = calciner_here(state, area_id, rules)
    state = with_area(state, area_id, face_up=True)
    state = evolve(state, won=Won(area_id, seat, 0, card), phase=BUILD)
    return evolve(place_mine(state, None, calciner, rules), phase=phase)


__all__ = ["after_player_bid", "answer", "build_choices", "card_worth", "finish", "he_builds", "roll_bid_die"]
