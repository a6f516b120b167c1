"""Painters any game can use from data alone (``painter = "die-net"`` etc. in game.toml).

- ``die-net``: a d6 net. ``size`` is one face ("16mm"); ``options.faces`` lists 6 faces, each
  rich text (":tin:", "2", "**X**") or a table {text, icon, colour, ink}; faces 1 & 6, 2 & 5 and
  3 & 4 end up opposite. ``options.colour`` fills faces without their own; ``options.labels``
  (per die) names each net in the corner beside its top face. Solid outline = cut,
  dashed = fold, grey tabs = glue.
- ``token``: ``size`` per token, ``options.shape`` round|square|hex; per-piece lists or single
  values for ``labels``, ``colours``, ``icons``, ``letters`` (and ``back_labels``,
  ``back_colours``, ``back_icons``, ``back_letters`` for a printed back; ``two_sided = true``
  prints the front on both sides).
- ``die-net``, ``token``, ``standee`` and ``reference`` take ``options.per_player = N``: the
  pieces come N to a player and a ``--players`` build prints only the players' share (see
  ``per_player_needed``).
- ``standee``: ``size`` is the figure (w x h); a fold-over standee with a base tab at each
  end; ``options.labels``/``colours``/``icons`` per piece, ``options.base`` ("12mm").
- ``board``: a simple board from data: ``options.background`` (colour), ``options.title``,
  ``options.spaces = [{x, y, w, h, label, colour, shape = rect|round|hex, icon}]`` (unit
  strings, from the trim's top-left), ``options.grid = "20mm"`` for a faint square grid.
- ``reference``: a sheet or card of headed sections: ``options.sections = [{title, text}]``
  or ``options.file`` naming a TOML file ([[section]] title/text) or a markdown-ish file
  ("## Heading" then paragraphs) in the game's folder; ``options.title``,
  ``options.columns``, ``options.size`` (pt). ``options.back_file`` / ``back_sections`` /
  ``back_title`` give the card a printed back. Body text shrinks as a whole to fit but never
  below ``REFERENCE_MIN_PT``; with ``--companion-url`` a QR code to the companion and its
  address are printed at the foot of one side (``options.qr_side`` front|back, by default the
  back when there is one; ``options.qr = false`` leaves it off).
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

from companion.data.units import parse_length
from companion.errors import DataError, InvalidDimension, Problem

from . import richtext, style
from .painters import Piece, painter
from .pen import Pen, hex_points
from .units import mm_from_pt, pt

# Reference sheets and cards: body text is never set smaller than this (read at arm's length).
REFERENCE_MIN_PT = style.REFERENCE_MIN_PT
REFERENCE_CARD_MAX_W_MM = 120.0  # narrower than this is a card: one column, smaller title
REFERENCE_CARD_PT = 9.0
REFERENCE_CARD_TITLE_PT = 11.0
REFERENCE_PAD_MM = 6.0
REFERENCE_QR_MM = 18.0           # a phone reads an 18 mm code from a hand's length
REFERENCE_SHEET_QR_MM = 28.0
REFERENCE_QR_GAP_MM = 3.0

# --- pieces a --players build needs --------------------------------------------------------

def per_player_needed(piece: Piece) -> bool:
    """``options.per_player = N``: the set's first pieces come N to a player (in seat order,
    up to the game's most players); a ``--players P`` build prints the first P players'
    pieces and every piece after the players' ones (shared pieces such as Ore's contracted
    miners)."""
    per = piece.option("per_player")
    players = getattr(piece.build, "players", None)
    if not per or players is None:
        return True
    most = piece.game.players[1]
    return piece.index < int(per) * players or piece.index >= int(per) * most


# --- die net -----------------------------------------------------------------------------

TAB = 0.3  # glue tab depth as a fraction of the face
# Net cells (col, row) in the order faces are listed: 1 front, 2 top, 3 left, 4 right, 5 below, 6 back.
DIE_CELLS = ((1, 1), (1, 0), (0, 1), (2, 1), (1, 2), (1, 3))
# Glue tabs: (col, row, edge) - seven edges close the cube.
DIE_TABS = ((1, 0, "left"), (1, 0, "right"), (1, 2, "left"), (1, 2, "right"),
            (1, 3, "left"), (1, 3, "right"), (1, 3, "bottom"))


def _face_size(component) -> float:
    if component.size_mm is None:
        raise InvalidDimension(f"{component.id}: a die net needs size = \"<face>mm\"")
    return component.size_mm[0]


def die_net_size(component) -> tuple[float, float]:
    s = _face_size(component)
    return 3 * s, 4 * s + TAB * s


def _tab(pen: Pen, col: int, row: int, edge: str, s: float) -> None:
    t, inset = TAB * s, 0.2 * s
    x, y = col * s, row * s
    pts = {
        "left": [(x, y), (x - t, y + inset), (x - t, y + s - inset), (x, y + s)],
        "right": [(x + s, y), (x + s + t, y + inset), (x + s + t, y + s - inset), (x + s, y + s)],
        "bottom": [(x, y + s), (x + inset, y + s + t), (x + s - inset, y + s + t), (x + s, y + s)],
    }[edge]
    pen.polygon(pts, fill=style.GLUE_FILL, stroke=style.INK, width=style.HAIRLINE_PT)


@painter("die-net", size=die_net_size, needed=per_player_needed)
def die_net(pen: Pen, piece: Piece) -> None:
    s = _face_size(piece.component)
    faces = list(piece.option("faces", [])) or [str(i) for i in range(1, 7)]
    if len(faces) != 6:
        raise _option_error(piece, "faces", f"a d6 net needs 6 faces, got {len(faces)}")
    for col, row, edge in DIE_TABS:
        _tab(pen, col, row, edge, s)
    default_fill = piece.option("colour", style.DIE_FACE)
    for face, (col, row) in zip(faces, DIE_CELLS):
        spec = face if isinstance(face, dict) else {"text": str(face)}
        x, y = col * s, row * s
        fill = spec.get("colour", default_fill)
        pen.rect(x, y, s, s, fill=fill)
        ink = spec.get("ink") or (style.DARK_ON_LIGHT if _light(pen, fill) else style.LIGHT_ON_DARK)
        inset = 0.12 * s
        if spec.get("icon"):
            side = s - 2 * inset if not spec.get("text") else s * 0.5
            pen.icon(spec["icon"], x + (s - side) / 2, y + inset, side)
            if spec.get("text"):
                pen.text(spec["text"], x + inset, y + inset + side, s - 2 * inset, s - 2 * inset - side,
                         font="bold", size=s * 1.2, align="center", valign="middle", colour=ink)
        elif spec.get("text"):
            pen.text(spec["text"], x + inset, y + inset, s - 2 * inset, s - 2 * inset, font="bold",
                     size=s * 1.6, align="center", valign="middle", colour=ink)
    name = piece.per_piece("labels")
    if name:  # in the corner left of the top face, outside the cut outline
        pen.text(f"**{name}**", 0, 0, (1 - TAB) * s - 1, s, size=s * 0.6, min_size=style.LABEL_PT,
                 align="center", valign="middle")
    # cut outline (the cross) and the five folds between faces
    outline = [(s, 0), (2 * s, 0), (2 * s, s), (3 * s, s), (3 * s, 2 * s), (2 * s, 2 * s), (2 * s, 4 * s),
               (s, 4 * s), (s, 2 * s), (0, 2 * s), (0, s), (s, s)]
    pen.polygon(outline, stroke=style.INK, width=style.THIN_PT)
    for x1, y1, x2, y2 in ((s, s, 2 * s, s), (s, 2 * s, 2 * s, 2 * s), (s, 3 * s, 2 * s, 3 * s),
                           (s, s, s, 2 * s), (2 * s, s, 2 * s, 2 * s)):
        pen.line(x1, y1, x2, y2, colour=style.FOLD_INK, width=style.THIN_PT, dash=(1.5, 1))


# --- tokens --------------------------------------------------------------------------------

def _token_backs(component) -> bool:
    o = component.options
    return bool(o.get("two_sided")) or any(k in o for k in ("back_labels", "back_colours", "back_icons", "back_letters"))


def _outline(pen: Pen, shape: str, grow: float, fill: str | None, stroke: str | None = None) -> None:
    x, y, w, h = -grow, -grow, pen.w + 2 * grow, pen.h + 2 * grow
    if shape == "round":
        pen.ellipse(x, y, w, h, fill=fill, stroke=stroke, width=style.THIN_PT)
    elif shape == "hex":
        pen.polygon(hex_points(x, y, w, h), fill=fill, stroke=stroke, width=style.THIN_PT)
    else:
        pen.rect(x, y, w, h, fill=fill, stroke=stroke, width=style.THIN_PT)


def seat_mark(piece: Piece, fill: str) -> str:
    """``options.seat_marks = true``: the mark of the seat whose colour ``fill`` is (the order
    colours first appear in ``options.colours``), so pieces are told apart by shape as well as
    colour; "" otherwise."""
    if not piece.option("seat_marks"):
        return ""
    colours = piece.option("colours", [])
    order = list(dict.fromkeys(colours if isinstance(colours, list) else [colours]))
    return style.SEAT_MARKS[order.index(fill) % len(style.SEAT_MARKS)] if fill in order else ""


@painter("token", backs=_token_backs, needed=per_player_needed)
def token(pen: Pen, piece: Piece) -> None:
    shape = piece.option("shape", "round")
    prefix = "back_" if piece.side == "back" and not piece.option("two_sided") else ""
    if prefix and not any(f"back_{k}" in piece.options for k in ("labels", "colours", "icons", "letters")):
        prefix = ""
    fill = piece.per_piece(prefix + "colours", piece.per_piece("colours", style.TOKEN_FILL))
    label = piece.per_piece(prefix + "labels", "")
    icon = piece.per_piece(prefix + "icons", "")
    letter = piece.per_piece(prefix + "letters", "")
    _outline(pen, shape, pen.bleed, fill)
    side = min(pen.w, pen.h)
    ink = style.DARK_ON_LIGHT if _light(pen, fill) else style.LIGHT_ON_DARK
    text = " ".join(t for t in (letter, label) if t)
    mark = seat_mark(piece, piece.per_piece("colours", style.TOKEN_FILL))
    if mark:
        _marked(pen, mark, str(text), side, ink)
        return
    if icon:
        icon_side = side * (0.5 if text else 0.66)
        pen.icon(icon, (pen.w - icon_side) / 2, side * 0.12 if text else (pen.h - icon_side) / 2, icon_side)
        if text:
            pen.text(str(text), side * 0.15, side * 0.62, pen.w - side * 0.3, pen.h - side * 0.7, font="bold",
                     size=side * 0.9, align="center", valign="top", colour=ink)
    elif text:
        pen.text(str(text), side * 0.14, side * 0.14, pen.w - side * 0.28, pen.h - side * 0.28, font="bold",
                 size=side * 1.4, align="center", valign="middle", colour=ink)


def _marked(pen: Pen, mark: str, text: str, side: float, ink: str) -> None:
    """A seat's mark, large, with the piece's words under it (both at least SEAT_MARK_MIN_PT)."""
    floor = style.SEAT_MARK_MIN_PT
    if not text:
        pen.text(mark, 0, 0, pen.w, pen.h, size=max(floor, side * 1.6), min_size=floor, align="center",
                 valign="middle", colour=ink)
        return
    pen.text(mark, 0, side * 0.06, pen.w, side * 0.36, size=max(floor, side * 1.0), min_size=floor, align="center",
             valign="middle", colour=ink)
    pen.text(f"**{text}**", side * 0.1, side * 0.42, pen.w - side * 0.2, side * 0.48, size=max(floor, side * 0.6),
             min_size=floor, align="center", valign="top", colour=ink)


def _light(pen: Pen, fill: str) -> bool:
    c = pen.colour(fill)
    return 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue > 0.55


# --- standee -------------------------------------------------------------------------------

def _standee_base(component) -> float:
    return parse_length(component.options.get("base", "12mm"))


def standee_size(component) -> tuple[float, float]:
    if component.size_mm is None:
        raise InvalidDimension(f"{component.id}: a standee needs size = \"W x H\" for its figure")
    w, h = component.size_mm
    return w, 2 * h + 2 * _standee_base(component)


@painter("standee", size=standee_size, needed=per_player_needed)
def standee(pen: Pen, piece: Piece) -> None:
    base = _standee_base(piece.component)
    fig_h = (pen.h - 2 * base) / 2
    fill = piece.per_piece("colours", style.STANDEE_FILL)
    label = str(piece.per_piece("labels", "") or "")
    icon = piece.per_piece("icons", "")
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, base + b, fill=style.STANDEE_BASE)
    pen.rect(-b, pen.h - base, pen.w + 2 * b, base + b, fill=style.STANDEE_BASE)
    for top, upside_down in ((base, True), (base + fig_h, False)):
        pen.rect(-b, top, pen.w + 2 * b, fig_h, fill=fill)
        with pen.rotated(pen.w / 2, top + fig_h / 2, 180 if upside_down else 0):
            if icon:
                side = min(pen.w, fig_h) * 0.6
                pen.icon(icon, (pen.w - side) / 2, top + fig_h * 0.12, side)
            if label:
                pen.text(label, 2, top + fig_h * 0.72, pen.w - 4, fig_h * 0.25, font="bold", size=10,
                         align="center", valign="middle")
            mark = seat_mark(piece, fill)
            if mark:   # the seat's mark on the figure's chest, so the owner shows by shape too
                pen.text(mark, 0, top + fig_h * 0.02, pen.w * 0.3, fig_h * 0.2, size=10,
                         min_size=style.SEAT_MARK_MIN_PT, align="center", valign="middle")
    for y in (base, base + fig_h, base + 2 * fig_h):
        pen.line(0, y, pen.w, y, colour=style.FOLD_INK, dash=(1.5, 1))


# --- reference sheets and cards ------------------------------------------------------------

def _sections(piece: Piece) -> list[tuple[str, str]]:
    sections = piece.option("sections")
    if sections is None and piece.option("file"):
        path = Path(piece.game.root) / piece.option("file")
        try:
            raw = path.read_text(encoding="utf-8")
        except (FileNotFoundError, UnicodeDecodeError) as exc:
            raise _option_error(piece, "file", f"cannot read {path}: {exc.__class__.__name__}") from None
        if path.suffix == ".toml":
            try:
                sections = tomllib.loads(raw).get("section", [])
            except tomllib.TOMLDecodeError as exc:
                raise DataError(Problem(str(path), None, "toml", str(exc))) from None
        else:
            sections = _markdownish(raw)
    out = []
    for entry in sections or []:
        if isinstance(entry, dict):
            out.append((str(entry.get("title", "")), str(entry.get("text", ""))))
        else:
            out.append(("", str(entry)))
    return out


def _markdownish(raw: str) -> list[dict]:
    sections: list[dict] = []
    current = {"title": "", "text": []}
    for line in raw.splitlines():
        if line.startswith("#"):
            if current["title"] or current["text"]:
                sections.append(current)
            current = {"title": line.lstrip("#").strip(), "text": []}
        else:
            current["text"].append(line)
    sections.append(current)
    result = []
    for s in sections:
        paragraphs = "\n".join(s["text"]).strip().split("\n\n")
        text = "\n".join(" ".join(p.split("\n")).strip() for p in paragraphs if p.strip())
        result.append({"title": s["title"], "text": text})
    return [r for r in result if r["title"] or r["text"]]


def _option_error(piece: Piece, name: str, message: str) -> DataError:
    comp = piece.component
    key = f"components.{comp.id}.options.{name}"
    return DataError(Problem(str(piece.game.toml_path), piece.game.line_of(key) or comp.line, key,
                             f"{piece.game.id}: {message}"))


def _reference_backs(component) -> bool:
    return any(k in component.options for k in ("back_file", "back_sections"))


def _qr_here(piece: Piece) -> bool:
    """Whether this side of a reference carries the companion's QR code."""
    if not getattr(piece.build, "companion_url", None) or not piece.option("qr", True):
        return False
    default = "back" if _reference_backs(piece.component) else "front"
    return piece.side == piece.option("qr_side", default)


def _companion_strip(pen: Pen, url: str, pad: float, side: float) -> float:
    """The QR code in the bottom-right corner with a line of words and the address beside it;
    returns the height taken from the foot of the text area."""
    x, y = pen.w - pad - side, pen.h - pad - side
    pen.qr(url, x, y, side)
    words = "**Table companion**\nScan the code, or open"
    room = x - pad - REFERENCE_QR_GAP_MM
    try:
        pen.text(f"{words}\n{url}", pad, y, room, side, size=REFERENCE_MIN_PT + 1, min_size=REFERENCE_MIN_PT,
                 valign="bottom")
    except richtext.TextOverflow:  # an address too long for one line: the code alone carries it
        pen.text(words, pad, y, room, side, size=REFERENCE_MIN_PT + 1, min_size=REFERENCE_MIN_PT, valign="bottom")
    return side + REFERENCE_QR_GAP_MM


COMPANION_CARD_MM = (63.5, 88.9)  # poker size
COMPANION_CARD_QR_MM = 40.0


def companion_card(pen: Pen, game_name: str, url: str) -> None:
    """A card of its own for the table companion, for a game whose print set has no
    reference card to carry the code."""
    pad = REFERENCE_PAD_MM
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=style.SHEET_FILL)
    pen.text(f"**{game_name}**\nTable companion", pad, pad, pen.w - 2 * pad, 14, size=REFERENCE_CARD_TITLE_PT,
             min_size=REFERENCE_MIN_PT, align="center", valign="middle")
    side = COMPANION_CARD_QR_MM
    pen.qr(url, (pen.w - side) / 2, pad + 17, side)
    words = "Scan with a phone on the same network, or open"
    try:
        pen.text(f"{words}\n**{url}**", pad, pad + 20 + side, pen.w - 2 * pad, pen.h - side - 20 - 2 * pad,
                 size=REFERENCE_CARD_PT, min_size=REFERENCE_MIN_PT, align="center")
    except richtext.TextOverflow:
        pen.text(words, pad, pad + 20 + side, pen.w - 2 * pad, pen.h - side - 20 - 2 * pad,
                 size=REFERENCE_CARD_PT, min_size=REFERENCE_MIN_PT, align="center")


@painter("reference", backs=_reference_backs, needed=per_player_needed)
def reference(pen: Pen, piece: Piece) -> None:
    if piece.side == "back" and _reference_backs(piece.component):
        options = dict(piece.options)
        options["sections"] = options.get("back_sections")
        options["file"] = options.get("back_file")
        options["title"] = options.get("back_title", options.get("title", piece.component.name))
        piece = replace(piece, component=replace(piece.component, options=options))
    title = piece.option("title", piece.component.name)
    sections = _sections(piece)
    card = pen.w <= REFERENCE_CARD_MAX_W_MM
    pad = min(REFERENCE_PAD_MM, pen.w * 0.06)
    title_size = piece.option("title_size", style.HEADING_PT if not card else REFERENCE_CARD_TITLE_PT)
    pen.rect(-pen.bleed, -pen.bleed, pen.w + 2 * pen.bleed, pen.h + 2 * pen.bleed, fill=piece.option("background", style.SHEET_FILL))
    title_h = mm_from_pt(title_size * 1.4)
    pen.text(title, pad, pad, pen.w - 2 * pad, title_h, font="bold", size=title_size, align="center", valign="middle")
    top = pad + title_h + 2
    bottom = pen.h - pad
    if _qr_here(piece):
        side = min(REFERENCE_QR_MM if card else REFERENCE_SHEET_QR_MM, pen.w * 0.25)
        bottom -= _companion_strip(pen, piece.build.companion_url, pad, side)
    columns = int(piece.option("columns", 2 if pen.w > 150 else 1))
    gap = 5.0
    col_w = (pen.w - 2 * pad - gap * (columns - 1)) / columns
    size = float(piece.option("size", style.BODY_PT if not card else REFERENCE_CARD_PT))
    while True:
        placed = _flow(sections, size, col_w, bottom - top, columns)
        if placed is not None:
            break
        if size - style.TEXT_STEP_PT < REFERENCE_MIN_PT:
            raise _option_error(piece, "sections", f"{piece.component.id}: the reference text does not fit "
                                f"even at {REFERENCE_MIN_PT:g} pt; shorten it or use a larger size")
        size -= style.TEXT_STEP_PT
    for col, y_mm, kind, content, h_mm in placed:
        x = pad + col * (col_w + gap)
        if kind == "head":
            pen.text(content, x, top + y_mm, col_w, h_mm, font="bold", size=size * 1.2, valign="top")
            pen.line(x, top + y_mm + h_mm - 0.6, x + col_w, top + y_mm + h_mm - 0.6, colour=style.RULE_INK,
                     width=style.HAIRLINE_PT)
        else:
            pen.text(content, x, top + y_mm, col_w, h_mm + 0.5, size=size, valign="top")


def _flow(sections, size: float, col_w: float, col_h: float, columns: int):
    """Place headings and bodies down the columns at ``size``; None when they do not fit."""
    placed = []
    col, y = 0, 0.0
    width_pt = pt(col_w)
    for title, text in sections:
        blocks = []
        if title:
            head = richtext.fit(title, width_pt, 1e6, "bold", size * 1.2, size * 1.2)
            blocks.append(("head", title, mm_from_pt(head.height) + 1.0))
        if text:
            try:
                body = richtext.fit(text, width_pt, 1e6, "regular", size, size)
            except richtext.TextOverflow:
                return None
            blocks.append(("body", text, mm_from_pt(body.height)))
        need = sum(h for _, _, h in blocks) + 2.5
        if y + need > col_h and y > 0:
            col, y = col + 1, 0.0
        if col >= columns or y + need > col_h:
            return None
        for kind, content, h in blocks:
            placed.append((col, y, kind, content, h))
            y += h
        y += 2.5
    return placed


# --- simple boards -------------------------------------------------------------------------

@painter("board")
def board(pen: Pen, piece: Piece) -> None:
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, pen.h + 2 * b, fill=piece.option("background", style.BOARD_FILL))
    grid = piece.option("grid")
    if grid:
        step = parse_length(grid)
        x = step
        while x < pen.w:
            pen.line(x, 0, x, pen.h, colour=style.GRID_INK, width=style.HAIRLINE_PT)
            x += step
        y = step
        while y < pen.h:
            pen.line(0, y, pen.w, y, colour=style.GRID_INK, width=style.HAIRLINE_PT)
            y += step
    for i, space in enumerate(piece.option("spaces", [])):
        try:
            x, y = parse_length(space["x"]), parse_length(space["y"])
            w, h = parse_length(space["w"]), parse_length(space["h"])
        except (KeyError, ValueError) as exc:
            raise _option_error(piece, "spaces", f"space {i + 1}: {exc}") from None
        fill = space.get("colour", style.SPACE_FILL)
        shape = space.get("shape", "rect")
        if shape == "round":
            pen.ellipse(x, y, w, h, fill=fill, stroke=style.INK)
        elif shape == "hex":
            pen.hexagon(x, y, w, h, fill=fill, stroke=style.INK)
        else:
            pen.rect(x, y, w, h, fill=fill, stroke=style.INK, radius=min(w, h) * 0.08)
        if space.get("icon"):
            side = min(w, h) * 0.45
            pen.icon(space["icon"], x + (w - side) / 2, y + h * 0.1, side)
        if space.get("label"):
            pen.text(str(space["label"]), x + 2, y + h * 0.6, w - 4, h * 0.35, font="bold",
                     size=min(14.0, h), align="center", valign="middle")
    title = piece.option("title")
    if title:
        pen.text(title, 10, 8, pen.w - 20, 20, font="bold", size=28, align="center", valign="middle")
