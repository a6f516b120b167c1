"""The whole table as immutable values, and their JSON form.

A state is never changed in place: rule functions return a new one built with the small
``with_*`` helpers below, so a rejected action leaves the old state exactly as it was.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping

from .values import evolve
from .wallace import Lord

# Phases of a round, in order; "survey" happens once before round 1.
SURVEY, PRICES, ACTIONS, AUCTION, BUILD, INVEST, PEEK, OVER = (
    "survey", "prices", "actions", "auction", "build", "invest", "peek", "over")
NO_LIMIT = 11  # limiter column of a player who never processed arsenic: beyond column 10
SUPPLY_MINER = -1  # Area.miner for a miner from the development board or a card


# Where each area was last found in a state's ``areas``: every state of a game lists the map's
# areas in one order, so the rules find an area at once (``State.area_index`` checks the guess).
_WHERE: dict[str, int] = {}


@dataclass(frozen=True)
class Area:
    id: str
    tile: str | None = None      # area tile lying here, face up or down
    face_up: bool = False
    peeks: tuple[int, ...] = ()  # seats that have looked at the face-down tile
    owner: int | None = None     # seat whose mine stands here
    tin: int = 0
    copper: int = 0
    water: int = 0
    arsenic: int = 0
    drainage: int = 0            # tokens waiting for a mine
    miner: int | None = None     # SUPPLY_MINER or the seat of a player-coloured miner
    extra_miners: int = 0        # Michigan's round-4 miners, which may share an area
    port: bool = False
    train: bool = False
    pump: bool = False           # permanent steam pump from a survey card
    calciner: int | None = None


@dataclass(frozen=True)
class Player:
    name: str
    bot: str | None = None
    money: int = 20
    points: int = 0              # from investing
    emigration_points: int = 0   # from Sierra Madre
    mines: int = 0               # unbuilt mines left
    hand: tuple[str, ...] = ()   # survey cards
    drawn: tuple[str, ...] = ()  # cards dealt at setup, before the keep/discard choice
    tin: int = 0                 # ore extracted this round, sold in phase 3
    copper: int = 0
    arsenic: int = 0             # processed arsenic, kept until sold
    limit: int = NO_LIMIT        # work track limiter column
    own_miners: int = 0          # player-coloured miners not yet on the map
    calciner: bool = False
    kimberly: int = 0            # £ paid again in each later round's first phase
    adelaide: int | None = None  # round whose Adelaide bonus applies to this round's sale
    bonus_pieces: tuple[str, ...] = ()  # Michigan developments waiting to be placed


@dataclass(frozen=True)
class Auction:
    area: str
    starter: int
    card: str | None = None      # survey card played before the bidding
    card_from: str = ""          # "hand" or "deck" (2-player draw)
    minimum: int = 1
    bidders: tuple[int, ...] = ()  # seats still in, clockwise from the starter
    high: int = 0
    leader: int | None = None
    turn: int = 0


@dataclass(frozen=True)
class Won:
    """An auction is won; the winner may still play a card and build a calciner."""

    area: str
    winner: int
    bid: int
    card: str | None             # card played before the auction (its effect applies)


@dataclass(frozen=True)
class State:
    seed: int | str
    players: tuple[Player, ...]
    areas: tuple[Area, ...]
    modules: tuple[str, ...] = ()
    step: int = 0
    round: int = 1
    phase: str = SURVEY
    tin_column: int | None = None      # 0..3 on the ore-price table
    copper_column: int | None = None
    dice: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # last tin and copper rolls
    track: tuple[tuple[int, ...], ...] = ()  # work track columns, seats top to bottom
    passed: tuple[int, ...] = ()             # seats beside the investment panel, in order
    adits: tuple[tuple[str, str], ...] = ()
    stock: tuple[tuple[int, int, int, int], ...] = ()  # per round: miners, ports, trains, adits left
    pumps: tuple[tuple[int, int, bool], ...] = ()      # (round, size, taken) left to right
    decks: tuple[tuple[str, tuple[str, ...]], ...] = ()  # 2-player survey decks by region
    auction: Auction | None = None
    won: Won | None = None
    investing: tuple[int, ...] = ()          # seats still investing, in turn order
    invest_turn: int | None = None
    peekers: tuple[int, ...] = ()            # seats still to peek at the end of the round
    market: tuple[int, ...] = ()             # cubes on each arsenic market space
    emigrants: tuple[tuple[str, int, int], ...] = ()  # (location, round, seat)
    last_sale: tuple[int, ...] = ()          # £ each seat earned in the last sale
    lord: Lord | None = None                 # the solo opponent's cards and owed money

    # -- reading -----------------------------------------------------------
    def area(self, area_id: str) -> Area:
        return self.areas[self.area_index(area_id)]

    def area_index(self, area_id: str) -> int:
        """Where the area lies in ``areas`` (KeyError when nowhere)."""
        areas = self.areas
        index = _WHERE.get(area_id)
        if index is not None and index < len(areas) and areas[index].id == area_id:
            return index
        for index, a in enumerate(areas):
            if a.id == area_id:
                _WHERE[area_id] = index
                return index
        raise KeyError(area_id)

    def has_area(self, area_id: str) -> bool:
        try:
            self.area_index(area_id)
        except KeyError:
            return False
        return True

    def column_of(self, seat: int) -> int | None:
        for index, column in enumerate(self.track):
            if seat in column:
                return index
        return None

    def deck(self, region: str) -> tuple[str, ...]:
        return dict(self.decks).get(region, ())

    @property
    def seats(self) -> range:
        return range(len(self.players))

    def module(self, name: str) -> bool:
        return name in self.modules


# -- building new states ---------------------------------------------------------------
def with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = evolve(players[seat], **changes)
    return evolve(state, players=tuple(players))


def with_area(state: State, area_id: str, **changes: Any) -> State:
    index = state.area_index(area_id)
    areas = state.areas
    return evolve(state, areas=areas[:index] + (evolve(areas[index], **changes),) + areas[index + 1:])


def with_deck(state: State, region: str, cards: tuple[str, ...]) -> State:
    decks = dict(state.decks)
    decks[region] = tuple(cards)
    return evolve(state, decks=tuple(sorted(decks.items())))


# -- JSON ----------------------------------------------------------------------------------
def to_json(state: State) -> dict:
    return _plain(asdict(state))


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _build(cls, data: Mapping[str, Any]):
    kwargs = {}
    for f in fields(cls):
        if f.name in data:
            kwargs[f.name] = _tuples(data[f.name])
    return cls(**kwargs)


def from_json(data: Mapping[str, Any]) -> State:
    values = {f.name: _tuples(data[f.name]) for f in fields(State) if f.name in data}
    values["players"] = tuple(_build(Player, p) for p in data["players"])
    values["areas"] = tuple(_build(Area, a) for a in data["areas"])
    values["auction"] = _build(Auction, data["auction"]) if data.get("auction") else None
    values["won"] = _build(Won, data["won"]) if data.get("won") else None
    values["lord"] = _build(Lord, data["lord"]) if data.get("lord") else None
    return State(**values)


__all__ = ["ACTIONS", "AUCTION", "Area", "Auction", "BUILD", "INVEST", "NO_LIMIT", "OVER", "PEEK", "PRICES",
           "Player", "SUPPLY_MINER", "SURVEY", "State", "Won", "from_json", "to_json", "with_area", "with_deck",
           "with_player"]
