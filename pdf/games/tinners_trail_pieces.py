"""Tinners' Trail pieces that depend on the player count: the pieces each colour owns (every
one marked with its colour's letter), the development boards and the map cards.

Each painter says which of its pieces a ``--players`` build needs, from the rules' tables:
a solo game seats two colours (the player and Lord Wallace) and, with "more mines", 1 or 2
mines of a third colour for his supply; mines per colour follow ``setup.mines``, one development board and one map card cover each player count.
"""

from __future__ import annotations

from companion.tinners_trail.rules import load_rules
from companion.tinners_trail.wallace_state import extra_mines

from .. import style
from ..generic import _light, _outline
from ..painters import Piece, painter
from ..pen import Pen
from .tinners_trail import _covers, _for, boxes, count_needed, count_title
from .tinners_trail_counts import SOLO_SEATS
from .tinners_trail_map import draw_map, geometry



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
    labels = piece.option("back_labels" if piece.side == "back" else "labels", [])
    label = labels[k % len(labels)] if labels else ""
    _outline(pen, piece.option("shape", "round"), pen.bleed, colour)
    ink = style.DARK_ON_LIGHT if _light(pen, colour) else style.LIGHT_ON_DARK
    side = min(pen.w, pen.h)
    icon = piece.option("icon")
    if icon:
        s = side * 0.5
        pen.circle(pen.w / 2, side * 0.36, s * 0.62, fill="white")
        pen.icon(icon, (pen.w - s) / 2, side * 0.36 - s / 2, s)
        pen.text(f"**{letter}**", 0, side * 0.66, pen.w, side * 0.3, size=max(6.0, side * 0.55), align="center",
                 valign="middle", colour=ink)
        return
    if not label:
        pen.text(f"**{letter}**", 0, 0, pen.w, pen.h, size=side * 1.6, align="center", valign="middle", colour=ink)
        return
    big, small = (f"**{label}**", letter) if piece.option("label_large") else (f"**{letter}**", label)
    pen.text(big, side * 0.08, side * 0.08, pen.w - side * 0.16, side * 0.5, size=side * 1.15, align="center",
             valign="middle", colour=ink)
    pen.text(small, side * 0.08, side * 0.56, pen.w - side * 0.16, side * 0.3, size=min(8.0, side * 0.6),
             min_size=5.0, align="center", valign="middle", colour=ink)


@painter("tinners-trail.map-card", needed=count_needed, title=count_title)
def map_card(pen: Pen, piece: Piece) -> None:
    rules, b = load_rules(str(piece.game.root)), boxes(piece, "map_card")
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
             size=text.get("size"), min_size=7, align=text.get("align"), valign=text.get("valign"))
