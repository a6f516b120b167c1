"""Tinners' Trail pieces that depend on the player count: the pieces each colour owns (every
one marked with its colour's letter), the development boards and the map cards.

Each painter says which of its pieces a ``--players`` build needs, from the rules' tables:
a solo game seats two colours (the player and Lord Wallace) and, with "more mines", 1 or 2
mines of a third colour for his supply; mines per colour follow ``setup.mines``, one development board and one map card cover each player count.
"""

from __future__ import annotations

from dataclasses import replace

from companion.errors import DataError, Problem
from companion.tinners_trail.rules import load_rules
from companion.tinners_trail.wallace_state import extra_mines

from .. import style
from ..boxes import boxes
from ..generic import _light, _outline
from ..painters import Piece, painter
from ..pen import Pen
from .tinners_trail import _covers, _for, count_needed, count_title
from .tinners_trail_counts import SOLO_SEATS
from .tinners_trail_map import draw_map, geometry

PLAYER_TOKEN = ("big", "small", "icon_disc", "icon", "icon_letter", "letter")
MAP_CARD = ("title", "map", "text")


def _players(piece: Piece) -> int | None:
    return getattr(piece.build, "players", None)


def _colour(piece: Piece) -> tuple[str, str, int]:
    """(colour name, letter, index within the colour's block) of one player-owned piece."""
    table = piece.game.tables["player_colours"]
    per = int(piece.option("per_colour", 1))
    c = (piece.index // per) % len(table["colours"])
    return table["colours"][c], table["letters"][c], piece.index % per


def player_token_needed(piece: Piece) -> bool:
    players = _players(piece)
    if players is None:
        return True
    per = int(piece.option("per_colour", 1))
    colour, within = divmod(piece.index, per)
    if players == 1 and colour == SOLO_SEATS and piece.option("quota") == "mines":
        return within < _solo_extra_mines(piece)   # "more mines": his extra mines, a third colour
    if colour >= max(players, SOLO_SEATS):
        return False
    if piece.option("quota") == "mines":
        return within < load_rules(str(piece.game.root)).mines[players]
    return True


def _solo_extra_mines(piece: Piece) -> int:
    variant = getattr(piece.build, "variant", None) or ""
    return extra_mines(tuple(variant.split("+")))


def _token_backs(component) -> bool:
    return "back_labels" in component.options


def player_token_title(game, component, build) -> str:
    """Mines are named with the count each colour gets at this table."""
    players, template = getattr(build, "players", None), component.options.get("title")
    if players is None or not template:
        return component.name
    return template.format(mines=load_rules(str(game.root)).mines[players])


@painter("tinners-trail.player-token", backs=_token_backs, needed=player_token_needed, title=player_token_title)
def player_token(pen: Pen, piece: Piece) -> None:
    """A piece in its owner's colour with the colour's letter large, what it is beneath."""
    colour, letter, k = _colour(piece)
    # the colour's mark beside its letter: the owner shows by shape as well as colour
    table = piece.game.tables["player_colours"]
    letter = f"{style.SEAT_MARKS[table['colours'].index(colour) % len(style.SEAT_MARKS)]}\u2009{letter}"
    labels = piece.option("back_labels" if piece.side == "back" else "labels", [])
    label = labels[k % len(labels)] if labels else ""
    _outline(pen, piece.option("shape", "round"), pen.bleed, colour)
    ink = style.DARK_ON_LIGHT if _light(pen, colour) else style.LIGHT_ON_DARK
    b, (scaled, centre) = boxes(piece, "player_token", PLAYER_TOKEN), _scale(pen, piece)
    icon = piece.option("icon")
    if icon:
        disc = b["icon_disc"]
        pen.circle(*centre(disc), scaled(disc).w / 2, fill=disc.get("fill"))
        (cx, cy), s = centre(b["icon"]), scaled(b["icon"]).w
        pen.icon(icon, cx - s / 2, cy - s / 2, s)
        box = scaled(b["icon_letter"])
        _token_text(pen, box, f"**{letter}**", max(style.TEXT_MIN_PT, box.get("size")), ink)
        return
    if not label:
        box = scaled(b["letter"])
        _token_text(pen, box, f"**{letter}**", box.get("size"), ink)
        return
    big, small = (f"**{label}**", letter) if piece.option("label_large") else (f"**{letter}**", label)
    box = scaled(b["big"])
    _token_text(pen, box, big, box.get("size"), ink)
    box = scaled(b["small"])
    _token_text(pen, box, small, min(style.TOKEN_WORD_MAX_PT, box.get("size")), ink)


def _scale(pen: Pen, piece: Piece):
    """The ``player_token`` layout is drawn on a square of its own size: (a box of it scaled to
    this token's shorter side, lengths and text size alike, centred on the longer one; the
    centre of a box on this token)."""
    layout = piece.game.layouts["player_token"]
    if layout.size_mm is None:
        raise DataError(Problem(str(piece.game.root / "layouts.toml"), layout.line, "player_token.size",
                                "missing: the square the token's boxes are drawn on, e.g. \"100mm\""))
    ref, side = layout.size_mm[0], min(pen.w, pen.h)
    left, top = (pen.w - side) / 2, (pen.h - side) / 2

    def of(v: float) -> float:
        return v / ref * side

    def scaled(box):
        props = dict(box.props, size=of(box.get("size"))) if box.get("size") is not None else box.props
        return replace(box, x=left + of(box.x), y=top + of(box.y), w=of(box.w), h=of(box.h), props=props)

    def centre(box) -> tuple[float, float]:
        return left + of(box.x + box.w / 2), top + of(box.y + box.h / 2)
    return scaled, centre


def _token_text(pen: Pen, box, text: str, size: float, ink: str) -> None:
    pen.text(text, box.x, box.y, box.w, box.h, size=size, min_size=min(size, style.SEAT_MARK_MIN_PT), align="center",
             valign="middle", colour=ink)


@painter("tinners-trail.map-card", needed=count_needed, title=count_title)
def map_card(pen: Pen, piece: Piece) -> None:
    rules, b = load_rules(str(piece.game.root)), boxes(piece, "map_card", MAP_CARD)
    low, high = _covers(piece)
    regions, positions = rules.arrangement[high]
    marked = {aid for aid, info in rules.areas.items() if info.region in regions and info.position in positions}
    bleed = pen.bleed
    pen.rect(-bleed, -bleed, pen.w + 2 * bleed, pen.h + 2 * bleed, fill="panel")
    title = b["title"]
    pen.text(title.get("text").format(players=_for(piece)), title.x, title.y, title.w, title.h,
             size=title.get("size"), align="center", valign="middle")
    box = b["map"]
    g = geometry(piece)
    fx, fy, fw, fh = g.frame
    scale = min(box.w / fw, box.h / fh)
    draw_map(pen, piece, scale, box.x + (box.w - fw * scale) / 2 - fx * scale, box.y - fy * scale,
             detail=False, marked=marked)
    reveals = {n: rules.reveals[n] for n in range(low, high + 1)}
    reveal = " or ".join(f"{r} per region with {n} player{'s' if n > 1 else ''}" for n, r in reveals.items()) \
        if len(set(reveals.values())) > 1 else f"{reveals[high]} per region"
    text = b["text"]
    last = max(positions)
    pen.text(f"Shuffle each region's stack of area tiles and lay one face down on each of the **{len(marked)}** "
             f"framed spaces: regions {', '.join(regions)}, spaces 1–{last} of each. Unused tiles go back "
             f"unseen. Then deal each region's area setup cards and turn face up the tile on the first "
             f"framed space dealt, until **{reveal}** lie face up.", text.x, text.y, text.w, text.h,
             size=text.get("size"), min_size=text.get("min_size"), align=text.get("align"), valign=text.get("valign"))
