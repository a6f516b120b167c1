"""Mine Shaft's numbers, read once from a data folder (``cards_data/mine-shaft`` or an edited
copy): the tile designs with their tracks, the bag, the mineral values, the dice, which tiles
each player count uses, the advanced icons' names and the colours the phone draws with.

``load(data_dir)`` gives the ``Rules`` a game instance reads everything from (``game.data``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...data import load_game
from .geometry import Pos, turned
from .tiles import read_tiles

GAME_ID = "mine-shaft"
START = "start"
KINDS = ("coal", "silver", "gold")  # mineral order everywhere: counts are (coal, silver, gold)
LETTER = {"coal": "c", "silver": "s", "gold": "g"}


@dataclass(frozen=True)
class Design:
    id: str
    shape: str      # end, straight, curve, tee, cross
    colour: str     # yellow, blue, red, green, none
    slots: int
    players: str    # all, 3-4, 4
    icon: str | None
    openings: str   # unrotated, e.g. "NES"
    qty: int = 1
    # the open edges at each quarter turn (worked out once: the rules ask for them all the time)
    turns: tuple[frozenset[str], ...] = field(default=(), compare=False, repr=False)

    @property
    def is_end(self) -> bool:
        return self.shape == "end"


@dataclass(frozen=True)
class Rules:
    """The game's facts, read once from a data folder."""

    designs: dict[str, Design]
    bag: tuple[int, int, int]
    values: tuple[int, int, int]
    die_a: tuple[str, ...]
    die_b: tuple[int, ...]
    markings: dict[int, tuple[str, ...]]
    icon_names: dict[str, str]
    palette: dict[str, str] = field(default_factory=dict)  # colour and mineral names -> the phone's colours

    def design(self, design_id: str) -> Design:
        return self.designs[design_id]


def design(id: str, shape: str, colour: str, slots: int, players: str, icon: str | None, openings: str,
           qty: int = 1) -> Design:
    return Design(id, shape, colour, slots, players, icon, openings, qty, turned(openings))


@lru_cache(maxsize=8)
def load(data_dir: str | None = None) -> Rules:
    """The tables of the data folder ``data_dir`` (None: the shipped data); DataError with every problem."""
    data = load_game(GAME_ID, data_dir)
    openings = data.tables["openings"]
    designs = {START: design(START, "cross", "none", 0, "all", None, data.tables["start_openings"])}
    for row in read_tiles(data):
        v = row.values
        designs[row.id] = design(row.id, v["shape"], v["colour"], v["slots"], v["players"], v["icon"],
                                 openings[v["shape"]], row.qty)
    bag = tuple(int(data.tables["bag"][k]) for k in KINDS)
    values = tuple(int(data.tables["values"][k]) for k in KINDS)
    markings = {int(n): tuple(m) for n, m in data.setup["markings"].items()}
    icons = {k: v["name"] for k, v in data.tables["icons"].items()}
    palette = dict(data.colours)
    palette.update({k: r.colour for k, r in data.resources.items()})
    return Rules(designs, bag, values, tuple(data.tables["die_a"]), tuple(int(v) for v in data.tables["die_b"]),
                 markings, icons, palette)


def open_edges(design: Design, rotation: int) -> frozenset[str]:
    return design.turns[(rotation // 90) % 4]


def describe(design: Design) -> str:
    shape = {"end": "end of shaft", "tee": "T"}.get(design.shape, design.shape)
    colour = "" if design.colour == "none" else f"{design.colour} "
    return f"{colour}{shape}"


__all__ = ["Design", "GAME_ID", "KINDS", "LETTER", "Pos", "Rules", "START", "describe", "design", "load",
           "open_edges"]
