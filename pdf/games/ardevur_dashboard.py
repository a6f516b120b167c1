"""ARDEVUR's corporate dashboards (255 x 185 mm, one per corporation): card-sized slots for the
development cards (the market advantage printed in the first), for the territory cards a player
holds (up to the active-mine limit plus one being explored) and for the face-down action cards,
each stacked so the title band of every card shows; a storage track in 2M steps marked at the
three limits; and the turn in brief. Lengths are millimetres, y down."""

from __future__ import annotations

from .. import style
from ..painters import Piece, painter
from ..pen import Pen
from .ardevur import CORP_ORDER, background, cat_of, ink_for
from .ardevur_icons import WORD, badge

CARD_W, CARD_H = 63.5, 88.9   # the poker cards the slots hold
SLOT_PAD = 1.0                # room around a card in its slot
STEP = 16.0                   # each card in a stack shows this much: its title band
HEAD = 16.0
TOP = HEAD + 8.0              # below the column titles
COL_X = (7.0, 78.0)           # development and territory columns
RIGHT_X = 149.0               # storage track, action cards, turn
TRACK_STEP = 2                # storage is counted in 2M steps
TRACK_COLS = 16
CELL = 4.8
NOTE_W = 21.0


def _stack(pen: Pen, x: float, y: float, labels: list[str], last_h: float = CARD_H, step: float = STEP) -> float:
    """Slots for a stack of cards, each one ``step`` below the last, the bottom one whole;
    returns the bottom of the stack."""
    w = CARD_W + 2 * SLOT_PAD
    for i, label in enumerate(labels):
        last = i == len(labels) - 1
        h = (last_h if last else step) + (2 * SLOT_PAD if last else 0)
        pen.rect(x, y, w, h, fill="#ffffff", stroke="ink", width=style.THIN_PT, radius=2 if last else 0)
        if label:
            pen.text(label, x + 2, y + 0.5, w - 4, min(step, h) - 1, size=8, align="center", valign="middle")
        y += step
    return y - step + last_h + 2 * SLOT_PAD


def _advantage(pen: Pen, corp, x: float, y: float) -> None:
    w = CARD_W + 2 * SLOT_PAD
    pen.rect(x, y, w, STEP, fill=corp.colour, stroke="ink", width=style.THIN_PT)
    badge(pen, corp.advantage, x + 2, y + 2, STEP - 4, word=False)
    pen.text(f"**Market advantage**\nno {WORD[corp.advantage]} card needed", x + STEP, y + 1, w - STEP - 2, STEP - 2,
             size=8, valign="middle", colour=ink_for(pen, corp.colour))


def _storage(pen: Pen, cat, x: float, y: float) -> float:
    st = cat.tables["storage"]
    limits = {st["base"]: "basic", st["warehouse"]: "warehouse", st["large"]: "large"}
    pen.label("Storage: stored value in 2M steps, limit by warehouse", x, y - 1.5, size=8, font="bold")
    value = TRACK_STEP
    rows = st["large"] // (TRACK_STEP * TRACK_COLS)
    for r in range(rows):
        for c in range(TRACK_COLS):
            cx, cy = x + c * CELL, y + r * CELL
            limit = value in limits
            pen.rect(cx, cy, CELL, CELL, fill="#ece6d8" if limit else "#ffffff", stroke="ink",
                     width=style.THIN_PT if limit else style.HAIRLINE_PT)
            pen.label(str(value), cx + CELL / 2, cy + CELL / 2 + 0.9, size=5.2, align="center",
                      font="bold" if limit else "regular")
            value += TRACK_STEP
        end = value - TRACK_STEP
        note = f"**{end}M** {limits[end]}" if end in limits else ""
        pen.text(note, x + TRACK_COLS * CELL + 1.5, y + r * CELL, NOTE_W, CELL, size=6.5, valign="middle")
    return y + rows * CELL


def _turn(pen: Pen, cat, x: float, y: float, w: float) -> None:
    t = cat.tables
    lines = ["**Your turn**", "1 Extraction", "2 Strategy", "3 Development", "4 Reward", "",
             f"At most {t['max_active_mines']} active mines.", f"{t['dev_card_limit']} development cards "
             "with your advantage, no duplicates."]
    pen.text("\n".join(lines), x, y, w, 60, size=8, min_size=7)


@painter("ardevur.dashboard")
def dashboard(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    t = cat.tables
    corp = cat.corporations[CORP_ORDER[piece.index]]
    background(pen, "paper")
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, HEAD + b, fill=corp.colour)
    pen.text(f"**{corp.name}** · corporate dashboard", 6, 1.5, pen.w - 12, HEAD - 3, size=15, align="center",
             valign="middle", colour=ink_for(pen, corp.colour))
    dev_x, terr_x = COL_X
    cards = t["dev_card_limit"]
    pen.label(f"Development cards ({cards} slots)", dev_x, TOP - 2, size=8, font="bold")
    _advantage(pen, corp, dev_x, TOP)
    _stack(pen, dev_x, TOP + STEP, [f"Card {i}" for i in range(2, cards)] + [f"Card {cards}\n(no duplicates)"])
    mines = t["max_active_mines"]
    pen.label("Territory cards", terr_x, TOP - 2, size=8, font="bold")
    labels = [f"Territory {i + 1}" for i in range(mines)] + [f"Territory {mines + 1}: being explored\n"
                                                              f"(at most {mines} active mines)"]
    _stack(pen, terr_x, TOP, labels)
    y = _storage(pen, cat, RIGHT_X, TOP + 1)
    limit, clash = t["action_card_limit"], t["action_card_limit_clash"]
    pen.label(f"Action cards, face down: {limit} (Clash of Titans: {clash})", RIGHT_X, y + 6, size=8, font="bold")
    step = (pen.h - 6 - (y + 8) - CARD_H - 2 * SLOT_PAD) / (clash - 1)
    _stack(pen, RIGHT_X, y + 8, [f"Action {i + 1}" for i in range(clash)], step=step)
    _turn(pen, cat, RIGHT_X + CARD_W + 6, y + 8, pen.w - (RIGHT_X + CARD_W + 6) - 5)
