"""What a loaded game's data is: plain frozen objects, validated once by ``loader``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .tomlpos import KeyLines

KINDS = ("card", "tile", "board", "token", "die", "sheet")

# Icons every game may use inline in text as :name:, drawn by pdf as vector glyphs.
BUILTIN_ICONS = ("money", "vp", "work", "miner", "quake", "arrow", "peek", "water")


def _needed(span: tuple[int, int] | None, variants: tuple[str, ...], players: int | None,
            variant: str | None) -> bool:
    """Whether a piece belongs in a print set for ``players`` and ``variant`` (None: any)."""
    if players is not None and span is not None and not span[0] <= players <= span[1]:
        return False
    return not (variant is not None and variants and variant not in variants)


@dataclass(frozen=True)
class Resource:
    id: str
    name: str
    colour: str
    shape: str  # cube, disc, barrel, nugget, drop, hex: how its icon and substitutes are drawn
    letter: str  # printed on substitutes so colour is never the only cue


@dataclass(frozen=True)
class Row:
    """One design in a deck's CSV: ``qty`` physical copies of it are printed."""

    id: str
    qty: int
    values: Mapping[str, Any]
    line: int

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    kind: str
    file: str
    size_mm: tuple[float, float]
    shape: str  # rect, round, hex
    corner_mm: float
    layout: str | None
    back_layout: str | None
    columns: Mapping[str, str]
    rows: tuple[Row, ...]
    line: int | None = None
    players: tuple[int, int] | None = None  # player counts that use it; None: all
    variants: tuple[str, ...] = ()  # variants/modules that need it; empty: every game
    sheet: str | None = None  # printed on the shared sheets of that name (pdf), not a file of its own

    def needed(self, players: int | None, variant: str | None) -> bool:
        return _needed(self.players, self.variants, players, variant)

    @property
    def count(self) -> int:
        return sum(r.qty for r in self.rows)

    def row(self, row_id: str) -> Row:
        for r in self.rows:
            if r.id == row_id:
                return r
        raise KeyError(row_id)


@dataclass(frozen=True)
class Box:
    """A named box on a layout, in millimetres from the trim's top-left corner."""

    name: str
    kind: str  # text, rect, circle, icon, line, image
    x: float
    y: float
    w: float
    h: float
    props: Mapping[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


@dataclass(frozen=True)
class Layout:
    name: str
    size_mm: tuple[float, float] | None
    background: str | None
    boxes: tuple[Box, ...]
    line: int | None = None  # where the layout starts in layouts.toml
    # named lengths of the layout ([name.lengths]): name -> (millimetres, line in layouts.toml)
    lengths: Mapping[str, tuple[float, int | None]] = field(default_factory=dict)


@dataclass(frozen=True)
class Component:
    """A printed piece that is not a CSV deck: a board, a die net, a sheet, a token set
    drawn by a named painter in ``pdf``."""

    id: str
    name: str
    kind: str
    count: int
    painter: str
    size_mm: tuple[float, float] | None
    options: Mapping[str, Any]
    line: int | None = None
    players: tuple[int, int] | None = None
    variants: tuple[str, ...] = ()

    def needed(self, players: int | None, variant: str | None) -> bool:
        return _needed(self.players, self.variants, players, variant)


@dataclass(frozen=True)
class Gather:
    """Something the players collect that is not printed (cubes, dice, a bag)."""

    id: str
    name: str
    count: int
    note: str = ""
    players: tuple[int, int] | None = None
    variants: tuple[str, ...] = ()

    def needed(self, players: int | None, variant: str | None) -> bool:
        return _needed(self.players, self.variants, players, variant)


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    description: str


@dataclass(frozen=True)
class GameData:
    id: str
    name: str
    players: tuple[int, int]
    currency: str
    variants: tuple[Variant, ...]
    score_categories: tuple[tuple[str, str], ...]  # (id, name)
    resources: Mapping[str, Resource]
    colours: Mapping[str, str]
    decks: Mapping[str, Deck]
    components: Mapping[str, Component]
    gather: tuple[Gather, ...]
    layouts: Mapping[str, Layout]
    tables: Mapping[str, Any]
    setup: Mapping[str, Any]
    root: Path
    toml_lines: KeyLines = field(repr=False, compare=False)
    bgg_id: int | None = None  # BoardGameGeek's id for the game, when it has one

    @property
    def toml_path(self) -> Path:
        return self.root / "game.toml"

    def line_of(self, dotted: str) -> int | None:
        """Line in game.toml that sets ``dotted``: for a game's own checks of ``tables``."""
        return self.toml_lines.line(dotted)

    def colour(self, name: str) -> str | None:
        """A named colour, a resource's colour, or a literal ``#rrggbb``."""
        if name.startswith("#"):
            return name
        if name in self.colours:
            return self.colours[name]
        if name in self.resources:
            return self.resources[name].colour
        return None

    def variant_ids(self) -> list[str]:
        return [v.id for v in self.variants]
