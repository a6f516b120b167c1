"""The public auctions: territory cards revealed, one roll among the bidders, the winner's
pick; the second round, called in play, ends with every development card picked anew."""

from __future__ import annotations

import random

from ...core import rng
from ..data import Catalog
from ..state import ArdState, Auction, active_mines, clockwise, completes_region, replace, with_player
from .rolls import highest
from .strategy import check_market_card, with_cards
from .turn import begin_play, refuse


def open_auction(s: ArdState, number: int, goal: int) -> ArdState:
    n = len(s.players)
    count = min(n, len(s.territory_deck))
    revealed = tuple(reversed(s.territory_deck[len(s.territory_deck) - count:]))
    return replace(s, territory_deck=s.territory_deck[:len(s.territory_deck) - count],
                   auction=Auction(number, goal, revealed, None), phase="auction")


def bidders(cat: Catalog, s: ArdState) -> list[int]:
    a = s.auction
    return [seat for seat, p in enumerate(s.players)
            if len(p.territories) < a.goal and any(not completes_region(cat, p, t) for t in a.revealed)]


def check_roll(cat: Catalog, s: ArdState, action) -> None:
    """One roll for every bidder: whoever taps it, the table rolls for all of them."""
    if not (s.phase == "auction" and s.auction.winner is None):
        refuse("There is no auction roll to make now.", "Public auction")


def auction_roll(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_roll(cat, s, action)
    winner, log = highest(rng(s.seed, s.step), cat, bidders(cat, s))
    return replace(s, auction=replace(s.auction, winner=winner), rolls=log)


def check_pick(cat: Catalog, s: ArdState, action) -> None:
    seat, territory = action["seat"], action["territory"]
    a = s.auction
    if not (s.phase == "auction" and a.winner is not None):
        refuse("Roll for the auction first.", "Public auction")
    if seat != a.winner:
        refuse(f"{s.players[a.winner].name} won the roll and picks.", "Public auction")
    if territory not in a.revealed:
        refuse("Pick one of the territory cards laid out for the auction.", "Public auction")
    if completes_region(cat, s.players[seat], territory):
        region = cat.region_of(territory)
        refuse(f"Anti-monopoly rule: {cat.territories[territory].name} would give you all 3 territories of "
               f"{region.name}.", "Monopoly prevention")


def _reveal(s: ArdState) -> ArdState:
    """One more territory card turned face up for the auction."""
    return replace(s, territory_deck=s.territory_deck[:-1],
                   auction=replace(s.auction, revealed=s.auction.revealed + s.territory_deck[-1:]))


def pick_territory(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_pick(cat, s, action)
    seat, territory = action["seat"], action["territory"]
    a = s.auction
    revealed = list(a.revealed)
    revealed.remove(territory)
    s = with_player(s, seat, territories=s.players[seat].territories + (territory,))
    s = replace(s, auction=replace(a, revealed=tuple(revealed), winner=None))
    if s.territory_deck:
        s = _reveal(s)
    while not bidders(cat, s) and any(len(q.territories) < a.goal for q in s.players) and s.territory_deck:
        s = _reveal(s)
    if bidders(cat, s):
        return s
    return _close(cat, s, rng(s.seed, s.step))


def _close(cat: Catalog, s: ArdState, r: random.Random) -> ArdState:
    """Nobody bids any more: the cards left go back into the deck, which is shuffled."""
    deck = list(s.territory_deck) + list(s.auction.revealed)
    r.shuffle(deck)
    number = s.auction.round
    s = replace(s, territory_deck=tuple(deck), auction=None)
    if number == 1:
        return begin_play(s)
    # The second round ends with every development card back in the market and picked anew.
    returned: dict[str, int] = {}
    for p in s.players:
        for card in p.dev:
            returned[card] = returned.get(card, 0) + 1
    s = with_cards(replace(s, players=tuple(replace(p, dev=()) for p in s.players)), returned)
    winner, log = highest(r, cat, range(len(s.players)))
    return replace(s, rolls=log, redraft=tuple(clockwise(s, winner)), phase="redraft")


def check_call_auction(cat: Catalog, s: ArdState, action) -> None:
    seat = action["seat"]
    if not (s.phase == "play" and seat == s.turn):
        refuse("Call the second auction before your own turn begins.", "Second auction")
    if not (s.stage == "extraction" and s.ts.quiet):
        refuse("The second auction is called before your turn begins.", "Second auction")
    if s.second_auction:
        refuse("The second auction round has already been held.", "Second auction")
    short = [p.name for p in s.players if len(active_mines(p)) < 2]
    if short:
        refuse(f"Every player needs at least 2 active mines first ({', '.join(short)} not yet).", "Second auction")


def call_auction(game, s: ArdState, action) -> ArdState:
    cat = game.data
    check_call_auction(cat, s, action)
    s = open_auction(replace(s, second_auction=True), 2, int(cat.tables["auction_territories_second"]))
    if bidders(cat, s):
        return s
    return replace(s, territory_deck=s.territory_deck + s.auction.revealed, auction=None, phase="play")


def check_redraft(cat: Catalog, s: ArdState, action) -> None:
    seat, cards = action["seat"], action["cards"]
    if not (s.phase == "redraft" and s.redraft and s.redraft[0] == seat):
        refuse("Development cards are picked in turn order after the second auction.", "Second auction")
    if len(cards) > 2 or len(set(cards)) != len(cards):
        refuse("Pick up to 2 different development cards.", "Second auction")
    for card in cards:
        check_market_card(cat, s, s.players[seat], card)


def pick_development(game, s: ArdState, action) -> ArdState:
    check_redraft(game.data, s, action)
    seat, cards = action["seat"], tuple(action["cards"])
    s = with_cards(s, {card: -1 for card in cards})
    s = with_player(s, seat, dev=s.players[seat].dev + cards)
    s = replace(s, redraft=s.redraft[1:])
    return s if s.redraft else replace(s, phase="play")


__all__ = ["auction_roll", "bidders", "call_auction", "check_call_auction", "check_pick", "check_redraft",
           "check_roll", "open_auction", "pick_development", "pick_territory"]
