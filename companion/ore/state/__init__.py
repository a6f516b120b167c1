"""The table's state as immutable values (``cards_data/ore/NOTES.md`` for the rulings).

Every part is a frozen dataclass holding numbers, text, tuples and other parts; per-resource
things (barrels, mines, mine piles) follow ``RESOURCES``. A rule never changes a state: it
builds the next one with ``companion.frozen.evolve`` and the small ``with_*`` helpers below, sharing every part
it does not touch, so a refused action leaves the old state exactly as it was and costs nothing
to throw away. ``codec`` turns a state into the JSON a table stores and back, key for key;
``problems`` lists what would be wrong with one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, TypeVar

from ...frozen import evolve
from ..data import RESOURCES

INDEX = {res: i for i, res in enumerate(RESOURCES)}
PHASES = ("placement", "market", "subcontract", "acquisition", "replenish", "relief", "over")
ROWS = ("assets", "initiatives", "contracts")

T = TypeVar("T")


@dataclass(frozen=True)
class Barrels:
    """Barrels of each kind (a player's, or the bank's supply)."""

    gold: int = 0
    oil: int = 0
    iron: int = 0
    copper: int = 0
    coal: int = 0

    def __getitem__(self, res: str) -> int:
        return self.__dict__[res]

    def counts(self) -> dict[str, int]:
        """Kind -> count, for the contract arithmetic (``moves.contracts``)."""
        return dict(self.__dict__)

    def total(self) -> int:
        return self.gold + self.oil + self.iron + self.copper + self.coal

    def plus(self, res: str, count: int) -> "Barrels":
        return evolve(self, **{res: self.__dict__[res] + count})

    def added(self, counts: Mapping[str, int], sign: int = 1) -> "Barrels":
        """These barrels with ``counts`` added (``sign`` -1: taken away)."""
        have = self.__dict__
        return evolve(self, **{res: have[res] + sign * n for res, n in counts.items() if n})


NO_BARRELS = Barrels()


@dataclass(frozen=True)
class Miner:
    seat: int
    space: int  # counted from 0, the top space


@dataclass(frozen=True)
class Mine:
    """The face-up mine of one kind."""

    card: str
    exhausted: bool = False
    miners: tuple[Miner, ...] = ()

    def at(self, space: int) -> Miner | None:
        for miner in self.miners:
            if miner.space == space:
                return miner
        return None


@dataclass(frozen=True)
class Pile:
    """The mine cards of one kind: the face-down draw pile and the exhausted ones tucked away."""

    draw: tuple[str, ...]
    used: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cards:
    """One card per place of the asset, initiative and contract rows (None: empty), or one
    pile of each (draw, discard)."""

    assets: tuple[Any, ...] = ()
    initiatives: tuple[Any, ...] = ()
    contracts: tuple[Any, ...] = ()

    def of(self, row: str) -> tuple[Any, ...]:
        return self.__dict__[row]


@dataclass(frozen=True)
class Futures:
    res: str
    count: int


@dataclass(frozen=True)
class Held:
    """A contract a player holds: the rows filled and the barrels lying on it."""

    number: int
    done: tuple[int, ...] = ()
    barrels: tuple[str, ...] = ()
    since: int = 0  # the round it was taken


@dataclass(frozen=True)
class Private:
    """A private mine or market: its mine card and the white miner's space (None: exhausted)."""

    card: str
    kind: str  # "mine" or "market"
    space: int | None = 0


@dataclass(frozen=True)
class ThisRound:
    """What a player has used up this round."""

    placed: int = 0
    market: bool = False
    railroad: tuple[str, ...] = ()
    private_market: tuple[str, ...] = ()
    exchanged: tuple[str, ...] = ()
    sold_on: tuple[int, ...] = ()
    asset: bool = False
    contract: bool = False
    initiative: bool = False
    efficient: bool = False
    relief_done: bool = False
    gathered: tuple[str, ...] = ()


FRESH_ROUND = ThisRound()


@dataclass(frozen=True)
class Player:
    name: str
    bot: str | None = None
    money: int = 0
    barrels: Barrels = NO_BARRELS
    miners: int = 2                        # employed miners (salaries are paid on these)
    cage: int = 1                          # deepest level this player may mine: 1, 2 or 3
    drill_bits: int = 0
    collab_ops: int = 0
    futures: tuple[Futures, ...] = ()
    assets: tuple[str, ...] = ()           # asset ids
    contracts: tuple[Held, ...] = ()
    completed: tuple[int, ...] = ()        # numbers of completed contracts
    race: tuple[int, ...] = ()             # contract race: the personal stack, top first
    strikes: int = 0
    private: tuple[Private, ...] = ()
    round: ThisRound = FRESH_ROUND

    def held(self, number: int) -> Held | None:
        for held in self.contracts:
            if held.number == number:
                return held
        return None


@dataclass(frozen=True)
class Decision:
    """A seat the table waits for in the subcontract or acquisition phase, and what it may do;
    ``use`` says what a Sales Ops card does ("asset" or "contract")."""

    seat: int
    kind: str  # "asset", "initiative", "contract", "sales" or "subcontract"
    use: str | None = None


@dataclass(frozen=True)
class Offer:
    """A contract whose due row was failed, offered clockwise to the other players."""

    number: int
    row: int
    failed_by: int
    offers: tuple[int, ...]  # seats still to be asked, the next first
    done: tuple[int, ...] = ()
    barrels: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bank:
    money: int
    barrels: Barrels


@dataclass(frozen=True)
class State:
    variant: str
    seed: int | str
    step: int                   # actions applied
    round: int
    phase: str                  # one of PHASES
    start: int                  # the starting player's seat
    turn: int | None            # the seat to act in placement and market, else None
    dealt: tuple[int, ...]      # the contract dealt to each seat at setup
    queue: tuple[Decision, ...]
    takeover: tuple[Offer, ...]
    market_order: tuple[int, ...]  # seats still to take their market turn, the current first
    end: tuple[str, ...] | None    # why the game ends after this round
    contract_taken: bool           # a contract was taken this round (else the highest is discarded)
    players: tuple[Player, ...]
    mines: tuple[Mine, ...]        # one per kind, in RESOURCES order
    piles: tuple[Pile, ...]        # one per kind, in RESOURCES order
    rows: Cards
    draw: Cards
    discard: Cards
    asset_track: tuple[int, ...]   # seats in placement order
    contract_track: tuple[int, ...]
    slag: tuple[int, ...]
    bank: Bank

    def mine(self, res: str) -> Mine:
        return self.mines[INDEX[res]]

    def pile(self, res: str) -> Pile:
        return self.piles[INDEX[res]]

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def track(self, where: str) -> tuple[int, ...]:
        """A track or the slag heap by its name in a ``place`` action."""
        return self.__dict__[where]

    def placed_miners(self, seat: int) -> int:
        """Miners of ``seat`` standing anywhere on the table."""
        on_mines = sum(1 for mine in self.mines for miner in mine.miners if miner.seat == seat)
        return on_mines + self.asset_track.count(seat) + self.contract_track.count(seat) + self.slag.count(seat)

    def free_miners(self, seat: int) -> int:
        return self.players[seat].miners - self.placed_miners(seat)

    def contracted_in_use(self) -> int:
        """White contracted miners working on private mines and markets."""
        return sum(1 for p in self.players for x in p.private if x.space is not None)


# -- building the next state ---------------------------------------------------------------
def with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = evolve(players[seat], **changes)
    return evolve(state, players=tuple(players))


def with_round(state: State, seat: int, **changes: Any) -> State:
    """``seat``'s record of what it used this round, changed."""
    return with_player(state, seat, round=evolve(state.players[seat].round, **changes))


def with_mine(state: State, res: str, mine: Mine) -> State:
    mines = list(state.mines)
    mines[INDEX[res]] = mine
    return evolve(state, mines=tuple(mines))


def with_pile(state: State, res: str, pile: Pile) -> State:
    piles = list(state.piles)
    piles[INDEX[res]] = pile
    return evolve(state, piles=tuple(piles))


def with_card(cards: Cards, row: str, values: Iterable[Any]) -> Cards:
    return evolve(cards, **{row: tuple(values)})


def replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    return items[:index] + (item,) + items[index + 1:]


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` without the first ``item``, as ``list.remove`` leaves them."""
    index = items.index(item)
    return items[:index] + items[index + 1:]


__all__ = ["Bank", "Barrels", "Cards", "Decision", "FRESH_ROUND", "Futures", "Held", "INDEX", "Mine", "Miner",
           "NO_BARRELS", "Offer", "PHASES", "Pile", "Player", "Private", "ROWS", "State", "ThisRound",
           "replaced", "with_card", "with_mine", "with_pile", "with_player", "with_round", "without"]

