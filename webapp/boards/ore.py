"""Ore's table as one server-drawn SVG for the phone: the five mines with their spaces, the
miners on them and each mine's market price, then the asset, initiative and contract rows.

A miner is a disc in its owner's colour carrying the owner's letter, so ownership never rests
on colour alone. The picture is 360 units wide, the width of a small phone; text outside the
cards carries the class ``ore-ink`` so the dark theme can repaint it (boards.css).
"""

from __future__ import annotations

from markupsafe import Markup, escape

WIDTH = 360
COLS = 5
GAP = 4
CARD_W = (WIDTH - GAP * (COLS - 1)) / COLS  # 68.8
HEAD_H = 34
SPACE_H = 22
RES_COLOUR = {"gold": "#d4a017", "oil": "#2b2b2b", "iron": "#8c3b2a", "copper": "#c8702e", "coal": "#5b5f66"}
RES_INK = {"gold": "#1d1a16"}  # white elsewhere
SHORT = {"gold": "G", "oil": "O", "iron": "I", "copper": "Cu", "coal": "C"}
LEVEL_FILL = ("#efe6d2", "#e2d6bb", "#d3c29f")
CARD_FILL = "#fbf8f1"
CARD_LINE = "#8a7f6e"
INK = "#1d1a16"


def _e(value) -> str:
    return str(escape(str(value)))


def _x(col: int) -> float:
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


def marks(names: list[str]) -> list[str]:
    """Each player's letter on the board: the initial, or more letters where initials clash."""
    found = []
    for name in names:
        for n in range(1, len(name) + 1):
            mark = name[:n].upper() if n == 1 else name[:1].upper() + name[1:n].lower()
            if sum(1 for other in names if other[:n].lower() == name[:n].lower()) == 1:
                break
        found.append(mark if name else "?")
    return found


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


def _lines(x: float, y: float, lines: list[str], size: float, bold: bool = False, fill: str = INK) -> str:
    weight = ' font-weight="bold"' if bold else ""
    room = CARD_W - 8
    return "".join(f'<text x="{x}" y="{y + i * (size + 2):.1f}" font-size="{size}"{weight} fill="{fill}"'
                   f'{_squeeze(t, size, bold, room)}>{_e(t)}</text>' for i, t in enumerate(lines))


def _mine(col: int, top: float, m: dict, colours: list, letters: list, names: list) -> str:
    x = _x(col)
    res = m["res"]
    ink = RES_INK.get(res, "#fff")
    out = [f'<g class="ore-mine" data-res="{res}">',
           f'<title>{_e(res.capitalize())} mine: market price ${m["price"]}'
           f'{", exhausted" if m["exhausted"] else ""}; {m["left"]} mine cards left</title>',
           f'<rect x="{x}" y="{top}" width="{CARD_W:.1f}" height="{HEAD_H}" rx="4" fill="{RES_COLOUR[res]}"/>',
           f'<text x="{x + CARD_W / 2:.1f}" y="{top + 14}" text-anchor="middle" font-size="12" font-weight="bold" '
           f'fill="{ink}">{_e(res.capitalize())}</text>',
           f'<text class="ore-price" x="{x + CARD_W / 2:.1f}" y="{top + 29}" text-anchor="middle" font-size="11" '
           f'fill="{ink}">market ${m["price"]}</text>']
    y = top + HEAD_H + 2
    for i, s in enumerate(m["spaces"]):
        if i and s["level"] != m["spaces"][i - 1]["level"]:  # the dark line a mine cage lets miners pass
            out.append(f'<line x1="{x}" y1="{y - 1}" x2="{x + CARD_W:.1f}" y2="{y - 1}" stroke="#111" stroke-width="3"/>')
        out.append(f'<rect x="{x}" y="{y}" width="{CARD_W:.1f}" height="{SPACE_H - 2}" '
                   f'fill="{LEVEL_FILL[min(s["level"], 3) - 1]}"/>'
                   f'<text x="{x + 6}" y="{y + 15}" font-size="12" fill="{INK}">{s["amount"]}{"▸" if s["top"] else ""}</text>')
        if s["seat"] is not None:
            seat = s["seat"]
            fill = colours[seat] if seat < len(colours) and colours[seat] else "#888"
            out.append(f'<g class="ore-miner" data-seat="{seat}"><title>{_e(names[seat])}\'s miner</title>'
                       f'<circle cx="{x + CARD_W - 16:.1f}" cy="{y + 10}" r="9" fill="{_e(fill)}" stroke="#111"/>'
                       f'<text x="{x + CARD_W - 16:.1f}" y="{y + 14}" text-anchor="middle" font-size="10" '
                       f'font-weight="bold" fill="#fff" stroke="#111" stroke-width="0.6">{_e(letters[seat])}</text></g>')
        y += SPACE_H
    if m["exhausted"]:
        out.append(f'<rect x="{x}" y="{top + HEAD_H}" width="{CARD_W:.1f}" height="{y - top - HEAD_H}" fill="#1d1a16" '
                   f'fill-opacity="0.55"/><text x="{x + CARD_W / 2:.1f}" y="{top + HEAD_H + 40}" text-anchor="middle" '
                   f'font-size="10" font-weight="bold" fill="#fff"{_squeeze("EXHAUSTED", 10, True, CARD_W - 8)}>EXHAUSTED</text>')
    out.append(f'<text class="ore-ink" x="{x + CARD_W / 2:.1f}" y="{y + 11}" text-anchor="middle" font-size="10" '
               f'fill="{INK}">{m["left"]} left</text></g>')
    return "".join(out)


def _card(col: int, top: float, height: float, body: str, title: str, kind: str) -> str:
    x = _x(col)
    return (f'<g class="ore-card" data-row="{kind}" data-slot="{col}"><title>{_e(title)}</title>'
            f'<rect x="{x}" y="{top}" width="{CARD_W:.1f}" height="{height}" rx="5" fill="{CARD_FILL}" '
            f'stroke="{CARD_LINE}"/>{body}</g>')


def _empty(col: int, top: float, height: float) -> str:
    x = _x(col)
    return (f'<rect class="ore-empty" x="{x}" y="{top}" width="{CARD_W:.1f}" height="{height}" rx="5" fill="none" '
            f'stroke="{CARD_LINE}" '
            f'stroke-dasharray="4 3"/><text class="ore-ink" x="{x + CARD_W / 2:.1f}" y="{top + height / 2 + 4}" '
            f'text-anchor="middle" font-size="10" fill="{INK}">empty</text>')


def _row(title: str, top: float, height: float, cards: list, draw) -> tuple[str, float]:
    out = [f'<text class="ore-ink" x="0" y="{top + 12}" font-size="13" font-weight="bold" fill="{INK}">{_e(title)}</text>']
    top += 18
    for col, card in enumerate(cards[:COLS]):
        out.append(_empty(col, top, height) if card is None else draw(col, top, card))
    return "".join(out), top + height + 10


def _asset(col: int, top: float, a: dict) -> str:
    x = _x(col) + 4
    name = wrap(a["name"], 11)[:3]
    cost = wrap(in_letters(a["cost"]), 13)[:3]
    body = (_lines(x, top + 12, name, 10, bold=True) +
            f'<text x="{x}" y="{top + 12 + len(name) * 12 + 2}" font-size="10" font-weight="bold" fill="#8a3712">'
            f'{a["vp"]} VP</text>' + _lines(x, top + 12 + len(name) * 12 + 15, cost, 9))
    return _card(col, top, 86, body, f'{a["name"]}: {a["vp"]} VP, costs {a["cost"]}. {a["text"]}', "assets")


def _initiative(col: int, top: float, i: dict) -> str:
    x = _x(col) + 4
    name = wrap(i["name"], 11)[:2]
    body = _lines(x, top + 12, name, 10, bold=True) + _lines(x, top + 12 + len(name) * 12 + 2, wrap(in_letters(i["cost"]), 13)[:2], 9)
    return _card(col, top, 52, body, f'{i["name"]}: costs {i["cost"]}', "initiatives")


def _contract(col: int, top: float, c: dict) -> str:
    x = _x(col) + 4
    rows = [short_row(r) for r in c["rows"]][:5]
    body = (f'<text x="{x}" y="{top + 13}" font-size="11" font-weight="bold" fill="{INK}">#{c["number"]}</text>'
            + _lines(x, top + 27, rows, 9))
    return _card(col, top, 80, body, f'Contract #{c["number"]}: ' + "; ".join(c["rows"]), "contracts")


def board_svg(b: dict, colours: list, names: list) -> Markup:
    """The picture from the Ore view's ``board``; ``colours`` and ``names`` by seat."""
    letters = marks(names)
    most = max((len(m["spaces"]) for m in b["mines"]), default=0)
    top = 18
    parts = [f'<text class="ore-ink" x="0" y="12" font-size="13" font-weight="bold" fill="{INK}">Mines and market prices</text>']
    parts += [_mine(col, top, m, colours, letters, names) for col, m in enumerate(b["mines"])]
    top += HEAD_H + 2 + most * SPACE_H + 22
    for title, height, cards, draw in (("Assets", 86, b["assets"], _asset), ("Initiatives", 52, b["initiatives"], _initiative),
                                       ("Contracts", 80, b["contracts"], _contract)):
        drawn, top = _row(title, top, height, cards, draw)
        parts.append(drawn)
    key = " · ".join(f"{letter} {res}" for res, letter in SHORT.items())
    owners = " · ".join(f"{letter} {name}" for letter, name in zip(letters, names))
    parts.append(f'<text class="ore-ink" x="0" y="{top + 4}" font-size="10" fill="{INK}">{_e(key)}</text>'
                 f'<text class="ore-ink" x="0" y="{top + 18}" font-size="10" fill="{INK}">Miners: {_e(owners)}</text>')
    height = top + 26
    label = ("Ore table: " + "; ".join(f'{m["res"]} mine, market ${m["price"]}' for m in b["mines"]) + ". "
             + "Miners: " + (", ".join(f'{names[s["seat"]]} on {m["res"]} ({s["amount"]})' for m in b["mines"]
                                       for s in m["spaces"] if s["seat"] is not None) or "none") + ".")
    return Markup(f'<svg class="ore-board board-svg" width="100%" viewBox="0 0 {WIDTH} {height:.0f}" role="img" '
                  f'aria-label="{_e(label)}" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">'
                  + "".join(parts) + "</svg>")
