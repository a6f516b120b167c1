"""Named boxes for pieces drawn by code: a painter names the ``layouts.toml`` layout it draws
and the boxes it knows, and draws each box where the file puts it::

    MINE = ("band", "name", "price")
    b = boxes(piece, "mine", MINE)
    fill_box(pen, b["band"], res=card.res)          # fill "{res}" filled in from the card
    text_box(pen, b["name"], f"**{name}**")

So a designer moves, resizes or recolours a box in the file and never reads Python. A box the
drawing does not know (a misspelt name) or one it needs and the file lacks is a data problem
at the file's line (``path:line: field: message``, exit 2), found by ``check`` and ``build``
alike. Lengths are millimetres in the piece's frame, y down; a box the drawing repeats (a row
of a mine card) is given once and moved with ``moved``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from companion.data.model import Box
from companion.errors import DataError, Problem

from . import style
from .decks import _into_bleed
from .generic import _light
from .painters import Piece
from .pen import Pen


def boxes(piece: Piece, layout: str, names: Iterable[str]) -> dict[str, Box]:
    """The boxes of ``layout`` by name, checked against the ``names`` the drawing knows."""
    return game_boxes(piece.game, layout, names)


def game_boxes(game, layout: str, names: Iterable[str]) -> dict[str, Box]:
    """``boxes`` for a drawing that has the game but no piece (a badge drawn inside another
    piece, or a board's part drawn by a helper)."""
    where = str(game.root / "layouts.toml")
    known = tuple(names)
    found = game.layouts.get(layout)
    if found is None:
        raise DataError(Problem(where, None, layout,
                                f"{game.id}: the layout {layout!r} is missing; it needs boxes: {', '.join(known)}"))
    have = {b.name: b for b in found.boxes}
    problems = [Problem(where, box.get("_line"), f"{layout}.boxes.{name}",
                        f"unknown box {name!r}; {layout} draws: {', '.join(known)}")
                for name, box in have.items() if name not in known]
    missing = [name for name in known if name not in have]
    if missing:
        problems.append(Problem(where, found.line, f"{layout}.boxes",
                                f"missing box{'es' if len(missing) > 1 else ''}: {', '.join(missing)}"))
    if problems:
        raise DataError(problems)
    return have


def moved(box: Box, dx: float = 0.0, dy: float = 0.0) -> Box:
    """``box`` shifted by (dx, dy) mm: a box given once for a row and drawn on every row."""
    return replace(box, x=box.x + dx, y=box.y + dy)


def within(box: Box, w: float, h: float) -> Box:
    """``box`` in a frame of ``w`` x ``h`` mm that is known only when drawing (a sheet as large
    as the paper allows, a cell of a list): a negative w or h ends that far short of the
    frame's right or bottom edge; a positive one is the box's own size."""
    return replace(box, w=w + box.w - box.x if box.w < 0 else box.w, h=h + box.h - box.y if box.h < 0 else box.h)


def ink_on(pen: Pen, fill: str) -> str:
    """Dark or light text, whichever reads on ``fill``."""
    return style.DARK_ON_LIGHT if _light(pen, fill) else style.LIGHT_ON_DARK


def _value(box: Box, key: str, values: dict, default=None):
    value = box.get(key, default)
    return value.format(**values) if isinstance(value, str) and values else value


def fill_box(pen: Pen, box: Box, fill: str | None = None, **values) -> None:
    """A rect or circle box with its fill, outline and corner radius; ``bleed = true`` carries
    it out through the bleed where it touches the trim. ``{name}`` in fill/stroke comes from
    ``values``; a ``fill`` given here (a colour the data chooses) wins over the file's."""
    x, y, w, h = box.x, box.y, box.w, box.h
    if box.get("bleed"):
        x, y, w, h = _into_bleed(x, y, w, h, pen)
    fill, stroke = fill or _value(box, "fill", values), _value(box, "stroke", values)
    width = box.get("stroke_width", style.THIN_PT)
    if box.kind == "circle":
        pen.ellipse(x, y, w, h, fill=fill, stroke=stroke, width=width)
    else:
        pen.rect(x, y, w, h, fill=fill, stroke=stroke, width=width, radius=box.get("radius_mm", 0.0))


def line_box(pen: Pen, box: Box, **values) -> None:
    """A line from the box's top-left corner to its bottom-right one (h = 0: a level rule)."""
    pen.line(box.x, box.y, box.x + box.w, box.y + box.h, colour=_value(box, "stroke", values, style.INK),
             width=box.get("stroke_width", style.THIN_PT))


_TEXT_KEYS = ("font", "size", "min_size", "align", "valign", "colour", "leading")


def text_box(pen: Pen, box: Box, text: str | None = None, **overrides) -> float:
    """Rich text in the box with the box's font, size, alignment and colour; ``text`` (else
    the box's own ``text``) and any keyword of ``pen.text`` given here win over the file."""
    kw = {key: box.get(key) for key in _TEXT_KEYS if key in box.props}
    kw.update(overrides)
    return pen.text(box.get("text", "") if text is None else text, box.x, box.y, box.w, box.h, **kw)


def label_box(pen: Pen, box: Box, text: str, **overrides) -> None:
    """One plain line standing on the box's bottom edge, set left, centred or right in it."""
    align = overrides.pop("align", box.get("align", "left"))
    x = {"left": box.x, "center": box.x + box.w / 2, "right": box.x + box.w}[align]
    kw = {key: box.get(key) for key in ("size", "font", "colour") if key in box.props}
    kw.update(overrides)
    pen.label(text, x, box.y + box.h, align=align, **kw)


def space_box(pen: Pen, box: Box) -> None:
    """Say that a piece sits in ``box`` (a board's cuts keep clear of it)."""
    pen.space(box.x, box.y, box.w, box.h)
