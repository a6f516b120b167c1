"""Comparing two versions of a game's data: what changed in the files, row by row, and which
measures of the two runs (the same seeds on each) moved beyond their 95 % intervals."""

from __future__ import annotations

import csv
import io
from typing import Any, Sequence

from .stats import wilson


def data_diff(a: Sequence[tuple[str, bytes]], b: Sequence[tuple[str, bytes]]) -> list[dict[str, str]]:
    """Every changed value: CSV files by row id (first column) and field, other files by line."""
    files_a, files_b = dict(a), dict(b)
    out: list[dict[str, str]] = []
    for name in sorted(set(files_a) | set(files_b)):
        short = name.split("/", 1)[-1]
        if name not in files_a or name not in files_b:
            out.append({"file": short, "row": "", "change": "added" if name in files_b else "removed"})
            continue
        old, new = files_a[name].decode("utf-8-sig", "replace"), files_b[name].decode("utf-8-sig", "replace")
        if old == new:
            continue
        out.extend(_csv_diff(short, old, new) if name.endswith(".csv") else _line_diff(short, old, new))
    return out


def _csv_diff(name: str, old: str, new: str) -> list[dict[str, str]]:
    def rows(text: str) -> dict[str, dict[str, str]]:
        reader = csv.DictReader(io.StringIO(text))
        key = reader.fieldnames[0] if reader.fieldnames else ""
        return {row.get(key, ""): row for row in reader}

    before, after = rows(old), rows(new)
    out = []
    for key in list(before) + [k for k in after if k not in before]:
        if key not in after:
            out.append({"file": name, "row": key, "change": "row removed"})
        elif key not in before:
            out.append({"file": name, "row": key, "change": "row added"})
        else:
            changes = [f"{field}: {before[key].get(field, '')!s} → {after[key].get(field, '')!s}"
                       for field in dict.fromkeys(list(before[key]) + list(after[key]))
                       if before[key].get(field) != after[key].get(field)]
            if changes:
                out.append({"file": name, "row": key, "change": "; ".join(changes)})
    return out


def _line_diff(name: str, old: str, new: str) -> list[dict[str, str]]:
    import difflib
    out = []
    for line in difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0):
        if line.startswith(("---", "+++", "@@")):
            continue
        out.append({"file": name, "row": "", "change": line[:200]})
    return out


def _apart(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Two 95 % intervals that do not overlap."""
    return a[1] < b[0] or b[1] < a[0]


def moved(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, str]]:
    """The measures whose intervals no longer overlap."""
    out = []
    for pa, pb in zip(a["positions"], b["positions"]):
        if _apart((pa["low"], pa["high"]), (pb["low"], pb["high"])):
            out.append({"measure": f"win rate, {pa['position']}. to move", "a": f"{pa['win_rate']:.1%}",
                        "b": f"{pb['win_rate']:.1%}", "change": f"{(pb['win_rate'] - pa['win_rate']) * 100:+.1f} pts"})
        if _apart((pa["score_low"], pa["score_high"]), (pb["score_low"], pb["score_high"])):
            out.append({"measure": f"mean score, {pa['position']}. to move", "a": f"{pa['mean_score']:.1f}",
                        "b": f"{pb['mean_score']:.1f}", "change": f"{pb['mean_score'] - pa['mean_score']:+.1f}"})
    for unit in ("rounds", "turns"):
        la, lb = a["length"][unit], b["length"][unit]
        if _apart((la["low"], la["high"]), (lb["low"], lb["high"])):
            out.append({"measure": f"mean {unit if unit == 'rounds' else 'moves'} per game", "a": f"{la['mean']:.1f}",
                        "b": f"{lb['mean']:.1f}", "change": f"{lb['mean'] - la['mean']:+.1f}"})
    items_a = {i["item"]: i for i in a["items"]}
    for item in b["items"]:
        before = items_a.get(item["item"])
        if before and _apart((before["low"], before["high"]), (item["low"], item["high"])):
            out.append({"measure": f"holder's win rate: {item['item']}", "a": f"{before['win_rate']:.1%}",
                        "b": f"{item['win_rate']:.1%}", "change": f"{(item['win_rate'] - before['win_rate']) * 100:+.1f} pts"})
    return out


def stronger(a: dict[str, Any], b: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """Items whose holders win more after the edit, the biggest gain first. ``beyond``: the
    gain is past both intervals, or the item is now too strong where it was not."""
    items_a = {i["item"]: i for i in a["items"]}
    fair = 1.0 / players
    out = []
    for item in b["items"]:
        before = items_a.get(item["item"])
        base, low, high = (before["win_rate"], before["low"], before["high"]) if before else (*wilson(0, 0)[:1], 0, 1)
        change = item["win_rate"] - base
        if change <= 0:
            continue
        beyond = _apart((low, high), (item["low"], item["high"])) or (item["low"] > fair and not low > fair)
        out.append({"item": item["item"], "a": base, "b": item["win_rate"], "change": change, "beyond": beyond})
    out.sort(key=lambda m: (not m["beyond"], -m["change"], m["item"]))
    return out


def comparison(a: dict[str, Any], b: dict[str, Any], diff: list[dict[str, str]]) -> dict[str, Any]:
    return {"moved": moved(a, b), "stronger": stronger(a, b, a["players"]), "diff": diff}
