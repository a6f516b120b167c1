"""Phase 2, collection: gather, move down, exhaust; slag heap, private mines, futures, ventures,
Ops Team, Exploratory Ops and Diversified Ops. Nothing here is a choice, so it runs by itself as
soon as the last miner is placed."""

from __future__ import annotations

from collections import Counter

from ...frozen import evolve
from ...ore_rules.descent import descend
from ..data import RESOURCES, Catalog, best_threshold
from ..state import Futures, Miner, Player, Private, State, with_mine, with_player, with_round
from .bank import asset_effects, earn, gather


def collect(cat: Catalog, state: State) -> State:
    count = len(state.players)
    from_mines = [Counter() for _ in range(count)]
    for res in RESOURCES:
        state = _gather_public(cat, state, res, from_mines)
    for seat, player in enumerate(state.players):
        for private in player.private:
            if private.kind == "mine" and private.space is not None:
                card = cat.mines[private.card]
                state, got = gather(state, seat, card.res, card.spaces[private.space])
                from_mines[seat][card.res] += got
    for res in RESOURCES:
        state = move_down(cat, state, res)
    for seat, player in enumerate(state.players):
        if any(x.kind == "mine" and x.space is not None for x in player.private):
            state = with_player(state, seat, private=tuple(
                step_private(cat, player, x) if x.kind == "mine" and x.space is not None else x
                for x in player.private))
    state = _slag_heap(cat, state)
    for seat in range(count):
        state = _after_gathering(cat, state, seat, from_mines[seat])
    return state


def _gather_public(cat: Catalog, state: State, res: str, from_mines: list[Counter]) -> State:
    mine = state.mine(res)
    if mine.exhausted or not mine.miners:
        return state
    card = cat.mines[mine.card]
    for miner in mine.miners:
        state, got = gather(state, miner.seat, res, card.spaces[miner.space])
        from_mines[miner.seat][res] += got
    on_mine = Counter(m.seat for m in mine.miners)
    for seat, mine_count in on_mine.items():
        for _ in asset_effects(cat, state, seat, "exploratory"):
            if len(mine.miners) == 1:
                state, got = gather(state, seat, res, 1)
                from_mines[seat][res] += got
        for asset_id, _ in asset_effects(cat, state, seat, "ops_team"):
            extra = best_threshold(cat.assets[asset_id].steps, mine_count)
            if extra:
                state, got = gather(state, seat, res, extra)
                from_mines[seat][res] += got
    return state


def move_down(cat: Catalog, state: State, res: str) -> State:
    """Move every miner one space down (``ore_rules.descent``); a stuck deepest miner exhausts
    the mine."""
    mine = state.mine(res)
    if mine.exhausted or not mine.miners:
        return state
    card = cat.mines[mine.card]
    players = state.players
    spaces, exhausted = descend([(m.seat, m.space) for m in mine.miners],
                                lambda seat, space: card.reaches(space, players[seat].cage))
    if exhausted:
        return with_mine(state, res, evolve(mine, miners=(), exhausted=True))
    staying = sorted((Miner(m.seat, space) for m, space in zip(mine.miners, spaces) if space is not None),
                     key=lambda m: m.space)
    return with_mine(state, res, evolve(mine, miners=tuple(staying)))


def step_private(cat: Catalog, player: Player, private: Private) -> Private:
    """A white miner goes one space down, or home when the owner's cage or the bottom stops it."""
    new = private.space + 1
    return evolve(private, space=new if cat.mines[private.card].reaches(new, player.cage) else None)


def _slag_heap(cat: Catalog, state: State) -> State:
    each = max(0, cat.numbers.slag_heap_base - len(state.slag))
    for seat in state.slag:
        state = earn(state, seat, each)
    return evolve(state, slag=())


def _after_gathering(cat: Catalog, state: State, seat: int, from_mines: Counter) -> State:
    """Futures grow, ventures pay, Diversified Ops counts the kinds received."""
    received = {r for r, n in from_mines.items() if n > 0}
    futures = []
    bank = state.bank.barrels
    for token in state.players[seat].futures:
        if token.count < cat.numbers.futures_max and bank[token.res] > 0:
            bank = bank.plus(token.res, -1)
            token = Futures(token.res, token.count + 1)
            received.add(token.res)
        futures.append(token)
    state = evolve(with_player(state, seat, futures=tuple(futures)), bank=evolve(state.bank, barrels=bank))
    for _, args in asset_effects(cat, state, seat, "venture"):
        res, need_a, need_b = args[:3]
        if from_mines[need_a] > 0 and from_mines[need_b] > 0:
            state, got = gather(state, seat, res, 1)
            if got:
                received.add(res)
    for asset_id, _ in asset_effects(cat, state, seat, "diversified"):
        bonus = best_threshold(cat.assets[asset_id].steps, len(received))
        if bonus:
            state = earn(state, seat, bonus)
    return with_round(state, seat, gathered=tuple(sorted(received)))
