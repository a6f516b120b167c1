"""The state of a game of Mine Shaft as immutable values that round-trip through JSON."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Mapping

from .tiles import KINDS, Pos

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

    @cached_property
    def tiles(self) -> dict[Pos, Placed]:
        return dict(self.grid)

    def tile(self, pos: Pos) -> Placed | None:
        return self.tiles.get(pos)

    @property
    def current(self) -> Miner:
        return self.players[self.turn]

    def with_tiles(self, changes: Mapping[Pos, Placed | None], **more: Any) -> "MineState":
        tiles = dict(self.tiles)
        for pos, placed in changes.items():
            if placed is None:
                tiles.pop(pos, None)
            else:
                tiles[pos] = placed
        return replace(self, grid=tuple(sorted(tiles.items())), **more)

    def with_player(self, seat: int, **changes: Any) -> "MineState":
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=tuple(players))


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
    )


__all__ = ["PHASES", "Placed", "Miner", "MineState", "add", "counts", "from_json", "sorted_minerals", "to_json"]
