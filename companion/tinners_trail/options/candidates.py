"""The concrete actions a seat might take now.

``every=True`` lists every action of every kind the phone groups into its buttons, allowed or
not, in a fixed order (a greyed button shows the first one's reason). Without it only the actions
that pass the quick tests their rule starts with are listed (enough work points, a piece left in
this round's column, a free space, a card of the area's region): the bots try these, and the
rules still decide each one (``Game.refusal``). A quick test never drops an action the rules
would allow, so a bot choosing among these chooses among every allowed move. ``near=True`` lists
developments and Michigan pieces only in or next to the seat's own mines (as the phone lists them).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from ..data.tables import PIECES, Rules
from ..moves.auction import minimum_bid, solo_extra, two_player, why_not_bidder
from ..moves.building import calciner_possible, cards_after
from ..moves.developments import available_pump_group, capacity
from ..moves.emigration import LOCATIONS, taken
from ..moves.track import work_left
from ..setup import regions_in_play, size_key
from ..state import ACTIONS, AUCTION, BUILD, INVEST, PEEK, PRICES, SURVEY, Area, State
from .turn import lord_action, to_act


def candidates(game, state: State, seat: int, every: bool = False, near: bool = False) -> list[dict]:
    """Actions worth trying for ``seat`` now (the rules decide which are allowed)."""
    if seat not in to_act(state):
        return []
    kind = lord_action(state)
    if kind:
        return [{"type": kind, "seat": seat}]
    if state.phase == ACTIONS:
        return _actions(game.data, state, seat, every, near)
    make = BY_PHASE.get(state.phase)
    return make(game.data, state, seat, every) if make is not None else []


def legal_actions(game, state: State, seat: int | None = None) -> list[dict]:
    """Every allowed action of ``seat`` (of every seat acting now when None)."""
    seats = to_act(state) if seat is None else [seat]
    return [action for s in seats for action in candidates(game, state, s) if game.refusal(state, action) is None]


# -- the phases around the actions ----------------------------------------------------------------
def _survey(rules: Rules, state: State, seat: int, every: bool) -> list[dict]:
    drawn = state.players[seat].drawn
    by_region = [[c for c in dict.fromkeys(drawn) if rules.cards[c].regions == (r,)]
                 for r in regions_in_play(size_key(state.players))]
    return [{"type": "keep_cards", "seat": seat, "discard": list(combo)} for combo in product(*by_region)]


def _prices(rules: Rules, state: State, seat: int, every: bool) -> list[dict]:
    return [{"type": "roll_prices", "seat": seat}]


def _auction(rules: Rules, state: State, seat: int, every: bool) -> list[dict]:
    a = state.auction
    low = a.minimum if a.leader is None else a.high + 1
    return [{"type": "bid", "seat": seat, "amount": low}, {"type": "bid", "seat": seat, "amount": low + 2},
            {"type": "drop", "seat": seat}]


def _build(rules: Rules, state: State, seat: int, every: bool) -> list[dict]:
    out = [{"type": "build_mine", "seat": seat}]
    out += [{"type": "build_mine", "seat": seat, "card": c} for c in cards_after(state, rules)]
    if calciner_possible(state):
        out.append({"type": "build_mine", "seat": seat, "calciner": True})
    return out


def _invest(rules: Rules, state: State, seat: int, every: bool) -> list[dict]:
    return [{"type": "invest", "seat": seat, "tens": 1}, {"type": "invest", "seat": seat, "fives": 1},
            {"type": "invest_pass", "seat": seat}]


def _peek(rules: Rules, state: State, seat: int, every: bool) -> list[dict]:
    return [{"type": "peek", "seat": seat, "area": a.id} for a in state.areas if a.tile and not a.face_up] + \
        [{"type": "peek", "seat": seat}]


# -- the actions phase ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Turn:
    """What the quick tests of one seat's turn need, worked out once for all the areas."""

    rules: Rules
    state: State
    seat: int
    every: bool
    left: int                       # work points left
    bidder: bool                    # may start an auction
    pieces: tuple[bool, ...]        # per piece: one is left this round and affordable
    own_miner: bool                 # may swap in a miner of its own colour (Emigration)
    emigrate: tuple[str, ...]       # locations a miner may still go to this round
    near: bool                      # developments only in or next to the seat's mines
    two: bool                       # two players (or solo): every auction starts with a card
    opening: int                    # the least opening bid without a card (three players or more)
    extra: int                      # solo: added to a card's value as the opening bid
    hand: tuple[str, ...]           # survey cards in hand, each once


def _turn(rules: Rules, state: State, seat: int, every: bool, near: bool) -> Turn:
    player = state.players[seat]
    left = work_left(state, seat, rules)
    costs = rules.work_costs
    stock = state.stock[state.round - 1]
    pieces = tuple(every or (stock[i] > 0 and left >= costs[p]) for i, p in enumerate(PIECES))
    emigration = state.module("emigration")
    own_miner = emigration and (every or (player.own_miners > 0 and pieces[0]))
    if every:
        places = LOCATIONS
    elif emigration and left >= costs["emigrate"]:
        places = tuple(loc for loc in LOCATIONS if taken(state, loc, state.round) is None)
    else:
        places = ()
    bidder = every or why_not_bidder(state, seat, rules) is None
    return Turn(rules, state, seat, every, left, bidder, pieces, own_miner, places, near and not every,
                two_player(state), minimum_bid(state), solo_extra(state), tuple(dict.fromkeys(player.hand)))


def _actions(rules: Rules, state: State, seat: int, every: bool, near: bool = False) -> list[dict]:
    turn = _turn(rules, state, seat, every, near)
    player = state.players[seat]
    out: list[dict] = [{"type": "pass", "seat": seat}]
    if every or turn.left >= rules.work_costs["sell_pasties"]:
        out.append({"type": "sell_pasties", "seat": seat})
    bonus = tuple(dict.fromkeys(player.bonus_pieces))
    for area in state.areas:
        mine = area.owner == seat
        if area.tile and area.owner is None and turn.bidder:
            _auctions(turn, area, out)
        if mine:
            _own_mine(turn, area, out)
        _pieces(turn, area, "develop", turn.pieces, out)
        if mine and turn.own_miner and (every or area.miner is None):
            out.append({"type": "develop", "seat": seat, "piece": "miner", "area": area.id, "own": True})
        for piece in bonus:
            _pieces(turn, area, "place_bonus", tuple(p == piece for p in PIECES), out)
    drains = pump_drains(state, seat)
    if every or (drains and available_pump_group(state) is not None and turn.left >= rules.work_costs["steam_pumps"]):
        out.append({"type": "steam_pumps", "seat": seat, "drain": drains})
    if player.arsenic and (every or (player.calciner and turn.left >= rules.work_costs["sell_arsenic"])):
        out.append({"type": "sell_arsenic", "seat": seat})
    return out


def _auctions(turn: Turn, area: Area, out: list[dict]) -> None:
    """Auctions for an area with a tile and no mine: without a card (with two players, the
    card drawn from the region's deck), then with each card in hand."""
    state, rules, seat, every = turn.state, turn.rules, turn.seat, turn.every
    money = state.players[seat].money
    region = rules.areas[area.id].region
    if turn.two:
        if every or state.deck(region):
            out.append({"type": "draw_survey", "seat": seat, "area": area.id})
    elif every or money >= turn.opening:
        out.append({"type": "start_auction", "seat": seat, "area": area.id})
    if not every and not turn.two and area.face_up:
        return  # with three players or more a card is played only on a face-down tile
    for card in turn.hand:
        if every or _playable(turn, rules.cards[card], area, region, money):
            out.append({"type": "start_auction", "seat": seat, "area": area.id, "card": card})


def _playable(turn: Turn, card, area: Area, region: str, money: int) -> bool:
    """The quick tests of a survey card played before an auction: it fits the area (its
    region, room for its miner or port) and, with two players, is affordable as the opening bid."""
    if not card.fits(region) or (card.benefit == "miner" and area.miner is not None):
        return False
    if card.benefit == "port" and (area.port or not turn.rules.areas[area.id].coastal):
        return False
    return not turn.two or money >= card.value + turn.extra


def _own_mine(turn: Turn, area: Area, out: list[dict]) -> None:
    """At one of the seat's mines: extracting, processing arsenic, emigrating its miner."""
    state, rules, seat, every = turn.state, turn.rules, turn.seat, turn.every
    if every or turn.left >= rules.work_costs["extract"]:
        out += [{"type": "extract", "seat": seat, "area": area.id, "tin": t, "copper": c}
                for t, c in extract_choices(state, area, rules)]
    if area.arsenic and (every or (state.module("arsenic") and state.players[seat].calciner)):
        out.append({"type": "process_arsenic", "seat": seat, "area": area.id})
    if area.miner == seat:
        out += [{"type": "emigrate", "seat": seat, "area": area.id, "location": loc} for loc in turn.emigrate]


def _pieces(turn: Turn, area: Area, kind: str, pieces: tuple[bool, ...], out: list[dict]) -> None:
    """The pieces of ``pieces`` (a flag per piece) placed in ``area``, an adit across each of
    its borders, where the quick tests find room (a miner from Michigan shares an area)."""
    seat, every = turn.seat, turn.every
    if turn.near and area.owner != seat and not pieces[3]:
        return
    miner, port, train, adit = pieces
    here = every or not turn.near or area.owner == seat
    if miner and here and (every or kind == "place_bonus" or area.miner is None):
        out.append({"type": kind, "seat": seat, "piece": "miner", "area": area.id})
    if port and here and (every or (not area.port and turn.rules.areas[area.id].coastal)):
        out.append({"type": kind, "seat": seat, "piece": "port", "area": area.id})
    if train and here and (every or not area.train):
        out.append({"type": kind, "seat": seat, "piece": "train", "area": area.id})
    if adit:
        _adits(turn, area, kind, out)


def _adits(turn: Turn, area: Area, kind: str, out: list[dict]) -> None:
    rules, state, seat, every = turn.rules, turn.state, turn.seat, turn.every
    for n in rules.later_neighbours[area.id]:
        if every or ((area.id, n) in rules.adit_borders and (area.id, n) not in state.adits
                     and (not turn.near or area.owner == seat or state.area(n).owner == seat)):
            out.append({"type": kind, "seat": seat, "piece": "adit", "area": area.id, "to": n})


def extract_choices(state: State, area: Area, rules: Rules) -> list[tuple[int, int]]:
    """(tin, copper) to take: copper first, tin first, and a single cube."""
    cap = capacity(state, area.id, rules)
    copper = min(area.copper, cap)
    tin = min(area.tin, cap - copper)
    choices = {(tin, copper)}
    tin_first = min(area.tin, cap)
    choices.add((tin_first, min(area.copper, cap - tin_first)))
    choices.add((min(area.tin, 1), 0) if area.tin else (0, min(area.copper, 1)))
    return sorted(c for c in choices if sum(c) > 0)


def pump_drains(state: State, seat: int) -> dict[str, int]:
    """Greedy use of the rightmost group: the seat's wettest mines first."""
    group = available_pump_group(state)
    left = state.pumps[group][1] if group is not None else 0
    drains: dict[str, int] = {}
    for area in sorted((a for a in state.areas if a.owner == seat and a.water), key=lambda a: -a.water):
        take = min(left, area.water)
        if take:
            drains[area.id] = take
            left -= take
    return drains


BY_PHASE = {SURVEY: _survey, PRICES: _prices, AUCTION: _auction, BUILD: _build, INVEST: _invest, PEEK: _peek}

__all__ = ["candidates", "extract_choices", "legal_actions", "pump_drains"]
