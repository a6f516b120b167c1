"""``layouts.toml``: named layouts of named boxes in unit strings, able to extend one another.

    [survey]
    size = "poker"
    background = "{region}"          # a colour, a named colour, or a template
    [survey.boxes.title]
    x = "4mm"  y = "4mm"  w = "55.5mm"  h = "8mm"
    text = "{name}"  font = "bold"  size = 11  align = "center"

A layout that ``extends`` another inherits its size, background, boxes and lengths; a box of
the same name is merged key by key, so a variant only states what differs.

Art drawn by code reads its proportions from the same file: ``[name.lengths]`` holds named
lengths (``tunnel = "17mm"``), and a ``polygon`` (closed, filled) or ``path`` (open, stroked)
box lists its ``vertices`` as ``"x y"`` lengths measured from the box's x and y (0 if not
given); its w and h, if not given, are the farthest vertex's x and y. ``subdivisions`` is how
many straight pieces code draws a curve of the box with.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem
from .files import read_toml
from .model import Box, Layout
from .schema import Field, check
from .tomlpos import KeyLines
from .units import parse_length, parse_size

_TEMPLATE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")

BOX_KINDS = ("text", "rect", "circle", "icon", "line", "hex", "polygon", "path", "arch")
POINT_KINDS = ("polygon", "path")
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
    "vertices": Field("list", item="str"),  # a polygon's or path's corners, "x y" lengths from (x, y)
    "subdivisions": Field("int", check=lambda v: None if v > 0 else "must be at least 1"),  # pieces of a drawn curve
}
LAYOUT_SPEC = {
    "extends": Field("str"), "size": Field("str"), "background": Field("str"),
    "boxes": Field("map", spec=BOX_SPEC),
    "lengths": Field("table"),  # named lengths of art drawn by code
}
_LENGTH_KEYS = ("x", "y", "w", "h")
_OPTIONAL_LENGTHS = ("radius", "gap")


def load_layouts(path: Path, colour_names: set[str],
                 folder: Path | None = None) -> tuple[dict[str, Layout], list[Problem]]:
    """The layouts of ``path`` (none when the game has no such file), read inside ``folder``."""
    if not path.exists() and not path.is_symlink():
        return {}, []
    try:
        raw, lines = read_toml(path, folder)
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
            if key == "lengths":
                merged["lengths"] = {**merged.get("lengths", {}), **value}
            elif key == "boxes":
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
        points = None
        if props.get("kind") in POINT_KINDS:
            points = _points(props, dotted, where, lines, problems)
            ok = bool(points)
        elif "vertices" in props:
            problems.append(Problem(where, lines.line(f"{dotted}.vertices"), f"{dotted}.vertices",
                                    f"only a {' or '.join(POINT_KINDS)} box has vertices"))
            ok = False
        for key in _LENGTH_KEYS:
            if key not in props and points is not None:
                if points:
                    numbers[key] = _POINTS_DEFAULT[key](points)
                continue
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
    return Layout(name, size, merged.get("background"), tuple(boxes), lines.line(name),
                  _lengths(name, merged.get("lengths", {}), where, lines, problems))


# a polygon's or path's x and y default to 0 (vertices from the layout's corner), w and h to the vertices' extent
_POINTS_DEFAULT = {"x": lambda pts: 0.0, "y": lambda pts: 0.0,
                   "w": lambda pts: max(x for x, _ in pts), "h": lambda pts: max(y for _, y in pts)}


def _points(props: dict, dotted: str, where: str, lines: KeyLines, problems: list[Problem]):
    """A polygon's or path's ``vertices`` as (x, y) millimetres, kept in ``vertices_mm``."""
    line = lines.line(f"{dotted}.vertices") or props.get("_line")
    raw = props.get("vertices")
    if not raw:
        problems.append(Problem(where, line, f"{dotted}.vertices",
                                "a polygon or path needs vertices (\"x y\" lengths)"))
        return []
    points = []
    for entry in raw:
        parts = entry.split()
        try:
            if len(parts) != 2:
                raise ValueError(f"expected a point as two lengths \"x y\" such as \"3mm 4.5mm\", got {entry!r}")
            points.append((parse_length(parts[0]), parse_length(parts[1])))
        except ValueError as exc:
            problems.append(Problem(where, line, f"{dotted}.vertices", str(exc)))
            return []
    props["vertices_mm"] = tuple(points)
    return points


def _lengths(name: str, raw: dict, where: str, lines: KeyLines, problems: list[Problem]) -> dict:
    """``[name.lengths]``: each a length with its unit, kept with its line for later messages."""
    found = {}
    for key, value in raw.items():
        dotted = f"{name}.lengths.{key}"
        line = lines.line(dotted) or lines.line(f"{name}.lengths")
        try:
            found[key] = (parse_length(value), line)
        except ValueError as exc:
            problems.append(Problem(where, line, dotted, str(exc)))
    return found


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
