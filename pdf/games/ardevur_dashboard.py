"""ARDEVUR's corporate dashboards (one per corporation): card-sized slots for the development
cards (the market advantage printed in the first), for the territory cards a player holds (up
to the active-mine limit plus one being explored) and for the face-down action cards, each
stacked so the title band of every card shows; a storage track in 2M steps marked at the three
limits; and the turn in brief. Every position, size and colour comes from the ``dashboard``
layout of ``cards_data/ardevur/layouts.toml``."""

from __future__ import annotations

from dataclasses import replace

from companion.data.model import Box

from ..boxes import boxes, fill_box, label_box, moved, text_box
from ..painters import Piece, painter
from ..pen import Pen
from .ardevur import CORP_ORDER, background, cat_of, ink_for
from .ardevur_icons import WORD, badge

DASHBOARD = ("band", "title", "dev-label", "advantage", "advantage-badge", "advantage-text", "dev-stack",
             "terr-label", "terr-stack", "step", "slot", "slot-label", "storage-label", "storage-track", "storage-cell",
             "storage-limit", "storage-number", "storage-limit-number", "storage-note", "action-label",
             "action-stack", "turn")
TRACK_STEP = 2                # storage is counted in 2M steps, the smallest bill


def _stack(pen: Pen, b: dict[str, Box], area: Box, labels: list[str]) -> None:
    """Slots for a stack of cards filling ``area`` from its top, the bottom one whole (``slot``)
    and each other one showing at most ``step`` (the card's title band) above the next."""
    band, slot, tag = b["step"], b["slot"], b["slot-label"]
    step = band.h if len(labels) == 1 else min(band.h, (area.h - slot.h) / (len(labels) - 1))
    y = area.y
    for i, label in enumerate(labels):
        last = i == len(labels) - 1
        fill_box(pen, moved(slot, area.x, y) if last else replace(band, x=area.x, y=y, h=step))
        if label:
            text_box(pen, replace(moved(tag, area.x, y), h=min(step, slot.h) - (band.h - tag.h)), label)
        y += step


def _advantage(pen: Pen, corp, b: dict[str, Box]) -> None:
    fill_box(pen, b["advantage"], fill=corp.colour)
    icon = b["advantage-badge"]
    badge(pen, corp.advantage, icon.x, icon.y, icon.w, word=False)
    text_box(pen, b["advantage-text"], f"**Market advantage**\nno {WORD[corp.advantage]} card needed",
             colour=ink_for(pen, corp.colour))


def _storage(pen: Pen, cat, b: dict[str, Box]) -> float:
    """The storage track, a row of cells per ``storage-track`` row; returns its bottom."""
    st = cat.tables["storage"]
    limits = {st["base"]: "basic", st["warehouse"]: "warehouse", st["large"]: "large"}
    label_box(pen, b["storage-label"], "Storage: stored value in 2M steps, limit by warehouse")
    track, cell = b["storage-track"], b["storage-cell"]
    cols = round(track.w / cell.w)
    value = TRACK_STEP
    rows = st["large"] // (TRACK_STEP * cols)
    for r in range(rows):
        for c in range(cols):
            cx, cy = track.x + c * cell.w, track.y + r * cell.h
            limit = value in limits
            fill_box(pen, moved(b["storage-limit"] if limit else cell, cx, cy))
            label_box(pen, moved(b["storage-limit-number" if limit else "storage-number"], cx, cy), str(value))
            value += TRACK_STEP
        end = value - TRACK_STEP
        note = f"**{end}M** {limits[end]}" if end in limits else ""
        text_box(pen, moved(b["storage-note"], track.x + cols * cell.w, track.y + r * cell.h), note)
    return track.y + rows * cell.h


def _turn(pen: Pen, cat, box: Box) -> None:
    t = cat.tables
    lines = ["**Your turn**", "1 Extraction", "2 Strategy", "3 Development", "4 Reward", "",
             f"At most {t['max_active_mines']} active mines.", f"{t['dev_card_limit']} development cards "
             "with your advantage, no duplicates."]
    text_box(pen, box, "\n".join(lines))


@painter("ardevur.dashboard")
def dashboard(pen: Pen, piece: Piece) -> None:
    b = boxes(piece, "dashboard", DASHBOARD)
    cat = cat_of(piece)
    t = cat.tables
    corp = cat.corporations[CORP_ORDER[piece.index]]
    background(pen, "paper")
    fill_box(pen, b["band"], fill=corp.colour)
    text_box(pen, b["title"], f"**{corp.name}** · corporate dashboard", colour=ink_for(pen, corp.colour))
    cards = t["dev_card_limit"]
    label_box(pen, b["dev-label"], f"Development cards ({cards} slots)")
    _advantage(pen, corp, b)
    _stack(pen, b, b["dev-stack"], [f"Card {i}" for i in range(2, cards)] + [f"Card {cards}\n(no duplicates)"])
    mines = t["max_active_mines"]
    label_box(pen, b["terr-label"], "Territory cards")
    labels = [f"Territory {i + 1}" for i in range(mines)] + [f"Territory {mines + 1}: being explored\n"
                                                              f"(at most {mines} active mines)"]
    _stack(pen, b, b["terr-stack"], labels)
    bottom = _storage(pen, cat, b)
    limit, clash = t["action_card_limit"], t["action_card_limit_clash"]
    label_box(pen, moved(b["action-label"], dy=bottom), f"Action cards, face down: {limit} (Clash of Titans: {clash})")
    _stack(pen, b, moved(b["action-stack"], dy=bottom), [f"Action {i + 1}" for i in range(clash)])
    _turn(pen, cat, moved(b["turn"], dy=bottom))
