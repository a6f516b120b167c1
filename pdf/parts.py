"""One output file of a print set (``Part``: a deck, a component or a shared sheet) and what
the manifest and the checklist both say about a set of them: the stock each is printed on,
the sheets per stock, and how a file is printed."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .geometry import PieceSpec
from .sheets import Job


@dataclass
class Part:
    """One output file: a deck or a component, and how it is drawn."""

    id: str
    name: str
    kind: str
    count: int
    file: str
    spec: PieceSpec | None
    jobs: Sequence[Job] = field(default_factory=list)  # a list, or made on demand (pdf.jobs)
    draw_board: Callable | None = None  # boards and sheets drawn by their own routine
    pages: int = 0
    printed: str = ""  # how this file is printed (for the checklist)
    tiled: bool = False  # a board split over several pages to be trimmed and joined
    qr_codes: int = 0  # companion QR codes drawn in this file
    members: list["Part"] = field(default_factory=list)  # the components of a shared sheet
    has_backs: bool = False
    butted: bool = False  # rectangular pieces edge to edge, sharing their cut lines
    sheet: str | None = None  # the shared sheet a part made by the build itself goes on
    extra: list["Part"] = field(default_factory=list)  # parts printed for this one elsewhere
    designs: list = field(default_factory=list)  # print-shop files: each design and its quantity


STOCK = {"sheet": "paper"}  # everything else is cut from card stock


def stock(part: Part) -> str:
    return STOCK.get(part.kind, "card stock")


def sheet_counts(parts: list[Part], options: BuildOptions) -> dict[str, int]:
    """Physical sheets per stock: a two-sided file's front and back pages are one sheet."""
    counts: dict[str, int] = {}
    for p in parts:
        duplex = p.has_backs and options.sides in ("duplex-long", "duplex-short") and not options.print_shop
        sheets = p.pages if options.print_shop else (math.ceil(p.pages / 2) if duplex else p.pages)
        counts[stock(p)] = counts.get(stock(p), 0) + sheets
    return counts


def printed(options, has_backs: bool) -> str:
    if options.print_shop:
        return "print-shop pages (one piece per page, trim and bleed boxes set)"
    if not has_backs or options.sides == "fronts":
        return "one-sided"
    return {"duplex-long": "two-sided, flip on long edge", "duplex-short": "two-sided, flip on short edge",
            "gutterfold": "one-sided, then fold on the dashed line"}[options.sides]
