"""ARDEVUR's two-sided character guides (105 x 148 mm), one per corporation, every number read
from the tables the companion plays with. Side A: the market advantage, asset and upgrade
prices, infrastructure and the final score. Side B: the four phases of a turn and what each
asset does. Every position, size and colour is a box of the ``guide`` layout in
``cards_data/ardevur/layouts.toml``; lengths are millimetres, y down."""

from __future__ import annotations

from dataclasses import replace

from companion.errors import InvalidDimension

from .. import richtext, style
from ..boxes import boxes, fill_box, moved, text_box
from ..painters import Piece, painter
from ..pen import Pen
from ..units import mm_from_pt, pt
from .ardevur import CORP_ORDER, background, cat_of, ink_for
from .ardevur_icons import WORD, badge

GUIDE = ("band", "name", "side", "foot", "body", "section", "section-title", "para", "advantage-badge",
         "advantage-text", "table-row", "assets-asset", "assets-buy", "assets-upgrade", "assets-price",
         "infrastructure-kind", "infrastructure-cost", "infrastructure-without", "score-what", "score-points",
         "score-what-2", "score-points-2", "phase-name", "phase-text", "asset-name", "asset-text", "assets-end")


def _section(pen: Pen, b: dict, y: float, title: str, colour: str) -> float:
    band = b["section"]
    fill_box(pen, moved(band, dy=y), fill=colour)
    text_box(pen, moved(b["section-title"], dy=y), f"**{title}**", colour=ink_for(pen, colour))
    return y + (band.h + band.get("gap_mm", 0.0))


def _height(text: str, box, most: float) -> float:
    """Millimetres ``text`` takes in ``box``'s width and size, plus the box's own h."""
    size = box.get("size", style.BODY_PT)
    return mm_from_pt(richtext.fit(text, pt(box.w), pt(most), box.get("font", "regular"), size, size).height) + box.h


def _para(pen: Pen, b: dict, y: float, text: str, name: str = "para") -> float:
    """Body text flowed from y in box ``name``; returns where the next block starts."""
    box = b[name]
    h = _height(text, box, b["body"].h)
    text_box(pen, replace(moved(box, dy=y), h=h), text, size=box.get("size", style.BODY_PT))
    return y + h + box.get("gap_mm", 0.0)


def _table(pen: Pen, b: dict, y: float, rows: list[tuple[str, ...]], columns: tuple[str, ...],
           head: bool = True) -> float:
    """Rows of cells, the first row bold when ``head``; each column's cells in its box."""
    row = b["table-row"]
    for r, cells in enumerate(rows):
        if r % 2 == 1:
            fill_box(pen, moved(row, dy=y))
        for cell, column in zip(cells, columns):
            text = f"**{cell}**" if (head and r == 0) or cell.endswith("M") and cell[:-1].isdigit() else cell
            text_box(pen, moved(b[column], dy=y), text)
        y += row.h
    return y + row.get("gap_mm", 0.0)


def _head(pen: Pen, b: dict, corp, side: str) -> None:
    fill_box(pen, b["band"], fill=corp.colour)
    ink = ink_for(pen, corp.colour)
    text_box(pen, b["name"], f"**{corp.name}**", colour=ink)
    text_box(pen, b["side"], side, colour=ink)
    fill_box(pen, b["foot"], fill=corp.colour)


def side_a(pen: Pen, b: dict, cat, corp) -> float:
    t = cat.tables
    _head(pen, b, corp, "Side A · advantage, prices, scoring")
    y = _section(pen, b, b["body"].y, "Market advantage", corp.colour)
    mark = b["advantage-badge"]
    badge(pen, corp.advantage, mark.x, y + mark.y, mark.w, word=False)
    text_box(pen, moved(b["advantage-text"], dy=y), f"You never need a **{WORD[corp.advantage]}** card: it counts "
             f"as one of your {t['dev_card_limit']} card slots, so you may never hold one.")
    y = _section(pen, b, y + (mark.h + mark.get("gap_mm", 0.0)), "Assets: card + price", corp.colour)
    names = {"warehouse": ("Warehouse", "Large warehouse"), "office": ("Office", "Large office"),
             "vessel": ("Vessel", "Large vessel")}
    rows = [("Asset", "Buy", "Upgrade to", "Price")]
    rows += [(plain, f"{t['asset_price'][k]}M", big, f"{t['upgrade_price'][k]}M") for k, (plain, big) in names.items()]
    rows.append(("Factory", "-", "counts as upgraded", f"{t['upgrade_price']['factory']}M"))
    y = _table(pen, b, y, rows, ("assets-asset", "assets-buy", "assets-upgrade", "assets-price"))
    y = _para(pen, b, y, "An upgrade also hands in a target or incentive card whose reward grants it (Fair Play: no "
                      f"card). Phone call for a missing card: price x{t['phone_call_multiplier']}.")
    y = _section(pen, b, y, "Infrastructure (Africa only)", corp.colour)
    region = next(r for r in cat.regions.values() if r.needs)
    rows = [("Road", f"{region.costs['road']}M", "without it: no sale"),
            ("Water pipeline", f"{region.costs['water']}M", "without it: half price")]
    y = _table(pen, b, y, rows, ("infrastructure-kind", "infrastructure-cost", "infrastructure-without"), head=False)
    y = _para(pen, b, y, f"At most {t['max_african_infrastructure']} across Africa. A rival pays you "
                      f"{t['infrastructure_fee']}M for each of their mines that uses yours.")
    y = _section(pen, b, y, "Final score", corp.colour)
    s = t["score"]
    rows = [("Target, incentive", "as printed", "Most money", f"{s['most_money']}"),
            ("Most resources", f"{s['most_resources']}", "Active mine", f"{s['mine']} each"),
            ("Asset", f"{s['asset']} each", "Upgraded, factory", f"{s['upgraded']} each"),
            ("Region you lead", "its ribbon", "", "")]
    y = _table(pen, b, y, rows, ("score-what", "score-points", "score-what-2", "score-points-2"), head=False)
    p = t["presence"]
    return _para(pen, b, y, f"Presence: mine {p['mine']:g}, asset {p['asset']:g}, upgraded {p['upgraded']:g}, road or "
                  f"pipeline {p['infrastructure']:g}. A tie scores nobody.")


def side_b(pen: Pen, b: dict, cat, corp) -> float:
    t = cat.tables
    m = t["mines_per_extraction"]
    _head(pen, b, corp, "Side B · your turn, your assets")
    y = _section(pen, b, b["body"].y, "Your turn: four phases, in order", corp.colour)
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
        text_box(pen, moved(b["phase-name"], dy=y), f"**{name}**")
        y = _para(pen, b, y, text, "phase-text")
    y = _para(pen, b, y, "A phase you skip is lost. Explore and exploit a territory on different turns.")
    y = _section(pen, b, y, "Assets: what they do", corp.colour)
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
        text_box(pen, moved(b["asset-name"], dy=y), f"**{name}**")
        y = _para(pen, b, y, text, "asset-text") + b["asset-name"].get("gap_mm", 0.0)
    y = _section(pen, b, y + b["assets-end"].h, "Selling", corp.colour)
    y = _para(pen, b, y, f"Storage without a warehouse: {st['base']}M. Global sale: one roll for the lot; 64 doubles, "
                      "2 halves (rounded up to even). A local sale pays half and never gains from a vessel.")
    k = t["markers"]
    y = _section(pen, b, y, "Your markers cap what you build", corp.colour)
    return _para(pen, b, y, f"{k['site']} exploration or mine sites, {k['infrastructure']} roads or pipelines, "
                  f"{k['warehouse']} warehouses, {k['office']} offices, {k['vessel']} vessels, {k['factory']} factory.")


@painter("ardevur.guide", backs=True)
def guide(pen: Pen, piece: Piece) -> None:
    cat = cat_of(piece)
    corp = cat.corporations[CORP_ORDER[piece.index]]
    b = boxes(piece, "guide", GUIDE)
    background(pen, style.SHEET_FILL)
    end = (side_a if piece.side == "front" else side_b)(pen, b, cat, corp)
    bottom = b["body"].y + b["body"].h
    if end > bottom:
        raise InvalidDimension(f"character guide {corp.short} side {piece.side}: the text runs {end - bottom:.1f} "
                               "mm into the bottom band; shorten it")
