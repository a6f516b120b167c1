"""Ore (published edition) as one server-drawn SVG for the phone: the action spaces with the
workers on them, the recruit area, the face-up mines with their spaces, the cage each depth
needs and the market price, the private mines, and the contract row with its worker spaces.

A worker is a disc in its owner's colour carrying the owner's mark (``marks``): a label that
is unique at the table, so two players whose names share an initial are never confused and
ownership never rests on colour alone. The key under the picture pairs every mark with its
name. Each worker has a place of its own (one per action space, mine space and contract space;
the recruit area is a row), so no two discs ever overlap. The picture is 360 units wide, the
width of a small phone; text outside the cards carries the class ``ore-ink`` so the dark
theme repaints it (boards.css).
"""

from __future__ import annotations

from markupsafe import Markup

from companion.marks import marks

# the same five-column grid, card colours and ink as the prototype's picture
from .ore import CARD_FILL, CARD_LINE, CARD_W, COLS, GAP, INK, WIDTH, escaped, column_x

TILE_H = 42
HEAD_H = 30
SPACE_H = 22
BAND_H = 10  # the dark band between depths that need different mine cages
R = 9  # a worker disc's radius: discs sit at least 2 * R apart
RECRUIT_X = 200  # the first worker waiting in the recruit area, after its words
RES_COLOUR = {"lead": "#7d8590", "coal": "#2b2b2b", "copper": "#c8702e", "iron": "#8c3b2a", "gold": "#d4a017"}
RES_INK = {"gold": "#1d1a16"}  # white elsewhere
SHORT = {"lead": "L", "coal": "C", "copper": "Cu", "iron": "I", "gold": "G"}
TILE_WORDS = {"market": "Market", "permit": "Permits", "recruit": "Recruit", "cage": "Mine cage", "drill": "Drill bit",
              "private": "Private mine", "advance": "Advance"}
DEPTH_FILL = ("#efe6d2", "#e2d6bb", "#d3c29f")
TEMP_FILL = "#f8f8f8"


def ink_on(colour: str) -> str:
    """Black or white, whichever contrasts more with ``colour`` (a ``#rgb`` or ``#rrggbb`` fill)."""
    digits = colour.strip().lstrip("#")
    digits = "".join(c * 2 for c in digits) if len(digits) == 3 else digits
    try:
        channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    except ValueError:
        return "#fff"
    lum = sum(w * (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
              for w, c in zip((0.2126, 0.7152, 0.0722), channels))
    # contrast with white (luminance 1) against contrast with black (luminance 0)
    return "#fff" if 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 else "#000"


def worker(cx: float, cy: float, seat: int, colours: list, letters: list, names: list, temp: bool = False,
           where: str = "") -> str:
    """One worker: a disc in the owner's colour with the owner's mark (a temp worker is white
    with a ring in the owner's colour)."""
    colour = colours[seat] if seat < len(colours) and colours[seat] else "#888888"
    fill, ring = (TEMP_FILL, colour) if temp else (colour, "#111")
    whose = f"{names[seat]}'s {'temp worker' if temp else 'worker'}" + (f" on {where}" if where else "")
    return (f'<g class="opw" data-seat="{seat}" data-mark="{escaped(letters[seat])}"><title>{escaped(whose)}</title>'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{R}" fill="{escaped(fill)}" stroke="{escaped(ring)}" '
            f'stroke-width="{2.5 if temp else 1}"/>'
            f'<text class="opw-mark" x="{cx:.1f}" y="{cy + 3.5:.1f}" text-anchor="middle" font-size="10" '
            f'font-weight="bold" fill="{ink_on(fill)}">{escaped(letters[seat])}</text></g>')


def _fit(text: str, size: float, room: float) -> str:
    """Text that might not fit its room is drawn narrower rather than spilling over the edge."""
    return f' textLength="{room:.1f}" lengthAdjust="spacingAndGlyphs"' if len(text) * size * 0.6 > room else ""


def _text(x: float, y: float, text: str, size: float, cls: str = "", bold: bool = False, fill: str = INK,
          anchor: str = "start", room: float = CARD_W - 8) -> str:
    attrs = (f' class="{cls}"' if cls else "") + (' font-weight="bold"' if bold else "")
    attrs += f' text-anchor="{anchor}"' if anchor != "start" else ""
    return (f'<text{attrs} x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}"{_fit(text, size, room)}>'
            f'{escaped(text)}</text>')


def _title(y: float, text: str) -> str:
    return _text(0, y + 12, text, 13, "ore-ink", bold=True, room=WIDTH)


def _tiles(top: float, spaces: list, draw) -> tuple[str, float]:
    out = []
    for i, s in enumerate(spaces):
        x, y = column_x(i % COLS), top + (i // COLS) * (TILE_H + GAP)
        name = TILE_WORDS.get(s["id"], s["name"])
        out.append(f'<g class="op-tile" data-tile="{escaped(s["id"])}{i if s["id"] == "overtime" else ""}">'
                   f'<title>{escaped(s["name"])}</title>'
                   f'<rect x="{x}" y="{y}" width="{CARD_W:.1f}" height="{TILE_H}" rx="5" fill="{CARD_FILL}" '
                   f'stroke="{CARD_LINE}"/>{_text(x + CARD_W / 2, y + 13, name, 10, bold=True, anchor="middle")}')
        if s["seat"] is None:
            out.append(_text(x + CARD_W / 2, y + 32, "open", 10, fill="#5c5346", anchor="middle"))
        else:
            out.append(draw(x + CARD_W / 2, y + 28, s["seat"], s["name"]))
        out.append("</g>")
    rows = (len(spaces) + COLS - 1) // COLS
    return "".join(out), top + rows * (TILE_H + GAP) - GAP


def _height(m: dict) -> float:
    spaces = m["spaces"]
    bands = sum(1 for i in range(1, len(spaces)) if spaces[i]["cage"] != spaces[i - 1]["cage"])
    return HEAD_H + 2 + len(spaces) * SPACE_H + bands * BAND_H


def _mine(x: float, top: float, m: dict, draw, left: int | None, owner: str, short: str = "") -> str:
    """One mine column; a private mine names its ``owner`` in its title and ``short`` (the name if
    it fits the column, else the owner's mark) on the card."""
    res = m["res"]
    ink = RES_INK.get(res, "#fff")
    head = f'{res.capitalize()} ${m["price"]}'
    private = f' data-private="{m["private_of"]}"' if owner else ""
    whose = f"{owner}'s private " if owner else ""
    out = [f'<g class="op-mine" data-res="{res}"{private}>',
           f'<title>{escaped(whose)}{escaped(res)} mine: market price ${m["price"]}'
           f'{"" if left is None else f"; {left} more mine cards"}</title>',
           f'<rect x="{x}" y="{top}" width="{CARD_W:.1f}" height="{HEAD_H}" rx="4" fill="{RES_COLOUR[res]}"/>',
           _text(x + CARD_W / 2, top + 13, head, 11, bold=True, fill=ink, anchor="middle"),
           _text(x + CARD_W / 2, top + 25, f"{short}'s" if owner else ("last card" if left == 0 else f"{left} below"),
                 9, fill=ink, anchor="middle")]
    y = top + HEAD_H + 2
    for i, s in enumerate(m["spaces"]):
        if i and s["cage"] != m["spaces"][i - 1]["cage"]:  # the band only a mine cage lets a worker pass
            out.append(f'<rect class="op-cage" x="{x}" y="{y - 1}" width="{CARD_W:.1f}" height="{BAND_H}" fill="#111"/>'
                       + _text(x + CARD_W / 2, y + BAND_H - 3, f'cage {s["cage"]}', 9, bold=True, fill="#fff",
                               anchor="middle"))
            y += BAND_H
        out.append(f'<rect x="{x}" y="{y}" width="{CARD_W:.1f}" height="{SPACE_H - 2}" fill="{DEPTH_FILL[min(s["cage"], 2)]}"/>'
                   + _text(x + 5, y + 14, f'{s["amount"]}×', 11))
        if s["seat"] is not None:
            out.append(draw(x + CARD_W - R - 3, y + (SPACE_H - 2) / 2, s["seat"],
                            f'{res} mine, depth {i + 1}', m["private_of"] is not None))
        y += SPACE_H
    out.append("</g>")
    return "".join(out)


def _contract(x: float, top: float, height: float, c: dict, draw) -> str:
    out = [f'<g class="op-contract-card" data-slot="{c["slot"]}">']
    if c["id"]:
        out.append(f'<title>Contract {escaped(c["name"])}: {c["vp"]} VP, {c["buildings"]} building(s); rows: '
                   f'{escaped("; ".join(c["rows"]))}</title>'
                   f'<rect x="{x}" y="{top}" width="{CARD_W:.1f}" height="{height}" rx="5" fill="{CARD_FILL}" '
                   f'stroke="{CARD_LINE}"/>' + _text(x + 4, top + 13, f'{c["name"]} · {c["vp"]} VP', 10, bold=True)
                   + _text(x + 4, top + 25, f'{c["buildings"]} building{"s" if c["buildings"] != 1 else ""}', 9))
        for i, row in enumerate(c["rows"]):
            out.append(_text(x + 4, top + 38 + i * 11, ("▸" if i == 0 else "") + short_row(row), 9, bold=i == 0))
    else:
        out.append(f'<rect class="ore-empty" x="{x}" y="{top}" width="{CARD_W:.1f}" height="{height}" rx="5" '
                   f'fill="none" stroke="{CARD_LINE}" stroke-dasharray="4 3"/>'
                   + _text(x + CARD_W / 2, top + 30, "taken" if c["seat"] is not None else "empty", 10, "ore-ink",
                         anchor="middle"))
    space_y = top + height - R - 5
    if c["seat"] is not None:
        out.append(draw(x + CARD_W / 2, space_y, c["seat"], f'contract space {c["slot"] + 1}'))
    else:
        out.append(f'<circle class="ore-empty" cx="{x + CARD_W / 2:.1f}" cy="{space_y:.1f}" r="{R}" fill="none" '
                   f'stroke="{CARD_LINE}" stroke-dasharray="3 2"/>')
    out.append("</g>")
    return "".join(out)


def short_row(label: str) -> str:
    """A contract row in letters: "gold + iron/copper = $19" -> "G+I/Cu $19"."""
    wanted, _, pay = label.partition(" = ")
    for res, letter in SHORT.items():
        wanted = wanted.replace(res, letter)
    return wanted.replace(" + ", "+") + (f" {pay}" if pay else "")


def chip(seat: int, colours: list, names: list) -> Markup:
    """A seat's worker as a small picture of its own, for the lists beside the board."""
    size = 2 * R + 2
    return Markup(f'<svg class="op-chip" width="{size}" height="{size}" viewBox="0 0 {size} {size}" aria-hidden="true">'
                  + worker(R + 1, R + 1, seat, colours, marks(names), names) + "</svg>")


def board_svg(view: dict, colours: list, names: list) -> Markup:
    """The picture from an Ore (published) view; ``colours`` and ``names`` by seat."""
    b = view["board"]
    letters = marks(names)
    left = {res: len(cards) for res, cards in view["decks"]["mines"].items()}

    def draw(cx, cy, seat, where, temp=False):
        return worker(cx, cy, seat, colours, letters, names, temp, where)

    parts: list[str] = []
    top = _spaces_and_recruits(parts, b, draw)
    public = [m for m in b["mines"] if m["private_of"] is None]
    top = _public_mines(parts, top, public, left, draw)
    top = _private_mines(parts, top, [m for m in b["mines"] if m["private_of"] is not None], names, letters, draw)
    top = _contract_row(parts, top, b["row"], draw)
    top = _key(parts, top, names, letters, draw)
    label = ("Ore board. " + "; ".join(f'{m["res"]} mine, market ${m["price"]}' for m in public) + ". Workers: "
             + (", ".join(f'{names[s["seat"]]} ({letters[s["seat"]]}) on {m["res"]} depth {i + 1}' for m in b["mines"]
                          for i, s in enumerate(m["spaces"]) if s["seat"] is not None) or "none in the mines") + ".")
    return Markup(f'<svg class="ore-board op-board" width="100%" viewBox="0 0 {WIDTH} {top + 2:.0f}" role="img" '
                  f'aria-label="{escaped(label)}" xmlns="http://www.w3.org/2000/svg">' + "".join(parts) + "</svg>")


def _spaces_and_recruits(parts: list[str], b: dict, draw) -> float:
    """The action spaces and the recruit area; returns where the next part starts."""
    parts.append(_title(0, "Action spaces"))
    drawn, top = _tiles(18, b["spaces"], draw)
    parts.append(drawn)
    waiting = [p["seat"] for p in b["players"] if p["waiting"]]
    parts.append(_text(0, top + 20, "Waiting in the recruit area:" if waiting else "Recruit area: empty", 12, "ore-ink",
                       room=RECRUIT_X - 2 * R))
    for i, seat in enumerate(waiting):
        parts.append(f'<g class="op-recruit">{draw(RECRUIT_X + i * (2 * R + 6), top + 16, seat, "the recruit area")}</g>')
    return top + 34


def _public_mines(parts: list[str], top: float, public: list, left: dict, draw) -> float:
    parts.append(_title(top, "Mines (market price on top)"))
    top += 18
    for col, m in enumerate(public):
        parts.append(_mine(column_x(col), top, m, draw, left.get(m["res"]), ""))
    if not public:
        parts.append(_text(0, top + 12, "Turned up at the deal.", 12, "ore-ink", room=WIDTH))
        top += 18
    return top + max((_height(m) for m in public), default=0) + 8


def _private_mines(parts: list[str], top: float, private: list, names: list, letters: list, draw) -> float:
    if not private:
        return top
    parts.append(_title(top, "Private mines (white: the temp worker)"))
    top += 18
    for start in range(0, len(private), COLS):
        group = private[start:start + COLS]
        for col, m in enumerate(group):
            owner = names[m["private_of"]]
            short = owner if len(owner) <= 9 else letters[m["private_of"]]
            parts.append(_mine(column_x(col), top, m, draw, None, owner, short))
        top += max(_height(m) for m in group) + 8
    return top


def _contract_row(parts: list[str], top: float, row: list, draw) -> float:
    parts.append(_title(top, "Contract row (▸ the next row)"))
    top += 18
    height = 38 + max((len(c["rows"]) for c in row), default=1) * 11 + 2 * R + 6
    for col, c in enumerate(row[:COLS]):
        parts.append(_contract(column_x(col), top, height, c, draw))
    return top + height + 8


def _key(parts: list[str], top: float, names: list, letters: list, draw) -> float:
    """What the letters stand for, and each seat's worker beside its name."""
    parts.append(_text(0, top + 11, " · ".join(f"{letter} {res}" for res, letter in SHORT.items()), 11, "ore-ink",
                       room=WIDTH))
    parts.append(_text(0, top + 26, "A dark band: deeper spaces need that mine cage.", 11, "ore-ink", room=WIDTH))
    top += 34
    for seat, (letter, name) in enumerate(zip(letters, names)):
        parts.append(f'<g class="op-key" data-seat="{seat}">' + draw(R + 1, top + R + 1, seat, "")
                     + _text(2 * R + 8, top + R + 5, name, 13, "ore-ink", room=WIDTH - 2 * R - 10) + "</g>")
        top += 2 * R + 4
    return top


# What the page partial draws: board(game, "board", view, colours, names) and a seat's chip
PICTURES = {"board": lambda game, view, colours, names: board_svg(view, colours, names),
            "chip": lambda game, seat, colours, names: chip(seat, colours, names)}
