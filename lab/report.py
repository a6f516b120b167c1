"""``report.html`` (self-contained, offline, readable on a phone) and ``summary.json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from . import plots
from .feel import TITLES


def _environment() -> Environment:
    env = Environment(loader=PackageLoader("lab", "templates"), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["ordinal"] = lambda n: {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
    env.filters["pct"] = lambda value: f"{value:.1%}"
    env.filters["num"] = lambda value: f"{value:,.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else value
    env.filters["measure"] = lambda m: _measure(m, m["value"])
    env.filters["measure_interval"] = lambda m: f"{_measure(m, m['low'])}–{_measure(m, m['high'])}" if m["n"] else ""
    env.globals["feel_titles"] = TITLES
    return env


def _measure(measure: dict[str, Any], value: float) -> str:
    """A measure of how the game feels as the report prints it: a rate or share as a
    percentage, a count or points to two decimals."""
    if not measure["n"]:
        return "–"
    if measure["kind"] == "rate" or measure["unit"] == "of the game":
        return f"{value:.1%}"
    return f"{value:,.2f}"


def figures(summary: dict[str, Any], other: dict[str, Any] | None = None) -> dict[str, str]:
    """The SVG plots of one run (``other``: the second run of a comparison)."""
    fair = summary["first_player"]["fair"]
    out = {"wins": plots.win_rates(summary["positions"], fair, other["positions"] if other else None)}
    runs = {"A": summary, "B": other} if other else {"": summary}
    out["margins"] = plots.distribution(
        {name: {float(k): v for k, v in run["margins"].items()} for name, run in runs.items()},
        "winning margin (points)")
    out["rounds"] = plots.distribution(
        {name: {float(k): v for k, v in run["length"]["rounds"]["counts"].items()} for name, run in runs.items()},
        "rounds played")
    out["turns"] = plots.distribution(
        {name: {float(k): v for k, v in run["length"]["turns"]["counts"].items()} for name, run in runs.items()},
        "moves in the game")
    out["scores"] = plots.distribution(
        {f"{p['position']}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(p['position'], 'th')} to move": {float(k): v for k, v in counts.items()}
         for p, counts in zip(summary["positions"], summary["score_counts"])}, "final score")
    if summary["items"]:
        out["items"] = plots.effects(summary["items"], fair)
    if other and other["items"]:
        out["items_b"] = plots.effects(other["items"], fair)
    if summary.get("restricted", {}).get("arms"):
        out["restricted"] = plots.changes(summary["restricted"]["arms"])
    return out


def write(out: Path, summary: dict[str, Any], other: dict[str, Any] | None = None,
          comparison: dict[str, Any] | None = None) -> None:
    document = {"run": summary} if other is None else {"a": summary, "b": other, "comparison": comparison}
    (out / "summary.json").write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    html = _environment().get_template("report.html").render(
        run=summary, other=other, comparison=comparison, figures=figures(summary, other))
    (out / "report.html").write_text(html, encoding="utf-8")
