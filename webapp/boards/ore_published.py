"""Ore (published edition) as one server-drawn SVG for the phone: the action spaces with the
workers on them, the recruit area, the face-up mines with their spaces, the cage each depth
needs and the market price, the private mines, and the contract row with its worker spaces.

A worker is a disc in its owner's colour carrying the owner's mark (``marks``): a label that
is unique at the table, so two players whose names share an initial are never confused and
ownership never rests on colour alone. The key under the picture pairs every mark with its
name. Each worker has a place of its own (one per action space, mine space and contract space;
the recruit area is a row), so no two discs ever overlap. Its sizes are ``[phone.lengths]`` of
``cards_data/ore-published/layouts.toml``: the picture is ``width`` (360) units wide, the width
of a small phone; text outside the cards carries the class ``ore-ink`` so the dark
theme repaints it (boards.css).
"""

from __future__ import annotations

from types import SimpleNamespace

from markupsafe import Markup

from companion.marks import marks

# the same five-column grid, card colours and ink as the prototype's picture
from .ore import CARD_FILL, CARD_LINE, COLS, INK, column_x, escaped
from .ink import contrast, luminance
from .sizes import sizes

RES_COLOUR = {"lead": "#7d8590", "coal": "#2b2b2b", "copper": "#c8702e", "iron": "#8c3b2a", "gold": "#d4a017"}
RES_INK = {"gold": "#1d1a16"}  # white elsewhere
SHORT = {"lead": "L", "coal": "C", "copper": "Cu", "iron": "I", "gold": "G"}
TILE_WORDS = {"market": "Market", "permit": "Permits", "recruit": "Recruit", "cage": "Mine cage", "drill": "Drill bit",
              "private": "Private mine", "advance": "Advance"}
DEPTH_FILL = ("#efe6d2", "#e2d6bb", "#d3c29f")
TEMP_FILL = "#f8f8f8"
GLYPH_EM = 0.6  # a guess of a glyph's width, as a share of its size
NAME_CHARS = 9  # a private mine shows its owner's name up to this long, else the owner's mark
SIZES = ("width", "gap", "pad", "corner", "head_corner", "dash", "dash_gap", "space_dash", "title", "title_baseline",
         "title_height", "part_gap", "text", "label", "small", "amount", "worker", "worker_drop", "worker_text",
         "temp_ring", "tile", "tile_baseline", "open_baseline", "tile_worker", "recruit_x", "recruit_baseline",
         "recruit_y", "recruit_gap", "recruit_height", "head", "head_baseline", "sub_baseline", "space", "band",
         "band_drop", "amount_x", "amount_baseline", "worker_inset", "rows_top", "row_step", "empty_baseline",
         "space_inset", "contract_bottom", "key_baseline", "band_baseline", "key_height", "key_name", "key_name_drop",
         "key_room", "key_step")


def geometry(game) -> SimpleNamespace:
    """The picture's sizes from the data, with a column's width that follows from them."""
    s = SimpleNamespace(**vars(sizes(game, SIZES)))
    s.card_w = (s.width - s.gap * (COLS - 1)) / COLS  # 68.8
    return s


def ink_on(colour: str) -> str:
    """Black or white, whichever contrasts more with ``colour`` (a ``#rgb`` or ``#rrggbb`` fill)."""
    try:
        lum = luminance(colour)
    except ValueError:
        return "#fff"
    # contrast with white (luminance 1) against contrast with black (luminance 0)
    return "#fff" if contrast(1, lum) >= contrast(lum, 0) else "#000"


def worker(s, cx: float, cy: float, seat: int, colours: list, letters: list, names: list, temp: bool = False,
           where: str = "") -> str:
    """One worker: a disc in the owner's colour with the owner's mark (a temp worker is white
    with a ring in the owner's colour)."""
    colour = colours[seat] if seat < len(colours) and colours[seat] else "#888888"
    fill, ring = (TEMP_FILL, colour) if temp else (colour, "#111")
    whose = f"{names[seat]}'s {'temp worker' if temp else 'worker'}" + (f" on {where}" if where else "")
    return (f'<g class="opw" data-seat="{seat}" data-mark="{escaped(letters[seat])}"><title>{escaped(whose)}</title>'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{s.worker}" fill="{escaped(fill)}" stroke="{escaped(ring)}" '
            f'stroke-width="{s.temp_ring if temp else 1}"/>'
            f'<text class="opw-mark" x="{cx:.1f}" y="{cy + s.worker_drop:.1f}" text-anchor="middle" '
            f'font-size="{s.worker_text}" font-weight="bold" fill="{ink_on(fill)}"'
            # a three-letter mark is drawn narrower so it stays inside its disc
            f'{_fit(letters[seat], s.worker_text, 2 * (s.worker - 1))}>{escaped(letters[seat])}</text></g>')


def _fit(text: str, size: float, room: float) -> str:
    """Text that might not fit its room is drawn narrower rather than spilling over the edge."""
    return f' textLength="{room:.1f}" lengthAdjust="spacingAndGlyphs"' if len(text) * size * GLYPH_EM > room else ""


def _text(s, x: float, y: float, text: str, size: float, cls: str = "", bold: bool = False, fill: str = INK,
          anchor: str = "start", room: float | None = None) -> str:
    room = s.card_w - 2 * s.pad if room is None else room
    attrs = (f' class="{cls}"' if cls else "") + (' font-weight="bold"' if bold else "")
    attrs += f' text-anchor="{anchor}"' if anchor != "start" else ""
    return (f'<text{attrs} x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}"{_fit(text, size, room)}>'
            f'{escaped(text)}</text>')


def _title(s, y: float, text: str) -> str:
    return _text(s, 0, y + s.title_baseline, text, s.title, "ore-ink", bold=True, room=s.width)


def _tiles(s, top: float, spaces: list, draw) -> tuple[str, float]:
    out = []
    for i, sp in enumerate(spaces):
        x, y = column_x(s, i % COLS), top + (i // COLS) * (s.tile + s.gap)
        name = TILE_WORDS.get(sp["id"], sp["name"])
        out.append(f'<g class="op-tile" data-tile="{escaped(sp["id"])}{i if sp["id"] == "overtime" else ""}">'
                   f'<title>{escaped(sp["name"])}</title>'
                   f'<rect x="{x}" y="{y}" width="{s.card_w:.1f}" height="{s.tile}" rx="{s.corner}" fill="{CARD_FILL}" '
                   f'stroke="{CARD_LINE}"/>'
                   f'{_text(s, x + s.card_w / 2, y + s.tile_baseline, name, s.label, bold=True, anchor="middle")}')
        if sp["seat"] is None:
            out.append(_text(s, x + s.card_w / 2, y + s.open_baseline, "open", s.label, fill="#5c5346", anchor="middle"))
        else:
            out.append(draw(x + s.card_w / 2, y + s.tile_worker, sp["seat"], sp["name"]))
        out.append("</g>")
    rows = (len(spaces) + COLS - 1) // COLS
    return "".join(out), top + rows * (s.tile + s.gap) - s.gap


def _height(s, m: dict) -> float:
    spaces = m["spaces"]
    bands = sum(1 for i in range(1, len(spaces)) if spaces[i]["cage"] != spaces[i - 1]["cage"])
    return s.head + 2 + len(spaces) * s.space + bands * s.band


def _mine(s, x: float, top: float, m: dict, draw, left: int | None, owner: str, short: str = "") -> str:
    """One mine column; a private mine names its ``owner`` in its title and ``short`` (the name if
    it fits the column, else the owner's mark) on the card."""
    res, w = m["res"], s.card_w
    ink = RES_INK.get(res, "#fff")
    head = f'{res.capitalize()} ${m["price"]}'
    private = f' data-private="{m["private_of"]}"' if owner else ""
    whose = f"{owner}'s private " if owner else ""
    out = [f'<g class="op-mine" data-res="{res}"{private}>',
           f'<title>{escaped(whose)}{escaped(res)} mine: market price ${m["price"]}'
           f'{"" if left is None else f"; {left} more mine cards"}</title>',
           f'<rect x="{x}" y="{top}" width="{w:.1f}" height="{s.head}" rx="{s.head_corner}" fill="{RES_COLOUR[res]}"/>',
           _text(s, x + w / 2, top + s.head_baseline, head, s.amount, bold=True, fill=ink, anchor="middle"),
           _text(s, x + w / 2, top + s.sub_baseline,
                 f"{short}'s" if owner else ("last card" if left == 0 else f"{left} below"), s.small, fill=ink,
                 anchor="middle")]
    y = top + s.head + 2
    for i, sp in enumerate(m["spaces"]):
        if i and sp["cage"] != m["spaces"][i - 1]["cage"]:  # the band only a mine cage lets a worker pass
            out.append(f'<rect class="op-cage" x="{x}" y="{y - 1}" width="{w:.1f}" height="{s.band}" fill="#111"/>'
                       + _text(s, x + w / 2, y + s.band - s.band_drop, f'cage {sp["cage"]}', s.small, bold=True,
                               fill="#fff", anchor="middle"))
            y += s.band
        out.append(f'<rect x="{x}" y="{y}" width="{w:.1f}" height="{s.space - 2}" '
                   f'fill="{DEPTH_FILL[min(sp["cage"], len(DEPTH_FILL) - 1)]}"/>'
                   + _text(s, x + s.amount_x, y + s.amount_baseline, f'{sp["amount"]}×', s.amount))
        if sp["seat"] is not None:
            out.append(draw(x + w - s.worker - s.worker_inset, y + (s.space - 2) / 2, sp["seat"],
                            f'{res} mine, depth {i + 1}', m["private_of"] is not None))
        y += s.space
    out.append("</g>")
    return "".join(out)


def _contract(s, x: float, top: float, height: float, c: dict, draw) -> str:
    w = s.card_w
    out = [f'<g class="op-contract-card" data-slot="{c["slot"]}">']
    if c["id"]:
        out.append(f'<title>Contract {escaped(c["name"])}: {c["vp"]} VP, {c["buildings"]} building(s); rows: '
                   f'{escaped("; ".join(c["rows"]))}</title>'
                   f'<rect x="{x}" y="{top}" width="{w:.1f}" height="{height}" rx="{s.corner}" fill="{CARD_FILL}" '
                   f'stroke="{CARD_LINE}"/>'
                   + _text(s, x + s.pad, top + s.tile_baseline, f'{c["name"]} · {c["vp"]} VP', s.label, bold=True)
                   + _text(s, x + s.pad, top + s.sub_baseline,
                           f'{c["buildings"]} building{"s" if c["buildings"] != 1 else ""}', s.small))
        for i, row in enumerate(c["rows"]):
            out.append(_text(s, x + s.pad, top + s.rows_top + i * s.row_step, ("▸" if i == 0 else "") + short_row(row),
                             s.small, bold=i == 0))
    else:
        out.append(f'<rect class="ore-empty" x="{x}" y="{top}" width="{w:.1f}" height="{height}" rx="{s.corner}" '
                   f'fill="none" stroke="{CARD_LINE}" stroke-dasharray="{s.dash} {s.dash_gap}"/>'
                   + _text(s, x + w / 2, top + s.empty_baseline, "taken" if c["seat"] is not None else "empty", s.label,
                           "ore-ink", anchor="middle"))
    space_y = top + height - s.worker - s.space_inset
    if c["seat"] is not None:
        out.append(draw(x + w / 2, space_y, c["seat"], f'contract space {c["slot"] + 1}'))
    else:
        out.append(f'<circle class="ore-empty" cx="{x + w / 2:.1f}" cy="{space_y:.1f}" r="{s.worker}" fill="none" '
                   f'stroke="{CARD_LINE}" stroke-dasharray="{s.space_dash} 2"/>')
    out.append("</g>")
    return "".join(out)


def short_row(label: str) -> str:
    """A contract row in letters: "gold + iron/copper = $19" -> "G+I/Cu $19"."""
    wanted, _, pay = label.partition(" = ")
    for res, letter in SHORT.items():
        wanted = wanted.replace(res, letter)
    return wanted.replace(" + ", "+") + (f" {pay}" if pay else "")


def chip(game, seat: int, colours: list, names: list) -> Markup:
    """A seat's worker as a small picture of its own, for the lists beside the board."""
    s = geometry(game)
    size = 2 * s.worker + 2
    return Markup(f'<svg class="op-chip" width="{size}" height="{size}" viewBox="0 0 {size} {size}" aria-hidden="true">'
                  + worker(s, s.worker + 1, s.worker + 1, seat, colours, marks(names), names) + "</svg>")


def board_svg(game, view: dict, colours: list, names: list) -> Markup:
    """The picture from an Ore (published) view; ``colours`` and ``names`` by seat."""
    s = geometry(game)
    b = view["board"]
    letters = marks(names)
    left = {res: len(cards) for res, cards in view["decks"]["mines"].items()}

    def draw(cx, cy, seat, where, temp=False):
        return worker(s, cx, cy, seat, colours, letters, names, temp, where)

    parts: list[str] = []
    top = _spaces_and_recruits(s, parts, b, draw)
    public = [m for m in b["mines"] if m["private_of"] is None]
    top = _public_mines(s, parts, top, public, left, draw)
    top = _private_mines(s, parts, top, [m for m in b["mines"] if m["private_of"] is not None], names, letters, draw)
    top = _contract_row(s, parts, top, b["row"], draw)
    top = _key(s, parts, top, names, letters, draw)
    label = ("Ore board. " + "; ".join(f'{m["res"]} mine, market ${m["price"]}' for m in public) + ". Workers: "
             + (", ".join(f'{names[sp["seat"]]} ({letters[sp["seat"]]}) on {m["res"]} depth {i + 1}' for m in b["mines"]
                          for i, sp in enumerate(m["spaces"]) if sp["seat"] is not None) or "none in the mines") + ".")
    return Markup(f'<svg class="ore-board op-board" width="100%" viewBox="0 0 {s.width} {top + 2:.0f}" role="img" '
                  f'aria-label="{escaped(label)}" xmlns="http://www.w3.org/2000/svg">' + "".join(parts) + "</svg>")


def _spaces_and_recruits(s, parts: list[str], b: dict, draw) -> float:
    """The action spaces and the recruit area; returns where the next part starts."""
    parts.append(_title(s, 0, "Action spaces"))
    drawn, top = _tiles(s, s.title_height, b["spaces"], draw)
    parts.append(drawn)
    waiting = [p["seat"] for p in b["players"] if p["waiting"]]
    parts.append(_text(s, 0, top + s.recruit_baseline, "Waiting in the recruit area:" if waiting else "Recruit area: empty",
                       s.text, "ore-ink", room=s.recruit_x - 2 * s.worker))
    for i, seat in enumerate(waiting):
        parts.append(f'<g class="op-recruit">'
                     f'{draw(s.recruit_x + i * (2 * s.worker + s.recruit_gap), top + s.recruit_y, seat, "the recruit area")}</g>')
    return top + s.recruit_height


def _public_mines(s, parts: list[str], top: float, public: list, left: dict, draw) -> float:
    parts.append(_title(s, top, "Mines (market price on top)"))
    top += s.title_height
    for col, m in enumerate(public):
        parts.append(_mine(s, column_x(s, col), top, m, draw, left.get(m["res"]), ""))
    if not public:
        parts.append(_text(s, 0, top + s.title_baseline, "Turned up at the deal.", s.text, "ore-ink", room=s.width))
        top += s.title_height
    return top + max((_height(s, m) for m in public), default=0) + s.part_gap


def _private_mines(s, parts: list[str], top: float, private: list, names: list, letters: list, draw) -> float:
    if not private:
        return top
    parts.append(_title(s, top, "Private mines (white: the temp worker)"))
    top += s.title_height
    for start in range(0, len(private), COLS):
        group = private[start:start + COLS]
        for col, m in enumerate(group):
            owner = names[m["private_of"]]
            short = owner if len(owner) <= NAME_CHARS else letters[m["private_of"]]
            parts.append(_mine(s, column_x(s, col), top, m, draw, None, owner, short))
        top += max(_height(s, m) for m in group) + s.part_gap
    return top


def _contract_row(s, parts: list[str], top: float, row: list, draw) -> float:
    parts.append(_title(s, top, "Contract row (▸ the next row)"))
    top += s.title_height
    height = s.rows_top + max((len(c["rows"]) for c in row), default=1) * s.row_step + 2 * s.worker + s.contract_bottom
    for col, c in enumerate(row[:COLS]):
        parts.append(_contract(s, column_x(s, col), top, height, c, draw))
    return top + height + s.part_gap


def _key(s, parts: list[str], top: float, names: list, letters: list, draw) -> float:
    """What the letters stand for, and each seat's worker beside its name."""
    parts.append(_text(s, 0, top + s.key_baseline, " · ".join(f"{letter} {res}" for res, letter in SHORT.items()),
                       s.amount, "ore-ink", room=s.width))
    parts.append(_text(s, 0, top + s.band_baseline, "A dark band: deeper spaces need that mine cage.", s.amount,
                       "ore-ink", room=s.width))
    top += s.key_height
    r = s.worker
    for seat, (letter, name) in enumerate(zip(letters, names)):
        parts.append(f'<g class="op-key" data-seat="{seat}">' + draw(r + 1, top + r + 1, seat, "")
                     + _text(s, 2 * r + s.key_name, top + r + s.key_name_drop, name, s.title, "ore-ink",
                             room=s.width - 2 * r - s.key_room) + "</g>")
        top += 2 * r + s.key_step
    return top


# What the page partial draws: board(game, "board", view, colours, names) and a seat's chip
PICTURES = {"board": board_svg, "chip": chip}
