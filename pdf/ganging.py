"""Several small components of one game on shared sheets.

Components that name the same ``options.sheet`` in game.toml are printed into one file,
``<sheet>.pdf``: each kind of piece takes a band of whole rows across the sheet, top to
bottom, and the next kind starts below it on the same sheet when it fits, so a handful of
calciners or one starting player token no longer takes a sheet of its own. Every band is
imposed like a sheet of its own (each piece with its own bleed, crop marks inside the band),
and a backs page mirrors the fronts page for two-sided printing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from companion.errors import InvalidDimension

from .geometry import EDGE_ROOM_MM, Paper, PieceSpec, Rect, Slot, back_slot, crop_marks, grid_in, impose
from .sheets import Document, Job, print_pieces, print_shop


@dataclass(frozen=True)
class Member:
    """One component of a shared sheet: its piece size and the pieces to print."""

    name: str
    spec: PieceSpec
    jobs: tuple[Job, ...]


@dataclass(frozen=True)
class Band:
    area: Rect
    spec: PieceSpec
    slots: tuple[Slot, ...]
    jobs: tuple[Job, ...]


def plan(members: Sequence[Member], paper: Paper) -> list[list[Band]]:
    """Pages of bands: each member's pieces in as few rows as they need, packed down the
    sheet in the given order."""
    pages: list[list[Band]] = [[]]
    top = paper.h
    for member in members:
        jobs = list(member.jobs)
        while jobs:
            band = _band(member, jobs, paper, top)
            if band is None:
                if not pages[-1]:  # not even on an empty sheet: the normal error names the piece
                    impose(Rect(0, 0, paper.w, paper.h), member.spec, paper)
                pages.append([])
                top = paper.h
                continue
            pages[-1].append(band)
            jobs = jobs[len(band.slots):]
            top = band.area.y
    return [p for p in pages if p]


def _band(member: Member, jobs: list[Job], paper: Paper, top: float) -> Band | None:
    try:
        room = impose(Rect(0, 0, paper.w, top), member.spec, paper)
    except InvalidDimension:
        return None
    count = min(len(jobs), room.per_sheet)
    rows = math.ceil(count / room.cols)
    sh = member.spec.h if room.rot == 0 else member.spec.w
    height = rows * (sh + 2 * member.spec.bleed) + 2 * EDGE_ROOM_MM
    area = Rect(0, top - height, paper.w, height)
    grid = grid_in(area, member.spec, room.rot)
    return Band(area, member.spec, grid.slots[:count], tuple(jobs[:count]))


def gang_sheets(doc: Document, members: Sequence[Member], sides: str, options, label: str,
                progress: Callable[[int], None] | None = None) -> int:
    """Draw the shared sheets; returns the number of pages written."""
    start = doc.pages
    if options.print_shop or sides == "gutterfold":
        # one piece per page, or folded halves: each component as it would print alone
        for m in members:
            if options.print_shop:
                print_shop(doc, m.spec, m.jobs, sides, progress)
            else:
                print_pieces(doc, m.spec, m.jobs, sides, options.guides, options.back_offset_mm, label, progress)
        return doc.pages - start
    paper = doc.paper
    has_backs = sides != "fronts" and any(j.back is not None for m in members for j in m.jobs)
    for bands in plan(members, paper):
        for band in bands:
            for slot, job in zip(band.slots, band.jobs):
                doc.place(slot, band.spec, job.front, options.guides)
            doc.marks(crop_marks(band.slots, band.spec.bleed, band.area))
        _label(doc, label, "fronts")
        doc.end_page()
        if has_backs:
            offset = options.back_offset_mm
            for band in bands:
                backs = [back_slot(s, paper, sides) for s in band.slots]
                for slot, job in zip(backs, band.jobs):
                    if job.back is not None:
                        doc.place(slot, band.spec, job.back, options.guides, offset)
                area = band.area if sides == "duplex-long" else Rect(0, paper.h - band.area.y1, paper.w, band.area.h)
                doc.marks(crop_marks(backs, band.spec.bleed, area), offset)
            _label(doc, label, f"backs ({sides})")
            doc.end_page()
        if progress:
            progress(sum(len(b.jobs) for b in bands))
    return doc.pages - start


def _label(doc: Document, label: str, what: str) -> None:
    if label:
        doc.page_label(f"{label} - page {doc.pages + 1} - {what} - print at 100% (actual size)")
