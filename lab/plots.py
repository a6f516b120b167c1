"""The report's plots, drawn by matplotlib as inline SVG (no chart code of our own).

Each function takes the summary's plain numbers and returns one ``<svg>`` element. Fonts are
drawn as paths and ids are salted with a fixed string, so the report needs nothing from the
internet and the same numbers give the same SVG.
"""

from __future__ import annotations

import io
from typing import Any, Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

matplotlib.rcParams.update({"svg.fonttype": "path", "svg.hashsalt": "headframe", "font.size": 9,
                            "axes.spines.top": False, "axes.spines.right": False})

INK = "#1f2933"
ACCENT = "#2563eb"
SECOND = "#d97706"
FAIR = "#6b7280"


def _svg(figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    start, end = text.find("<metadata>"), text.find("</metadata>")
    return text[:start] + text[end + len("</metadata>"):] if start >= 0 <= end else text


def _errors(rows: Sequence[dict]) -> list[list[float]]:
    """Error-bar lengths below and above each rate (never negative from rounding)."""
    return [[max(0.0, r["win_rate"] - r["low"]) for r in rows], [max(0.0, r["high"] - r["win_rate"]) for r in rows]]


def _figure(height: float = 2.6):
    return plt.subplots(figsize=(5.2, height), dpi=96)


def win_rates(positions: Sequence[dict], fair: float, compare: Sequence[dict] | None = None) -> str:
    figure, axes = _figure()
    labels = [f"{p['position']}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(p['position'], 'th')}" for p in positions]
    xs = range(len(positions))
    width = 0.38 if compare else 0.6
    sets = [(positions, ACCENT, "A" if compare else None, -width / 2 if compare else 0)]
    if compare:
        sets.append((compare, SECOND, "B", width / 2))
    for rows, colour, label, shift in sets:
        rates = [r["win_rate"] for r in rows]
        errors = _errors(rows)
        axes.bar([x + shift for x in xs], rates, width, yerr=errors, color=colour, capsize=3, label=label)
    axes.axhline(fair, color=FAIR, linestyle="--", linewidth=1, label="fair share")
    axes.set_xticks(list(xs), labels)
    axes.set_xlabel("position in turn order")
    axes.set_ylabel("games won")
    axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    axes.legend(frameon=False, fontsize=8)
    return _svg(figure)


def distribution(series: dict[str, dict[float, int]], xlabel: str, bins: int = 24) -> str:
    """Histograms of counts by value, one per named series, on shared bins."""
    figure, axes = _figure()
    colours = [ACCENT, SECOND, "#059669", "#db2777", "#7c3aed"]
    values = sorted({v for counts in series.values() for v in counts})
    if values:
        low, high = values[0], values[-1]
        distinct = len(values)
        edges = ([v - 0.5 for v in range(int(low), int(high) + 2)] if distinct <= bins and high - low <= bins
                 else [low + (high - low) * i / bins for i in range(bins + 1)] if high > low else [low - 0.5, low + 0.5])
        single = len(series) == 1
        for (name, counts), colour in zip(series.items(), colours):
            total = sum(counts.values()) or 1
            axes.hist(list(counts), bins=edges, weights=[counts[v] / total for v in counts], color=colour,
                      histtype="stepfilled" if single else "step", linewidth=1.5, label=name or None,
                      alpha=0.85 if single else 1.0)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("share of games")
    axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    axes.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    if len(series) > 1:
        axes.legend(frameon=False, fontsize=8)
    return _svg(figure)


def bars(counts: dict[str, int], xlabel: str) -> str:
    figure, axes = _figure()
    keys = list(counts)
    axes.bar(range(len(keys)), [counts[k] for k in keys], color=ACCENT)
    axes.set_xticks(range(len(keys)), keys, rotation=0 if len(keys) < 12 else 90)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    return _svg(figure)


def effects(items: Sequence[dict[str, Any]], fair: float, limit: int = 12) -> str:
    """Owner win rate per item with its interval: the strongest and weakest ``limit`` each."""
    shown = list(items[:limit]) + [i for i in items[-limit:] if i not in items[:limit]]
    figure, axes = _figure(0.6 + 0.22 * max(1, len(shown)))
    ys = list(range(len(shown)))[::-1]
    rates = [i["win_rate"] for i in shown]
    errors = _errors(shown)
    colours = [SECOND if i["verdict"] == "too strong" else ACCENT if i["verdict"] == "too weak" else FAIR
               for i in shown]
    axes.barh(ys, rates, xerr=errors, color=colours, capsize=2)
    axes.axvline(fair, color=INK, linestyle="--", linewidth=1)
    axes.set_yticks(ys, [i["item"] for i in shown], fontsize=8)
    axes.set_xlabel("taker's win rate (dashed: fair share)")
    axes.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    return _svg(figure)


def changes(arms: Sequence[dict[str, Any]], limit: int = 30) -> str:
    """Each restriction's change in the restricted seat's win rate, with its interval: the
    biggest losses at the top (the table holds every row; the plot the ``limit`` that moved most)."""
    shown = sorted(arms, key=lambda a: -abs(a["change"]))[:limit]
    shown.sort(key=lambda a: a["change"])
    figure, axes = _figure(0.6 + 0.22 * max(1, len(shown)))
    ys = list(range(len(shown)))[::-1]
    values = [a["change"] for a in shown]
    errors = [[max(0.0, a["change"] - a["change_low"]) for a in shown],
              [max(0.0, a["change_high"] - a["change"]) for a in shown]]
    colours = [ACCENT if a["change_high"] < 0 else SECOND if a["change_low"] > 0 else FAIR for a in shown]
    axes.barh(ys, values, xerr=errors, color=colours, capsize=2)
    axes.axvline(0, color=INK, linewidth=1)
    axes.set_yticks(ys, [a["label"].removeprefix("each seat in turn ") for a in shown], fontsize=8)
    axes.set_xlabel("change in the restricted seat's win rate")
    axes.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    return _svg(figure)


def against(xs: Sequence[float], series: dict[str, Sequence[tuple[float, float, float]]], xlabel: str, ylabel: str,
            percent: bool = False, fair: float | None = None) -> str:
    """Measures against a swept number: one line per series, each point's interval as a bar."""
    figure, axes = _figure(2.4)
    colours = [ACCENT, SECOND, "#059669", "#db2777", "#7c3aed", INK]
    for (name, points), colour in zip(series.items(), colours):
        means = [p[0] for p in points]
        errors = [[max(0.0, p[0] - p[1]) for p in points], [max(0.0, p[2] - p[0]) for p in points]]
        axes.errorbar(list(xs), means, yerr=errors, color=colour, marker="o", markersize=3, capsize=2,
                      linewidth=1.2, label=name or None)
    if fair is not None:
        axes.axhline(fair, color=FAIR, linestyle="--", linewidth=1, label="fair share")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    if percent:
        axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    if len(series) > 1 or fair is not None:
        axes.legend(frameon=False, fontsize=7)
    return _svg(figure)
