"""The table's state as immutable values, and its JSON form.

A state is never changed in place: the rules build a new one with ``companion.frozen.evolve`` and
the small ``with_*`` helpers below, so a refused action leaves the old state exactly as it was,
and the legality checks can read a state without copying it.

The JSON form (what a table stores, and what the phone's view starts from) is, key for key:
``seed``, ``step``, ``round`` (1-7), ``phase`` (deal, tasking, collection, business, cleanup,
over), ``first`` (first player's seat), ``turn`` (seat placing), ``queue`` (secondary actions
owed: ``{"seat", "kind": market|permit, "res"}``), ``early`` (seat filling contracts early after
advance orders, or null), ``advance`` (seat on advance orders this round), ``spaces`` (action
space -> seat or null), ``overtime`` and ``contract_spaces`` (lists of seats or null), ``row``
(contract ids face up, null = taken), ``mines`` (resource -> ``{"card", "workers": [{"seat",
"depth"}]}``), ``decks`` (``mines`` by resource, ``contracts``, ``buildings``: top first),
``discard`` (lost contracts), ``recruited`` (recruits so far), ``drills`` and ``temps`` left in
the supply, ``players`` (see ``Player``; ``cubes`` is a map of every resource to a count).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import Problem
from ..frozen import evolve
from .data import RESOURCES, Catalog

ACTION_SPACES = ("market", "permit", "recruit", "cage", "drill", "private", "advance")
DEAL, TASKING, COLLECTION, BUSINESS, CLEANUP, OVER = "deal", "tasking", "collection", "business", "cleanup", "over"
RES_INDEX = {res: index for index, res in enumerate(RESOURCES)}
SPACE_INDEX = {space: index for index, space in enumerate(ACTION_SPACES)}
HIDDEN = "?"  # a card a seat cannot see (another hand, the building deck), in ``seen_by``


@dataclass(frozen=True)
class Worker:
    seat: int
    depth: int  # the mine space it stands on, 0 = top


@dataclass(frozen=True)
class Mine:
    """A face-up mine with the workers in it, and the deck of its resource (top first)."""

    res: str
    card: str | None = None
    workers: tuple[Worker, ...] = ()
    deck: tuple[str, ...] = ()


@dataclass(frozen=True)
class Owed:
    """A secondary action offered to ``seat``: the market (of ``res``) or the permit office."""

    seat: int
    kind: str
    res: str | None = None


@dataclass(frozen=True)
class Held:
    """A contract in hand: rows ``filled`` so far, ``now`` when one was filled this round."""

    id: str
    filled: int = 0
    now: bool = False


@dataclass(frozen=True)
class Private:
    """A private mine, worked by a temp on space ``depth``."""

    card: str
    depth: int = 0


@dataclass(frozen=True)
class Player:
    name: str
    colour: str
    money: int
    cubes: tuple[int, ...]       # by RESOURCES
    workers: int                 # owned, besides the one waiting to be recruited
    home: int                    # of those, not on the board
    waiting: bool = True         # the extra worker still stands in the recruit area
    fresh: bool = False          # recruited this round: on the board, joins ``home`` next round
    cage: int = 0
    drills: int = 0
    private: Private | None = None
    contracts: tuple[Held, ...] = ()
    completed: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    built: tuple[str, ...] = ()
    credits: int = 0             # building icons of contracts completed this round, unspent
    passed: bool = False
    done: bool = False

    def cube(self, res: str) -> int:
        return self.cubes[RES_INDEX[res]]

    def held(self, contract: Any) -> Held | None:
        return next((c for c in self.contracts if c.id == contract), None)


@dataclass(frozen=True)
class State:
    seed: int | str
    players: tuple[Player, ...]
    mines: tuple[Mine, ...]                  # the resources in play, in RESOURCES order
    row: tuple[str | None, ...]              # contracts face up, None where taken
    contract_spaces: tuple[int | None, ...]  # the seat on each contract's space this round
    overtime: tuple[int | None, ...]
    contract_deck: tuple[str, ...]           # top first
    building_deck: tuple[str, ...]           # top first
    step: int = 0
    round: int = 1
    phase: str = DEAL
    first: int = 0
    turn: int | None = 0
    queue: tuple[Owed, ...] = ()
    early: int | None = None
    advance: int | None = None
    spaces: tuple[int | None, ...] = (None,) * len(ACTION_SPACES)  # by ACTION_SPACES
    discard: tuple[str, ...] = ()
    recruited: int = 0
    drills: int = 0
    temps: int = 0

    def mine(self, res: Any) -> Mine | None:
        for mine in self.mines:
            if mine.res == res:
                return mine
        return None

    def kinds(self) -> tuple[str, ...]:
        """The resources in play (their mines and their market)."""
        return tuple(m.res for m in self.mines)

    def space(self, name: str) -> int | None:
        return self.spaces[SPACE_INDEX[name]]


def acting(state: State) -> tuple[int, ...]:
    """The seats the table waits for (everyone not finished in the business phase)."""
    phase = state.phase
    if phase in (DEAL, COLLECTION, CLEANUP):
        return (state.first,)
    if phase == BUSINESS:
        return tuple(s for s, p in enumerate(state.players) if not p.done)
    if phase == TASKING:
        if state.early is not None:
            return (state.early,)
        if state.queue:
            return (state.queue[0].seat,)
        return (state.turn,) if state.turn is not None else ()
    return ()


def in_mines(state: State, seat: int) -> int:
    """``seat``'s workers in the shared mines (a private mine's temp is not one)."""
    return sum(1 for m in state.mines for w in m.workers if w.seat == seat)


def workers_placed(state: State, seat: int) -> int:
    """``seat``'s workers on the board: action, overtime and contract spaces, and mines."""
    on_spaces = sum(1 for s in state.spaces + state.overtime + state.contract_spaces if s == seat)
    return on_spaces + in_mines(state, seat)


# -- building new states ---------------------------------------------------------------
def with_player(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return evolve(state, players=tuple(players))


def with_mine(state: State, mine: Mine) -> State:
    return evolve(state, mines=tuple(mine if m.res == mine.res else m for m in state.mines))


def with_cubes(player: Player, changes: Mapping[str, int]) -> Player:
    """``player`` with ``changes`` (resource -> cubes gained, negative for spent) applied."""
    cubes = list(player.cubes)
    for res, n in changes.items():
        cubes[RES_INDEX[res]] += n
    return evolve(player, cubes=tuple(cubes))


def at(items: tuple, index: int, value: Any) -> tuple:
    """``items`` with ``value`` at ``index``."""
    return items[:index] + (value,) + items[index + 1:]


# -- whole-state checks -------------------------------------------------------------------
def problems(cat: Catalog, state: State) -> list[Problem]:
    """Everything wrong with ``state`` as a table (a position typed by hand, a stored table):
    amounts below zero, a card missing or twice, tokens or workers that do not add up."""
    found: list[Problem] = []

    def check(ok: bool, field: str, message: str) -> None:
        if not ok:
            found.append(Problem("state", None, field, message))

    for seat, p in enumerate(state.players):
        where = f"players[{seat}]"
        check(p.money >= 0 and min(p.cubes) >= 0 and p.home >= 0, where, f"{p.name} has less than nothing")
        on_board = workers_placed(state, seat) + (1 if p.fresh else 0)
        check(p.home + on_board == p.workers, f"{where}.home",
              f"{p.name} owns {p.workers} workers, yet {p.home} are home and {on_board} on the board")
    for field, cards, wanted in _cards_in_play(cat, state):
        check(sorted(cards) == sorted(wanted), field, "every card of the game must be in exactly one place; "
              f"missing {sorted(set(wanted) - set(cards))[:3]}, extra {sorted(_extra(cards, wanted))[:3]}")
    n = cat.numbers
    check(0 <= state.drills and state.drills + sum(p.drills for p in state.players) == n.drill_bits, "drills",
          f"the supply and the players hold {n.drill_bits} drill bits in all")
    check(0 <= state.temps and state.temps + sum(1 for p in state.players if p.private) == n.temp_workers, "temps",
          f"the supply and the private mines hold {n.temp_workers} temps in all")
    return found


def placed_cards(state: State) -> dict[str, list[str]]:
    """The cards of each kind (mines, contracts, buildings) that are anywhere but in a deck."""
    players = state.players
    contracts = [c for c in state.row if c] + list(state.discard) + [c.id for p in players for c in p.contracts]
    return {"mines": [m.card for m in state.mines if m.card] + [p.private.card for p in players if p.private],
            "contracts": contracts + [c for p in players for c in p.completed],
            "buildings": [b for p in players for b in p.hand + p.built]}


def cards_in_play(cat: Catalog, state: State) -> dict[str, list[str]]:
    """Every card of each kind this table plays with, in data order (two players leave out
    copper and the cards without the two-player mark)."""
    two = len(state.players) == 2
    return {"mines": [m for m, card in cat.mines.items() if card.res in state.kinds()],
            "contracts": [c for c, card in cat.contracts.items() if card.two_player or not two],
            "buildings": [b for b in cat.building_copies() if cat.building(b).two_player or not two]}


def _cards_in_play(cat: Catalog, state: State) -> list[tuple[str, list[str], list[str]]]:
    """(field, the cards of a kind wherever they are, the cards of that kind in play)."""
    placed, wanted = placed_cards(state), cards_in_play(cat, state)
    decks = {"mines": [c for m in state.mines for c in m.deck], "contracts": list(state.contract_deck),
             "buildings": list(state.building_deck)}
    return [(kind, placed[kind] + decks[kind], wanted[kind]) for kind in wanted]


def _extra(cards: list[str], wanted: list[str]) -> set[str]:
    left = list(wanted)
    extra = set()
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            extra.add(card)
    return extra


# -- JSON ----------------------------------------------------------------------------------
def to_json(state: State) -> dict:
    return {
        "seed": state.seed, "step": state.step, "round": state.round, "phase": state.phase, "first": state.first,
        "turn": state.turn, "queue": [{"seat": o.seat, "kind": o.kind, "res": o.res} for o in state.queue],
        "early": state.early, "advance": state.advance,
        "spaces": dict(zip(ACTION_SPACES, state.spaces)),
        "overtime": list(state.overtime), "contract_spaces": list(state.contract_spaces), "row": list(state.row),
        "mines": {m.res: {"card": m.card, "workers": [{"seat": w.seat, "depth": w.depth} for w in m.workers]}
                  for m in state.mines},
        "decks": {"mines": {m.res: list(m.deck) for m in state.mines}, "contracts": list(state.contract_deck),
                  "buildings": list(state.building_deck)},
        "discard": list(state.discard), "recruited": state.recruited, "drills": state.drills, "temps": state.temps,
        "players": [_player_json(p) for p in state.players],
    }


def _player_json(p: Player) -> dict:
    return {"name": p.name, "colour": p.colour, "money": p.money, "cubes": dict(zip(RESOURCES, p.cubes)),
            "workers": p.workers, "home": p.home, "waiting": p.waiting, "fresh": p.fresh, "cage": p.cage,
            "drills": p.drills,
            "private": None if p.private is None else {"card": p.private.card, "depth": p.private.depth},
            "contracts": [{"id": c.id, "filled": c.filled, "now": c.now} for c in p.contracts],
            "completed": list(p.completed), "hand": list(p.hand), "built": list(p.built), "credits": p.credits,
            "passed": p.passed, "done": p.done}


def from_json(d: Mapping[str, Any]) -> State:
    decks = d["decks"]
    mines = tuple(Mine(res, m["card"], tuple(Worker(w["seat"], w["depth"]) for w in m["workers"]),
                       tuple(decks["mines"][res])) for res, m in d["mines"].items())
    return State(
        seed=d["seed"], step=d["step"], round=d["round"], phase=d["phase"], first=d["first"], turn=d["turn"],
        queue=tuple(Owed(o["seat"], o["kind"], o["res"]) for o in d["queue"]), early=d["early"],
        advance=d["advance"], spaces=tuple(d["spaces"][s] for s in ACTION_SPACES), overtime=tuple(d["overtime"]),
        contract_spaces=tuple(d["contract_spaces"]), row=tuple(d["row"]), mines=mines,
        contract_deck=tuple(decks["contracts"]), building_deck=tuple(decks["buildings"]),
        discard=tuple(d["discard"]), recruited=d["recruited"], drills=d["drills"], temps=d["temps"],
        players=tuple(_player(p) for p in d["players"]))


def _player(p: Mapping[str, Any]) -> Player:
    private = p["private"]
    return Player(
        name=p["name"], colour=p["colour"], money=p["money"], cubes=tuple(p["cubes"][r] for r in RESOURCES),
        workers=p["workers"], home=p["home"], waiting=p["waiting"], fresh=p["fresh"], cage=p["cage"],
        drills=p["drills"], private=None if private is None else Private(private["card"], private["depth"]),
        contracts=tuple(Held(c["id"], c["filled"], c["now"]) for c in p["contracts"]),
        completed=tuple(p["completed"]), hand=tuple(p["hand"]), built=tuple(p["built"]), credits=p["credits"],
        passed=p["passed"], done=p["done"])


__all__ = ["ACTION_SPACES", "BUSINESS", "CLEANUP", "COLLECTION", "DEAL", "HIDDEN", "Held", "Mine", "OVER", "Owed",
           "Player", "Private", "RES_INDEX", "State", "TASKING", "Worker", "acting", "at", "cards_in_play",
           "from_json", "in_mines", "placed_cards", "problems", "to_json", "with_cubes", "with_mine", "with_player",
           "workers_placed"]
