"""The checklist page of a game's print set: which file to print on which paper and how, what
to cut, what to gather that is not printed, and how to set the game up (``setup_steps``)."""

from __future__ import annotations

from . import richtext, style
from .geometry import PieceSpec, Slot
from .parts import sheet_counts, stock
from .sheets import Document
from .setup_steps import steps_for
from .units import pt

LEADING = 1.35

CUT = {
    "card": "cut along the crop marks",
    "tile": "cut along the crop marks",
    "token": "cut along the crop marks (round and hex tokens: along the thin line at their edge)",
    "die": "cut the solid outline, fold the dashed lines, glue the grey tabs",
    "board": "trim and join the tiles as the assembly diagram shows",
    "sheet": "no cutting",
}
CUT_ONE_PAGE_BOARD = "cut along the crop marks (each board fits on one page)"
CUT_BUTTED = "cut along the grey lines between the pieces and the crop marks (neighbours share a cut)"


def _escape(text: str) -> str:
    # file names and game text are shown as written: keep stray colons from reading as icons
    return text.replace(":", "\u2236") if text.count(":") >= 2 else text


def write_checklist(path, game, paper, parts, options) -> None:
    doc = Document(str(path), paper, game, f"{game.name} - checklist")
    lines = _shop_lines(parts, options) if options.print_shop else _home_lines(paper, parts, options)
    gather = [g for g in game.gather if g.needed(options.players, options.variant)]
    if gather:
        lines.append("")
        lines.append("**Gather (not printed)**")
        for g in gather:
            note = f" - {_escape(g.note)}" if g.note else ""
            lines.append(f"\u2610 {g.count} \u00d7 {_escape(g.name)}{note}")
    counts = {m.id: m.count for p in parts for m in (p.members or [p])}
    steps = steps_for(game, options, counts)
    if steps:
        lines.append("")
        lines.append(f"**Set up{f' for {_players(options.players)}' if options.players else ''}**")
        lines += [f"{n}. {step}" for n, step in enumerate(steps, start=1)]
    if options.players or options.variant:
        lines.append("")
        bits = []
        if options.players:
            bits.append(_players(options.players))
        if options.variant:
            bits.append(f"variant {options.variant}")
        lines.append("Built for " + ", ".join(bits) + ".")
    _write_pages(doc, paper, f"{_escape(game.name)} - print checklist", lines)
    doc.save()


def _home_lines(paper, parts, options) -> list[str]:
    lines = [f"Paper: **{paper.label}**. Print every file at **100 % / actual size** "
             f"(never 'fit to page'). Bleed {options.bleed_mm:g} mm."]
    if options.sides in ("duplex-long", "duplex-short"):
        edge = "long" if options.sides == "duplex-long" else "short"
        lines.append(f"Two-sided files: print duplex, **flip on {edge} edge**"
                     + (f"; back pages are shifted by {options.back_offset_mm[0]:g}, "
                        f"{options.back_offset_mm[1]:g} mm." if any(options.back_offset_mm) else
                        "; run 'headframe calibrate' first if your printer drifts."))
    if options.sides == "gutterfold":
        lines.append("Gutterfold files: print one-sided, fold each sheet on the dashed line, glue, then cut.")
    sheets = sheet_counts(parts, options)
    lines.append("Sheets to print: " + ", ".join(f"**{n} of {what}**" for what, n in sorted(sheets.items()))
                 + f" ({paper.label}; card stock for cards, tiles, tokens and boards, paper for sheets); "
                 f"**{sum(sheets.values())} in all**.")
    lines.append("")
    lines.append("**Print and cut**")
    for p in parts:
        lines.append(f"\u2610 **{_escape(p.file)}** - {_what(p)}, {p.pages} page{'s' if p.pages != 1 else ''}, "
                     f"{p.printed}, on {stock(p)}; {_cut(p, options)}.")
    return lines


def _shop_lines(parts, options) -> list[str]:
    """The order for a print shop: the files' standard and colour, then per file the trim
    size, stock, sides and how many of each page to print."""
    from .pdfx import CONDITION_INFO

    colour = (f"CMYK, converted for {CONDITION_INFO}" if options.cmyk else
              f"RGB tagged as sRGB; output intent {CONDITION_INFO}")
    lines = ["**For the print shop.** Every file is PDF/X-4 with an output intent and its ICC profile "
             f"embedded, every font embedded. Colour: {colour}. Each page is one design at its trimmed size "
             f"plus {options.bleed_mm:g} mm bleed on every side (TrimBox and BleedBox set): trim to the TrimBox. "
             "Round and hex pieces carry their die line in the spot colour CutContour, which is not printed.",
             "Two-sided designs: the back is the next page, upright, head to head with its front.",
             "", "**Order**"]
    for p in parts:
        lines.append(f"\u2610 **{_escape(p.file)}** - {_shop_what(p)}, on {stock(p)}: {_quantities(p)}.")
    return lines


def _shop_what(p) -> str:
    size = f"{p.spec.w:g} \u00d7 {p.spec.h:g} mm trimmed" if p.spec is not None else "full page, not trimmed"
    sides = "two-sided" if p.has_backs and any(d.back for d in p.designs) else "one-sided"
    return f"{_escape(p.name)} ({size}, {sides})"


def _quantities(p) -> str:
    """How many of each design: runs of pages that print the same number of copies."""
    runs: list[list] = []
    for d in p.designs:
        last = d.back or d.front
        if runs and runs[-1][2] == d.quantity and runs[-1][1] + 1 == d.front:
            runs[-1][1] = last
        else:
            runs.append([d.front, last, d.quantity])
    total = sum(d.quantity for d in p.designs)
    dash, times = "\u2013", "\u00d7"
    parts = [f"pages {a}{dash}{b} {times} {q} each" if a != b else f"page {a} {times} {q}" for a, b, q in runs]
    return f"{len(p.designs)} design{'s' if len(p.designs) != 1 else ''}, {total} pieces ({'; '.join(parts)})"


def _players(n: int) -> str:
    return f"{n} player{'s' if n != 1 else ''}"


def _what(p) -> str:
    if p.members:
        return "shared sheets: " + ", ".join(_what(m) for m in p.members)
    size = f", {p.spec.w:g} \u00d7 {p.spec.h:g} mm" if p.spec is not None else ""
    return f"{p.count} \u00d7 {_escape(p.name)} ({p.kind}{size})"


def _cut(p, options) -> str:
    if p.members:
        # a board sharing a sheet is cut out like a card: "fits on one page" is the sheet's business
        phrases = list(dict.fromkeys(CUT["card"] if m.kind == "board" else _cut(m, options) for m in p.members))
        # "cut along the crop marks" says nothing more once "cut along the crop marks (...)" is there
        return "; ".join(a for a in phrases if not any(b != a and b.startswith(a) for b in phrases))
    if p.kind == "board":
        return CUT_ONE_PAGE_BOARD if not p.tiled else CUT["board"]
    if p.butted and not options.spaced and not options.print_shop and options.sides != "gutterfold":
        return CUT_BUTTED
    return CUT.get(p.kind, "")


def _write_pages(doc: Document, paper, title: str, paragraphs: list[str]) -> None:
    """As many pages as the paragraphs need at body size (a game with many files runs on)."""
    m = 12.0
    spec = PieceSpec("checklist", paper.w - 2 * m, paper.h - 2 * m, 0.0)
    head = 16.0
    width, room = pt(spec.w), pt(spec.h - head)
    pages: list[list[str]] = [[]]
    used = 0.0
    for paragraph in paragraphs:
        need = richtext.fit(paragraph or " ", width, 1e6, "regular", style.BODY_PT, style.BODY_PT, LEADING).height
        if pages[-1] and used + need > room:
            pages.append([])
            used = 0.0
        pages[-1].append(paragraph)
        used += need
    for number, chunk in enumerate(pages):
        heading = title if number == 0 else f"{title} ({number + 1})"

        def draw(pen, chunk=chunk, heading=heading):
            pen.text(heading, 0, 0, pen.w, 12, font="bold", size=style.HEADING_PT)
            pen.text("\n".join(p or " " for p in chunk), 0, head, pen.w, pen.h - head, size=style.BODY_PT,
                     min_size=style.BODY_PT, leading=LEADING)

        doc.place(Slot(m, m, spec.w, spec.h, 0), spec, draw)
        doc.end_page()
