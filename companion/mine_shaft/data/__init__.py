"""Mine Shaft's numbers, read once from a data folder (``cards_data/mine-shaft`` or an edited
copy): the tile designs with their tracks, the bag, the mineral values, the dice, which tiles
each player count uses, the advanced icons' names and numbers and the colours the phone draws with.

``load(data_dir)`` gives the ``Rules`` a game instance reads everything from (``game.data``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...data import load_game, number_problems
from ...data.numbers import count_keys, value_at
from ...errors import DataError, Problem
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
class IconNumbers:
    """How much the advanced icons do (``[tables.icons]``)."""

    porous_minerals: int   # Porous rock: minerals drawn from the bag
    porous_tiles: int      # Porous rock: extra tiles drawn and laid after it
    kart_tiles: int        # Mine kart: tiles of one run of track it gathers from
    help_steps: int        # Call for help: tiles every other piece moves towards it


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
    icons: "IconNumbers"
    palette: dict[str, str] = field(default_factory=dict)  # colour and mineral names -> the phone's colours

    def design(self, design_id: str) -> Design:
        return self.designs[design_id]


def design(id: str, shape: str, colour: str, slots: int, players: str, icon: str | None, openings: str,
           qty: int = 1) -> Design:
    return Design(id, shape, colour, slots, players, icon, openings, qty, turned(openings))


# The minerals in the bag, their points, die B's faces and what the advanced icons do: whole
# numbers of 0 or more (a mine kart gathers from 1 tile or more), read by the rules and the print
# set alike, each checked before any is used.
ICONS = {"porous_minerals": "tables.icons.porous.minerals", "porous_tiles": "tables.icons.porous.extra_tiles",
         "kart_tiles": "tables.icons.kart.tiles", "help_steps": "tables.icons.help.steps"}
AT_LEAST_ONE = ("tables.icons.kart.tiles",)
NUMBERS = (*(f"tables.bag.{kind}" for kind in KINDS), *(f"tables.values.{kind}" for kind in KINDS), "tables.die_b[]",
           *(key for key in ICONS.values() if key not in AT_LEAST_ONE))


def _tiles(data) -> list:
    """The tile designs, with every problem of them and of the game's numbers raised together."""
    problems = number_problems(data, NUMBERS) + number_problems(data, AT_LEAST_ONE, least=1)
    markings = data.setup.get("markings")
    problems += count_keys(data, "setup.markings", markings) if isinstance(markings, dict) else [
        Problem(str(data.toml_path), data.line_of("setup.markings"), "setup.markings",
                f"must be a table of the markings in play by player count, not {markings!r}")]
    try:
        rows = read_tiles(data)
    except DataError as exc:
        problems = exc.problems + problems
    if problems:
        raise DataError(problems)
    return rows


@lru_cache(maxsize=8)
def load(data_dir: str | None = None) -> Rules:
    """The tables of the data folder ``data_dir`` (None: the shipped data); DataError with every problem."""
    data = load_game(GAME_ID, data_dir)
    openings = data.tables["openings"]
    designs = {START: design(START, "cross", "none", 0, "all", None, data.tables["start_openings"])}
    for row in _tiles(data):
        v = row.values
        designs[row.id] = design(row.id, v["shape"], v["colour"], v["slots"], v["players"], v["icon"],
                                 openings[v["shape"]], row.qty)
    bag = tuple(data.tables["bag"][k] for k in KINDS)
    values = tuple(data.tables["values"][k] for k in KINDS)
    markings = {int(n): tuple(m) for n, m in data.setup["markings"].items()}
    icons = {k: v["name"] for k, v in data.tables["icons"].items()}
    palette = dict(data.colours)
    palette.update({k: r.colour for k, r in data.resources.items()})
    numbers = IconNumbers(**{name: value_at(data, key) for name, key in ICONS.items()})
    return Rules(designs, bag, values, tuple(data.tables["die_a"]), tuple(data.tables["die_b"]),
                 markings, icons, numbers, palette)


def open_edges(design: Design, rotation: int) -> frozenset[str]:
    return design.turns[(rotation // 90) % 4]


def describe(design: Design) -> str:
    shape = {"end": "end of shaft", "tee": "T"}.get(design.shape, design.shape)
    colour = "" if design.colour == "none" else f"{design.colour} "
    return f"{colour}{shape}"


__all__ = ["Design", "GAME_ID", "IconNumbers", "KINDS", "LETTER", "Pos", "Rules", "START", "describe", "design", "load",
           "open_edges"]
