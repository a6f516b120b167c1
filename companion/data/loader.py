"""Load and validate a game's data once: ``game.toml``, one CSV per deck, ``layouts.toml``.

Every problem in every file is collected and raised together as one ``DataError``.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from importlib import resources as importlib_resources
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem
from . import columns as col
from .files import MAX_CELL, MAX_ROWS, file_problem, name_problem, named_files, read_text, read_toml
from .layouts import load_layouts
from .model import BUILTIN_ICONS, KINDS, Component, Deck, GameData, Gather, Resource, Row, Variant
from .numbers import table_problems
from .schema import Field, check
from .tomlpos import KeyLines
from .units import parse_length, parse_size

__all__ = ["builtin_data_dir", "game_dir", "game_ids", "load_game", "read_rows", "read_toml"]

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


def _count_check(value: Any) -> str | None:
    """A component's count: a whole number, or the number of [setup] or [tables] it prints."""
    if isinstance(value, int) and not isinstance(value, bool):
        return None
    if isinstance(value, str) and re.fullmatch(r"(setup|tables)(\.[A-Za-z0-9_-]+)+", value):
        return None
    return (f"expected a whole number, or the dotted name of the number in [setup] or [tables] it prints "
            f"(\"tables.strike_tokens\"), got {value!r}")


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
        # the game's BoardGameGeek id, which BG Stats matches a play by (absent: by name only)
        "bgg_id": Field("int", check=lambda v: None if v > 0 else f"expected a BoardGameGeek id (a whole number above 0), got {v}"),
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
        "count": Field("any", required=True, check=_count_check),
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
    try:
        return sorted(p.name for p in base.iterdir() if (p / "game.toml").is_file())
    except FileNotFoundError:
        raise DataError(Problem(str(base), None, "folder", "not found")) from None
    except RuntimeError:  # Python 3.11 reports a link to itself so
        raise DataError(Problem(str(base), None, "folder", "cannot be read: a link that leads back to itself")) from None
    except OSError as exc:
        raise DataError(Problem(str(base), None, "folder", f"cannot be read: {exc.strerror}")) from None


def game_dir(game_id: str, data_dir: Path | None = None) -> Path:
    """``data_dir`` may be a folder of games or one game's folder (as ``data export`` writes)."""
    if data_dir is not None:
        data_dir = Path(data_dir)
        if (data_dir / "game.toml").is_file():
            return data_dir
        return data_dir / game_id
    return builtin_data_dir() / game_id


@dataclass
class _Toml:
    """``game.toml`` as it is being checked: where it is, its keys' lines, the problems so far."""

    path: str
    lines: KeyLines
    problems: list[Problem] = field(default_factory=list)

    def add(self, dotted: str, message: str) -> None:
        self.problems.append(Problem(self.path, self.lines.line(dotted), dotted, message))

    def broken(self, dotted: str) -> bool:
        return any(p.field == dotted or p.field.startswith(dotted + ".") for p in self.problems)


def load_game(game_id: str, data_dir: Path | str | None = None) -> GameData:
    root = game_dir(game_id, Path(data_dir) if data_dir else None)
    toml_path = root / "game.toml"
    if not toml_path.is_file() and not toml_path.is_symlink():
        raise DataError(Problem(str(toml_path), None, "file", "not found"))
    raw, lines = read_toml(toml_path, root)
    toml = _Toml(str(toml_path), lines, check(raw, GAME_SPEC, "", str(toml_path), lines))
    # A schema problem is reported and loading goes on without the table it is in, so every
    # other problem in the game's files is reported in the same pass.
    declared_decks = raw["decks"] if isinstance(raw.get("decks"), dict) else {}
    raw = _without_broken(raw, {p.field for p in toml.problems})
    game = raw.get("game") or {}
    game_ok = "game" in raw and not toml.broken("game")
    players = _players_of_game(game, game_ok, root, data_dir is None, toml)
    colours = _colours(raw, toml)
    resources = _resources(raw, toml)
    _check_ids(raw, toml)
    unreadable = _named_files(root, raw, toml)
    layouts, layout_problems = load_layouts(root / "layouts.toml", set(colours) | set(resources), root)
    toml.problems.extend(layout_problems)
    shelf = _Shelf(root, set(BUILTIN_ICONS) | set(resources), set(resources), layouts,
                   # when layouts.toml has problems they have had their say: a deck naming a
                   # layout that did not load is not also told the layout is unknown
                   layouts_ok=not layout_problems, unreadable=unreadable)
    decks = _decks(raw, shelf, toml)
    toml.problems.extend(_check_refs(decks, declared_decks, root, lines))
    components = _components(raw, declared_decks, toml)
    variants = _variants(game, toml)
    if game_ok:
        _check_spans(raw, players, {v.id for v in variants}, toml)
    if toml.problems:
        raise DataError(toml.problems)
    return GameData(
        id=game["id"], name=game["name"], players=players, currency=game.get("currency", "£"),
        variants=variants, score_categories=tuple((cid, c["name"]) for cid, c in game.get("score_categories", {}).items()),
        resources=resources, colours=colours, decks=decks, components=components, gather=_gather(raw),
        layouts=layouts, tables=raw.get("tables", {}), setup=raw.get("setup", {}), root=root, toml_lines=lines,
        bgg_id=game.get("bgg_id"),
    )


def _players_of_game(game: dict, game_ok: bool, root: Path, shipped: bool, toml: _Toml) -> tuple[int, int]:
    if game_ok and shipped and game["id"] != root.name:
        toml.add("game.id", f"{game['id']!r} does not match its folder {root.name!r}")
    low, high = (game["players"]["min"], game["players"]["max"]) if game_ok else (1, 1_000)
    if not 1 <= low <= high:
        toml.add("game.players", f"min {low} and max {high} must satisfy 1 <= min <= max")
    return low, high


def _resources(raw: dict, toml: _Toml) -> dict[str, Resource]:
    resources = {}
    for rid, spec in raw.get("resources", {}).items():
        if rid in BUILTIN_ICONS:
            toml.add(f"resources.{rid}", f"the name {rid!r} is a built-in icon; choose another id")
        resources[rid] = Resource(rid, spec["name"], spec["colour"], spec.get("shape", "cube"),
                                  spec.get("letter", spec["name"][:1].upper()))
    return resources


def _colours(raw: dict, toml: _Toml) -> dict[str, str]:
    colours = {}
    for name, value in raw.get("colours", {}).items():
        message = _colour_check(value) if isinstance(value, str) else f"expected a colour string, got {value!r}"
        if message:
            toml.add(f"colours.{name}", message)
        else:
            colours[name] = value
    return colours


def _check_ids(raw: dict, toml: _Toml) -> None:
    for section in ("resources", "decks", "components", "gather"):
        for ident in raw.get(section, {}):
            if not _ID.match(ident):
                toml.add(f"{section}.{ident}", "ids use lower-case letters, digits, - and _ only")


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


def _named_files(root: Path, raw: dict, toml: _Toml) -> set[str]:
    """Every file game.toml names must be a readable file inside the game's folder: anything
    else is reported at the line naming it, and never opened. The names refused."""
    refused = set()
    for dotted, value in named_files(raw):
        problem = name_problem(value) or file_problem(root / value, root)
        if problem:
            refused.add(value)
            toml.add(dotted, f"names {value!r}, which is not in {root}" if problem == "not found"
                     else f"names {value!r}, which {problem}")
    return refused


def _players(spec: dict) -> tuple[int, int] | None:
    count = spec.get("players")
    return (count["min"], count["max"]) if count else None


@dataclass(frozen=True)
class _Shelf:
    """What every deck is checked against: the folder, the names the game knows, its layouts."""

    root: Path
    icons: set[str]
    resources: set[str]
    layouts: dict
    layouts_ok: bool
    unreadable: set[str]


def _decks(raw: dict, shelf: _Shelf, toml: _Toml) -> dict[str, Deck]:
    decks: dict[str, Deck] = {}
    for deck_id, spec in raw.get("decks", {}).items():
        deck = _load_deck(deck_id, spec, shelf, toml)
        if deck is not None:
            decks[deck_id] = deck
    return decks


def _load_deck(deck_id: str, spec: dict, shelf: _Shelf, toml: _Toml) -> Deck | None:
    before = len(toml.problems)
    types = _column_types(deck_id, spec, toml)
    layouts_missing = _deck_layouts_missing(deck_id, spec, shelf, toml)
    if len(toml.problems) > before or layouts_missing or spec["file"] in shelf.unreadable:
        return None
    csv_path = shelf.root / spec["file"]
    rows, row_problems = read_rows(csv_path, types, shelf.icons, shelf.resources, shelf.root)
    toml.problems.extend(row_problems)
    if not row_problems:
        _enough_cards(deck_id, spec, rows, toml)
    toml.problems.extend(_template_fields(deck_id, spec, types, shelf))
    corner = parse_length(spec["corner"]) if "corner" in spec else 0.0
    return Deck(deck_id, spec["name"], spec["kind"], spec["file"], parse_size(spec["size"]),
                spec.get("shape", "rect"), corner, spec.get("layout"), spec.get("back_layout"),
                dict(spec["columns"]), tuple(rows), toml.lines.line(f"decks.{deck_id}"),
                _players(spec), tuple(spec.get("variants", ())), spec.get("sheet"))


def _column_types(deck_id: str, spec: dict, toml: _Toml) -> dict[str, col.ColumnType]:
    prefix = f"decks.{deck_id}"
    types: dict[str, col.ColumnType] = {}
    for name, text in spec["columns"].items():
        try:
            types[name] = col.parse_type(text)
        except ValueError as exc:
            toml.add(f"{prefix}.columns.{name}", str(exc))
    for needed in ("id", "qty"):
        if needed not in types:
            toml.add(f"{prefix}.columns", f"every deck needs a {needed!r} column of type {needed!r}")
    return types


def _deck_layouts_missing(deck_id: str, spec: dict, shelf: _Shelf, toml: _Toml) -> bool:
    """Report a front or back layout the deck names that layouts.toml lacks; True when one
    is missing because layouts.toml itself failed (reported there)."""
    missing = False
    for key in ("layout", "back_layout"):
        name = spec.get(key)
        if not name or name in shelf.layouts:
            continue
        if not shelf.layouts_ok:
            missing = True
            continue
        known = ", ".join(sorted(shelf.layouts)) or "(none)"
        toml.add(f"decks.{deck_id}.{key}", f"unknown layout {name!r}; layouts: {known}")
    return missing


def _template_fields(deck_id: str, spec: dict, types: dict, shelf: _Shelf) -> list[Problem]:
    """Every ``{column}`` a deck's layouts use must be one of its columns."""
    problems = []
    for key in ("layout", "back_layout"):
        name = spec.get(key)
        if not name or name not in shelf.layouts:
            continue
        for box in shelf.layouts[name].boxes:
            for field_name in box.props.get("_fields", ()):
                if field_name not in types and field_name not in ("qty_index", "deck", "game"):
                    problems.append(Problem(str(shelf.root / "layouts.toml"), box.props.get("_line"),
                                            f"{name}.boxes.{box.name}",
                                            f"uses {{{field_name}}} but deck {deck_id!r} has no such column; "
                                            f"columns: {', '.join(types)}"))
    return problems


def _enough_cards(deck_id: str, spec: dict, rows: list[Row], toml: _Toml) -> None:
    """A deck declares the cards it needs (``min_cards``, at least one): a header with no
    rows under it would otherwise print an empty deck. Reported at the line of game.toml
    that sets the count, or else names the file."""
    needed = spec.get("min_cards", 1)
    where = f"decks.{deck_id}.min_cards"
    if needed < 1:
        toml.add(where, f"must be at least 1, got {needed}")
        return
    have = sum(row.qty for row in rows)
    if have < needed:
        toml.add(where if "min_cards" in spec else f"decks.{deck_id}.file",
                 f"deck {deck_id!r} has {have} cards in {spec['file']} but needs at least {needed}")


# The component options painters read as numbers, checked by the shared number check for every
# component that sets one (before anything is drawn): how many pieces of each kind a set prints
# (counts, cubes, pieces, by face value: values, bills), per player or colour, columns, the
# player counts a per-count set serves, and font sizes in points.
OPTION_COUNTS = ("counts.*", "cubes.*", "pieces.*", "values.#", "bills.#")
OPTION_AT_LEAST_ONE = ("per_player", "per_colour", "columns", "players[]")
OPTION_SIZES = ("size", "title_size")


def _option_numbers(cid: str, options: dict, toml: _Toml) -> None:
    where = f"components.{cid}.options"
    found = (table_problems(options, where, OPTION_COUNTS) | table_problems(options, where, OPTION_AT_LEAST_ONE, least=1)
             | table_problems(options, where, OPTION_SIZES, least=1, whole=False))
    for field_name, message in found.items():
        toml.add(field_name, message)


def _count(cid: str, count: int | str, raw: dict, toml: _Toml) -> int | None:
    """How many pieces a component prints: its ``count``, or the number of [setup] or [tables]
    it names (``count = "tables.strike_tokens"``; a table of numbers, such as a bag's
    contents, adds up), so an edited copy prints what its rules count. None when the named
    number is not one (each problem noted at its own line, as the shared number check words it)."""
    if isinstance(count, int):
        return count
    section, _, rest = count.partition(".")
    value: Any = raw.get(section, {})
    for key in rest.split("."):
        value = value.get(key) if isinstance(value, dict) else None
    if value is None:
        toml.add(f"components.{cid}.count", f"names {count}, which game.toml does not set")
        return None
    found = table_problems(raw.get(section, {}), section, [f"{rest}.*" if isinstance(value, dict) else rest])
    for field_name, message in found.items():
        toml.add(field_name, message)
    if found:
        return None
    return sum(value.values()) if isinstance(value, dict) else value


def _components(raw: dict, declared_decks: dict, toml: _Toml) -> dict[str, Component]:
    components = {}
    for cid, spec in raw.get("components", {}).items():
        if cid in declared_decks:
            toml.add(f"components.{cid}", "a deck already has this id")
        count = _count(cid, spec["count"], raw, toml)
        if count is not None and count < 1:
            toml.add(f"components.{cid}.count", f"must be a positive whole number, got {count}")
        _option_numbers(cid, spec.get("options", {}), toml)
        components[cid] = Component(cid, spec["name"], spec["kind"], count or 0, spec["painter"],
                                    parse_size(spec["size"]) if "size" in spec else None,
                                    spec.get("options", {}), toml.lines.line(f"components.{cid}"),
                                    _players(spec), tuple(spec.get("variants", ())))
    return components


def _gather(raw: dict) -> tuple[Gather, ...]:
    return tuple(Gather(gid, g["name"], g["count"], g.get("note", ""), _players(g), tuple(g.get("variants", ())))
                 for gid, g in raw.get("gather", {}).items())


def _variants(game: dict, toml: _Toml) -> tuple[Variant, ...]:
    variants = tuple(Variant(vid, v["name"], v.get("description", "")) for vid, v in game.get("variants", {}).items())
    default = game.get("default_variant")
    if default and default not in {v.id for v in variants}:
        toml.add("game.default_variant",
                 f"unknown variant {default!r}; variants: {', '.join(v.id for v in variants)}")
    return variants


def _check_spans(raw: dict, players: tuple[int, int], variant_ids: set[str], toml: _Toml) -> None:
    """A deck's, component's or gather line's players and variants must be the game's."""
    low, high = players
    for section in ("decks", "components", "gather"):
        for ident, spec in raw.get(section, {}).items():
            count = spec.get("players")
            if count and not low <= count["min"] <= count["max"] <= high:
                toml.add(f"{section}.{ident}.players", f"min {count['min']} and max {count['max']} must lie "
                                                       f"within the game's {low}–{high} players, min first")
            for name in spec.get("variants", ()):
                if name not in variant_ids:
                    toml.add(f"{section}.{ident}.variants",
                             f"unknown variant {name!r}; variants: {', '.join(sorted(variant_ids)) or '(none)'}")


def read_rows(path: Path, types: dict[str, col.ColumnType], icons: set[str],
              resources: set[str], folder: Path | None = None) -> tuple[list[Row], list[Problem]]:
    """Read and check one CSV against declared column types: the rows, and every problem
    found. Games use it for tables their own code draws (mine cards, shaft tiles). The file
    is read as ``files.read_text`` reads it, inside ``folder`` (default: the one it is in)."""
    try:
        text = read_text(path, folder)
    except DataError as exc:
        return [], exc.problems
    reader = csv.reader(io.StringIO(text, newline=""))
    where = str(path)
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        return [], [Problem(where, 1, "header", "the file is empty; the first line must name the columns")]
    except csv.Error as exc:
        return [], [Problem(where, 1, "header", _csv_message(exc))]
    problems = _header_problems(where, header, types)
    # The rows are still read (an unknown column's cells aside), so a bad cell further down is
    # reported in the same pass; a file with any problem gives no rows.
    header_ok = not problems
    rows = _rows(reader, where, header, _Cells(types, icons, resources), problems)
    return (rows if header_ok else []), problems


def _header_problems(where: str, header: list[str], types: dict[str, col.ColumnType]) -> list[Problem]:
    accepted = ", ".join(types)
    problems = [Problem(where, 1, name, f"unknown column; accepted columns: {accepted}")
                for name in header if name not in types]
    problems += [Problem(where, 1, name, "missing column")
                 for name, ctype in types.items() if name not in header and not ctype.optional]
    return problems


@dataclass(frozen=True)
class _Cells:
    """What a row's cells are parsed by: the columns' types and the names the game knows."""

    types: dict[str, col.ColumnType]
    icons: set[str]
    resources: set[str]


def _records(reader: Any, where: str, problems: list[Problem]):
    """(first line, cells) of each non-blank record, at most ``MAX_ROWS``; a record the CSV
    reader refuses (a cell past its limit) ends the file with one problem."""
    line, count = reader.line_num, 0
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            problems.append(Problem(where, line + 1, "row", _csv_message(exc)))
            return
        start, line = line + 1, reader.line_num
        if not any(cell.strip() for cell in record):
            continue
        count += 1
        if count > MAX_ROWS:
            problems.append(Problem(where, start, "rows", f"more than {MAX_ROWS:,} rows; a CSV may hold at most "
                                                          f"{MAX_ROWS:,} (one row per design, with its qty)"))
            return
        yield start, record


def _csv_message(exc: csv.Error) -> str:
    if "field larger than field limit" in str(exc):
        return f"a cell of over {csv.field_size_limit():,} characters; a cell may hold at most {MAX_CELL:,}"
    return f"not a CSV line ({exc})"


def _rows(reader: Any, where: str, header: list[str], cells: _Cells, problems: list[Problem]) -> list[Row]:
    rows: list[Row] = []
    seen: dict[str, int] = {}
    for start, record in _records(reader, where, problems):
        if len(record) != len(header):
            problems.append(Problem(where, start, "row", f"has {len(record)} cells but the header names {len(header)} columns"))
            continue
        values = _values(where, start, header, record, cells, problems)
        row_id = values.get("id")
        if row_id and row_id in seen:
            problems.append(Problem(where, start, "id", f"duplicate id {row_id!r} (first on line {seen[row_id]})"))
        elif row_id:
            seen[row_id] = start
        if row_id and isinstance(values.get("qty"), int):
            rows.append(Row(row_id, values["qty"], values, start))
    return rows


def _values(where: str, line: int, header: list[str], record: list[str], cells: _Cells,
            problems: list[Problem]) -> dict[str, Any]:
    """One row's typed values by column (None where a cell is bad: its problem is added)."""
    values: dict[str, Any] = {}
    for name, cell in zip(header, record):
        if name not in cells.types:
            continue
        if len(cell) > MAX_CELL:
            problems.append(Problem(where, line, name, f"{len(cell):,} characters; a cell may hold at most {MAX_CELL:,}"))
            continue
        try:
            values[name] = col.parse_cell(cells.types[name], cell, cells.icons, cells.resources)
        except col.CellError as exc:
            problems.append(Problem(where, line, name, str(exc)))
    for name in cells.types:
        values.setdefault(name, None)
    return values


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

