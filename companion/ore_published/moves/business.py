"""Business: fill one row of every contract, build with completed contracts' icons, recall
workers from mines, then (when everyone has finished) pass the first player token, bring workers
home, replace taken contracts and advance the round. The same filling and building happen early
for the player on advance orders.

As in tasking, each move a seat may be offered is a ``forbid_*`` half (the cheap check) and the
rule that runs it and then builds the new state.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core import require
from ...frozen import evolve
from ..data import RESOURCES, Building, Catalog, contract_name
from ..state import ACTION_SPACES, BUSINESS, CLEANUP, OVER, TASKING, Held, Player, State, in_mines, with_cubes, \
    with_mine, with_player
from .cards import first_player, is_copy, price, take_card, words
from .tasking import forbid_recruit, next_turn, recruit, waiting_worker

Action = Mapping[str, Any]


def _window(state: State, seat: int) -> None:
    """Contracts are filled (and buildings built) in business, or early from advance orders."""
    if state.phase == BUSINESS and not state.players[seat].done:
        return
    if state.phase == TASKING and state.early == seat:
        return
    require(False, "Contracts are filled in the business phase, or early from advance orders.", "Filling contracts")


# -- filling a contract's row ----------------------------------------------------------------
def row_cubes(cat: Catalog, p: Player, contract: Held, choice: Any) -> list[str]:
    """The cubes that would fill the contract's next row: either-ore icons take ``choice`` in
    order, or else the kind the player holds most of."""
    row = cat.contracts[contract.id].rows[contract.filled]
    picks = words(choice)
    have = dict(zip(RESOURCES, p.cubes))
    cubes = []
    for item in row.items:
        if len(item) == 1:
            res = item[0]
        elif picks:
            res = picks.pop(0)
            require(res in item, f"That icon takes {' or '.join(item)}, not {res}.", "Either ore")
        else:
            res = max(item, key=lambda r: (have[r], -item.index(r)))
        have[res] -= 1
        cubes.append(res)
    return cubes


def forbid_fill(game: Any, state: State, action: Action) -> None:
    """Raise the rule that forbids filling this contract's next row now."""
    seat = action["seat"]
    _window(state, seat)
    p = state.players[seat]
    cid = action.get("contract")
    contract = p.held(cid)
    named = contract_name(cid)
    require(contract is not None, f"You hold no contract {named}.", "Filling contracts")
    require(not contract.now, f"Contract {named} already had a row filled this round; exactly one row a round.",
            "Filling contracts")
    cubes = row_cubes(game.data, p, contract, action.get("choice"))
    for res in RESOURCES:
        need = cubes.count(res)
        require(p.cube(res) >= need, f"Row {contract.filled + 1} of contract {named} needs {need} {res}; you have "
                f"{p.cube(res)}.", "Filling contracts")


def fill(game: Any, state: State, action: Action) -> State:
    forbid_fill(game, state, action)
    seat, cid = action["seat"], action["contract"]
    p = state.players[seat]
    contract = p.held(cid)
    card = game.data.contracts[cid]
    spent: dict[str, int] = {}
    for res in row_cubes(game.data, p, contract, action.get("choice")):
        spent[res] = spent.get(res, 0) - 1
    p = with_cubes(p, spent)
    done = evolve(contract, filled=contract.filled + 1, now=True)
    money = p.money + card.rows[contract.filled].pay
    if done.filled == len(card.rows):
        p = evolve(p, money=money, contracts=tuple(c for c in p.contracts if c is not contract),
                    completed=p.completed + (cid,), credits=p.credits + card.buildings)
    else:
        p = evolve(p, money=money, contracts=tuple(done if c is contract else c for c in p.contracts))
    return with_player(state, seat, p)


# -- building ----------------------------------------------------------------------------
def forbid_build(game: Any, state: State, action: Action) -> None:
    """Raise the rule that forbids building this building now."""
    seat = action["seat"]
    _window(state, seat)
    p = state.players[seat]
    require(p.credits > 0, "You build only with a building icon from a contract you just completed.", "Buildings")
    wanted = action.get("building")
    card = next((c for c in p.hand if is_copy(c, str(wanted))), None)
    require(card is not None, f"{wanted} is not in your hand.", "Buildings")
    b = game.data.building(card)
    require(p.money >= b.money, f"{b.name} costs ${b.money}; you have ${p.money}.", "Buildings")
    for res in RESOURCES:
        require(p.cube(res) >= b.cubes.count(res), f"{b.name} needs {b.cubes.count(res)} {res}; you have "
                f"{p.cube(res)}.", "Buildings")
    paid = _paid(p, b)
    if b.effect and b.effect[0] in ("sell", "buy"):
        _forbid_trade_effect(game.data, state, paid, b.effect, action)
    elif b.effect and b.effect[0] == "recruit" and waiting_worker(game.data, paid) and action.get("recruit", True):
        forbid_recruit(game.data, state, paid, paid.money)


def build(game: Any, state: State, action: Action) -> State:
    forbid_build(game, state, action)
    seat = action["seat"]
    p = state.players[seat]
    card = next(c for c in p.hand if is_copy(c, str(action["building"])))
    b = game.data.building(card)
    state = with_player(state, seat, _paid(p, b))
    state = _when_built(game.data, state, seat, b.effect, action)
    p = state.players[seat]
    hand = list(p.hand)
    hand.remove(card)
    return with_player(state, seat, evolve(p, hand=tuple(hand), built=p.built + (card,), credits=p.credits - 1))


def _paid(p: Player, b: Building) -> Player:
    """``p`` after paying ``b``'s money and cubes."""
    spent: dict[str, int] = {}
    for res in b.cubes:
        spent[res] = spent.get(res, 0) - 1
    return evolve(with_cubes(p, spent), money=p.money - b.money)


def _counts(action: Action) -> dict[str, int]:
    counts: dict[str, int] = {}
    for res in words(action.get("cubes")):
        counts[res] = counts.get(res, 0) + 1
    return counts


def _forbid_trade_effect(cat: Catalog, state: State, p: Player, effect: tuple[str, ...], action: Action) -> None:
    kind, limit, counts = effect[0], int(effect[1]), _counts(action)
    require(all(state.mine(r) is not None for r in counts),
            f"Name resources on the market: {', '.join(state.kinds())}.", "When built")
    require(sum(counts.values()) <= limit, f"This building lets you {kind} up to {limit} cubes, not "
            f"{sum(counts.values())}.", "When built")
    if kind == "sell":
        for res, n in counts.items():
            require(p.cube(res) >= n, f"You have {p.cube(res)} {res}, not {n} to sell.", "When built")
    else:
        total = sum(n * (price(cat, state, r) or 0) for r, n in counts.items())
        require(p.money >= total, f"Buying costs ${total}; you have ${p.money}.", "When built")


def _when_built(cat: Catalog, state: State, seat: int, effect: tuple[str, ...], action: Action) -> State:
    """The building's one-time action (already allowed)."""
    p = state.players[seat]
    kind = effect[0] if effect else ""
    if kind in ("sell", "buy"):
        counts = _counts(action)
        total = sum(n * (price(cat, state, r) or 0) for r, n in counts.items())
        sign = 1 if kind == "buy" else -1
        p = with_cubes(p, {r: sign * n for r, n in counts.items()})
        return with_player(state, seat, evolve(p, money=p.money - sign * total))
    if kind == "recruit" and waiting_worker(cat, p) and action.get("recruit", True):
        return recruit(cat, state, seat)
    if kind == "drill" and state.drills > 0:
        return evolve(with_player(state, seat, evolve(p, drills=p.drills + 1)), drills=state.drills - 1)
    if kind == "cage" and p.cage < cat.numbers.cage_levels:
        return with_player(state, seat, evolve(p, cage=p.cage + 1))
    if kind == "cube":
        return with_player(state, seat, with_cubes(p, {effect[1]: int(effect[2])}))
    return state


# -- recalling a worker, finishing -------------------------------------------------------------
def forbid_recall(game: Any, state: State, action: Action) -> None:
    """Raise the rule that forbids bringing this worker home now."""
    seat = action["seat"]
    p = state.players[seat]
    require(state.phase == BUSINESS and not p.done, "Workers are recalled from mines in the business phase.", "Recall")
    res, depth = action.get("res"), action.get("depth")
    mine = state.mine(res)
    worker = next((w for w in (mine.workers if mine else ()) if w.seat == seat and w.depth == depth), None)
    require(worker is not None, f"You have no worker on space {(depth or 0) + 1} of the {res} mine.", "Recall")
    cost = game.data.numbers.recall_cost
    require(p.money >= cost, f"Recalling a worker from a mine costs ${cost}; you have ${p.money}.", "Recall")


def recall(game: Any, state: State, action: Action) -> State:
    forbid_recall(game, state, action)
    seat, depth = action["seat"], action["depth"]
    mine = state.mine(action["res"])
    workers = list(mine.workers)
    workers.remove(next(w for w in workers if w.seat == seat and w.depth == depth))
    p = state.players[seat]
    state = with_mine(state, evolve(mine, workers=tuple(workers)))
    return with_player(state, seat, evolve(p, money=p.money - game.data.numbers.recall_cost, home=p.home + 1))


def forbid_done(game: Any, state: State, action: Action) -> None:
    """Raise the rule that forbids finishing now."""
    seat = action["seat"]
    if state.phase == TASKING and state.early == seat:
        return
    require(state.phase == BUSINESS and not state.players[seat].done, "You have nothing to finish now.", "Business")


def done(game: Any, state: State, action: Action) -> State:
    """Finish filling: early orders end, or this seat's business ends (unfilled contracts lost)."""
    forbid_done(game, state, action)
    seat = action["seat"]
    p = state.players[seat]
    if state.phase == TASKING:
        state = evolve(with_player(state, seat, evolve(p, credits=0)), early=None)
        return state if state.queue else next_turn(state)
    lost = tuple(c.id for c in p.contracts if not c.now)
    p = evolve(p, contracts=tuple(c for c in p.contracts if c.now), credits=0, done=True)
    state = evolve(with_player(state, seat, p), discard=state.discard + lost)
    if all(q.done for q in state.players):
        state = evolve(state, phase=OVER if state.round >= game.data.numbers.rounds else CLEANUP)
    return state


# -- the end of a round ----------------------------------------------------------------------
def close_round(game: Any, state: State, action: Action) -> State:
    first_player(state, action["seat"])
    require(state.phase == CLEANUP, "The round closes once everyone has finished business.", "Business")
    count = len(state.players)
    first = state.advance if state.advance is not None else (state.first + 1) % count
    players = tuple(evolve(p, home=p.workers - in_mines(state, seat), fresh=False, passed=False, done=False,
                            contracts=tuple(evolve(c, now=False) for c in p.contracts))
                    for seat, p in enumerate(state.players))
    turned = words(action.get("cards"))
    deck, row = state.contract_deck, list(state.row)
    for slot, card in enumerate(row):
        if card is None:
            row[slot], deck = take_card(deck, turned.pop(0) if turned else None, "contract")
    state = evolve(state, first=first, advance=None, spaces=(None,) * len(ACTION_SPACES),
                    overtime=(None,) * len(state.overtime), contract_spaces=(None,) * len(state.contract_spaces),
                    players=players, row=tuple(row), contract_deck=deck, round=state.round + 1, phase=TASKING,
                    turn=first)
    if players[first].home == 0:
        state = next_turn(evolve(state, turn=(first - 1) % count))
    return state


__all__ = ["build", "close_round", "done", "fill", "forbid_build", "forbid_done", "forbid_fill", "forbid_recall",
           "recall", "row_cubes"]
