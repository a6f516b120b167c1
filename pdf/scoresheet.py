"""A printable score sheet for a finished game: every category per player, totals, ranks,
the tie-break in words and the date, on one page.

The same sheet and date always give byte-identical PDFs (reportlab's invariant mode, fixed
metadata), so a saved sheet can be compared with a freshly printed one.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from companion.core import ScoreSheet

PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 15 * mm
FONT_DIR = Path(__file__).resolve().parent.parent / "cards_data" / "fonts"
INK = colors.HexColor("#222222")
RULE = colors.HexColor("#999999")
SHADE = colors.HexColor("#eeeeee")
WINNER = colors.HexColor("#fff2c6")
CATEGORY_WIDTH = 55 * mm


@dataclass(frozen=True)
class Fonts:
    regular: str
    bold: str


def fonts() -> Fonts:
    """The shipped TTF fonts when they exist (names in any script print), else Helvetica."""
    files = sorted(FONT_DIR.glob("*.ttf")) if FONT_DIR.is_dir() else []
    if not files:
        return Fonts("Helvetica", "Helvetica-Bold")

    def pick(*words: str, avoid: Sequence[str] = ()) -> Path:
        for path in files:
            name = path.stem.lower()
            if all(w in name for w in words) and not any(a in name for a in avoid):
                return path
        return files[0]

    regular = pick("regular", avoid=("condensed", "italic", "oblique")) if any("regular" in f.stem.lower() for f in files) \
        else pick("", avoid=("bold", "italic", "oblique", "condensed"))
    bold = pick("bold", avoid=("italic", "oblique", "condensed"))
    names = []
    for role, path in (("Regular", regular), ("Bold", bold)):
        name = f"HeadframeSheet-{role}"
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(path)))
        names.append(name)
    return Fonts(*names)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def scoresheet_pdf(sheet: ScoreSheet, game_name: str, played_on: str, paper: str = "a4",
                   table_code: str = "", variant: str = "", data: str = "") -> bytes:
    """The score sheet as PDF bytes. ``played_on`` is printed as given (e.g. "25 November 2026");
    ``data`` names the data the game was played by, when it says more than the shipped data."""
    font = fonts()
    page = PAPERS[paper]
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=page, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN, title=f"{game_name} score sheet", author="Headframe",
                            subject=f"Played {played_on}", creator="Headframe", invariant=1)
    title = ParagraphStyle("title", fontName=font.bold, fontSize=20, leading=24, textColor=INK)
    body = ParagraphStyle("body", fontName=font.regular, fontSize=11, leading=15, textColor=INK)

    details = [f"Played {played_on}"]
    if variant:
        details.append(f"variant: {variant}")
    if table_code:
        details.append(f"table {table_code}")
    if data:
        details.append(f"played by {data}")
    story = [Paragraph(_esc(f"{game_name}: score sheet"), title), Spacer(1, 2 * mm),
             Paragraph(_esc(" · ".join(details)), body), Spacer(1, 6 * mm),
             _table(sheet, page[0] - 2 * MARGIN, font), Spacer(1, 6 * mm)]
    winners = [sheet.players[s] for s, r in enumerate(sheet.ranks) if r == 1]
    if winners:
        verb = "wins" if len(winners) == 1 else "share first place"
        story.append(Paragraph(_esc(f"{' and '.join(winners)} {verb}."), body))
    if sheet.tiebreak:
        story += [Spacer(1, 2 * mm), Paragraph(_esc(f"Tie-break: {sheet.tiebreak}"), body)]
    doc.build(story)
    return buffer.getvalue()


def _table(sheet: ScoreSheet, width: float, font: Fonts) -> Table:
    count = len(sheet.players)
    size = 12 if count <= 6 else 10
    cell = ParagraphStyle("cell", fontName=font.regular, fontSize=size, leading=size * 1.2, textColor=INK)
    head = ParagraphStyle("head", parent=cell, fontName=font.bold, alignment=1)
    per_player = (width - CATEGORY_WIDTH) / max(count, 1)
    rows = [[""] + [Paragraph(_esc(name), head) for name in sheet.players]]
    rows += [[Paragraph(_esc(row.name), cell)] + [_num(p) for p in row.points] for row in sheet.rows]
    rows.append(["Total"] + [_num(t) for t in sheet.totals])
    rows.append(["Rank"] + [_ordinal(r) for r in sheet.ranks])
    table = Table(rows, colWidths=[CATEGORY_WIDTH] + [per_player] * count, repeatRows=1)
    last = len(rows) - 1
    style = [("FONT", (0, 0), (-1, -1), font.regular, size),
             ("FONT", (0, last - 1), (-1, last), font.bold, size),
             ("ALIGN", (1, 1), (-1, -1), "CENTER"),
             ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("GRID", (0, 0), (-1, -1), 0.5, RULE),
             ("LINEABOVE", (0, last - 1), (-1, last - 1), 1.5, INK),
             ("BACKGROUND", (0, 0), (-1, 0), SHADE),
             ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]
    for seat, place in enumerate(sheet.ranks):
        if place == 1:
            style.append(("BACKGROUND", (seat + 1, last - 1), (seat + 1, last), WINNER))
    table.setStyle(TableStyle(style))
    return table


def _esc(text: str) -> str:
    """Paragraph text is a little markup language: player names must stay plain text."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
