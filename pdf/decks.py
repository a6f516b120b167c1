"""Drawing a CSV deck with no game code: each Row is bound to its Layout's boxes.

Binding rules (layouts.toml):
- ``background`` fills the trim AND the bleed; it may be a template such as "{region}"
  resolving to a named colour, a resource id (its colour) or ``#rrggbb``.
- ``text`` boxes format "{column}" templates; the result is rich text (``:icon:``,
  ``**bold**``) wrapped and shrunk down to ``min_size`` (never below 6 pt). A ``resources``
  column formats as its icons, a list as "a, b", an empty value as nothing.
- ``rect`` / ``circle`` / ``hex`` boxes draw their shape with ``fill`` / ``stroke`` (templates
  allowed) and then their ``text``, if any, centred; ``line`` runs from (x, y) to (x+w, y+h);
  ``icon`` draws the icon named by ``icon`` (a template) fitted in the box.
- ``when = "column"`` skips the box when that column is empty, None, 0 or false.
- ``rotate`` (0/90/180/270, clockwise) turns the box's contents about its centre; the box's
  x, y, w, h stay its footprint on the piece, so text in a tall thin box turned 90 runs down
  the side. ``bleed = true`` stretches a box that touches a trim edge out through the bleed.
Text that cannot fit, or a colour that does not resolve, is a ``DataError`` naming the CSV
row, the box and the card id.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from companion.data.model import Box, Deck, GameData, Layout, Row
from companion.errors import DataError, Problem

from . import style
from .pen import Pen, UnknownColour
from .richtext import TextOverflow

_TEMPLATE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def cell_text(value: Any, column_type: str = "") -> str:
    if value is None or value is False:
        return ""
    if value is True:
        return "yes"
    if isinstance(value, tuple):
        if column_type.startswith("resources"):
            return " ".join(f":{v}:" for v in value)
        return ", ".join(str(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class Binder:
    """Formats a deck's rows into strings once per (row, template)."""

    def __init__(self, deck: Deck, game: GameData):
        self.deck = deck
        self.game = game
        self.types = dict(deck.columns)

    def values(self, row: Row, copy: int = 0) -> dict[str, str]:
        out = {k: cell_text(v, self.types.get(k, "")) for k, v in row.values.items()}
        out["qty_index"] = str(copy + 1)
        out["deck"] = self.deck.name
        out["game"] = self.game.name
        return out


def format_template(template: str, values: dict[str, str]) -> str:
    if "{" not in template:
        return template
    return _TEMPLATE.sub(lambda m: values.get(m.group(1), ""), template)


def is_static(layout: Layout) -> bool:
    """A layout whose drawing never depends on the row (typical card backs)."""
    if layout.background and "{" in layout.background:
        return False
    return not any(box.props.get("_fields") for box in layout.boxes)


def _truthy(value: Any) -> bool:
    return value not in (None, "", 0, False, ())


class LayoutPainter:
    """Draws one layout for one deck; ``draw(pen, row, copy)``."""

    def __init__(self, game: GameData, deck: Deck, layout: Layout):
        self.game = game
        self.deck = deck
        self.layout = layout
        self.binder = Binder(deck, game)
        self.csv_path = str(game.root / deck.file)

    def _fail(self, row: Row | None, box: str, message: str) -> DataError:
        where = f"{self.layout.name}.boxes.{box}" if box else f"{self.layout.name}.background"
        card = f"card {row.id!r}" if row is not None else "the layout"
        return DataError(Problem(self.csv_path, row.line if row is not None else None, where,
                                 f"{self.game.id}: {self.deck.id} {card}: {message}"))

    def draw(self, pen: Pen, row: Row | None, copy: int = 0) -> None:
        values = self.binder.values(row, copy) if row is not None else {}
        bg = self.layout.background
        if bg:
            try:
                b = pen.bleed
                fill = format_template(bg, values)
                # round and hex pieces are cut along their outline: the colour follows the shape
                if self.deck.shape == "round":
                    pen.ellipse(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)
                elif self.deck.shape == "hex":
                    pen.hexagon(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)
                else:
                    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=fill)
            except UnknownColour as exc:
                raise self._fail(row, "", str(exc)) from None
        for box in self.layout.boxes:
            when = box.props.get("when")
            if when and not _truthy(row.values.get(when) if row is not None else None):
                continue
            try:
                self._box(pen, box, values)
            except TextOverflow as exc:
                raise self._fail(row, box.name, str(exc)) from None
            except UnknownColour as exc:
                raise self._fail(row, box.name, str(exc)) from None
            except KeyError as exc:
                raise self._fail(row, box.name, f"unknown icon {exc.args[0]!r}") from None

    def _box(self, pen: Pen, box: Box, values: dict[str, str]) -> None:
        p = box.props
        x, y, w, h = box.x, box.y, box.w, box.h
        if p.get("bleed"):
            x, y, w, h = _into_bleed(x, y, w, h, pen)
        rotate = p.get("rotate", 0) or 0
        if rotate:
            cx, cy = x + w / 2, y + h / 2
            if rotate in (90, 270):
                x, y, w, h = cx - h / 2, cy - w / 2, h, w
            with pen.rotated(cx, cy, rotate):
                self._content(pen, box, values, x, y, w, h)
        else:
            self._content(pen, box, values, x, y, w, h)

    def _content(self, pen: Pen, box: Box, values, x, y, w, h) -> None:
        p = box.props
        kind = box.kind
        fill = format_template(p["fill"], values) if p.get("fill") else None
        stroke = format_template(p["stroke"], values) if p.get("stroke") else None
        width = p.get("stroke_width", style.THIN_PT)
        fill = fill or None
        stroke = stroke or None
        if kind == "rect":
            if fill or stroke:
                pen.rect(x, y, w, h, fill=fill, stroke=stroke, width=width, radius=p.get("radius_mm", 0.0))
        elif kind == "circle":
            if fill or stroke:
                pen.ellipse(x, y, w, h, fill=fill, stroke=stroke, width=width)
        elif kind == "hex":
            if fill or stroke:
                pen.hexagon(x, y, w, h, fill=fill, stroke=stroke, width=width)
        elif kind == "line":
            pen.line(x, y, x + w, y + h, colour=stroke or p.get("colour", style.INK), width=width)
            return
        elif kind == "icon":
            name = format_template(p.get("icon", ""), values)
            if name:
                if not pen.icons.knows(name):
                    raise KeyError(name)
                side = min(w, h)
                pen.icon(name, x + (w - side) / 2, y + (h - side) / 2, side)
            return
        text = p.get("text")
        if text:
            content = format_template(text, values)
            if content:
                default_align = "left" if kind == "text" else "center"
                default_valign = "top" if kind == "text" else "middle"
                pen.text(content, x, y, w, h, font=p.get("font", "regular"), size=p.get("size", 9.0),
                         min_size=p.get("min_size"), align=p.get("align", default_align),
                         valign=p.get("valign", default_valign), colour=p.get("colour", style.INK),
                         leading=p.get("leading", style.LEADING))


def _into_bleed(x, y, w, h, pen: Pen):
    b, eps = pen.bleed, 1e-6
    if x <= eps:
        w, x = w + x + b, -b
    if y <= eps:
        h, y = h + y + b, -b
    if x + w >= pen.w - eps:
        w = pen.w + b - x
    if y + h >= pen.h - eps:
        h = pen.h + b - y
    return x, y, w, h


def static_drawer(painter: LayoutPainter, form_name: str, bleed: float, sample: Row | None) -> Callable[[Pen], None]:
    """Draw a row-independent layout once into a form and place it by reference. ``sample``
    (the deck's first row) only serves to name a card if the layout itself is wrong. The form
    is made once in each PDF the deck is drawn into (an export spreads a deck over several)."""
    import weakref

    made: weakref.WeakSet = weakref.WeakSet()

    def draw(pen: Pen) -> None:
        c = pen.canvas
        if c not in made:
            from .units import pt

            c.beginForm(form_name, pt(-bleed), pt(-bleed), pt(pen.w + bleed), pt(pen.h + bleed))
            inner = Pen(c, pen.w, pen.h, pen.game, pen.bleed, pen.icons)
            painter.draw(inner, sample)
            c.endForm()
            made.add(c)
        c.doForm(form_name)

    return draw
