"""A printable score sheet for a finished game: every category per player, totals, ranks,
the tie-break in words and the date, on one page.

The same sheet and date always give byte-identical PDFs (reportlab's invariant mode, fixed
metadata), so a saved sheet can be compared with a freshly printed one.
"""

from __future__ import annotations

import io

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from companion.core import ScoreSheet, and_list, ordinal
from companion.marks import key_entry, marks, short_names

from . import style
from .fonts import face
from .icons import colour
from .units import paper_size, pt


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def scoresheet_pdf(sheet: ScoreSheet, game_name: str, played_on: str, paper: str = "a4",
                   table_code: str = "", variant: str = "", data: str = "") -> bytes:
    """The score sheet as PDF bytes. ``played_on`` is printed as given (e.g. "25 November 2026");
    ``data`` names the data the game was played by, when it says more than the shipped data."""
    page = tuple(pt(v) for v in paper_size(paper))
    margin = pt(style.SCORESHEET_MARGIN_MM)
    ink = colour(style.INK)
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=page, leftMargin=margin, rightMargin=margin, topMargin=margin,
                            bottomMargin=margin, title=f"{game_name} score sheet", author="Headframe",
                            subject=f"Played {played_on}", creator="Headframe", invariant=1)
    title = ParagraphStyle("title", fontName=face("bold"), fontSize=style.SCORESHEET_TITLE_PT,
                           leading=style.SCORESHEET_TITLE_PT * style.SCORESHEET_LEADING, textColor=ink)
    body = ParagraphStyle("body", fontName=face("regular"), fontSize=style.SCORESHEET_BODY_PT,
                          leading=style.SCORESHEET_BODY_PT * style.SCORESHEET_LEADING, textColor=ink)

    details = [f"Played {played_on}"]
    if variant:
        details.append(f"variant: {variant}")
    if table_code:
        details.append(f"table {table_code}")
    if data:
        details.append(f"played by {data}")
    small, large = pt(style.SCORESHEET_GAP_MM), pt(style.SCORESHEET_SECTION_GAP_MM)
    heads, key = _heads(sheet.players, _cell_pt(sheet), _column(sheet, page[0] - 2 * margin))
    story = [Paragraph(_esc(f"{game_name}: score sheet"), title), Spacer(1, small),
             Paragraph(_esc(" · ".join(details)), body), Spacer(1, large)]
    if key:
        story += [Paragraph(_esc("Players: " + " · ".join(key)), body), Spacer(1, small)]
    story += [_table(sheet, page[0] - 2 * margin, heads), Spacer(1, large)]
    winners = [sheet.players[s] for s, r in enumerate(sheet.ranks) if r == 1]
    if winners:
        verb = "wins" if len(winners) == 1 else "share first place"
        story.append(Paragraph(_esc(f"{and_list(winners)} {verb}."), body))
    if sheet.tiebreak:
        story += [Spacer(1, small), Paragraph(_esc(f"Tie-break: {sheet.tiebreak}"), body)]
    doc.build(story)
    return buffer.getvalue()


def _cell_pt(sheet: ScoreSheet) -> float:
    roomy = len(sheet.players) <= style.SCORESHEET_ROOMY_PLAYERS
    return style.SCORESHEET_CELL_PT if roomy else style.SCORESHEET_CROWDED_CELL_PT


def _column(sheet: ScoreSheet, width: float) -> float:
    """A player's column: what the category column leaves, shared."""
    return (width - pt(style.SCORESHEET_CATEGORY_MM)) / max(len(sheet.players), 1)


def _fit(names: list[str], size: float, column: float) -> bool:
    """Whether every name fits its column's head: on at most ``SCORESHEET_HEAD_LINES`` lines,
    broken only between words."""
    bold, room = face("bold"), column - 2 * style.SCORESHEET_PADDING_PT
    for name in names:
        lines = simpleSplit(name, bold, size, room)
        if len(lines) > style.SCORESHEET_HEAD_LINES or any(stringWidth(line, bold, size) > room for line in lines):
            return False
    return True


def _heads(players: list[str], size: float, column: float) -> tuple[list[str], list[str]]:
    """The columns' heads and the key above the table, by the score page's rule: the names when
    they fit; else the names cut between words (companion.marks.short_names) when those fit;
    else each seat's mark (companion.marks.marks, as on the board's pieces). The key gives the
    full name of every head that is not it."""
    players = list(players)
    if _fit(players, size, column):
        return players, []
    shorts = short_names(players)
    if _fit(shorts, size, column):
        return shorts, [f"{short}: {name}" for short, name in zip(shorts, players) if short != name]
    found = marks(players)
    return found, [key_entry(mark, name) for mark, name in zip(found, players)]


def _table(sheet: ScoreSheet, width: float, heads: list[str]) -> Table:
    count = len(sheet.players)
    size = _cell_pt(sheet)
    regular, bold = face("regular"), face("bold")
    ink, rule = colour(style.INK), colour(style.RULE_INK)
    cell = ParagraphStyle("cell", fontName=regular, fontSize=size, leading=size * style.SCORESHEET_CELL_LEADING,
                          textColor=ink)
    head = ParagraphStyle("head", parent=cell, fontName=bold, alignment=1)
    category = pt(style.SCORESHEET_CATEGORY_MM)
    per_player = _column(sheet, width)
    rows = [[""] + [Paragraph(_esc(name), head) for name in heads]]
    rows += [[Paragraph(_esc(row.name), cell)] + [_num(p) for p in row.points] for row in sheet.rows]
    rows.append(["Total"] + [_num(t) for t in sheet.totals])
    rows.append(["Rank"] + [ordinal(r) for r in sheet.ranks])
    table = Table(rows, colWidths=[category] + [per_player] * count, repeatRows=1)
    last = len(rows) - 1
    padding = style.SCORESHEET_PADDING_PT
    commands = [("FONT", (0, 0), (-1, -1), regular, size),
                ("FONT", (0, last - 1), (-1, last), bold, size),
                ("ALIGN", (1, 1), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("GRID", (0, 0), (-1, -1), style.THIN_PT, rule),
                ("LINEABOVE", (0, last - 1), (-1, last - 1), style.SCORESHEET_TOTAL_RULE_PT, ink),
                ("BACKGROUND", (0, 0), (-1, 0), colour(style.SCORESHEET_SHADE)),
                ("TOPPADDING", (0, 0), (-1, -1), padding), ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
                ("LEFTPADDING", (0, 0), (-1, -1), padding), ("RIGHTPADDING", (0, 0), (-1, -1), padding)]
    for seat, place in enumerate(sheet.ranks):
        if place == 1:
            commands.append(("BACKGROUND", (seat + 1, last - 1), (seat + 1, last), colour(style.SCORESHEET_WINNER)))
    table.setStyle(TableStyle(commands))
    return table


def _esc(text: str) -> str:
    """Paragraph text is a little markup language: player names must stay plain text."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
