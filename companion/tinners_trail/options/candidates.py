"""The concrete actions a seat might take now.

``every=True`` lists every action of every kind the phone groups into its buttons, allowed or
not, in a fixed order (a greyed button shows the first one's reason). Without it only the actions
that pass the quick tests their rule starts with are listed (enough work points, a piece left in
this round's column, a card of the area's region, a port on the coast): the bots try these, and
the rules still decide each one. A quick test never drops an action the rules would allow, so a
bot choosing among these chooses among every allowed move. ``near=True`` lists developments and
Michigan pieces only in or next to the seat's own mines (as the phone lists them), each where it
has room.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Mapping

from ..data.tables import PIECES, REGIONS, Rules, SurveyCard
from ..moves.auction import minimum_bid, solo_extra, two_player, why_not_bidder
from ..moves.building import calciner_possible, cards_after
from ..moves.developments import available_pump_group, capacity
from ..moves.emigration import LOCATIONS, taken
from ..moves.track import work_left
from ..setup import regions_in_play, size_key
from ..state import ACTIONS, AUCTION, BUILD, INVEST, PEEK, PRICES, SURVEY, Area, State
from .turn import lord_action, to_act


def candidates(game, state: State, seat: int, every: bool = False, near: bool = False,
               auctions: bool = True) -> list[dict]:
    """Actions worth trying for ``seat`` now (the rules decide which are allowed); ``auctions``:
    whether to list the auctions for the right to build (a bot may know it will not bid)."""
    if seat not in to_act(state):
        return []
    kind = lord_action(state)
    if kind:
        return [{"type": kind, "seat": seat}]
    if state.phase == ACTIONS:
        return _actions(game.data, state, seat, every, near, auctions)
    make = BY_PHASE.get(state.phase)
    return make(game.data, state, seat, every) if make is not None else []


def legal_actions(game, state: State, seat: int | None = None) -> list[dict]:
    """Every allowed action of ``seat`` (of every seat acting now when None), in the order
    the phone lists them."""
    seats = to_act(state) if seat is None else [seat]
    return [action for s in seats for action in candidates(game, state, s, every=True)
            if game.refusal(state, action) is None]


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
    money = state.players[seat].money
    return [*([{"type": "invest", "seat": seat, "tens": 1}] if every or money >= 10 else []),
            *([{"type": "invest", "seat": seat, "fives": 1}] if every or money >= 5 else []),
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
    near: frozenset[str] | None     # areas in or next to the seat's mines, when only those count
    two: bool                       # two players (or solo): every auction starts with a card
    opening: int                    # the least opening bid without a card (three players or more)
    extra: int                      # solo: added to a card's value as the opening bid
    hand: Mapping[str, list[SurveyCard]]  # by region, the survey cards in hand that fit it


def _turn(rules: Rules, state: State, seat: int, every: bool, near: bool, auctions: bool) -> Turn:
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
    bidder = every or (auctions and why_not_bidder(state, seat, rules) is None)
    nearby = None
    if near and not every:
        own = [a.id for a in state.areas if a.owner == seat]
        nearby = frozenset(own).union(*(rules.neighbours[a] for a in own))
    return Turn(rules, state, seat, every, left, bidder, pieces, own_miner, places, nearby,
                two_player(state), minimum_bid(state), solo_extra(state), _hand(rules, player.hand, every))


def _hand(rules: Rules, hand: tuple[str, ...], every: bool) -> Mapping[str, list[SurveyCard]]:
    """The cards in hand (each once) by the region they may be played in (all of them: every)."""
    by_region: dict[str, list[SurveyCard]] = {r: [] for r in REGIONS}
    for card in map(rules.cards.__getitem__, dict.fromkeys(hand)):
        for region in REGIONS if every or "wild" in card.regions else card.regions:
            by_region[region].append(card)
    return by_region


def _actions(rules: Rules, state: State, seat: int, every: bool, near: bool = False,
             auctions: bool = True) -> list[dict]:
    turn = _turn(rules, state, seat, every, near, auctions)
    out: list[dict] = [{"type": "pass", "seat": seat}]
    if every or turn.left >= rules.work_costs["sell_pasties"]:
        out.append({"type": "sell_pasties", "seat": seat})
    quick = not every and turn.near is None
    if quick:  # every development the seat can afford, anywhere: the rules judge the room
        for placed, ok in zip(placements(rules, seat), turn.pieces):
            if ok:
                out += placed
    bonus = tuple(dict.fromkeys(state.players[seat].bonus_pieces))
    if quick and not bonus:  # only auctions and the seat's own mines are left to list
        for area in state.areas:
            if area.tile and area.owner is None:
                if turn.bidder:
                    _auctions(turn, area, out)
            elif area.owner == seat:
                _own_mine(turn, area, out)
                _own_miner(turn, area, out)
    else:
        for area in state.areas:
            _at(turn, area, quick, bonus, out)
    _after_the_map(turn, out)
    return out


def _at(turn: Turn, area: Area, quick: bool, bonus: tuple[str, ...], out: list[dict]) -> None:
    """What the seat might do in one area: auction it, work its mine there, develop it."""
    mine = area.owner == turn.seat
    if area.tile and area.owner is None and turn.bidder:
        _auctions(turn, area, out)
    if mine:
        _own_mine(turn, area, out)
    if turn.near is not None and area.id not in turn.near:
        return
    if not quick:
        _pieces(turn, area, "develop", turn.pieces, out)
    if mine:
        _own_miner(turn, area, out)
    for piece in bonus:
        _pieces(turn, area, "place_bonus", tuple(p == piece for p in PIECES), out)


def _own_miner(turn: Turn, area: Area, out: list[dict]) -> None:
    """Emigration: a miner of the seat's own colour into one of its mines."""
    if turn.own_miner and (turn.every or area.miner is None):
        out.append({"type": "develop", "seat": turn.seat, "piece": "miner", "area": area.id, "own": True})


def _after_the_map(turn: Turn, out: list[dict]) -> None:
    """Steam pumps on the seat's wettest mines, and selling its processed arsenic."""
    state, rules, seat, every = turn.state, turn.rules, turn.seat, turn.every
    player = state.players[seat]
    drains = pump_drains(state, seat)
    if every or (drains and available_pump_group(state) is not None and turn.left >= rules.work_costs["steam_pumps"]):
        out.append({"type": "steam_pumps", "seat": seat, "drain": drains})
    if player.arsenic and (every or (player.calciner and turn.left >= rules.work_costs["sell_arsenic"])):
        out.append({"type": "sell_arsenic", "seat": seat})


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
    for card in turn.hand[region]:
        if every or _playable(turn, card, area, money):
            out.append({"type": "start_auction", "seat": seat, "area": area.id, "card": card.id})


def _playable(turn: Turn, card: SurveyCard, area: Area, money: int) -> bool:
    """The quick tests of a survey card (one of the area's region) played before an auction:
    room for its miner or port and, with two players, affordable as the opening bid."""
    if card.benefit == "miner" and area.miner is not None:
        return False
    if card.benefit == "port" and (area.port or not turn.rules.areas[area.id].coastal):
        return False
    return not turn.two or money >= card.value + turn.extra


def _own_mine(turn: Turn, area: Area, out: list[dict]) -> None:
    """At one of the seat's mines: extracting, processing arsenic, emigrating its miner."""
    state, rules, seat, every = turn.state, turn.rules, turn.seat, turn.every
    if every or turn.left >= rules.work_costs["extract"]:
        money = state.players[seat].money
        out += [{"type": "extract", "seat": seat, "area": area.id, "tin": t, "copper": c}
                for t, c in extract_choices(state, area, rules) if every or area.water * (t + c) <= money]
    if area.arsenic and (every or (state.module("arsenic") and state.players[seat].calciner)):
        out.append({"type": "process_arsenic", "seat": seat, "area": area.id})
    if area.miner == seat:
        out += [{"type": "emigrate", "seat": seat, "area": area.id, "location": loc} for loc in turn.emigrate]


def _pieces(turn: Turn, area: Area, kind: str, pieces: tuple[bool, ...], out: list[dict]) -> None:
    """The pieces of ``pieces`` (a flag per piece) placed in ``area``, an adit across each of
    its borders, where the quick tests find room (a miner from Michigan shares an area)."""
    seat, every = turn.seat, turn.every
    miner, port, train, adit = pieces
    here = every or turn.near is None or area.owner == seat
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
                     and (turn.near is None or area.owner == seat or state.area(n).owner == seat)):
            out.append({"type": kind, "seat": seat, "piece": "adit", "area": area.id, "to": n})


# Each table data's developments as actions, per seat (made once: the map does not change).
_PLACED: dict[int, tuple[Rules, dict[int, tuple[tuple[dict, ...], ...]]]] = {}


def placements(rules: Rules, seat: int) -> tuple[tuple[dict, ...], ...]:
    """Per piece, every development ``seat`` might place on the map as an action: a miner or a
    train in any area, a port on the coast, an adit across a border that takes one. The same
    action objects every time; a caller that keeps one copies it."""
    held = _PLACED.get(id(rules))
    if held is None or held[0] is not rules:
        held = _PLACED[id(rules)] = (rules, {})
    found = held[1].get(seat)
    if found is None:
        def action(piece: str, area: str, **more) -> dict:
            return {"type": "develop", "seat": seat, "piece": piece, "area": area, **more}
        found = held[1][seat] = (
            tuple(action("miner", a) for a in rules.areas),
            tuple(action("port", a) for a, info in rules.areas.items() if info.coastal),
            tuple(action("train", a) for a in rules.areas),
            tuple(action("adit", a, to=b) for a, b in sorted(rules.adit_borders)))
    return found


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
