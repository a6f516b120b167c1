"""``layouts.toml``: named layouts of named boxes in unit strings, able to extend one another.

    [survey]
    size = "poker"
    background = "{region}"          # a colour, a named colour, or a template
    [survey.boxes.title]
    x = "4mm"  y = "4mm"  w = "55.5mm"  h = "8mm"
    text = "{name}"  font = "bold"  size = 11  align = "center"

A layout that ``extends`` another inherits its size, background and boxes; a box of the
same name is merged key by key, so a variant only states what differs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import Problem
from .model import Box, Layout
from .schema import Field, check
from .tomlpos import KeyLines
from .units import parse_length, parse_size

_TEMPLATE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")

BOX_KINDS = ("text", "rect", "circle", "icon", "line", "hex")
FONTS = ("regular", "bold", "italic", "bold-italic", "condensed", "condensed-bold")

BOX_SPEC = {
    "kind": Field("str", choices=BOX_KINDS),
    "x": Field("str"), "y": Field("str"), "w": Field("str"), "h": Field("str"),
    "text": Field("str"), "font": Field("str", choices=FONTS), "size": Field("number"),
    "min_size": Field("number"), "align": Field("str", choices=("left", "center", "right")),
    "valign": Field("str", choices=("top", "middle", "bottom")), "colour": Field("str"),
    "fill": Field("str"), "stroke": Field("str"), "stroke_width": Field("number"),
    "radius": Field("str"), "when": Field("str"), "rotate": Field("int", check=lambda v: None if v in (0, 90, 180, 270) else "must be 0, 90, 180 or 270"),
    "icon": Field("str"), "leading": Field("number"), "bleed": Field("bool"),
    "gap": Field("str"),  # a length: the space between repeats of a box drawn by code (rows, cells)
}
LAYOUT_SPEC = {
    "extends": Field("str"), "size": Field("str"), "background": Field("str"),
    "boxes": Field("map", spec=BOX_SPEC),
}
_LENGTH_KEYS = ("x", "y", "w", "h")
_OPTIONAL_LENGTHS = ("radius", "gap")


def load_layouts(path: Path, colour_names: set[str]) -> tuple[dict[str, Layout], list[Problem]]:
    if not path.is_file():
        return {}, []
    from .loader import read_toml  # local: loader imports this module

    from ..errors import DataError
    try:
        raw, lines = read_toml(path)
    except DataError as exc:
        return {}, exc.problems
    where = str(path)
    problems = check(raw, {name: Field("table", spec=LAYOUT_SPEC) for name in raw}, "", where, lines)
    if problems:
        return {}, problems
    problems.extend(_unknown_colours(raw, colour_names, where, lines))
    resolved: dict[str, dict] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> dict | None:
        if name in resolved:
            return resolved[name]
        spec = raw[name]
        parent_name = spec.get("extends")
        merged: dict[str, Any] = {"boxes": {}}
        if parent_name:
            if parent_name in chain:
                problems.append(Problem(where, lines.line(f"{name}.extends"), f"{name}.extends",
                                        f"layouts extend each other in a loop: {' -> '.join(chain + (parent_name,))}"))
                return None
            if parent_name not in raw:
                problems.append(Problem(where, lines.line(f"{name}.extends"), f"{name}.extends",
                                        f"unknown layout {parent_name!r}; layouts: {', '.join(sorted(raw))}"))
                return None
            parent = resolve(parent_name, chain + (parent_name,))
            if parent is None:
                return None
            merged = {k: (dict(v) if k == "boxes" else v) for k, v in parent.items()}
            merged["boxes"] = {b: dict(p) for b, p in parent["boxes"].items()}
        for key, value in spec.items():
            if key == "boxes":
                for box_name, box in value.items():
                    target = merged["boxes"].setdefault(box_name, {"_line": lines.line(f"{name}.boxes.{box_name}")})
                    target.update(box)
            elif key != "extends":
                merged[key] = value
        resolved[name] = merged
        return merged

    layouts: dict[str, Layout] = {}
    for name in raw:
        merged = resolve(name, (name,))
        if merged is None:
            continue
        layout = _build(name, merged, where, lines, problems)
        if layout:
            layouts[name] = layout
    return layouts, problems


def _build(name: str, merged: dict, where: str, lines: KeyLines, problems: list[Problem]) -> Layout | None:
    size = None
    if "size" in merged:
        try:
            size = parse_size(merged["size"])
        except ValueError as exc:
            problems.append(Problem(where, lines.line(f"{name}.size"), f"{name}.size", str(exc)))
    boxes = []
    for box_name, props in merged["boxes"].items():
        dotted = f"{name}.boxes.{box_name}"
        numbers = {}
        ok = True
        for key in _LENGTH_KEYS:
            if key not in props:
                problems.append(Problem(where, props.get("_line"), f"{dotted}.{key}", "missing required key"))
                ok = False
                continue
            try:
                numbers[key] = parse_length(props[key])
            except ValueError as exc:
                problems.append(Problem(where, lines.line(f"{dotted}.{key}") or props.get("_line"), f"{dotted}.{key}", str(exc)))
                ok = False
        for key in _OPTIONAL_LENGTHS:
            if key in props:
                try:
                    props[f"{key}_mm"] = parse_length(props[key])
                except ValueError as exc:
                    problems.append(Problem(where, lines.line(f"{dotted}.{key}"), f"{dotted}.{key}", str(exc)))
                    ok = False
        if not ok:
            continue
        fields = set()
        for key in ("text", "fill", "colour", "stroke", "icon"):
            if isinstance(props.get(key), str):
                fields.update(_TEMPLATE.findall(props[key]))
        if props.get("when"):
            fields.add(props["when"])
        extra = {k: v for k, v in props.items() if k not in _LENGTH_KEYS and k != "kind"}
        extra["_fields"] = tuple(sorted(fields))
        boxes.append(Box(box_name, props.get("kind", "text"), numbers["x"], numbers["y"],
                         numbers["w"], numbers["h"], extra))
    return Layout(name, size, merged.get("background"), tuple(boxes), lines.line(name))


_COLOUR_KEYS = ("fill", "colour", "stroke")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _unknown_colours(raw: dict, colour_names: set[str], where: str, lines: KeyLines) -> list[Problem]:
    """Colours written out in a layout (not ``{column}`` templates, which depend on the row)
    must be #rrggbb, a [colours] name or a resource id: reported at the line that names them."""
    known = ", ".join(sorted(colour_names)) or "(none)"
    problems = []

    def look(dotted: str, value: Any) -> None:
        if not isinstance(value, str) or not value or "{" in value:
            return
        if _HEX.match(value) or value in colour_names:
            return
        problems.append(Problem(where, lines.line(dotted), dotted,
                                f"unknown colour {value!r}; use #rrggbb or one of: {known}"))

    for name, spec in raw.items():
        look(f"{name}.background", spec.get("background"))
        for box_name, box in spec.get("boxes", {}).items():
            for key in _COLOUR_KEYS:
                look(f"{name}.boxes.{box_name}.{key}", box.get(key))
    return problems


def template_fields(text: str) -> list[str]:
    return _TEMPLATE.findall(text)
