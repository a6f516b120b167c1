"""The table as immutable values, and the small helpers that build the next one.

A state is never changed in place: a rule returns a new state built with ``replace`` and the
``with_*`` helpers below, so a refused action leaves the old state exactly as it was. Maps of
the printed game (a player's sites, stock, the market, the decks) are tuples of pairs kept in
the order of their keys, which is also the order their JSON form lists them in.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any

from ..data import DEV_CARDS

# Index of each development card in ``ArdState.market``.
CARD_INDEX = {card: index for index, card in enumerate(DEV_CARDS)}


@dataclass(frozen=True, slots=True)
class Asset:
    kind: str      # warehouse, office, vessel or factory
    region: str
    upgraded: bool  # a factory always counts as upgraded


@dataclass(frozen=True, slots=True)
class Infra:
    kind: str      # road or water
    region: str


@dataclass(frozen=True)
class Player:
    name: str
    money: int
    corp: str | None = None
    debt: int = 0                          # the double repayment of a loan still owed
    dev: tuple[str, ...] = ()              # development cards on the dashboard
    phone: bool = False                    # the phone call card picked this turn
    actions: tuple[str, ...] = ()          # action cards held face down
    territories: tuple[str, ...] = ()      # territory cards held
    sites: tuple[tuple[str, str], ...] = ()        # (territory, "explored" | "active")
    explored_on: tuple[tuple[str, int], ...] = ()  # (territory, turn_no it was explored on)
    stock: tuple[tuple[str, int], ...] = ()        # (source, stored value); "w:REGION" for bought lots
    assets: tuple[Asset, ...] = ()
    infra: tuple[Infra, ...] = ()
    targets: tuple[str, ...] = ()
    incentives: tuple[str, ...] = ()
    used_actions: int = 0
    best_sale: int = 0
    monopoly: bool = False                 # an action card lifted the anti-monopoly rule

    def site(self, territory: str) -> str | None:
        for held, status in self.sites:
            if held == territory:
                return status
        return None

    def explored_turn(self, territory: str) -> int | None:
        for held, turn in self.explored_on:
            if held == territory:
                return turn
        return None

    @property
    def active(self) -> list[str]:
        """The active mines, by id."""
        return [t for t, status in self.sites if status == "active"]

    @property
    def stock_value(self) -> int:
        return sum(value for _, value in self.stock)


@dataclass(frozen=True)
class TurnState:
    """What the turn under way has used (``ts`` in the stored form)."""

    done: bool = False            # the development action is taken
    local_sale: bool = False
    explored: tuple[str, ...] = ()
    europe_exploit: bool = False  # a European mine equipped: an incentive may be claimed
    extra_mine: int = 0
    no_fees: bool = False
    steady: bool = False
    discount: int = 0
    embargo: bool = False
    played: tuple[int, ...] = ()  # seats that played an action card this turn
    against: bool = False         # an action card was played against the player this turn
    quiet: bool = True            # nothing but passes so far
    must_discard: bool | None = None  # None: never asked this turn
    restored: bool | None = None      # a retired target was put back this turn


FRESH_TURN = TurnState()


@dataclass(frozen=True, slots=True)
class Options:
    """The table's options, fixed when it is set up (``setup.parse_variant``)."""

    remove_cards: str = "yes"
    endgame: str = "total-control"
    corporations: str = "roll"


@dataclass(frozen=True)
class Auction:
    round: int
    goal: int                     # territories each player holds after it
    revealed: tuple[str, ...]
    winner: int | None = None


@dataclass(frozen=True)
class Offer:
    """A local sale's lot from one region, offered first to warehouse owners there."""

    seller: int
    region: str
    value: int
    price: int
    queue: tuple[int, ...]        # owners still to answer, the first answers now


@dataclass(frozen=True, slots=True)
class End:
    by: int
    last: int                     # the seat whose turn ends the game
    why: str


@dataclass(frozen=True, slots=True)
class Retired:
    seat: int
    tier: str
    pile: int
    card: str


@dataclass(frozen=True, slots=True)
class Sale:
    seat: int
    roll: int
    income: int
    fixed: int


@dataclass(frozen=True, slots=True)
class Share:
    """An action card in effect: ``owner`` takes half of ``target``'s global sales."""

    owner: int
    target: int
    card: str
    kind: str = "share"


Rolls = tuple[tuple[int, int], ...]  # one roll-off round: (seat, face) by seat
Piles = tuple[tuple[str, ...], ...]  # three piles of a tier, top card last


@dataclass(frozen=True)
class ArdState:
    variant: str                  # the mode
    options: Options
    seed: Any
    players: tuple[Player, ...]
    step: int = 0
    phase: str = "ready"          # ready, corporations, deal, auction, redraft, play, over
    turn: int | None = None       # the seat playing
    stage: str | None = None      # extraction, strategy, development, reward
    turn_no: int = 0              # turns begun so far
    first: int | None = None      # the seat that starts
    picker: int | None = None     # the seat choosing a corporation
    market: tuple[int, ...] = ()  # development cards by DEV_CARDS index; empty before the start
    territory_deck: tuple[str, ...] = ()
    auction: Auction | None = None
    grid: tuple[tuple[str, Piles], ...] = ()  # (tier, piles) in TIERS order
    incentives: tuple[str, ...] = ()          # top last
    action_decks: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (corporation, cards top last)
    box: tuple[str, ...] = ()                 # cards out of play
    ts: TurnState = FRESH_TURN
    continuous: tuple[Share, ...] = ()
    offers: tuple[Offer, ...] = ()
    end: End | None = None
    rolls: tuple[Rolls, ...] = ()             # the last roll-off, for the log
    redraft: tuple[int, ...] = ()             # seats still to re-pick development cards
    bots: tuple[tuple[int, str], ...] = ()    # seats a bot plays
    quiet_run: int = 0                        # turns in a row in which nobody did anything
    bs_empty_on: int | None = None            # turn the last bronze and silver targets went
    second_auction: bool = False
    golds_claimed: int = 0
    over_reason: str = ""
    last_sale: Sale | None = None
    may_call: int | None = None   # a claimer who may still call Total Control as the next move
    retired: Retired | None = None  # a target the last action retired (it may be put back)
    # While a move runs: what the previous move left (``may_call``, ``retired``); never stored.
    claimer: int | None = None
    last_retired: Retired | None = None

    @property
    def round(self) -> int:
        return max(0, self.turn_no - 1) // max(1, len(self.players)) + 1

    def count(self, card: str) -> int:
        """Copies of a development card in the market."""
        return self.market[CARD_INDEX[card]] if self.market else 0

    def piles(self, tier: str) -> Piles | None:
        for name, piles in self.grid:
            if name == tier:
                return piles
        return None

    def deck(self, corporation: str) -> tuple[str, ...]:
        for corp, cards in self.action_decks:
            if corp == corporation:
                return cards
        return ()

    def bot_of(self, seat: int) -> str | None:
        return dict(self.bots).get(seat)


# -- building the next state ---------------------------------------------------------------
_FIELDS: dict[type, frozenset[str]] = {}


def replace(record: Any, **changes: Any) -> Any:
    """``record`` with ``changes`` made, as ``dataclasses.replace`` gives it. The records the
    rules rebuild on every move (no ``__slots__``) are copied by their attribute dict, which is
    several times faster than running ``__init__`` again."""
    cls = type(record)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in fields(cls))
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(set(changes) - names))}")
    if not hasattr(record, "__dict__"):
        return dataclasses.replace(record, **changes)
    new = object.__new__(cls)
    new.__dict__.update(record.__dict__)
    new.__dict__.update(changes)
    return new


def with_player(state: ArdState, seat: int, **changes: Any) -> ArdState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def with_players(state: ArdState, players: list[Player]) -> ArdState:
    return replace(state, players=tuple(players))


def with_ts(state: ArdState, **changes: Any) -> ArdState:
    return replace(state, ts=replace(state.ts, **changes))


def with_market(state: ArdState, card: str, change: int) -> ArdState:
    market = list(state.market)
    market[CARD_INDEX[card]] += change
    return replace(state, market=tuple(market))


def with_pile(state: ArdState, tier: str, pile: int, cards: tuple[str, ...]) -> ArdState:
    grid = tuple((name, piles[:pile] + (cards,) + piles[pile + 1:]) if name == tier else (name, piles)
                 for name, piles in state.grid)
    return replace(state, grid=grid)


def with_deck(state: ArdState, corporation: str, cards: tuple[str, ...]) -> ArdState:
    return replace(state, action_decks=tuple((corp, cards if corp == corporation else held)
                                             for corp, held in state.action_decks))


def gain(state: ArdState, seat: int, amount: int) -> ArdState:
    if not amount:
        return state
    return with_player(state, seat, money=state.players[seat].money + amount)


def pay_all(state: ArdState, payer: int, amount: int, to: int | None = None) -> tuple[ArdState, int]:
    """``payer`` pays ``amount``, or all they hold when short; the new state and what was paid."""
    paid = min(amount, state.players[payer].money)
    state = gain(state, payer, -paid)
    if to is not None:
        state = gain(state, to, paid)
    return state, paid


def put(pairs: tuple[tuple[str, Any], ...], key: str, value: Any) -> tuple[tuple[str, Any], ...]:
    """``pairs`` with ``key`` set to ``value``, kept in key order."""
    kept = [(k, v) for k, v in pairs if k != key]
    kept.append((key, value))
    kept.sort(key=lambda pair: pair[0])
    return tuple(kept)


def drop(pairs: tuple[tuple[str, Any], ...], keys: Any) -> tuple[tuple[str, Any], ...]:
    """``pairs`` without the entries of ``keys``."""
    return tuple((k, v) for k, v in pairs if k not in keys)


def add_stock(player: Player, source: str, value: int) -> Player:
    held = dict(player.stock).get(source, 0)
    return replace(player, stock=put(player.stock, source, held + value))


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` less the first copy of ``card``."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1:]


__all__ = ["ArdState", "Asset", "Auction", "CARD_INDEX", "End", "FRESH_TURN", "Infra", "Offer", "Options", "Piles",
           "Player", "Retired", "Rolls", "Sale", "Share", "TurnState", "add_stock", "drop", "gain", "pay_all", "put",
           "replace", "with_deck", "with_market", "with_pile", "with_player", "with_players", "with_ts", "without"]
