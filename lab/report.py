"""``report.html`` (self-contained, offline, readable on a phone) and ``summary.json``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from . import plots
from .feel import TITLES
from .tally import MIN_TAKEN


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


def sweep_figures(document: dict[str, Any]) -> list[dict[str, str]]:
    """The sweep's plots: each measure against the swept number, with intervals."""
    runs = document["runs"]
    if not runs:
        return []
    xs = [run["value"] for run in runs]
    xlabel = document["what"]
    players = runs[0]["players"]
    out = [{"title": "Win rate by position in the turn order", "svg": plots.against(
        xs, {f"{p['position']}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(p['position'], 'th')} to move":
             [(r["positions"][i]["win_rate"], r["positions"][i]["low"], r["positions"][i]["high"]) for r in runs]
             for i, p in enumerate(runs[0]["positions"])}, xlabel, "games won", True, 1 / players)},
           {"title": "Winning margin", "svg": plots.against(
               xs, {"": [(r["margin"]["mean"], r["margin"]["low"], r["margin"]["high"]) for r in runs]}, xlabel,
               "points")}]
    for key, title in TITLES.items():
        measure = runs[0]["feel"][key]  # the same kind and unit at every value
        percent = measure["kind"] == "rate" or measure["unit"] == "of the game"
        out.append({"title": title[:1].upper() + title[1:], "definition": measure["definition"],
                    "svg": plots.against(xs, {"": [(r["feel"][key]["value"], r["feel"][key]["low"],
                                                   r["feel"][key]["high"]) for r in runs]}, xlabel,
                                         "share" if percent else measure["unit"], percent)})
    moved = moving_items(document)
    if moved:
        out.append({"title": f"Holders' win rate, {runs[0]['meta']['items_name']}", "svg": plots.against(
            xs, {name: [_item(r, name) for r in runs] for name in moved}, xlabel, "taker's win rate", True,
            1 / players)})
    return out


def _item(run: dict[str, Any], name: str) -> tuple[float, float, float]:
    found = next((i for i in run["items"] if i["item"] == name), None)
    return (found["win_rate"], found["low"], found["high"]) if found else (float("nan"),) * 3


def moving_items(document: dict[str, Any], most: int = 5) -> list[str]:
    """The swept row's own item (when the row is one) and the items whose holders' win rate
    moved most across the sweep, among those taken in at least ``MIN_TAKEN`` games at every
    value (fewer would plot chance)."""
    runs = document["runs"]
    rates: dict[str, list[float]] = {}
    for run in runs:
        for item in run["items"]:
            if item["held"] >= MIN_TAKEN:
                rates.setdefault(item["item"], []).append(item["win_rate"])
    names = {item["item"] for run in runs for item in run["items"]}
    row = (document.get("row") or "").lower()
    own = sorted(name for name in names if row and row in (name.lower(), re.sub(r"[^a-z0-9]+", "-", name.lower())))
    steady = {name: values for name, values in rates.items() if len(values) == len(runs) and name not in own}
    others = sorted(steady, key=lambda n: (-(max(steady[n]) - min(steady[n])), n))
    return own + others[:most - len(own)]


def write_sweep(out: Path, document: dict[str, Any]) -> None:
    """A sweep's ``summary.json`` and ``report.html``."""
    (out / "summary.json").write_text(json.dumps({"sweep": document}, indent=1, sort_keys=True) + "\n",
                                      encoding="utf-8")
    html = _environment().get_template("sweep.html").render(sweep=document, figures=sweep_figures(document))
    (out / "report.html").write_text(html, encoding="utf-8")
