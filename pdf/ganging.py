"""Several small components of one game on shared sheets.

Components that name the same ``options.sheet`` in game.toml are printed into one file,
``<sheet>.pdf``: each kind of piece takes a band of whole rows, top to bottom, and the next
kind starts beside its last row or below it on the same sheet when it fits, so a handful of
calciners or one starting player token no longer takes a sheet of its own. Every band is
imposed like a sheet of its own (each piece with its own bleed, crop marks inside the band),
and a backs page mirrors the fronts page for two-sided printing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from companion.errors import InvalidDimension

from . import style
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


# Neighbouring bands share the printer's margin they each keep at their edges: a band may
# start this far inside the next one's area, which leaves 2 x (MARK_GAP + MARK_MIN) between
# their bleeds for both sets of crop marks (each ends PAGE_MARGIN inside its own area).
SHARED_EDGE_MM = 2 * style.PAGE_MARGIN_MM


def plan(members: Sequence[Member], paper: Paper) -> list[list[Band]]:
    """Pages of bands, each member's pieces in as few rows as they need. Bands fill the sheet
    top to bottom, and a band that leaves room beside its last row takes the next pieces
    there (a guillotine cut of the free space). The members go in the given order, largest
    pieces first, smallest first or most paper first, whichever takes the fewest sheets and
    then leaves the emptiest sheet fullest (so a few leftover pieces do not go out alone)."""
    orders = [list(members), sorted(members, key=_piece_area, reverse=True), sorted(members, key=_piece_area),
              sorted(members, key=lambda m: _piece_area(m) * len(m.jobs), reverse=True)]
    plans = [_plan(order, paper) for order in orders]
    # the same orders again, each sheet closed once it holds its share of the pieces, so the
    # last sheet gets more than the leftovers when that still fits the same number of sheets
    share = min(sum(_filled(p, paper) for p in pages) / len(pages) for pages in plans if pages) if any(plans) else 0
    plans += [_plan(order, paper, share) for order in orders]
    return min(plans, key=lambda pages: (len(pages), -min((_filled(p, paper) for p in pages), default=0)))


def _piece_area(member: Member) -> float:
    return (member.spec.w + 2 * member.spec.bleed) * (member.spec.h + 2 * member.spec.bleed)


def _filled(bands: list[Band], paper: Paper) -> float:
    return sum(len(b.slots) * (b.spec.w + 2 * b.spec.bleed) * (b.spec.h + 2 * b.spec.bleed) for b in bands) \
        / (paper.w * paper.h)


def _plan(members: Sequence[Member], paper: Paper, share: float | None = None) -> list[list[Band]]:
    """Pack in order; with ``share``, a sheet holding that much of its paper takes no more."""
    pages: list[list[Band]] = [[]]
    free = [Rect(0, 0, paper.w, paper.h)]
    for member in members:
        jobs = list(member.jobs)
        while jobs:
            full = share is not None and pages[-1] and _filled(pages[-1], paper) >= share
            placed = None if full else _place(member, jobs, free, paper)
            if placed is None:
                if not pages[-1]:  # not even on an empty sheet: the normal error names the piece
                    impose(Rect(0, 0, paper.w, paper.h), member.spec, paper)
                pages.append([])
                free = [Rect(0, 0, paper.w, paper.h)]
                continue
            band, room, rest = placed
            pages[-1].append(band)
            free.remove(room)
            free.extend(rest)
            free.sort(key=lambda r: (-r.y1, r.x))  # top of the sheet first, then left
            jobs = jobs[len(band.slots):]
    return [p for p in pages if p]


def _place(member: Member, jobs: list[Job], free: list[Rect], paper: Paper) -> tuple[Band, Rect, list[Rect]] | None:
    """A band for as many of ``jobs`` as one free area holds: the first area (from the top)
    that takes them all, else the one that takes most. Returns the band, the area used and
    the free areas left of it (beside the band and below it)."""
    best = None
    for room in free:
        grid = _grid_or_none(room, member.spec, paper)
        if grid is None:
            continue
        count = min(len(jobs), grid.per_sheet)
        if best is None or count > best[2]:
            best = (room, grid, count)
        if count == len(jobs):
            break
    if best is None:
        return None
    room, grid, count = best
    spec, rot = member.spec, grid.rot
    sw, sh = (spec.w, spec.h) if rot == 0 else (spec.h, spec.w)
    rows, cols = math.ceil(count / grid.cols), min(count, grid.cols)
    width = cols * (sw + 2 * spec.bleed) + 2 * EDGE_ROOM_MM
    height = rows * (sh + 2 * spec.bleed) + 2 * EDGE_ROOM_MM
    area = Rect(room.x, room.y1 - height, width, height)
    slots = grid_in(area, spec, rot).slots[:count]
    beside = Rect(area.x1 - SHARED_EDGE_MM, area.y, room.x1 - area.x1 + SHARED_EDGE_MM, height)
    below = Rect(room.x, room.y, room.w, room.h - height + SHARED_EDGE_MM)
    rest = [r for r in (beside, below) if r.w > 2 * EDGE_ROOM_MM and r.h > 2 * EDGE_ROOM_MM]
    return Band(area, spec, tuple(slots), tuple(jobs[:count])), room, rest


def _grid_or_none(room: Rect, spec: PieceSpec, paper: Paper):
    try:
        return impose(room, spec, paper)
    except InvalidDimension:
        return None


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
    # sheets with nothing on their backs go last, where their blank backs pages are left out
    pages = sorted(plan(members, paper), key=lambda bands: not any(j.back for b in bands for j in b.jobs))
    for bands in pages:
        for band in bands:
            for slot, job in zip(band.slots, band.jobs):
                doc.place(slot, band.spec, job.front, options.guides)
            doc.marks(crop_marks(band.slots, band.spec.bleed, band.area))
        _label(doc, label, "fronts")
        doc.end_page()
        if has_backs and any(j.back for band in bands for j in band.jobs):
            offset = options.back_offset_mm
            for band in bands:
                backs = [back_slot(s, paper, sides) for s in band.slots]
                for slot, job in zip(backs, band.jobs):
                    if job.back is not None:
                        doc.place(slot, band.spec, job.back, options.guides, offset)
                a = band.area
                area = Rect(paper.w - a.x1, a.y, a.w, a.h) if sides == "duplex-long" else \
                    Rect(a.x, paper.h - a.y1, a.w, a.h)
                doc.marks(crop_marks(backs, band.spec.bleed, area), offset)
            _label(doc, label, f"backs ({sides})")
            doc.end_page()
        if progress:
            progress(sum(len(b.jobs) for b in bands))
    return doc.pages - start


def _label(doc: Document, label: str, what: str) -> None:
    if label:
        doc.page_label(f"{label} - page {doc.pages + 1} - {what} - print at 100% (actual size)")
