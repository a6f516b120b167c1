"""Tasking: the opening deal and placing workers, one at a time, clockwise.

An action space acts as soon as a worker lands on it: its primary action for the placer, then
its secondary (market, permit office) for every other player in turn. A mine's top space takes a
worker only while free; a drill bit lets a worker in deeper on a free space.

Each move that a seat may be offered is two halves: ``forbid_*`` reads the state and raises the
rule that forbids the move (the buttons' cheap check), and the rule itself runs it and then
builds the new state, which can no longer fail.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core import require
from ...frozen import evolve
from ..state import ACTION_SPACES, COLLECTION, DEAL, SPACE_INDEX, TASKING, Held, Owed, Player, Private, State, Worker, \
    at, with_cubes, with_mine, with_player
from .cards import first_player, is_copy, price, take_card, words

COPYABLE = ("market", "permit", "recruit", "cage", "drill", "private")
Action = Mapping[str, Any]


def deal(game: Any, state: State, action: Action) -> State:
    first_player(state, action["seat"])
    require(state.phase == DEAL, "The cards are dealt once, at the start.", "Setup")
    cat = game.data
    named = words(action.get("mines"))
    mines = []
    for mine in state.mines:
        wanted = next((m for m in named if cat.mines.get(m) and cat.mines[m].res == mine.res), None)
        card, deck = take_card(mine.deck, wanted, f"{mine.res} mine")
        mines.append(evolve(mine, card=card, deck=deck))
    contracts = words(action.get("contracts"))
    require(len(contracts) <= len(state.row), f"The contract row holds {len(state.row)} cards, not {len(contracts)}.",
            "Setup")
    deck, row = state.contract_deck, []
    for slot in range(len(state.row)):
        card, deck = take_card(deck, contracts[slot] if slot < len(contracts) else None, "contract")
        row.append(card)
    return evolve(state, mines=tuple(mines), row=tuple(row), contract_deck=deck, phase=TASKING, turn=state.first)


def _need(money: int, cost: int, why: str) -> None:
    require(money >= cost, f"{why} costs ${cost}; you have ${money}.", why)


def _my_turn(state: State, seat: int) -> None:
    require(state.phase == TASKING and not state.queue and state.early is None and state.turn == seat,
            "It is not your turn to place a worker.", "Tasking")


# -- placing a worker --------------------------------------------------------------------
def forbid_place(game: Any, state: State, action: Action) -> None:
    """Raise the rule that forbids placing this worker now."""
    seat = action["seat"]
    _my_turn(state, seat)
    p = state.players[seat]
    require(p.home > 0, "All your workers are already out.", "Tasking")
    space = action.get("space")
    if space == "mine":
        _forbid_mine(game, state, p, action)
    elif space == "contract":
        slot = action.get("slot")
        require(isinstance(slot, int) and 0 <= slot < len(state.row),
                f"Choose a contract slot from 1 to {len(state.row)}.", "Contracts")
        require(state.contract_spaces[slot] is None, "That contract's space is already taken this round.", "Contracts")
        require(state.row[slot] is not None, "That contract space is empty.", "Contracts")
    elif space == "overtime":
        require(bool(state.overtime), "Overtime is only played with three or more players.", "Overtime")
        require(None in state.overtime, "Every overtime space is taken this round.", "Overtime")
        target = action.get("target")
        require(target in COPYABLE, f"Overtime copies one of: {', '.join(COPYABLE)} (never a mine).", "Overtime")
        cost = game.data.numbers.overtime_cost
        _need(p.money, cost, "Overtime")
        _forbid_act(game, state, p, p.money - cost, target, action)
    else:
        require(space in ACTION_SPACES, f"Unknown space {space!r}; spaces: {', '.join(ACTION_SPACES)}, contract, "
                "mine, overtime.", "Tasking")
        require(state.space(space) is None, f"The {space} space already has a worker this round.", "Tasking")
        if space != "advance":
            _forbid_act(game, state, p, p.money, space, action)


def place(game: Any, state: State, action: Action) -> State:
    forbid_place(game, state, action)
    seat, space = action["seat"], action.get("space")
    if space == "mine":
        state = _enter_mine(state, seat, action)
    elif space == "contract":
        slot = action["slot"]
        p = state.players[seat]
        state = with_player(state, seat, evolve(p, contracts=p.contracts + (Held(state.row[slot]),)))
        state = evolve(state, row=at(state.row, slot, None), contract_spaces=at(state.contract_spaces, slot, seat))
    elif space == "overtime":
        p = state.players[seat]
        state = with_player(state, seat, evolve(p, money=p.money - game.data.numbers.overtime_cost))
        state = _act(game, state, seat, action["target"], action)
        state = evolve(state, overtime=at(state.overtime, state.overtime.index(None), seat))
    elif space == "advance":
        state = evolve(state, advance=seat, early=seat, spaces=at(state.spaces, SPACE_INDEX[space], seat))
    else:
        state = _act(game, state, seat, space, action)
        state = evolve(state, spaces=at(state.spaces, SPACE_INDEX[space], seat))
    p = state.players[seat]
    state = with_player(state, seat, evolve(p, home=p.home - 1))
    if not state.queue and state.early is None:
        state = next_turn(state)
    return state


def _others(state: State, seat: int) -> list[int]:
    """The other seats, clockwise from ``seat``'s left: the order secondary actions go round."""
    count = len(state.players)
    return [(seat + k) % count for k in range(1, count)]


def _forbid_act(game: Any, state: State, p: Player, money: int, space: str, action: Action) -> None:
    """Raise the rule that forbids ``space``'s primary action for ``p``, who has ``money``."""
    n = game.data.numbers
    if space == "market":
        forbid_trade(game.data, state, p, money, action.get("res"), action.get("buy") or 0, action.get("sell") or 0,
                     n.market_primary)
    elif space == "permit":
        forbid_draw(game.data, state, money, action.get("count") or 0, action.get("cards"), n.permit_primary)
    elif space == "recruit":
        forbid_recruit(game.data, state, p, money)
    elif space == "cage":
        require(p.cage < n.cage_levels, "Your mine cage is already on its deepest side.", "Mine cage")
    elif space == "drill":
        require(state.drills > 0, "No drill bit tokens are left in the supply.", "Drill bit")
    elif space == "private":
        _forbid_private(game.data, state, p, money, action)


def _act(game: Any, state: State, seat: int, space: str, action: Action) -> State:
    """``space``'s primary action for ``seat`` (already allowed), and the secondary it offers."""
    n = game.data.numbers
    if space == "market":
        res = action["res"]
        state = trade(game.data, state, seat, res, action.get("buy") or 0, action.get("sell") or 0)
        return evolve(state, queue=tuple(Owed(s, "market", res) for s in _others(state, seat)))
    if space == "permit":
        state = draw(game.data, state, seat, action.get("count") or 0, action.get("cards"))
        return evolve(state, queue=tuple(Owed(s, "permit", None) for s in _others(state, seat)))
    p = state.players[seat]
    if space == "recruit":
        return recruit(game.data, state, seat)
    if space == "cage":
        return with_player(state, seat, evolve(p, cage=p.cage + 1))
    if space == "drill":
        return evolve(with_player(state, seat, evolve(p, drills=p.drills + 1)), drills=state.drills - 1)
    if space == "private":
        mine = state.mine(action["res"])
        card, deck = take_card(mine.deck, action.get("card"), f"{mine.res} mine")
        state = with_mine(state, evolve(mine, deck=deck))
        p = evolve(p, money=p.money - n.private_mine_cost, private=Private(card, 0))
        return evolve(with_player(state, seat, p), temps=state.temps - 1)
    return state


# -- the action spaces' actions ------------------------------------------------------------
def forbid_trade(cat: Any, state: State, p: Player, money: int, res: Any, buy: Any, sell: Any, limit: int) -> None:
    require(state.mine(res) is not None, f"Choose a resource on the market: {', '.join(state.kinds())}.",
            "Commodity market")
    require(isinstance(buy, int) and isinstance(sell, int) and buy >= 0 and sell >= 0,
            "Buy and sell are whole numbers of cubes.", "Commodity market")
    require(not (buy and sell), "Buy or sell at the market, not both.", "Commodity market")
    require(buy <= limit and sell <= limit, f"The market allows up to {limit} cubes here, not {max(buy, sell)}.",
            "Commodity market")
    cost = price(cat, state, res) or 0
    require(money >= buy * cost, f"{buy} {res} at ${cost} each costs ${buy * cost}; you have ${money}.",
            "Commodity market")
    have = p.cube(res)
    require(have >= sell, f"You have {have} {res}, not {sell} to sell.", "Commodity market")


def trade(cat: Any, state: State, seat: int, res: str, buy: int, sell: int) -> State:
    cost = price(cat, state, res) or 0
    p = with_cubes(state.players[seat], {res: buy - sell})
    return with_player(state, seat, evolve(p, money=p.money + (sell - buy) * cost))


def forbid_draw(cat: Any, state: State, money: int, count: Any, cards: Any, limit: int) -> None:
    cost = cat.numbers.permit_card_cost
    require(isinstance(count, int) and 0 <= count <= limit, f"Draw from 0 to {limit} building cards here.",
            "Permit office")
    named = words(cards)
    require(not named or len(named) == count, f"Name all {count} cards drawn, or none.", "Permit office")
    count = min(count, len(state.building_deck)) if not named else count
    require(money >= count * cost, f"{count} permits at ${cost} each cost ${count * cost}; you have "
            f"${money}.", "Permit office")
    deck = state.building_deck
    for wanted in named:
        _, deck = take_card(deck, wanted, "building", is_copy)


def draw(cat: Any, state: State, seat: int, count: int, cards: Any) -> State:
    named = words(cards)
    count = min(count, len(state.building_deck)) if not named else count
    deck, hand = state.building_deck, state.players[seat].hand
    for index in range(count):
        card, deck = take_card(deck, named[index] if named else None, "building", is_copy)
        hand += (card,)
    p = state.players[seat]
    p = evolve(p, money=p.money - count * cat.numbers.permit_card_cost, hand=hand)
    return evolve(with_player(state, seat, p), building_deck=deck)


def waiting_worker(cat: Any, p: Player) -> bool:
    """Whether a worker of the player's colour waits in the recruit area: the extra one, not
    hired yet, when the box holds a piece for it (``tables.workers_per_colour``)."""
    return p.waiting and p.workers < cat.numbers.workers_per_colour


def forbid_recruit(cat: Any, state: State, p: Player, money: int) -> None:
    require(p.waiting, "You have already recruited your extra worker this game.", "Recruit")
    pieces = cat.numbers.workers_per_colour
    require(p.workers < pieces, f"{p.name} already has {p.workers} workers, every worker of their colour in the box "
                                f"({pieces}): none waits in the recruit area.", "Recruit")
    _need(money, cat.numbers.recruit_cost(state.recruited), f"Recruit number {state.recruited + 1}")


def recruit(cat: Any, state: State, seat: int) -> State:
    """The waiting worker hired (already allowed): it stays on the board until the business
    phase recalls it, and works from next round."""
    p = state.players[seat]
    p = evolve(p, money=p.money - cat.numbers.recruit_cost(state.recruited), waiting=False, workers=p.workers + 1,
                fresh=True)
    return evolve(with_player(state, seat, p), recruited=state.recruited + 1)


def _forbid_private(cat: Any, state: State, p: Player, money: int, action: Action) -> None:
    require(p.private is None, "You may have only one private mine at a time.", "Private mine")
    require(state.temps > 0, "No temp workers are left for a private mine.", "Private mine")
    res = action.get("res")
    mine = state.mine(res)
    require(mine is not None, f"Choose a mine type: {', '.join(state.kinds())}.", "Private mine")
    require(bool(mine.deck), f"The {res} mine deck is empty.", "Private mine")
    _need(money, cat.numbers.private_mine_cost, "A private mine")
    wanted = action.get("card")
    require(wanted is None or (wanted in cat.mines and cat.mines[wanted].res == res),
            f"{wanted} is not a {res} mine card.", "Private mine")
    take_card(mine.deck, wanted, f"{res} mine")


def _forbid_mine(game: Any, state: State, p: Player, action: Action) -> None:
    res = action.get("res")
    mine = state.mine(res)
    require(mine is not None, f"Choose a mine: {', '.join(state.kinds())}.", "The mines")
    card = game.data.mines[mine.card]
    depth = action.get("depth") or 0
    taken = [w.depth for w in mine.workers]
    if depth == 0:
        require(0 not in taken, f"The top space of the {res} mine is taken; a worker enters only a free top space.",
                "The mines")
        return
    require(isinstance(depth, int) and 0 < depth < len(card.spaces),
            f"The {res} mine has spaces 1 to {len(card.spaces)}.", "Drill bit")
    require(p.drills > 0, "Entering below the top space needs a drill bit.", "Drill bit")
    require(depth not in taken, f"Space {depth + 1} of the {res} mine is taken; a drill bit needs a free space.",
            "Drill bit")
    require(p.cage >= card.cages[depth], f"Space {depth + 1} needs mine cage side {card.cages[depth]}; "
            f"yours is {p.cage}.", "Mine cage")


def _enter_mine(state: State, seat: int, action: Action) -> State:
    mine = state.mine(action["res"])
    depth = action.get("depth") or 0
    if depth:
        p = state.players[seat]
        # a used drill bit goes back to the supply
        state = evolve(with_player(state, seat, evolve(p, drills=p.drills - 1)), drills=state.drills + 1)
    return with_mine(state, evolve(mine, workers=mine.workers + (Worker(seat, depth),)))


# -- secondary actions and passing -----------------------------------------------------------
def forbid_reply(game: Any, state: State, action: Action) -> None:
    """Raise the rule that forbids this secondary action (``trade`` or ``draw``) or ``decline``."""
    seat = action["seat"]
    require(state.phase == TASKING and bool(state.queue) and state.queue[0].seat == seat,
            "Nothing is offered to you right now.", "Secondary actions")
    owed, kind, p, n = state.queue[0], action["type"], state.players[seat], game.data.numbers
    if kind == "trade":
        require(owed.kind == "market", "The offer is permits, not the market.", "Secondary actions")
        forbid_trade(game.data, state, p, p.money, owed.res, action.get("buy") or 0, action.get("sell") or 0,
                     n.market_secondary)
    elif kind == "draw":
        require(owed.kind == "permit", "The offer is the market, not permits.", "Secondary actions")
        forbid_draw(game.data, state, p.money, action.get("count") or 0, action.get("cards"), n.permit_secondary)


def reply(game: Any, state: State, action: Action) -> State:
    forbid_reply(game, state, action)
    seat, kind, owed = action["seat"], action["type"], state.queue[0]
    if kind == "trade":
        state = trade(game.data, state, seat, owed.res, action.get("buy") or 0, action.get("sell") or 0)
    elif kind == "draw":
        state = draw(game.data, state, seat, action.get("count") or 0, action.get("cards"))
    state = evolve(state, queue=state.queue[1:])
    return state if state.queue else next_turn(state)


def forbid_pass(game: Any, state: State, action: Action) -> None:
    """Raise the rule that forbids placing no more workers now."""
    _my_turn(state, action["seat"])


def pass_turn(game: Any, state: State, action: Action) -> State:
    forbid_pass(game, state, action)
    seat = action["seat"]
    return next_turn(with_player(state, seat, evolve(state.players[seat], passed=True)))


def next_turn(state: State) -> State:
    """The next seat clockwise with a worker to place; collection when nobody has one."""
    count = len(state.players)
    for step in range(1, count + 1):
        seat = (state.turn + step) % count
        p = state.players[seat]
        if p.home > 0 and not p.passed:
            return evolve(state, turn=seat)
    return evolve(state, phase=COLLECTION, turn=None)


__all__ = ["COPYABLE", "deal", "draw", "forbid_pass", "forbid_place", "forbid_reply", "next_turn", "pass_turn",
           "place", "recruit", "reply", "trade"]
