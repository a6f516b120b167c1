"""Ore's table as one server-drawn SVG for the phone: the five mines with their spaces, the
miners on them and each mine's market price, then the asset, initiative and contract rows (three
cards a line) with the miners on the asset and contract tracks beside their rows, in order.

A miner is a disc in its owner's colour carrying the owner's letter, so ownership never rests
on colour alone. The picture is 360 units wide and drawn about 300 px wide on a 360 px phone, so
no text is smaller than 12 units (10 px there); text outside the cards carries the class
``ore-ink`` so the dark theme can repaint it (boards.css).
"""

from __future__ import annotations

from markupsafe import Markup, escape

from companion.marks import key_entry, marks

WIDTH = 360
COLS = 5
GAP = 4
CARD_W = (WIDTH - GAP * (COLS - 1)) / COLS  # 68.8
HEAD_H = 34
SPACE_H = 22
TEXT = 12  # the smallest font size drawn
STEP = TEXT + 2  # from one line of a card to the next
PER_LINE = 3  # cards on one line of a row
CARD_WIDE = (WIDTH - GAP * (PER_LINE - 1)) / PER_LINE  # 117.3
DISC = 22  # from one miner on a track to the next
CHARS = 15  # characters on a line of a card
RES_COLOUR = {"gold": "#d4a017", "oil": "#2b2b2b", "iron": "#8c3b2a", "copper": "#c8702e", "coal": "#5b5f66"}
RES_INK = {"gold": "#1d1a16"}  # white elsewhere
SHORT = {"gold": "G", "oil": "O", "iron": "I", "copper": "Cu", "coal": "C"}
LEVEL_FILL = ("#efe6d2", "#e2d6bb", "#d3c29f")
CARD_FILL = "#fbf8f1"
CARD_LINE = "#8a7f6e"
INK = "#1d1a16"


def escaped(value) -> str:
    return str(escape(str(value)))


def column_x(col: int) -> float:
    return round(col * (CARD_W + GAP), 1)


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
    guess = len(text) * size * 0.62
    return f' textLength="{room:.1f}" lengthAdjust="spacingAndGlyphs"' if guess > room else ""


def _lines(x: float, y: float, lines: list[str], size: float = TEXT, bold: bool = False, fill: str = INK,
           room: float = CARD_WIDE - 8) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return "".join(f'<text x="{x}" y="{y + i * (size + 2):.1f}" font-size="{size}"{weight} fill="{fill}"'
                   f'{_squeeze(t, size, bold, room)}>{escaped(t)}</text>' for i, t in enumerate(lines))


def _disc(cx: float, cy: float, seat: int, colours: list, letters: list, title: str, extra: str = "") -> str:
    """A miner: a disc in its owner's colour with the owner's letter on it."""
    fill = colours[seat] if seat < len(colours) and colours[seat] else "#888"
    letter = letters[seat] if seat < len(letters) else "?"
    return (f'<g class="ore-miner" data-seat="{seat}"{extra}><title>{escaped(title)}</title>'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="10" fill="{escaped(fill)}" stroke="#111"/>'
            f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" font-size="{TEXT}" font-weight="bold" fill="#fff" '
            f'stroke="#111" stroke-width="0.6"{_squeeze(letter, TEXT, True, 17)}>{escaped(letter)}</text></g>')


def _mine(col: int, top: float, m: dict, colours: list, letters: list, names: list) -> str:
    x = column_x(col)
    res = m["res"]
    ink = RES_INK.get(res, "#fff")
    out = [f'<g class="ore-mine" data-res="{res}">',
           f'<title>{escaped(res.capitalize())} mine: market price ${m["price"]}'
           f'{", exhausted" if m["exhausted"] else ""}; {m["left"]} mine cards left</title>',
           f'<rect x="{x}" y="{top}" width="{CARD_W:.1f}" height="{HEAD_H}" rx="4" fill="{RES_COLOUR[res]}"/>',
           f'<text x="{x + CARD_W / 2:.1f}" y="{top + 14}" text-anchor="middle" font-size="12" font-weight="bold" '
           f'fill="{ink}">{escaped(res.capitalize())}</text>',
           f'<text class="ore-price" x="{x + CARD_W / 2:.1f}" y="{top + 29}" text-anchor="middle" font-size="{TEXT}" '
           f'fill="{ink}"{_squeeze("market $00", TEXT, False, CARD_W - 6)}>market ${m["price"]}</text>']
    y = top + HEAD_H + 2
    for i, s in enumerate(m["spaces"]):
        if i and s["level"] != m["spaces"][i - 1]["level"]:  # the dark line a mine cage lets miners pass
            out.append(f'<line x1="{x}" y1="{y - 1}" x2="{x + CARD_W:.1f}" y2="{y - 1}" stroke="#111" stroke-width="3"/>')
        out.append(f'<rect x="{x}" y="{y}" width="{CARD_W:.1f}" height="{SPACE_H - 2}" '
                   f'fill="{LEVEL_FILL[min(s["level"], 3) - 1]}"/>'
                   f'<text x="{x + 6}" y="{y + 15}" font-size="12" fill="{INK}">{s["amount"]}{"▸" if s["top"] else ""}</text>')
        if s["seat"] is not None:
            out.append(_disc(x + CARD_W - 16, y + 10, s["seat"], colours, letters, f'{names[s["seat"]]}\'s miner'))
        y += SPACE_H
    if m["exhausted"]:
        out.append(f'<rect x="{x}" y="{top + HEAD_H}" width="{CARD_W:.1f}" height="{y - top - HEAD_H}" fill="#1d1a16" '
                   f'fill-opacity="0.55"/><text x="{x + CARD_W / 2:.1f}" y="{top + HEAD_H + 40}" text-anchor="middle" '
                   f'font-size="{TEXT}" font-weight="bold" fill="#fff"{_squeeze("EXHAUSTED", TEXT, True, CARD_W - 8)}>EXHAUSTED</text>')
    out.append(f'<text class="ore-ink" x="{x + CARD_W / 2:.1f}" y="{y + 13}" text-anchor="middle" font-size="{TEXT}" '
               f'fill="{INK}">{m["left"]} left</text></g>')
    return "".join(out)


def _slot(i: int) -> tuple[float, float]:
    """Where the i-th card of a row sits: its left edge and its line of the row."""
    return round(i % PER_LINE * (CARD_WIDE + GAP), 1), i // PER_LINE


def _card(x: float, top: float, height: float, body: str, title: str, kind: str, slot: int) -> str:
    return (f'<g class="ore-card" data-row="{kind}" data-slot="{slot}"><title>{escaped(title)}</title>'
            f'<rect x="{x}" y="{top}" width="{CARD_WIDE:.1f}" height="{height}" rx="5" fill="{CARD_FILL}" '
            f'stroke="{CARD_LINE}"/>{body}</g>')


def _empty(x: float, top: float, height: float) -> str:
    return (f'<rect class="ore-empty" x="{x}" y="{top}" width="{CARD_WIDE:.1f}" height="{height}" rx="5" fill="none" '
            f'stroke="{CARD_LINE}" '
            f'stroke-dasharray="4 3"/><text class="ore-ink" x="{x + CARD_WIDE / 2:.1f}" y="{top + height / 2 + 4}" '
            f'text-anchor="middle" font-size="{TEXT}" fill="{INK}">empty</text>')


def _track(name: str, top: float, seats: list, colours: list, letters: list, names: list) -> tuple[str, float]:
    """The miners on a track beside its row's title, first placed first, wrapping onto more lines."""
    label = f"{name.capitalize()} track:"
    left = 84 + 100  # past the longest row title and this label
    out = [f'<g class="ore-track" data-track="{name}">'
           f'<text class="ore-ink" x="84" y="{top + 12}" font-size="{TEXT}" fill="{INK}"'
           f'{_squeeze(label, TEXT, False, 94)}>{label}</text>']
    if not seats:
        out.append(f'<text class="ore-ink" x="{left}" y="{top + 12}" font-size="{TEXT}" fill="{INK}">no miner yet</text>')
    per_line = int((WIDTH - left) // DISC)
    for i, seat in enumerate(seats):
        cx = left + 10 + i % per_line * DISC
        cy = top + 8 + i // per_line * DISC
        who = names[seat] if seat < len(names) else "?"
        out.append(_disc(cx, cy, seat, colours, letters, f"{who}'s miner, number {i + 1} on the {name} track",
                         f' data-order="{i + 1}"'))
    lines = max(1, -(-len(seats) // per_line))
    return "".join(out) + "</g>", top + 18 + (lines - 1) * DISC


def _row(title: str, top: float, height: float, cards: list, draw, track: tuple[str, float] = ("", 0)) -> tuple[str, float]:
    """A row's title (with its track beside it, if any) and its cards below, ``PER_LINE`` to a line."""
    out = [f'<text class="ore-ink" x="0" y="{top + 12}" font-size="13" font-weight="bold" fill="{INK}">{escaped(title)}</text>',
           track[0]]
    top = max(top + 18, track[1] + 4)
    lines = 0
    for i, card in enumerate(cards[:COLS]):
        x, line = _slot(i)
        lines = line + 1
        y = top + line * (height + GAP)
        out.append(_empty(x, y, height) if card is None else draw(x, y, card, i))
    return "".join(out), top + lines * (height + GAP) + 6


def _asset(x: float, top: float, a: dict, slot: int) -> str:
    x += 4
    name = wrap(a["name"], CHARS)[:2]
    cost = wrap(in_letters(a["cost"]), CHARS)[:2]
    vp_y = top + 15 + len(name) * STEP
    body = (_lines(x, top + 15, name, bold=True) +
            f'<text x="{x}" y="{vp_y}" font-size="{TEXT}" font-weight="bold" fill="#8a3712">{a["vp"]} VP</text>'
            + _lines(x, vp_y + STEP, cost))
    return _card(x - 4, top, ASSET_H, body, f'{a["name"]}: {a["vp"]} VP, costs {a["cost"]}. {a["text"]}', "assets", slot)


def _initiative(x: float, top: float, i: dict, slot: int) -> str:
    x += 4
    name = wrap(i["name"], CHARS)[:2]
    body = _lines(x, top + 15, name, bold=True) + _lines(x, top + 15 + len(name) * STEP, wrap(in_letters(i["cost"]), CHARS)[:1])
    return _card(x - 4, top, INITIATIVE_H, body, f'{i["name"]}: costs {i["cost"]}', "initiatives", slot)


def _contract(x: float, top: float, c: dict, slot: int) -> str:
    x += 4
    rows = [short_row(r) for r in c["rows"]][:4]
    body = (f'<text x="{x}" y="{top + 15}" font-size="13" font-weight="bold" fill="{INK}">#{c["number"]}</text>'
            + _lines(x, top + 15 + STEP + 1, rows))
    return _card(x - 4, top, CONTRACT_H, body, f'Contract #{c["number"]}: ' + "; ".join(c["rows"]), "contracts", slot)


ASSET_H = 6 + 5 * STEP + 8  # two lines of name, the VP, two lines of cost
INITIATIVE_H = 6 + 3 * STEP + 8
CONTRACT_H = 7 + 5 * STEP + 8  # the number and up to four rows


def _seats(b: dict, track: str, names: list) -> list[int]:
    """The seats on a track: the view names them, first placed first."""
    return [names.index(n) if n in names else len(names) for n in b["tracks"][track]]


def board_svg(b: dict, colours: list, names: list) -> Markup:
    """The picture from the Ore view's ``board``; ``colours`` and ``names`` by seat."""
    letters = marks(names)
    most = max((len(m["spaces"]) for m in b["mines"]), default=0)
    top = 18
    parts = [f'<text class="ore-ink" x="0" y="12" font-size="13" font-weight="bold" fill="{INK}">Mines and market prices</text>']
    parts += [_mine(col, top, m, colours, letters, names) for col, m in enumerate(b["mines"])]
    top += HEAD_H + 2 + most * SPACE_H + 24
    for title, height, cards, draw, track in (("Assets", ASSET_H, b["assets"], _asset, "asset"),
                                              ("Initiatives", INITIATIVE_H, b["initiatives"], _initiative, ""),
                                              ("Contracts", CONTRACT_H, b["contracts"], _contract, "contract")):
        beside = _track(track, top, _seats(b, track, names), colours, letters, names) if track else ("", 0)
        drawn, top = _row(title, top, height, cards, draw, beside)
        parts.append(drawn)
    key = " · ".join(f"{letter} {res}" for res, letter in SHORT.items())
    owners = wrap("Miners: " + " · ".join(key_entry(letter, name) for letter, name in zip(letters, names)), 48)
    parts.append(f'<text class="ore-ink" x="0" y="{top + 6}" font-size="{TEXT}" fill="{INK}">{escaped(key)}</text>'
                 + "".join(f'<text class="ore-ink" x="0" y="{top + 6 + (i + 1) * (STEP + 2)}" font-size="{TEXT}" '
                           f'fill="{INK}">{escaped(line)}</text>' for i, line in enumerate(owners)))
    height = top + 6 + len(owners) * (STEP + 2) + 8
    label = ("Ore table: " + "; ".join(f'{m["res"]} mine, market ${m["price"]}' for m in b["mines"]) + ". "
             + "Miners: " + (", ".join(f'{names[s["seat"]]} on {m["res"]} ({s["amount"]})' for m in b["mines"]
                                       for s in m["spaces"] if s["seat"] is not None) or "none") + ". "
             + "".join(f'{t.capitalize()} track: {", ".join(b["tracks"][t]) or "no miner yet"}. ' for t in ("asset", "contract")))
    return Markup(f'<svg class="ore-board board-svg" width="100%" viewBox="0 0 {WIDTH} {height:.0f}" role="img" '
                  f'aria-label="{escaped(label.strip())}" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">'
                  + "".join(parts) + "</svg>")


# What the page partial draws: board(game, "board", view_board, colours, names)
PICTURES = {"board": lambda game, b, colours, names: board_svg(b, colours, names)}
