"""Load and validate a game's data once: ``game.toml``, one CSV per deck, ``layouts.toml``.

Every problem in every file is collected and raised together as one ``DataError``.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from importlib import resources as importlib_resources
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem
from . import columns as col
from .model import (BUILTIN_ICONS, KINDS, Component, Deck, GameData, Gather, Resource, Row, Variant)
from .layouts import load_layouts
from .schema import Field, check
from .tomlpos import KeyLines
from .units import parse_length, parse_size

_ID = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")


def _size_check(value: Any) -> str | None:
    try:
        parse_size(value)
    except ValueError as exc:
        return str(exc)
    return None


def _length_check(value: Any) -> str | None:
    try:
        parse_length(value)
    except ValueError as exc:
        return str(exc)
    return None


def _colour_check(value: Any) -> str | None:
    return None if re.match(r"^#[0-9a-fA-F]{6}$", value) else f"expected a colour such as #1a2b3c, got {value!r}"


# Which player counts need a deck or component (absent: every count).
_PLAYERS_SPEC = {"min": Field("int", required=True), "max": Field("int", required=True)}

GAME_SPEC = {
    "game": Field("table", required=True, spec={
        "id": Field("str", required=True),
        "name": Field("str", required=True),
        "players": Field("table", required=True, spec={"min": Field("int", required=True),
                                                       "max": Field("int", required=True)}),
        "currency": Field("str"),
        "rulebook": Field("str"),
        "description": Field("str"),
        "default_variant": Field("str"),
        "variants": Field("map", spec={"name": Field("str", required=True), "description": Field("str")}),
        "score_categories": Field("map", spec={"name": Field("str", required=True)}),
    }),
    "resources": Field("map", spec={
        "name": Field("str", required=True),
        "colour": Field("str", required=True, check=_colour_check),
        "shape": Field("str", choices=("cube", "disc", "barrel", "nugget", "drop", "hex", "star")),
        "letter": Field("str"),
    }),
    "colours": Field("map"),
    "decks": Field("map", spec={
        "name": Field("str", required=True),
        "file": Field("str", required=True),
        "kind": Field("str", required=True, choices=KINDS),
        "size": Field("str", required=True, check=_size_check),
        "shape": Field("str", choices=("rect", "round", "hex")),
        "corner": Field("str", check=_length_check),
        "layout": Field("str"),
        "back_layout": Field("str"),
        "columns": Field("table", required=True),
        "min_cards": Field("int"),  # cards (rows x qty) the deck needs at least; default 1
        "sheet": Field("str"),  # print on the shared sheets of that name with other pieces
        "players": Field("table", spec=_PLAYERS_SPEC),
        "variants": Field("list", item="str"),
    }),
    "components": Field("map", spec={
        "name": Field("str", required=True),
        "kind": Field("str", required=True, choices=KINDS),
        "count": Field("int", required=True),
        "painter": Field("str", required=True),
        "size": Field("str", check=_size_check),
        "options": Field("table"),
        "players": Field("table", spec=_PLAYERS_SPEC),
        "variants": Field("list", item="str"),
    }),
    "gather": Field("map", spec={"name": Field("str", required=True), "count": Field("int", required=True),
                                 "note": Field("str"), "players": Field("table", spec=_PLAYERS_SPEC),
                                 "variants": Field("list", item="str")}),
    "setup": Field("table"),
    "tables": Field("table"),
}


def builtin_data_dir() -> Path:
    """Where the shipped ``cards_data`` lives, in a source tree or an installed wheel."""
    return Path(str(importlib_resources.files("cards_data")))


def game_ids(data_dir: Path | None = None) -> list[str]:
    base = Path(data_dir) if data_dir else builtin_data_dir()
    return sorted(p.name for p in base.iterdir() if (p / "game.toml").is_file())


def game_dir(game_id: str, data_dir: Path | None = None) -> Path:
    """``data_dir`` may be a folder of games or one game's folder (as ``data export`` writes)."""
    if data_dir is not None:
        data_dir = Path(data_dir)
        if (data_dir / "game.toml").is_file():
            return data_dir
        return data_dir / game_id
    return builtin_data_dir() / game_id


def read_toml(path: Path) -> tuple[dict, KeyLines]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(Problem(str(path), None, "file", "not found")) from None
    except UnicodeDecodeError as exc:
        raise DataError(Problem(str(path), None, "file", f"not UTF-8 text ({exc.reason})")) from None
    try:
        return tomllib.loads(text), KeyLines(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) if match else None
        raise DataError(Problem(str(path), line, "toml", str(exc).split(" (at line")[0])) from None


def load_game(game_id: str, data_dir: Path | str | None = None) -> GameData:
    root = game_dir(game_id, Path(data_dir) if data_dir else None)
    toml_path = root / "game.toml"
    if not toml_path.is_file():
        raise DataError(Problem(str(toml_path), None, "file", "not found"))
    raw, lines = read_toml(toml_path)
    path = str(toml_path)
    problems = check(raw, GAME_SPEC, "", path, lines)
    # A schema problem is reported and loading goes on without the table it is in, so every
    # other problem in the game's files is reported in the same pass.
    declared_decks = raw["decks"] if isinstance(raw.get("decks"), dict) else {}
    raw = _without_broken(raw, {p.field for p in problems})
    game = raw.get("game") or {}
    game_ok = "game" in raw and not any(p.field == "game" or p.field.startswith("game.") for p in problems)
    if game_ok and game["id"] != root.name and data_dir is None:
        problems.append(Problem(path, lines.line("game.id"), "game.id",
                                f"{game['id']!r} does not match its folder {root.name!r}"))
    pmin, pmax = (game["players"]["min"], game["players"]["max"]) if game_ok else (1, 1_000)
    if not 1 <= pmin <= pmax:
        problems.append(Problem(path, lines.line("game.players"), "game.players",
                                f"min {pmin} and max {pmax} must satisfy 1 <= min <= max"))

    resources = {}
    for rid, spec in raw.get("resources", {}).items():
        resources[rid] = Resource(rid, spec["name"], spec["colour"], spec.get("shape", "cube"),
                                  spec.get("letter", spec["name"][:1].upper()))
    colours = {}
    for name, value in raw.get("colours", {}).items():
        message = _colour_check(value) if isinstance(value, str) else f"expected a colour string, got {value!r}"
        if message:
            problems.append(Problem(path, lines.line(f"colours.{name}"), f"colours.{name}", message))
        else:
            colours[name] = value
    icons = set(BUILTIN_ICONS) | set(resources)
    for name in resources:
        if name in BUILTIN_ICONS:
            problems.append(Problem(path, lines.line(f"resources.{name}"), f"resources.{name}",
                                    f"the name {name!r} is a built-in icon; choose another id"))

    for section in ("resources", "decks", "components", "gather"):
        for ident in raw.get(section, {}):
            if not _ID.match(ident):
                problems.append(Problem(path, lines.line(f"{section}.{ident}"), f"{section}.{ident}",
                                        "ids use lower-case letters, digits, - and _ only"))

    layouts, layout_problems = load_layouts(root / "layouts.toml", set(colours) | set(resources))
    problems.extend(layout_problems)
    # when layouts.toml has problems they have had their say: a deck naming a layout that did
    # not load is not also told the layout is unknown
    layouts_ok = not layout_problems

    decks: dict[str, Deck] = {}
    for deck_id, spec in raw.get("decks", {}).items():
        deck, deck_problems = _load_deck(root, deck_id, spec, path, lines, icons, set(resources), layouts,
                                         layouts_ok)
        problems.extend(deck_problems)
        if deck is not None:
            decks[deck_id] = deck
    problems.extend(_check_refs(decks, declared_decks, root, lines))

    components = {}
    for cid, spec in raw.get("components", {}).items():
        problems.extend(_named_files(root, f"components.{cid}.options", spec.get("options", {}), path, lines))
        if cid in declared_decks:
            problems.append(Problem(path, lines.line(f"components.{cid}"), f"components.{cid}",
                                    "a deck already has this id"))
        if spec["count"] < 1:
            problems.append(Problem(path, lines.line(f"components.{cid}.count"), f"components.{cid}.count",
                                    f"must be a positive whole number, got {spec['count']}"))
        components[cid] = Component(cid, spec["name"], spec["kind"], spec["count"], spec["painter"],
                                    parse_size(spec["size"]) if "size" in spec else None,
                                    spec.get("options", {}), lines.line(f"components.{cid}"),
                                    _players(spec), tuple(spec.get("variants", ())))
    gather = tuple(Gather(gid, g["name"], g["count"], g.get("note", ""), _players(g), tuple(g.get("variants", ())))
                   for gid, g in raw.get("gather", {}).items())

    variants = tuple(Variant(vid, v["name"], v.get("description", "")) for vid, v in game.get("variants", {}).items())
    default_variant = game.get("default_variant")
    if default_variant and default_variant not in {v.id for v in variants}:
        problems.append(Problem(path, lines.line("game.default_variant"), "game.default_variant",
                                f"unknown variant {default_variant!r}; variants: {', '.join(v.id for v in variants)}"))
    categories = tuple((cid, c["name"]) for cid, c in game.get("score_categories", {}).items())
    variant_ids = {v.id for v in variants}
    for section in ("decks", "components", "gather"):
        for ident, spec in raw.get(section, {}).items():
            count = spec.get("players")
            if count and game_ok and not pmin <= count["min"] <= count["max"] <= pmax:
                problems.append(Problem(path, lines.line(f"{section}.{ident}.players"), f"{section}.{ident}.players",
                                        f"min {count['min']} and max {count['max']} must lie within the game's "
                                        f"{pmin}–{pmax} players, min first"))
            for name in spec.get("variants", ()):
                if name not in variant_ids and game_ok:
                    problems.append(Problem(path, lines.line(f"{section}.{ident}.variants"), f"{section}.{ident}.variants",
                                            f"unknown variant {name!r}; variants: {', '.join(sorted(variant_ids)) or '(none)'}"))

    if problems:
        raise DataError(problems)
    return GameData(
        id=game["id"], name=game["name"], players=(pmin, pmax), currency=game.get("currency", "£"),
        variants=variants, score_categories=categories, resources=resources, colours=colours,
        decks=decks, components=components, gather=gather, layouts=layouts,
        tables=raw.get("tables", {}), setup=raw.get("setup", {}), root=root, toml_lines=lines,
    )


_SECTIONS = ("resources", "colours", "decks", "components", "gather")


def _without_broken(raw: dict, fields: set[str]) -> dict:
    """``raw`` less every section entry a schema problem was found in (already reported)."""
    def broken(dotted: str) -> bool:
        return any(f == dotted or f.startswith(dotted + ".") for f in fields)

    out = dict(raw)
    if broken("game"):
        out.pop("game", None)
    for section in _SECTIONS:
        entries = raw.get(section, {})
        if not isinstance(entries, dict) or section in fields:
            out[section] = {}
            continue
        out[section] = {k: v for k, v in entries.items()
                        if section == "colours" or (isinstance(v, dict) and not broken(f"{section}.{k}"))}
    return out


# Component options naming a file of the game's own text (reference sheets and cards).
_FILE_SUFFIXES = (".md", ".toml")


def _named_files(root: Path, where: str, options: Any, path: str, lines: KeyLines) -> list[Problem]:
    """Every file a component's options name must be in the game's folder."""
    problems = []
    if not isinstance(options, dict):
        return problems
    for key, value in options.items():
        dotted = f"{where}.{key}"
        if isinstance(value, dict):
            problems.extend(_named_files(root, dotted, value, path, lines))
        elif isinstance(value, str) and value.endswith(_FILE_SUFFIXES) and not (root / value).is_file():
            problems.append(Problem(path, lines.line(dotted), dotted,
                                    f"names {value!r}, which is not in {root}"))
    return problems


def _players(spec: dict) -> tuple[int, int] | None:
    count = spec.get("players")
    return (count["min"], count["max"]) if count else None


def _load_deck(root: Path, deck_id: str, spec: dict, toml_path: str, lines: KeyLines,
               icons: set[str], resources: set[str], layouts: dict,
               layouts_ok: bool = True) -> tuple[Deck | None, list[Problem]]:
    problems: list[Problem] = []
    prefix = f"decks.{deck_id}"
    types: dict[str, col.ColumnType] = {}
    for name, text in spec["columns"].items():
        try:
            types[name] = col.parse_type(text)
        except ValueError as exc:
            problems.append(Problem(toml_path, lines.line(f"{prefix}.columns.{name}"), f"{prefix}.columns.{name}", str(exc)))
    layout_broken = False
    for needed, kind in (("id", "id"), ("qty", "qty")):
        if needed not in types:
            problems.append(Problem(toml_path, lines.line(f"{prefix}.columns"), f"{prefix}.columns",
                                    f"every deck needs a {needed!r} column of type {kind!r}"))
    for key in ("layout", "back_layout"):
        name = spec.get(key)
        if name and name not in layouts and not layouts_ok:
            layout_broken = True  # reported in layouts.toml
            continue
        if name and name not in layouts:
            known = ", ".join(sorted(layouts)) or "(none)"
            problems.append(Problem(toml_path, lines.line(f"{prefix}.{key}"), f"{prefix}.{key}",
                                    f"unknown layout {name!r}; layouts: {known}"))
    csv_path = root / spec["file"]
    if problems or layout_broken:
        return None, problems
    rows, row_problems = read_rows(csv_path, types, icons, resources)
    problems.extend(row_problems)
    problems.extend(_enough_cards(deck_id, spec, rows, csv_path, toml_path, lines) if not row_problems else [])
    for key in ("layout", "back_layout"):
        name = spec.get(key)
        if name and name in layouts:
            for box in layouts[name].boxes:
                for field_name in box.props.get("_fields", ()):
                    if field_name not in types and field_name not in ("qty_index", "deck", "game"):
                        problems.append(Problem(str(root / "layouts.toml"), box.props.get("_line"),
                                                f"{name}.boxes.{box.name}",
                                                f"uses {{{field_name}}} but deck {deck_id!r} has no such column; "
                                                f"columns: {', '.join(types)}"))
    corner = parse_length(spec["corner"]) if "corner" in spec else 0.0
    deck = Deck(deck_id, spec["name"], spec["kind"], spec["file"], parse_size(spec["size"]),
                spec.get("shape", "rect"), corner, spec.get("layout"), spec.get("back_layout"),
                {k: v for k, v in spec["columns"].items()}, tuple(rows), lines.line(prefix),
                _players(spec), tuple(spec.get("variants", ())), spec.get("sheet"))
    return deck, problems


def _enough_cards(deck_id: str, spec: dict, rows: list[Row], csv_path: Path, toml_path: str,
                  lines: KeyLines) -> list[Problem]:
    """A deck declares the cards it needs (``min_cards``, at least one): a header with no
    rows under it would otherwise print an empty deck."""
    needed = spec.get("min_cards", 1)
    if needed < 1:
        where = f"decks.{deck_id}.min_cards"
        return [Problem(toml_path, lines.line(where), where, f"must be at least 1, got {needed}")]
    have = sum(row.qty for row in rows)
    if have >= needed:
        return []
    declared = f" (decks.{deck_id}.min_cards in game.toml)" if "min_cards" in spec else ""
    return [Problem(str(csv_path), max((row.line for row in rows), default=1), "rows",
                    f"deck {deck_id!r} has {have} cards but needs at least {needed}{declared}")]


def read_rows(path: Path, types: dict[str, col.ColumnType], icons: set[str],
              resources: set[str]) -> tuple[list[Row], list[Problem]]:
    """Read and check one CSV against declared column types: the rows, and every problem
    found. Games use it for tables their own code draws (mine cards, shaft tiles)."""
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return [], [Problem(where, None, "file", "not found")]
    except UnicodeDecodeError as exc:
        return [], [Problem(where, None, "file", f"not UTF-8 text ({exc.reason})")]
    reader = csv.reader(io.StringIO(text, newline=""))
    problems: list[Problem] = []
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        return [], [Problem(where, 1, "header", "the file is empty; the first line must name the columns")]
    accepted = ", ".join(types)
    for name in header:
        if name not in types:
            problems.append(Problem(where, 1, name, f"unknown column; accepted columns: {accepted}"))
    for name, ctype in types.items():
        if name not in header and not ctype.optional:
            problems.append(Problem(where, 1, name, "missing column"))
    # The rows are still read (an unknown column's cells aside), so a bad cell further down is
    # reported in the same pass; a file with any problem gives no rows.
    header_ok = not problems
    rows: list[Row] = []
    seen: dict[str, int] = {}
    line = reader.line_num
    for record in reader:
        start, line = line + 1, reader.line_num
        if not any(cell.strip() for cell in record):
            continue
        if len(record) != len(header):
            problems.append(Problem(where, start, "row", f"has {len(record)} cells but the header names {len(header)} columns"))
            continue
        values: dict[str, Any] = {}
        for name, cell in zip(header, record):
            if name not in types:
                continue
            try:
                values[name] = col.parse_cell(types[name], cell, icons, resources)
            except col.CellError as exc:
                problems.append(Problem(where, start, name, str(exc)))
        for name, ctype in types.items():
            values.setdefault(name, None)
        row_id = values.get("id")
        if row_id:
            if row_id in seen:
                problems.append(Problem(where, start, "id", f"duplicate id {row_id!r} (first on line {seen[row_id]})"))
            else:
                seen[row_id] = start
        if row_id and isinstance(values.get("qty"), int):
            rows.append(Row(row_id, values["qty"], values, start))
    return (rows if header_ok else []), problems


def _check_refs(decks: dict[str, Deck], specs: dict, root: Path, lines: KeyLines) -> list[Problem]:
    problems = []
    for deck in decks.values():
        for name, text in deck.columns.items():
            ctype = col.parse_type(text)
            if ctype.base != "ref":
                continue
            target = decks.get(ctype.arg)
            if target is None and ctype.arg not in specs:
                where = f"decks.{deck.id}.columns.{name}"
                problems.append(Problem(str(root / "game.toml"), lines.line(where), where,
                                        f"refers to unknown deck {ctype.arg!r}; decks: {', '.join(sorted(specs))}"))
                continue
            if target is None:
                continue
            ids = {r.id for r in target.rows}
            for row in deck.rows:
                value = row.values.get(name)
                if value is not None and value not in ids:
                    problems.append(Problem(str(root / deck.file), row.line, name,
                                            f"unknown {ctype.arg} id {value!r}"))
    return problems

