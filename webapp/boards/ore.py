"""Ore's table as one server-drawn SVG for the phone: the five mines with their spaces, the
miners on them and each mine's market price, then the asset, initiative and contract rows (three
cards a line) with the miners on the asset and contract tracks beside their rows, in order.

A miner is a disc in its owner's colour carrying the owner's letter, so ownership never rests
on colour alone. Its sizes are ``[phone.lengths]`` of ``cards_data/ore/layouts.toml``: the picture is
``width`` (360) units wide and drawn about 300 px wide on a 360 px phone, so no text is smaller
than ``text`` (12 units, 10 px there); text outside the cards carries the class
``ore-ink`` so the dark theme can repaint it (boards.css).
"""

from __future__ import annotations

from types import SimpleNamespace

from markupsafe import Markup, escape

from companion.marks import key_entry, marks

from .sizes import sizes

COLS = 5  # mines side by side, and cards in a row
PER_LINE = 3  # cards on one line of a row
CHARS = 15  # characters on a line of a card
KEY_CHARS = 48  # characters on a line of the key
GLYPH_EM = 0.62  # a generous guess of a sans-serif glyph's width, as a share of its size
RES_COLOUR = {"gold": "#d4a017", "oil": "#2b2b2b", "iron": "#8c3b2a", "copper": "#c8702e", "coal": "#5b5f66"}
RES_INK = {"gold": "#1d1a16"}  # white elsewhere
SHORT = {"gold": "G", "oil": "O", "iron": "I", "copper": "Cu", "coal": "C"}
LEVEL_FILL = ("#efe6d2", "#e2d6bb", "#d3c29f")
CARD_FILL = "#fbf8f1"
CARD_LINE = "#8a7f6e"
INK = "#1d1a16"
NAME_LINES = COST_LINES = 2  # lines of a card's name and of its cost
ROWS = 4  # a contract's rows
SIZES = ("width", "gap", "text", "title", "leading", "title_baseline", "title_height", "row_gap", "mines_gap", "pad",
         "corner", "dash", "dash_gap", "empty_drop", "head", "head_baseline", "price_baseline", "price_pad",
         "head_corner", "space", "cage", "amount_x", "amount_baseline", "exhausted_drop", "left_baseline", "miner",
         "miner_drop", "miner_outline", "miner_room", "miner_x", "miner_y", "track_x", "track_label", "track_room",
         "track_step", "track_top", "track_gap", "card_top", "card_bottom", "name_baseline", "number_drop",
         "contract_top", "key_gap", "key_end")


def geometry(game) -> SimpleNamespace:
    """The picture's sizes from the data, with the widths and heights that follow from them."""
    s = SimpleNamespace(**vars(sizes(game, SIZES)))
    s.card_w = (s.width - s.gap * (COLS - 1)) / COLS  # 68.8: a mine's column
    s.card_wide = (s.width - s.gap * (PER_LINE - 1)) / PER_LINE  # 117.3: a card in a row
    s.step = s.text + s.leading  # from one line of a card to the next
    s.asset_h = s.card_top + (NAME_LINES + 1 + COST_LINES) * s.step + s.card_bottom  # name, VP, cost
    s.initiative_h = s.card_top + (NAME_LINES + 1) * s.step + s.card_bottom
    s.contract_h = s.contract_top + (1 + ROWS) * s.step + s.card_bottom  # the number and its rows
    return s


def escaped(value) -> str:
    return str(escape(str(value)))


def column_x(s, col: int) -> float:
    return round(col * (s.card_w + s.gap), 1)


def wrap(text: str, width: int) -> list[str]:
    """Words into lines of at most ``width`` characters (a longer word keeps a line to itself)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def in_letters(text: str) -> str:
    """Barrels in letters, as the key under the picture gives them: "copper + iron" -> "Cu+I"."""
    for res, letter in SHORT.items():
        text = text.replace(res, letter)
    return text.replace(" + ", "+")


def short_row(label: str) -> str:
    """A contract row in letters: "oil/copper + iron for $18" -> "O/Cu+I $18"."""
    wanted, _, pay = label.partition(" for ")
    return in_letters(wanted) + (f" {pay}" if pay else "")


def _squeeze(text: str, size: float, bold: bool, room: float) -> str:
    """A line that might not fit its card is drawn narrower rather than spilling over the edge
    (the width per character is a generous guess for a sans-serif face)."""
    guess = len(text) * size * GLYPH_EM
    return f' textLength="{room:.1f}" lengthAdjust="spacingAndGlyphs"' if guess > room else ""


def _lines(s, x: float, y: float, lines: list[str], bold: bool = False, fill: str = INK) -> str:
    weight = ' font-weight="bold"' if bold else ""
    room = s.card_wide - 2 * s.pad
    return "".join(f'<text x="{x}" y="{y + i * (s.text + s.leading):.1f}" font-size="{s.text}"{weight} fill="{fill}"'
                   f'{_squeeze(t, s.text, bold, room)}>{escaped(t)}</text>' for i, t in enumerate(lines))


def _disc(s, cx: float, cy: float, seat: int, colours: list, letters: list, title: str, extra: str = "") -> str:
    """A miner: a disc in its owner's colour with the owner's letter on it."""
    fill = colours[seat] if seat < len(colours) and colours[seat] else "#888"
    letter = letters[seat] if seat < len(letters) else "?"
    return (f'<g class="ore-miner" data-seat="{seat}"{extra}><title>{escaped(title)}</title>'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{s.miner}" fill="{escaped(fill)}" stroke="#111"/>'
            f'<text x="{cx:.1f}" y="{cy + s.miner_drop:.1f}" text-anchor="middle" font-size="{s.text}" font-weight="bold" '
            f'fill="#fff" stroke="#111" stroke-width="{s.miner_outline}"{_squeeze(letter, s.text, True, s.miner_room)}>'
            f'{escaped(letter)}</text></g>')


def _mine(s, col: int, top: float, m: dict, colours: list, letters: list, names: list) -> str:
    x, w = column_x(s, col), s.card_w
    res = m["res"]
    ink = RES_INK.get(res, "#fff")
    out = [f'<g class="ore-mine" data-res="{res}">',
           f'<title>{escaped(res.capitalize())} mine: market price ${m["price"]}'
           f'{", exhausted" if m["exhausted"] else ""}; {m["left"]} mine cards left</title>',
           f'<rect x="{x}" y="{top}" width="{w:.1f}" height="{s.head}" rx="{s.head_corner}" fill="{RES_COLOUR[res]}"/>',
           f'<text x="{x + w / 2:.1f}" y="{top + s.head_baseline}" text-anchor="middle" font-size="{s.text}" '
           f'font-weight="bold" fill="{ink}">{escaped(res.capitalize())}</text>',
           f'<text class="ore-price" x="{x + w / 2:.1f}" y="{top + s.price_baseline}" text-anchor="middle" '
           f'font-size="{s.text}" fill="{ink}"{_squeeze("market $00", s.text, False, w - 2 * s.price_pad)}>'
           f'market ${m["price"]}</text>']
    y = top + s.head + 2
    for i, sp in enumerate(m["spaces"]):
        if i and sp["level"] != m["spaces"][i - 1]["level"]:  # the dark line a mine cage lets miners pass
            out.append(f'<line x1="{x}" y1="{y - 1}" x2="{x + w:.1f}" y2="{y - 1}" stroke="#111" stroke-width="{s.cage}"/>')
        out.append(f'<rect x="{x}" y="{y}" width="{w:.1f}" height="{s.space - 2}" '
                   f'fill="{LEVEL_FILL[min(sp["level"], len(LEVEL_FILL)) - 1]}"/>'
                   f'<text x="{x + s.amount_x}" y="{y + s.amount_baseline}" font-size="{s.text}" fill="{INK}">'
                   f'{sp["amount"]}{"▸" if sp["top"] else ""}</text>')
        if sp["seat"] is not None:
            out.append(_disc(s, x + w - s.miner_x, y + s.miner_y, sp["seat"], colours, letters,
                             f'{names[sp["seat"]]}\'s miner'))
        y += s.space
    if m["exhausted"]:
        out.append(f'<rect x="{x}" y="{top + s.head}" width="{w:.1f}" height="{y - top - s.head}" fill="#1d1a16" '
                   f'fill-opacity="0.55"/><text x="{x + w / 2:.1f}" y="{top + s.head + s.exhausted_drop}" '
                   f'text-anchor="middle" font-size="{s.text}" font-weight="bold" fill="#fff"'
                   f'{_squeeze("EXHAUSTED", s.text, True, w - 2 * s.pad)}>EXHAUSTED</text>')
    out.append(f'<text class="ore-ink" x="{x + w / 2:.1f}" y="{y + s.left_baseline}" text-anchor="middle" '
               f'font-size="{s.text}" fill="{INK}">{m["left"]} left</text></g>')
    return "".join(out)


def _slot(s, i: int) -> tuple[float, float]:
    """Where the i-th card of a row sits: its left edge and its line of the row."""
    return round(i % PER_LINE * (s.card_wide + s.gap), 1), i // PER_LINE


def _card(s, x: float, top: float, height: float, body: str, title: str, kind: str, slot: int) -> str:
    return (f'<g class="ore-card" data-row="{kind}" data-slot="{slot}"><title>{escaped(title)}</title>'
            f'<rect x="{x}" y="{top}" width="{s.card_wide:.1f}" height="{height}" rx="{s.corner}" fill="{CARD_FILL}" '
            f'stroke="{CARD_LINE}"/>{body}</g>')


def _empty(s, x: float, top: float, height: float) -> str:
    return (f'<rect class="ore-empty" x="{x}" y="{top}" width="{s.card_wide:.1f}" height="{height}" rx="{s.corner}" '
            f'fill="none" stroke="{CARD_LINE}" '
            f'stroke-dasharray="{s.dash} {s.dash_gap}"/><text class="ore-ink" x="{x + s.card_wide / 2:.1f}" '
            f'y="{top + height / 2 + s.empty_drop}" text-anchor="middle" font-size="{s.text}" fill="{INK}">empty</text>')


def _track(s, name: str, top: float, seats: list, colours: list, letters: list, names: list) -> tuple[str, float]:
    """The miners on a track beside its row's title, first placed first, wrapping onto more lines."""
    label = f"{name.capitalize()} track:"
    left = s.track_x + s.track_label  # past the longest row title and this label
    out = [f'<g class="ore-track" data-track="{name}">'
           f'<text class="ore-ink" x="{s.track_x}" y="{top + s.title_baseline}" font-size="{s.text}" fill="{INK}"'
           f'{_squeeze(label, s.text, False, s.track_room)}>{label}</text>']
    if not seats:
        out.append(f'<text class="ore-ink" x="{left}" y="{top + s.title_baseline}" font-size="{s.text}" fill="{INK}">'
                   'no miner yet</text>')
    per_line = int((s.width - left) // s.track_step)
    for i, seat in enumerate(seats):
        cx = left + s.miner + i % per_line * s.track_step
        cy = top + s.track_top + i // per_line * s.track_step
        who = names[seat] if seat < len(names) else "?"
        out.append(_disc(s, cx, cy, seat, colours, letters, f"{who}'s miner, number {i + 1} on the {name} track",
                         f' data-order="{i + 1}"'))
    lines = max(1, -(-len(seats) // per_line))
    return "".join(out) + "</g>", top + s.title_height + (lines - 1) * s.track_step


def _row(s, title: str, top: float, height: float, cards: list, draw,
         track: tuple[str, float] = ("", 0)) -> tuple[str, float]:
    """A row's title (with its track beside it, if any) and its cards below, ``PER_LINE`` to a line."""
    out = [f'<text class="ore-ink" x="0" y="{top + s.title_baseline}" font-size="{s.title}" font-weight="bold" '
           f'fill="{INK}">{escaped(title)}</text>', track[0]]
    top = max(top + s.title_height, track[1] + s.track_gap)
    lines = 0
    for i, card in enumerate(cards[:COLS]):
        x, line = _slot(s, i)
        lines = line + 1
        y = top + line * (height + s.gap)
        out.append(_empty(s, x, y, height) if card is None else draw(s, x, y, card, i))
    return "".join(out), top + lines * (height + s.gap) + s.row_gap


def _asset(s, x: float, top: float, a: dict, slot: int) -> str:
    x += s.pad
    name = wrap(a["name"], CHARS)[:NAME_LINES]
    cost = wrap(in_letters(a["cost"]), CHARS)[:COST_LINES]
    vp_y = top + s.name_baseline + len(name) * s.step
    body = (_lines(s, x, top + s.name_baseline, name, bold=True) +
            f'<text x="{x}" y="{vp_y}" font-size="{s.text}" font-weight="bold" fill="#8a3712">{a["vp"]} VP</text>'
            + _lines(s, x, vp_y + s.step, cost))
    return _card(s, x - s.pad, top, s.asset_h, body, f'{a["name"]}: {a["vp"]} VP, costs {a["cost"]}. {a["text"]}',
                 "assets", slot)


def _initiative(s, x: float, top: float, i: dict, slot: int) -> str:
    x += s.pad
    name = wrap(i["name"], CHARS)[:NAME_LINES]
    body = (_lines(s, x, top + s.name_baseline, name, bold=True)
            + _lines(s, x, top + s.name_baseline + len(name) * s.step, wrap(in_letters(i["cost"]), CHARS)[:1]))
    return _card(s, x - s.pad, top, s.initiative_h, body, f'{i["name"]}: costs {i["cost"]}', "initiatives", slot)


def _contract(s, x: float, top: float, c: dict, slot: int) -> str:
    x += s.pad
    rows = [short_row(r) for r in c["rows"]][:ROWS]
    body = (f'<text x="{x}" y="{top + s.name_baseline}" font-size="{s.title}" font-weight="bold" fill="{INK}">'
            f'#{c["number"]}</text>' + _lines(s, x, top + s.name_baseline + s.step + s.number_drop, rows))
    return _card(s, x - s.pad, top, s.contract_h, body, f'Contract #{c["number"]}: ' + "; ".join(c["rows"]),
                 "contracts", slot)


def _seats(b: dict, track: str, names: list) -> list[int]:
    """The seats on a track: the view names them, first placed first."""
    return [names.index(n) if n in names else len(names) for n in b["tracks"][track]]


def _key(s, top: float, letters: list, names: list) -> tuple[str, float]:
    """What the letters stand for, and each seat's letter with its name."""
    key = " · ".join(f"{letter} {res}" for res, letter in SHORT.items())
    owners = wrap("Miners: " + " · ".join(key_entry(letter, name) for letter, name in zip(letters, names)), KEY_CHARS)
    line = s.step + s.leading
    drawn = (f'<text class="ore-ink" x="0" y="{top + s.key_gap}" font-size="{s.text}" fill="{INK}">{escaped(key)}</text>'
             + "".join(f'<text class="ore-ink" x="0" y="{top + s.key_gap + (i + 1) * line}" font-size="{s.text}" '
                       f'fill="{INK}">{escaped(text)}</text>' for i, text in enumerate(owners)))
    return drawn, top + s.key_gap + len(owners) * line + s.key_end


def board_svg(game, b: dict, colours: list, names: list) -> Markup:
    """The picture from the Ore view's ``board``; ``colours`` and ``names`` by seat."""
    s = geometry(game)
    letters = marks(names)
    most = max((len(m["spaces"]) for m in b["mines"]), default=0)
    top = s.title_height
    parts = [f'<text class="ore-ink" x="0" y="{s.title_baseline}" font-size="{s.title}" font-weight="bold" '
             f'fill="{INK}">Mines and market prices</text>']
    parts += [_mine(s, col, top, m, colours, letters, names) for col, m in enumerate(b["mines"])]
    top += s.head + 2 + most * s.space + s.mines_gap
    for title, height, cards, draw, track in (("Assets", s.asset_h, b["assets"], _asset, "asset"),
                                              ("Initiatives", s.initiative_h, b["initiatives"], _initiative, ""),
                                              ("Contracts", s.contract_h, b["contracts"], _contract, "contract")):
        beside = _track(s, track, top, _seats(b, track, names), colours, letters, names) if track else ("", 0)
        drawn, top = _row(s, title, top, height, cards, draw, beside)
        parts.append(drawn)
    drawn, height = _key(s, top, letters, names)
    parts.append(drawn)
    label = ("Ore table: " + "; ".join(f'{m["res"]} mine, market ${m["price"]}' for m in b["mines"]) + ". "
             + "Miners: " + (", ".join(f'{names[sp["seat"]]} on {m["res"]} ({sp["amount"]})' for m in b["mines"]
                                       for sp in m["spaces"] if sp["seat"] is not None) or "none") + ". "
             + "".join(f'{t.capitalize()} track: {", ".join(b["tracks"][t]) or "no miner yet"}. ' for t in ("asset", "contract")))
    return Markup(f'<svg class="ore-board board-svg" width="100%" viewBox="0 0 {s.width} {height:.0f}" role="img" '
                  f'aria-label="{escaped(label.strip())}" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">'
                  + "".join(parts) + "</svg>")


# What the page partial draws: board(game, "board", view_board, colours, names)
PICTURES = {"board": board_svg}
