"""The state of a game of Mine Shaft as immutable values that round-trip through JSON.

A state never changes; the rules make the next one with ``evolve`` (``companion.frozen.evolve``:
``dataclasses.replace`` without its per-call work, which the rules do several times a move). What
is worked out from a state (the tiles by square, where the track runs out) may be kept on it: it
is a value, so the answer never goes stale; ``evolve`` keeps what was worked out from the grid
while the grid is unchanged and drops the rest. Whole-state checks are in ``checks``."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, ClassVar, Mapping

from ... import frozen
from ..data import KINDS, Pos

# Phases of a turn, in order: clear (only when standing on a collapsed tile), start (may draw a
# tile), place (a drawn tile waits), effect (an advanced icon waits), roll, die_a (choose where
# the colour or quake lands), move, mine; over when the game has ended.
PHASES = ("clear", "start", "place", "effect", "extra", "roll", "die_a", "move", "mine", "done", "over")


@dataclass(frozen=True)
class Placed:
    design: str
    rotation: int = 0
    collapsed: bool = False
    minerals: tuple[str, ...] = ()  # kinds, kept sorted coal < silver < gold


@dataclass(frozen=True)
class Miner:
    name: str
    pos: Pos = (0, 0)
    haul: tuple[int, int, int] = (0, 0, 0)  # coal, silver, gold
    started: bool = False                   # has had their first turn
    bot: str | None = None

    # this miner with ``changes`` made (field names as in ``replace``)
    evolve = frozen.evolve


@dataclass(frozen=True)
class MineState:
    players: tuple[Miner, ...]
    grid: tuple[tuple[Pos, Placed], ...]     # sorted by position
    pile: tuple[str, ...]                    # design ids still face down, sorted
    bag: tuple[int, int, int]                # coal, silver, gold left in the bag
    variant: str = "advanced"
    seed: int | str = 0
    step: int = 0
    first: int = 0
    turn: int = 0
    round: int = 1
    phase: str = "start"
    drawn: str | None = None                 # design waiting to be placed
    anchors: tuple[Pos, ...] = ()            # tiles the waiting tile may connect to
    effect: str | None = None                # icon waiting to be resolved
    effect_at: Pos | None = None             # where that icon's tile lies
    placed: bool = False                     # this turn's placement is done
    die_a: str | None = None
    die_b: int | None = None
    last_path: tuple[Pos, ...] = ()          # squares the last move went through, start to end
    ending: str | None = None                # which end condition started the last round
    final_round: int | None = None
    note: str = ""                           # what the last action did, for the log
    owed: tuple[Pos, ...] = ()               # porous tiles whose further extra tiles are still to come

    # What is worked out from a state and kept on it (``worked``), each with the fields it is worked
    # out from (none: the whole state); ``evolve`` drops an answer when one of those changes. From
    # the layout of the mine alone: whether any track runs out into an empty square, each square's
    # open ends and track neighbours (``with_tiles`` keeps them while no tile is laid, moved or
    # turned); from the grid: the tiles by square; from the whole state: where the current piece
    # can move, which tiles die A's colour may fill.
    worked_out: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "_open": ("grid",), "_ways": ("grid",), "_tiles": ("grid",), "_paths": (), "_fills": ()}

    @property
    def tiles(self) -> dict[Pos, Placed]:
        found = self.__dict__.get("_tiles")
        if found is None:
            found = self.__dict__["_tiles"] = dict(self.grid)
        return found

    def tile(self, pos: Pos) -> Placed | None:
        return self.tiles.get(pos)

    @property
    def current(self) -> Miner:
        return self.players[self.turn]

    # this state with ``changes`` made (field names as in ``replace``), keeping what was worked
    # out from fields that did not change
    evolve = frozen.evolve

    def worked(self, name: str, rules: Any, make: Callable[[], Any]) -> Any:
        """``make()``, worked out once per state and data (``name`` is one of ``worked_out``): a
        state may be asked the same question by the buttons, the bots and the rule."""
        found = self.__dict__.get(name)
        if found is not None and found[0] is rules:
            return found[1]
        value = make()
        self.__dict__[name] = (rules, value)
        return value

    def with_tiles(self, changes: Mapping[Pos, Placed | None], **more: Any) -> "MineState":
        tiles = dict(self.tiles)
        same_layout = True  # the same designs, turned the same way, on the same squares
        for pos, placed in changes.items():
            was = tiles.get(pos)
            if placed is None:
                tiles.pop(pos, None)
            else:
                tiles[pos] = placed
            same_layout = same_layout and was is not None and placed is not None and \
                was.design == placed.design and was.rotation == placed.rotation
        if not same_layout:
            return self.evolve(grid=tuple(sorted(tiles.items())), **more)
        # no square added or taken away: ``tiles`` is still in the grid's order
        new = self.evolve(grid=tuple(tiles.items()), **more)
        new.__dict__["_tiles"] = tiles
        for name in LAYOUT_WORK:
            if name in self.__dict__:
                new.__dict__[name] = self.__dict__[name]
        return new

    def with_player(self, seat: int, **changes: Any) -> "MineState":
        return self.evolve(players=self.players_with(seat, **changes))

    def players_with(self, seat: int, **changes: Any) -> tuple[Miner, ...]:
        """The players, with ``changes`` made to the one in ``seat``."""
        players = list(self.players)
        players[seat] = players[seat].evolve(**changes)
        return tuple(players)

    def __getstate__(self) -> dict:
        """Pickled (the lab's workers) as its fields alone, without what was worked out."""
        return {name: self.__dict__[name] for name in _FIELDS}

    def __setstate__(self, fields: dict) -> None:
        self.__dict__.update(fields)


_FIELDS = tuple(f.name for f in fields(MineState))
LAYOUT_WORK = ("_open", "_ways")  # worked out from the layout alone (see ``worked_out``)


def counts(minerals: tuple[str, ...]) -> tuple[int, int, int]:
    return tuple(minerals.count(k) for k in KINDS)  # type: ignore[return-value]


def add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, int, int]:
    return tuple(x + y for x, y in zip(a, b))  # type: ignore[return-value]


def sorted_minerals(minerals: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(minerals, key=KINDS.index))


def to_json(state: MineState) -> dict:
    return {
        "players": [{"name": m.name, "pos": list(m.pos), "haul": dict(zip(KINDS, m.haul)), "started": m.started,
                     "bot": m.bot} for m in state.players],
        "tiles": [{"x": p[0], "y": p[1], "design": t.design, "rotation": t.rotation, "collapsed": t.collapsed,
                   "minerals": list(t.minerals)} for p, t in state.grid],
        "pile": list(state.pile),
        "bag": dict(zip(KINDS, state.bag)),
        "variant": state.variant, "seed": state.seed, "step": state.step, "first": state.first,
        "turn": state.turn, "round": state.round, "phase": state.phase, "drawn": state.drawn,
        "anchors": [list(a) for a in state.anchors], "effect": state.effect,
        "effect_at": list(state.effect_at) if state.effect_at else None, "placed": state.placed,
        "die_a": state.die_a, "die_b": state.die_b, "last_path": [list(p) for p in state.last_path],
        "ending": state.ending, "final_round": state.final_round, "note": state.note,
        # only where a Porous rock gives more than one extra tile: a state without it keeps the
        # layout a table stored before the count was the data's
        **({"owed": [list(p) for p in state.owed]} if state.owed else {}),
    }


def from_json(data: Mapping[str, Any]) -> MineState:
    pos = lambda v: (int(v[0]), int(v[1]))  # noqa: E731
    return MineState(
        players=tuple(Miner(p["name"], pos(p["pos"]), tuple(int(p["haul"][k]) for k in KINDS), bool(p["started"]),
                            p.get("bot")) for p in data["players"]),
        grid=tuple(sorted(((t["x"], t["y"]), Placed(t["design"], int(t["rotation"]), bool(t["collapsed"]),
                                                    tuple(t["minerals"]))) for t in data["tiles"])),
        pile=tuple(data["pile"]), bag=tuple(int(data["bag"][k]) for k in KINDS),
        variant=data["variant"], seed=data["seed"], step=int(data["step"]), first=int(data["first"]),
        turn=int(data["turn"]), round=int(data["round"]), phase=data["phase"], drawn=data["drawn"],
        anchors=tuple(pos(a) for a in data["anchors"]), effect=data["effect"],
        effect_at=pos(data["effect_at"]) if data["effect_at"] else None, placed=bool(data["placed"]),
        die_a=data["die_a"], die_b=data["die_b"], last_path=tuple(pos(p) for p in data["last_path"]),
        ending=data["ending"], final_round=data["final_round"], note=data.get("note", ""),
        owed=tuple(pos(p) for p in data.get("owed", ())),
    )


__all__ = ["PHASES", "Placed", "Miner", "MineState", "add", "counts", "from_json", "sorted_minerals", "to_json"]
