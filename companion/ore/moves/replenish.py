"""Phase 5, replenishment: new mines and cards (the one random step of a round), salaries,
relief, and the end conditions."""

from __future__ import annotations

from typing import Mapping

from ...core import field_of, require, rng
from ...errors import NotYourTurn
from ...frozen import evolve
from ..data import RESOURCES, Catalog
from ..state import Cards, Mine, State, with_mine, with_pile, with_player, with_round
from .bank import asset_effects, check_pay, pay, pay_what_you_can, resource, strikes_for

RULE = "Replenishment"


def check_replenish(game, state: State, action: Mapping) -> None:
    require(state.phase == "replenish",
            f"Cards are replenished after acquisition; this is the {state.phase} phase.", RULE)
    if action["seat"] != state.start:
        raise NotYourTurn(f"The starting player, {state.name(state.start)}, replenishes the table.", RULE)


def replenish(game, state: State, action: Mapping) -> State:
    """Refill mines, assets, initiatives and contracts, then the starting player pays salaries
    and the token moves on; the end conditions met are kept in ``end``."""
    check_replenish(game, state, action)
    rand = rng(state.seed, state.step)
    ended: list[str] = []
    state = _mines(state, ended)
    rows, draw, discard = state.rows, state.draw, state.discard
    for row in ("assets", "initiatives"):
        rows, draw, discard = _slide(row, rows, draw, discard, rand, ended)
    if state.variant != "contract-race":
        rows, draw, discard = _contracts(state, rows, draw, discard, ended)
    state = evolve(state, rows=rows, draw=draw, discard=discard)
    state = _salaries(game.data, state)
    return evolve(state, start=(state.start + 1) % len(state.players), end=tuple(ended) or None, phase="relief")


def _mines(state: State, ended: list[str]) -> State:
    for res in RESOURCES:
        mine = state.mine(res)
        if not mine.exhausted:
            continue
        pile = state.pile(res)
        if not pile.draw:
            ended.append(f"no {res} mine is left to replace the exhausted one")
            continue
        state = with_pile(state, res, evolve(pile, draw=pile.draw[1:], used=pile.used + (mine.card,)))
        state = with_mine(state, res, Mine(pile.draw[0]))
    return state


def _slide(row: str, rows: Cards, draw: Cards, discard: Cards, rand, ended: list[str]) -> tuple[Cards, Cards, Cards]:
    """The card in the last place of the row is discarded, the rest slide along and new cards
    fill the row from the draw pile (initiatives reshuffle their discards when it runs out)."""
    cards = list(rows.of(row))
    piles = {"draw": list(draw.of(row)), "discard": list(discard.of(row))}
    if cards[-1] is not None:
        piles["discard"].append(cards[-1])
        cards[-1] = None
    kept = [c for c in cards if c is not None]
    empty = len(cards) - len(kept)
    fresh = []
    for _ in range(empty):
        if not piles["draw"] and row == "initiatives" and piles["discard"]:
            piles["draw"], piles["discard"] = piles["discard"], []
            rand.shuffle(piles["draw"])
        if not piles["draw"]:
            ended.append(f"the {row} row cannot be refilled")
            break
        fresh.append(piles["draw"].pop(0))
    cards = [None] * (empty - len(fresh)) + fresh[::-1] + kept
    return (evolve(rows, **{row: tuple(cards)}), evolve(draw, **{row: tuple(piles["draw"])}),
            evolve(discard, **{row: tuple(piles["discard"])}))


def _contracts(state: State, rows: Cards, draw: Cards, discard: Cards, ended: list[str]) -> tuple[Cards, Cards, Cards]:
    """Nobody took a contract: the highest numbered one is discarded; then the row is refilled."""
    cards = list(rows.contracts)
    pile, discarded = list(draw.contracts), list(discard.contracts)
    if not state.contract_taken:
        present = [c for c in cards if c is not None]
        if present:
            highest = max(present)
            cards[cards.index(highest)] = None
            discarded.append(highest)
    for index, card in enumerate(cards):
        if card is None:
            if not pile:
                ended.append("the contract row cannot be refilled")
                break
            cards[index] = pile.pop(0)
    return (evolve(rows, contracts=tuple(cards)), evolve(draw, contracts=tuple(pile)),
            evolve(discard, contracts=tuple(discarded)))


def _salaries(cat: Catalog, state: State) -> State:
    seat = state.start
    player = state.players[seat]
    state, short = pay_what_you_can(state, seat, cat.numbers.salaries[player.miners])
    return with_player(state, seat, strikes=player.strikes + strikes_for(short, cat.numbers.strike_per))


# -- relief ----------------------------------------------------------------------------------
def relief_cost(cat: Catalog, state: State, seat: int) -> int:
    costs = [int(args[0]) for _, args in asset_effects(cat, state, seat, "relief")]
    return min(costs + [cat.numbers.relief_cost])


def check_relieve(game, state: State, action: Mapping) -> None:
    rule = "Relief"
    seat = action["seat"]
    require(state.phase == "relief",
            f"Miners are relieved at the end of replenishment; this is the {state.phase} phase.", rule)
    require(not state.players[seat].round.relief_done, f"{state.name(seat)} has finished relief this round.", rule)
    res = resource(field_of(action, "mine", str), "mine")
    require(any(m.seat == seat for m in state.mine(res).miners), f"{state.name(seat)} has no miner on the {res} mine.",
            rule)
    check_pay(state, seat, relief_cost(game.data, state, seat), "Taking a miner back", rule)


def relieve(game, state: State, action: Mapping) -> State:
    """Pay to take back this seat's deepest miner on a mine."""
    check_relieve(game, state, action)
    seat, res = action["seat"], action["mine"]
    state = pay(state, seat, relief_cost(game.data, state, seat), "Taking a miner back", "Relief")
    mine = state.mine(res)
    deepest = max((m for m in mine.miners if m.seat == seat), key=lambda m: m.space)
    return with_mine(state, res, evolve(mine, miners=tuple(m for m in mine.miners if m is not deepest)))


def check_relief_done(game, state: State, action: Mapping) -> None:
    seat = action["seat"]
    require(state.phase == "relief", "Relief is over.", "Relief")
    require(not state.players[seat].round.relief_done, f"{state.name(seat)} has finished relief already.", "Relief")


def relief_done(game, state: State, action: Mapping) -> State:
    check_relief_done(game, state, action)
    return with_round(state, action["seat"], relief_done=True)


__all__ = ["RULE", "check_relief_done", "check_relieve", "check_replenish", "relief_cost", "relief_done",
           "relieve", "replenish"]
