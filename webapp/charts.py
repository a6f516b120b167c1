"""Each player's running score over the rounds, drawn on the server as one SVG element.

No chart library and no script: the phone gets finished markup that also prints. Colours are
presentation attributes (the page's security policy forbids inline styles); text and grid use
``currentColor`` so the chart follows the light or dark theme. For screen readers the SVG has a
title and a description that reads out every series, and the axes are labelled.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

from markupsafe import Markup, escape

WIDTH = 360
PLOT_TOP = 16
PLOT_HEIGHT = 170
LEFT = 50     # room for the points labels
RIGHT = 14
AXIS_ROOM = 46  # tick labels and the "Round" label under the plot
LEGEND_ROW = 26
FALLBACK_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#a04000", "#34495e")
# Line patterns tell the players apart even without colour.
DASHES = ("", "6 3", "2 3", "8 3 2 3")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round-numbered ticks (1, 2 or 5 times a power of ten) covering ``low``..``high``."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value < high + step * 0.999:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _colour(colours: Sequence[str], seat: int) -> str:
    if seat < len(colours) and _COLOUR.match(colours[seat] or ""):
        return colours[seat]
    return FALLBACK_COLOURS[seat % len(FALLBACK_COLOURS)]


def score_chart(players: Sequence[str], rounds: Sequence[Sequence[float]], colours: Sequence[str] = (),
                title: str = "Score over the rounds", round_labels: Sequence[str] = (),
                chart_id: str = "score-chart") -> Markup:
    """An ``<svg>`` with one line per player: ``rounds[i][seat]`` is the seat's total after
    round ``round_labels[i]`` (default 1, 2, 3...)."""
    labels = [str(x) for x in round_labels] or [str(i + 1) for i in range(len(rounds))]
    values = [v for totals in rounds for v in totals]
    ticks = nice_ticks(min([0.0, *values]), max([1.0, *values]))
    low, high = ticks[0], ticks[-1]
    plot_w = WIDTH - LEFT - RIGHT
    legend_rows = (len(players) + 1) // 2
    height = PLOT_TOP + PLOT_HEIGHT + AXIS_ROOM + legend_rows * LEGEND_ROW + 6

    def x_at(index: int) -> float:
        if len(rounds) < 2:
            return LEFT + plot_w / 2
        return LEFT + plot_w * index / (len(rounds) - 1)

    def y_at(value: float) -> float:
        return PLOT_TOP + PLOT_HEIGHT * (high - value) / (high - low)

    out = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" xmlns="http://www.w3.org/2000/svg" role="img" '
           f'aria-labelledby="{chart_id}-title {chart_id}-desc">',
           f'<title id="{chart_id}-title">{escape(title)}</title>',
           f'<desc id="{chart_id}-desc">{escape(describe(players, rounds, labels))}</desc>',
           '<g font-size="14" fill="currentColor">']
    for tick in ticks:
        y = y_at(tick)
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="currentColor" '
                   f'stroke-opacity="{0.45 if tick == 0 else 0.15}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 5:.1f}" text-anchor="end">{_num(tick)}</text>')
    step = max(1, math.ceil(len(labels) / 10))  # at most ten round labels fit on a phone
    for index, label in enumerate(labels):
        # the last round is always labelled; a stepped label too close before it gives way
        last = len(labels) - 1
        if index == last or (index % step == 0 and last - index >= step):
            out.append(f'<text x="{x_at(index):.1f}" y="{PLOT_TOP + PLOT_HEIGHT + 18}" '
                       f'text-anchor="middle">{escape(label)}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{PLOT_TOP + PLOT_HEIGHT + 38}" text-anchor="middle" '
               f'font-weight="bold">Round</text>')
    out.append(f'<text transform="translate(12 {PLOT_TOP + PLOT_HEIGHT / 2:.1f}) rotate(-90)" '
               f'text-anchor="middle" font-weight="bold">Points</text>')
    out.append('</g>')
    for seat, name in enumerate(players):
        colour = _colour(colours, seat)
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{x_at(i):.1f},{y_at(totals[seat]):.1f}" for i, totals in enumerate(rounds)
                          if seat < len(totals))
        out.append(f'<g class="series"><title>{escape(name)}</title>')
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5" '
                   f'stroke-linejoin="round"{dash_attr}/>')
        for i, totals in enumerate(rounds):
            if seat < len(totals):
                out.append(f'<circle cx="{x_at(i):.1f}" cy="{y_at(totals[seat]):.1f}" r="3.5" fill="{colour}"/>')
        out.append('</g>')
        lx = 10 + (seat % 2) * (WIDTH / 2)
        ly = PLOT_TOP + PLOT_HEIGHT + AXIS_ROOM + (seat // 2) * LEGEND_ROW + 10
        out.append(f'<line x1="{lx:.0f}" x2="{lx + 26:.0f}" y1="{ly}" y2="{ly}" stroke="{colour}" '
                   f'stroke-width="3"{dash_attr}/>')
        final = _num(rounds[-1][seat]) if rounds and seat < len(rounds[-1]) else "0"
        out.append(f'<text x="{lx + 32:.0f}" y="{ly + 4}" font-size="15" fill="currentColor">'
                   f'{escape(_short(name))} ({final})</text>')
    out.append('</svg>')
    return Markup("".join(out))


def _short(name: str, limit: int = 11) -> str:
    return name if len(name) <= limit else name[:limit - 1] + "…"


def describe(players: Sequence[str], rounds: Sequence[Sequence[float]], labels: Sequence[str]) -> str:
    """The chart in words: one sentence per player."""
    if not rounds:
        return "No rounds have been scored yet."
    span = f"round {labels[0]}" if len(labels) == 1 else f"rounds {labels[0]} to {labels[-1]}"
    parts = []
    for seat, name in enumerate(players):
        series = ", ".join(_num(totals[seat]) for totals in rounds if seat < len(totals))
        parts.append(f"{name}: {series}.")
    return f"Running totals after {span}. " + " ".join(parts)
