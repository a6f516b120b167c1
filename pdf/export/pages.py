"""The pieces of a set drawn as print-shop pages (``pdf.sheets.print_shop``: one piece per
page at its bleed size, TrimBox and BleedBox set, a back after its front; with
``alike_once=False`` every piece gets its own pages where a print-shop build writes pieces that
print alike once), a chunk of pages per PDF, so memory stays flat however many pieces a deck has.

Each page is listed with its part, its piece and its side, and a key: a digest of the page's
drawing. Two pages with the same key in one PDF are the same drawing, so only one of them
needs its pixels; across PDFs a font's glyphs may be numbered differently, so equal pictures
can have different keys (the exporters compare the pixels they get for those).
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from ..parts import Part
from ..geometry import Paper
from ..sheets import Document, print_shop

SIDES = "duplex-long"  # every printed back is drawn, after its front
CHUNK_PAGES = 192      # pages per PDF: enough to share each PDF's fonts, few enough to stay small


@dataclass(frozen=True)
class Page:
    part: int    # the part's place in the plan
    piece: int   # which of the part's pieces (its job)
    side: str    # "front" or "back"
    key: bytes   # digest of the page's drawing and boxes


@dataclass
class Chunk:
    pdf: bytes
    pages: list[Page]
    qr_codes: int


def _keyed(doc: Document, keys: list[bytes]) -> None:
    """Note each page's key as the page is finished. The key is read from reportlab's list of
    the page's drawing operators (``_code``), the one record of the drawing that exists before
    the page is compressed into the file; without it every page gets a key of its own."""
    canvas = doc.canvas
    show = canvas.showPage

    def show_page() -> None:
        code = getattr(canvas, "_code", None)
        digest = hashlib.blake2b(digest_size=16)
        if isinstance(code, list):
            boxes = (canvas._pagesize, getattr(canvas, "_trimBox", None), getattr(canvas, "_bleedBox", None))
            digest.update(repr(boxes).encode())
            digest.update("\n".join(code).encode("utf-8", "surrogatepass"))
        else:
            digest.update(str(len(keys)).encode() + repr(id(doc)).encode())
        keys.append(digest.digest())
        show()

    canvas.showPage = show_page


def trim_mm(part: Part, paper: Paper) -> tuple[float, float]:
    """A part's piece as cut: its trim, or for a full-page sheet the paper inside the margin."""
    if part.spec is not None:
        return part.spec.w, part.spec.h
    from .. import style

    return paper.w - 2 * style.PAGE_MARGIN_MM, paper.h - 2 * style.PAGE_MARGIN_MM


def _sides(part: Part, start: int, stop: int) -> list[tuple[int, str]]:
    """(piece, side) of each page drawn for the part's pieces ``start`` to ``stop``."""
    out = []
    for index in range(start, stop):
        out.append((index, "front"))
        if part.jobs[index].back is not None:
            out.append((index, "back"))
    return out


def _draw(doc: Document, part: Part, start: int, stop: int, step: Callable[[int], None]) -> None:
    if part.draw_board is not None:  # full-page sheets: the whole part at once (they are few)
        part.draw_board(doc, step)
    else:
        print_shop(doc, part.spec, part.jobs[start:stop], SIDES, step, alike_once=False)


def _slices(parts: Sequence[Part], per_chunk: int) -> Iterator[list[tuple[int, int, int]]]:
    """Groups of (part, first piece, end piece) of about ``per_chunk`` pages each."""
    group, pages = [], 0
    for number, part in enumerate(parts):
        count = len(part.jobs)
        per_piece = 2 if any(j.back is not None for j in part.jobs) else 1
        step = count if part.draw_board is not None else max(1, per_chunk // per_piece)
        for start in range(0, count, step):
            stop = min(count, start + step)
            group.append((number, start, stop))
            pages += (stop - start) * per_piece
            if pages >= per_chunk:
                yield group
                group, pages = [], 0
    if group:
        yield group


def chunks(parts: Sequence[Part], paper: Paper, game, per_chunk: int = CHUNK_PAGES,
           progress: Callable[[int], None] | None = None, first_part: int = 0) -> Iterator[Chunk]:
    """Draw ``parts`` in print-shop pages, a chunk at a time. ``first_part`` is the place of
    ``parts[0]`` in the whole plan (pages name their part by that place)."""
    step = progress or (lambda n: None)
    for group in _slices(parts, per_chunk):
        out = io.BytesIO()
        doc = Document(out, paper, game, f"{game.name} - export")
        keys: list[bytes] = []
        _keyed(doc, keys)
        listed: list[tuple[int, int, str]] = []
        for number, start, stop in group:
            _draw(doc, parts[number], start, stop, step)
            listed += [(number, piece, side) for piece, side in _sides(parts[number], start, stop)]
        doc.save()
        del doc.canvas.showPage  # the keyed showPage holds the canvas: let the chunk go when done
        if len(keys) != len(listed):  # a painter that ends pages itself: no page can be matched to its piece
            raise RuntimeError(f"{len(keys)} pages drawn for {len(listed)} sides of {parts[group[0][0]].name}")
        pages = [Page(first_part + number, piece, side, key) for (number, piece, side), key in zip(listed, keys)]
        yield Chunk(out.getvalue(), pages, doc.qr_codes)
