"""Build mine: the auction for the right to build, with survey cards, peeks and insurance.

3+ players: the active player may play a matching card before bidding on a face-down tile
that someone else could bid for (peek + insurance), otherwise the winner may buy a card's
benefit afterwards. 2 players: a card from hand or from the region's deck always sets the
minimum bid, and a face-down tile nobody bids on leaves the map.
"""

from __future__ import annotations

from ...core import rng
from ...errors import BadAction, NotYourTurn, RuleViolation
from ..data.tables import Rules
from ..setup import size_key
from ..state import ACTIONS, AUCTION, Auction, State, with_area, with_deck, with_player
from ..state.values import evolve
from .building import finish_won
from .survey import card_error
from .track import auction_work, require_active, work_left

RULE = "Build mine: auction"


def two_player(state: State) -> bool:
    return size_key(state.players) <= 2


def solo_extra(state: State) -> int:
    """Solo: each disc beside the investment panel raises a card's minimum by £1."""
    return len(state.passed) if state.lord is not None else 0


def minimum_bid(state: State) -> int:
    return 1 + len(state.passed)


def why_not_bidder(state: State, seat: int, rules: Rules) -> str | None:
    player = state.players[seat]
    if seat in state.passed:
        return f"{player.name} has passed."
    left = work_left(state, seat, rules)
    need = auction_work(rules)
    if left < need:
        return f"{player.name} has {left} work point{'s' if left != 1 else ''} left; an auction needs {need}."
    if player.mines < 1:
        return f"{player.name} has no unbuilt mine left."
    return None


def _check_area(state: State, area_id: str, rules: Rules) -> None:
    if not state.has_area(area_id):
        raise RuleViolation(f"There is no area {area_id!r}.", RULE)
    area = state.area(area_id)
    name = rules.areas[area_id].name
    if area.owner is not None:
        raise RuleViolation(f"{name} already has a mine.", RULE)
    if area.tile is None:
        raise RuleViolation(f"{name} has no area tile to build on.", RULE)


def _clockwise_others(state: State, starter: int, rules: Rules, need: int) -> tuple[int, ...]:
    n = len(state.players)
    seats = [(starter + k) % n for k in range(1, n)]
    return tuple(s for s in seats if why_not_bidder(state, s, rules) is None and state.players[s].money >= need)


def check_start_auction(state: State, seat: int, area_id: str, card: str | None, rules: Rules) -> int:
    """Why the auction may not start (raised); the opening minimum when it may."""
    require_active(state, seat)
    reason = why_not_bidder(state, seat, rules)
    if reason is not None:
        raise RuleViolation(f"{reason} ({RULE}).", RULE)
    _check_area(state, area_id, rules)
    area = state.area(area_id)
    player = state.players[seat]
    if two_player(state):
        if card is None:
            raise BadAction("With two players every auction starts with a survey card: play one from your hand "
                            "or draw one from the region's deck (draw_survey).", "2-player auctions")
        minimum = (rules.cards[card].value if card in rules.cards else 0) + solo_extra(state)
    else:
        minimum = minimum_bid(state)
    if card is not None:
        problem = card_error(state, seat, card, area_id, rules)
        if problem is not None:
            raise RuleViolation(problem, "Survey cards")
        if not two_player(state):
            if area.face_up:
                raise RuleViolation("A survey card may be played before an auction only on a face-down tile; "
                                    "the winner may still buy a card's benefit afterwards.", "Before the auction")
            others = _clockwise_others(state, seat, rules, minimum + 1)
            if not others:
                raise RuleViolation("A survey card may be played before an auction only if another player can "
                                    "bid; nobody else can, so buy the benefit after the auction instead.",
                                    "Before the auction")
    if player.money < minimum:
        raise RuleViolation(f"The opening bid must be at least £{minimum}"
                            f"{_minimum_reason(state, card, rules)}; {player.name} has £{player.money}.", RULE)
    return minimum


def start_auction(state: State, seat: int, area_id: str, card: str | None, rules: Rules) -> State:
    minimum = check_start_auction(state, seat, area_id, card, rules)
    area = state.area(area_id)
    player = state.players[seat]
    if card is not None:
        hand = list(player.hand)
        hand.remove(card)
        state = with_player(state, seat, hand=tuple(hand))
        if state.lord is not None and not area.face_up:
            state = with_area(state, area_id, face_up=True)  # solo: a peek shows the tile to everyone
        elif not area.face_up and seat not in area.peeks:
            state = with_area(state, area_id, peeks=area.peeks + (seat,))
    bidders = (seat,) + _clockwise_others(state, seat, rules, minimum)
    auction = Auction(area_id, seat, card, "hand" if card else "", minimum, bidders, 0, None, seat)
    return evolve(state, auction=auction, phase=AUCTION)


def _minimum_reason(state: State, card: str | None, rules: Rules) -> str:
    if two_player(state):
        played = rules.cards.get(card) if card else None
        return f" (the value of the survey card {played.describe() if played else card})"
    n = len(state.passed)
    return f": £1 plus £1 for each of the {n} player{'s' if n != 1 else ''} who passed"


def check_draw_survey(state: State, seat: int, area_id: str, rules: Rules) -> None:
    if not two_player(state):
        raise RuleViolation("Drawing a survey card to start an auction is the 2-player rule.", "2-player auctions")
    require_active(state, seat)
    reason = why_not_bidder(state, seat, rules)
    if reason is not None:
        raise RuleViolation(f"{reason} ({RULE}).", RULE)
    _check_area(state, area_id, rules)
    region = rules.areas[area_id].region
    deck = list(state.deck(region))
    if not deck:
        raise RuleViolation(f"The region {region} survey deck is empty; play a card from your hand instead.",
                            "2-player auctions")


def draw_survey(state: State, seat: int, area_id: str, rules: Rules) -> State:
    """2 players: start an auction with the top card of the region's deck (random)."""
    check_draw_survey(state, seat, area_id, rules)
    region = rules.areas[area_id].region
    deck = list(state.deck(region))
    card = deck.pop(rng(state.seed, state.step).randrange(len(deck)))
    state = with_deck(state, region, tuple(deck))
    minimum = rules.cards[card].value + solo_extra(state)
    player = state.players[seat]
    opener = (seat,) if player.money >= minimum else ()
    bidders = opener + _clockwise_others(state, seat, rules, minimum)
    auction = Auction(area_id, seat, card, "deck", minimum, bidders, 0, None, seat)
    state = evolve(state, auction=auction, phase=AUCTION)
    return _next_turn(state, seat, rules) if not opener else state


def check_bid(state: State, seat: int, amount: int, rules: Rules) -> None:
    auction = _require_turn(state, seat)
    player = state.players[seat]
    if auction.leader is None:
        if amount < auction.minimum:
            raise RuleViolation(f"Bid £{amount} is below the minimum £{auction.minimum}"
                                f"{_minimum_reason(state, auction.card, rules)}.", RULE)
    else:
        if amount <= auction.high:
            raise RuleViolation(f"Bid £{amount} must beat the high bid of £{auction.high} "
                                f"({state.players[auction.leader].name}).", RULE)
    if amount > player.money:
        raise RuleViolation(f"Bid £{amount} is more than {player.name}'s £{player.money}; "
                            f"nobody may bid money they do not have.", RULE)


def bid(state: State, seat: int, amount: int, rules: Rules) -> State:
    check_bid(state, seat, amount, rules)
    state = evolve(state, auction=evolve(state.auction, high=amount, leader=seat))
    if state.lord is not None:
        from .wallace_auction import after_player_bid
        return after_player_bid(state, rules)
    return _next_turn(state, seat, rules)


def check_drop(state: State, seat: int, rules: Rules) -> None:
    auction = _require_turn(state, seat)
    if seat == auction.starter and auction.leader is None:
        raise RuleViolation(f"{state.players[seat].name} started this auction and must make the opening bid "
                            f"(at least £{auction.minimum}).", RULE)


def drop(state: State, seat: int, rules: Rules) -> State:
    check_drop(state, seat, rules)
    auction = state.auction
    state = evolve(state, auction=evolve(auction, bidders=tuple(s for s in auction.bidders if s != seat)))
    if state.lord is not None:
        from .wallace_auction import finish
        return finish(state, rules)
    return _next_turn(state, seat, rules)


def _require_turn(state: State, seat: int) -> Auction:
    auction = state.auction
    if state.phase != AUCTION or auction is None:
        raise NotYourTurn("No auction is running.", RULE)
    if auction.turn != seat:
        raise NotYourTurn(f"It is {state.players[auction.turn].name}'s turn to bid or drop out.", RULE)
    return auction


def _following(state: State, auction: Auction, after: int) -> tuple[Auction, int | None]:
    """Who bids after ``after``: the auction with anyone dropped who cannot afford to outbid,
    and the next bidder (the leader when the bidding has come round to them; None when
    nobody is left)."""
    n = len(state.players)
    for k in range(1, n + 1):
        candidate = (after + k) % n
        if candidate not in auction.bidders:
            continue
        if candidate == auction.leader:
            return auction, candidate
        need = auction.minimum if auction.leader is None else auction.high + 1
        if state.players[candidate].money < need:
            auction = evolve(auction, bidders=tuple(s for s in auction.bidders if s != candidate))
            continue
        return auction, candidate
    return auction, None


def _next_turn(state: State, after: int, rules: Rules) -> State:
    """Pass the bidding clockwise, dropping anyone who cannot afford to outbid."""
    auction, candidate = _following(state, state.auction, after)
    if candidate is not None and candidate != auction.leader:
        return evolve(state, auction=evolve(auction, turn=candidate))
    state = evolve(state, auction=auction)
    if auction.leader is not None:
        return finish_auction(state, rules)
    return no_sale(state, rules)


def ends_on_hidden_tile(state: State, kind: str, seat: object, amount: object = None) -> bool:
    """Whether a bid or a drop by ``seat`` ends an auction for a face-down tile with a winner:
    the tile is turned face up for everyone, so undo stops before it."""
    auction = state.auction
    if state.phase != AUCTION or auction is None or auction.turn != seat:
        return False
    if state.area(auction.area).face_up:
        return False
    if kind == "bid":
        if isinstance(amount, bool) or not isinstance(amount, int):
            return False
        auction = evolve(auction, high=amount, leader=seat)
    else:
        auction = evolve(auction, bidders=tuple(s for s in auction.bidders if s != seat))
    auction, candidate = _following(state, auction, seat)
    return auction.leader is not None and (candidate is None or candidate == auction.leader)


def no_sale(state: State, rules: Rules) -> State:
    """Nobody bid (2 players): a face-down tile leaves the map, a face-up one stays."""
    area = state.area(state.auction.area)
    if not area.face_up:
        state = with_area(state, area.id, tile=None, peeks=())
    return evolve(state, auction=None, phase=ACTIONS)


def finish_auction(state: State, rules: Rules) -> State:
    auction = state.auction
    winner, amount = auction.leader, auction.high
    state = with_player(state, winner, money=state.players[winner].money - amount)
    if auction.card_from == "hand" and auction.starter != winner:
        insurance = (amount + 1) // 2
        starter = state.players[auction.starter]
        state = with_player(state, auction.starter, money=starter.money + insurance)
    return finish_won(evolve(state, auction=None), auction.area, winner, amount, auction.card, rules)


__all__ = ["bid", "draw_survey", "drop", "ends_on_hidden_tile", "minimum_bid", "start_auction", "why_not_bidder"]
