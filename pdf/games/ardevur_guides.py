"""ARDEVUR's two-sided character guides (105 x 148 mm), one per corporation, every number read
from the tables the companion plays with. Side A: the market advantage, asset and upgrade
prices, infrastructure and the final score. Side B: the four phases of a turn and what each
asset does. Body text is never set under ``BODY_MIN_PT``. Lengths are millimetres, y down."""

from __future__ import annotations

from companion.errors import InvalidDimension

from .. import richtext, style
from ..painters import Piece, painter
from ..pen import Pen
from ..units import mm_from_pt, pt
from .ardevur import CORP_ORDER, background, cat_of, ink_for
from .ardevur_icons import WORD, badge

PAD = 5.0            # from the trim: 3 mm safe zone plus air
HEAD = 17.0          # the corporation's band
BODY_PT = 7.5
BODY_MIN_PT = 7.0
HEAD_PT = 8.5        # section titles
ROW_H = 4.6          # a table row at BODY_PT
FOOT = 3.5           # the coloured foot band


def _section(pen: Pen, y: float, title: str, colour: str) -> float:
    pen.rect(PAD, y, pen.w - 2 * PAD, 5.2, fill=colour)
    pen.text(f"**{title}**", PAD + 1.5, y + 0.3, pen.w - 2 * PAD - 3, 4.6, size=HEAD_PT, valign="middle",
             colour=ink_for(pen, colour))
    return y + 6.2


def _height(text: str, w: float) -> float:
    """Millimetres ``text`` takes at BODY_PT in a column ``w`` mm wide."""
    return mm_from_pt(richtext.fit(text, pt(w), pt(200), "regular", BODY_PT, BODY_PT).height) + 0.4


def _para(pen: Pen, y: float, text: str, x: float = PAD + 1, w: float | None = None) -> float:
    """Body text flowed from y; returns where the next block starts."""
    w = pen.w - PAD - 1 - x if w is None else w
    h = _height(text, w)
    pen.text(text, x, y, w, h, size=BODY_PT, min_size=BODY_MIN_PT)
    return y + h + 0.6


def _table(pen: Pen, y: float, rows: list[tuple[str, ...]], widths: tuple[float, ...], head: bool = True) -> float:
    """Rows of cells, the first row bold when ``head``; widths are shares of the line."""
    inner = pen.w - 2 * PAD
    for r, row in enumerate(rows):
        if r % 2 == 1:
            pen.rect(PAD, y, inner, ROW_H, fill="#ece6d8")
        x = PAD + 1
        for cell, share in zip(row, widths):
            text = f"**{cell}**" if (head and r == 0) or cell.endswith("M") and cell[:-1].isdigit() else cell
            pen.text(text, x, y + 0.2, share * inner - 1.5, ROW_H - 0.4, size=BODY_PT, min_size=BODY_MIN_PT,
                     valign="middle")
            x += share * inner
        y += ROW_H
    return y + 1.2


def _head(pen: Pen, corp, side: str) -> None:
    b = pen.bleed
    pen.rect(-b, -b, pen.w + 2 * b, HEAD + b, fill=corp.colour)
    ink = ink_for(pen, corp.colour)
    pen.text(f"**{corp.name}**", PAD, 2.5, pen.w - 2 * PAD, 7, size=12, align="center", valign="middle", colour=ink)
    pen.text(side, PAD, 9.5, pen.w - 2 * PAD, 5.5, size=8, align="center", valign="middle", colour=ink)
    pen.rect(-b, pen.h - 3, pen.w + 2 * b, 3 + b, fill=corp.colour)


def side_a(pen: Pen, cat, corp) -> float:
    t = cat.tables
    _head(pen, corp, "Side A · advantage, prices, scoring")
    y = _section(pen, HEAD + 2, "Market advantage", corp.colour)
    badge(pen, corp.advantage, PAD + 1, y, 10, word=False)
    pen.text(f"You never need a **{WORD[corp.advantage]}** card: it counts as one of your 4 card slots, so you "
             "may never hold one.", PAD + 13, y, pen.w - 2 * PAD - 14, 10, size=BODY_PT, min_size=BODY_MIN_PT,
             valign="middle")
    y = _section(pen, y + 11.5, "Assets: card + price", corp.colour)
    names = {"warehouse": ("Warehouse", "Large warehouse"), "office": ("Office", "Large office"),
             "vessel": ("Vessel", "Large vessel")}
    rows = [("Asset", "Buy", "Upgrade to", "Price")]
    rows += [(plain, f"{t['asset_price'][k]}M", big, f"{t['upgrade_price'][k]}M") for k, (plain, big) in names.items()]
    rows.append(("Factory", "-", "counts as upgraded", f"{t['upgrade_price']['factory']}M"))
    y = _table(pen, y, rows, (0.28, 0.14, 0.4, 0.18))
    y = _para(pen, y, "An upgrade also hands in a target or incentive card whose reward grants it (Fair Play: no "
                      f"card). Phone call for a missing card: price x{t['phone_call_multiplier']}.")
    y = _section(pen, y, "Infrastructure (Africa only)", corp.colour)
    region = next(r for r in cat.regions.values() if r.needs)
    rows = [("Road", f"{region.costs['road']}M", "without it: no sale"),
            ("Water pipeline", f"{region.costs['water']}M", "without it: half price")]
    y = _table(pen, y, rows, (0.34, 0.14, 0.52), head=False)
    y = _para(pen, y, f"At most {t['max_african_infrastructure']} across Africa. A rival pays you "
                      f"{t['infrastructure_fee']}M for each of their mines that uses yours.")
    y = _section(pen, y, "Final score", corp.colour)
    s = t["score"]
    rows = [("Target, incentive", "as printed", "Most money", f"{s['most_money']}"),
            ("Most resources", f"{s['most_resources']}", "Active mine", f"{s['mine']} each"),
            ("Asset", f"{s['asset']} each", "Upgraded, factory", f"{s['upgraded']} each"),
            ("Region you lead", "its ribbon", "", "")]
    y = _table(pen, y, rows, (0.33, 0.17, 0.33, 0.17), head=False)
    p = t["presence"]
    return _para(pen, y, f"Presence: mine {p['mine']:g}, asset {p['asset']:g}, upgraded {p['upgraded']:g}, road or "
                  f"pipeline {p['infrastructure']:g}. A tie scores nobody.")


def side_b(pen: Pen, cat, corp) -> float:
    t = cat.tables
    m = t["mines_per_extraction"]
    _head(pen, corp, "Side B · your turn, your assets")
    y = _section(pen, HEAD + 2, "Your turn: four phases, in order", corp.colour)
    phases = [
        ("1 Extraction", f"Work {m['none']} active mine ({m['office']} with an office, {m['large']} with a large "
                         "office). Store up to your limit; the rest sells locally at half."),
        ("2 Strategy", f"Take 1 or 2 development cards, or 1 action card (hold {t['action_card_limit']}), or the "
                       "phone call for this turn."),
        ("3 Development", "One action: explore, exploit, build, buy or upgrade, or a global sale. A local sale may "
                          "come with it."),
        ("4 Reward", "Claim one target or one incentive, or cash a card's reward (its points go too)."),
    ]
    for name, text in phases:
        pen.text(f"**{name}**", PAD + 1, y, 25, 4.6, size=BODY_PT, min_size=BODY_MIN_PT)
        y = _para(pen, y, text, PAD + 27)
    y = _para(pen, y, "A phase you skip is lost. Explore and exploit a territory on different turns.")
    y = _section(pen, y, "Assets: what they do", corp.colour)
    st = t["storage"]
    rows = [("Warehouse", f"storage {st['warehouse']}M; first refusal on rivals' local sales in its region"),
            ("Large", f"storage {st['large']}M"),
            ("Office", f"{m['office']} mines of its continent each extraction"),
            ("Large", f"{m['large']} mines anywhere"),
            ("Vessel", "global sales pay double (x4 on a 64)"),
            ("Large", f"also {t['large_vessel_lease']}M per export, never rolled"),
            ("Factory", f"+{t['factory_bonus']}M per extraction of your mines in its region; a rival's mine there "
                        f"pays you {t['factory_fee']}M")]
    for name, text in rows:
        pen.text(f"**{name}**", PAD + 1, y, 19, 4.6, size=BODY_PT, min_size=BODY_MIN_PT)
        y = _para(pen, y, text, PAD + 21) - 0.2
    y = _section(pen, y + 0.8, "Selling", corp.colour)
    y = _para(pen, y, f"Storage without a warehouse: {st['base']}M. Global sale: one roll for the lot; 64 doubles, "
                      "2 halves (rounded up to even). A local sale pays half and never gains from a vessel.")
    k = t["markers"]
    y = _section(pen, y, "Your markers cap what you build", corp.colour)
    return _para(pen, y, f"{k['site']} exploration or mine sites, {k['infrastructure']} roads or pipelines, "
                  f"{k['warehouse']} warehouses, {k['office']} offices, {k['vessel']} vessels, {k['factory']} factory.")


@painter("ardevur.guide", backs=True)
def guide(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    corp = cat.corporations[CORP_ORDER[piece.index]]
    background(pen, style.SHEET_FILL)
    end = (side_a if piece.side == "front" else side_b)(pen, cat, corp)
    if end > pen.h - FOOT:
        raise InvalidDimension(f"character guide {corp.short} side {piece.side}: the text runs {end - pen.h + FOOT:.1f} "
                               "mm into the bottom band; shorten it")
