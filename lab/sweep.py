"""Sweeps: what if a number changed? One number of the data is set to each value of a range, the
same seeds are played at every value, and each measure is plotted against the value.

The number is a CSV cell, ``FILE:ROW:COLUMN=A..B[:STEP]`` (ROW the row's id, its first column,
or its name), or a TOML key, ``FILE:KEY=A..B[:STEP]`` (KEY dotted: ``tables.vp_per_contract``).
A cell written with a unit (``$10``) keeps it (``$12``). Only the text of that one number
changes, and the edited file is read back to prove it: nothing else in the data moves.
"""

from __future__ import annotations

import copy
import csv
import io
import re
import tomllib
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from companion.errors import HeadframeError

MOST_VALUES = 25  # each value is a whole run; more than this is a night's work, not a sweep
Files = tuple[tuple[str, bytes], ...]
_NUMBER = re.compile(r"^(\D*?)(-?\d+(?:\.\d+)?)(\D*)$")


@dataclass(frozen=True)
class Sweep:
    text: str                  # as the designer wrote it
    file: str                  # a file of the game's folder: assets.csv, game.toml
    row: str | None            # a CSV row's id or name; None for a TOML key
    key: str                   # the CSV column, or the dotted TOML key
    values: tuple[Decimal, ...]

    @property
    def what(self) -> str:
        """The number in words: "vp of black-market-ops in assets.csv"."""
        return f"{self.key} of {self.row} in {self.file}" if self.row is not None else f"{self.key} in {self.file}"


def parse(text: str) -> Sweep:
    """The sweep's syntax (its file, row and key are checked against the data by ``variants``)."""
    where, equals, span = text.rpartition("=")
    parts = where.split(":")
    if not equals or not where or not all(p.strip() for p in parts):
        raise _bad(text, "write FILE:ROW:COLUMN=A..B[:STEP] or FILE:KEY=A..B[:STEP]")
    file = parts[0].strip()
    if file.endswith(".csv") and len(parts) == 3:
        row, key = parts[1].strip(), parts[2].strip()
    elif file.endswith(".toml") and len(parts) == 2:
        row, key = None, parts[1].strip()
    else:
        raise _bad(text, "a CSV file takes FILE:ROW:COLUMN, a TOML file FILE:KEY")
    return Sweep(text, file, row, key, _values(text, span))


def _values(text: str, span: str) -> tuple[Decimal, ...]:
    low, dots, rest = span.partition("..")
    high, _, step = rest.partition(":")
    try:
        start, stop, by = Decimal(low.strip()), Decimal(high.strip()), Decimal(step.strip() or "1")
    except InvalidOperation:
        raise _bad(text, f"the range is A..B or A..B:STEP in numbers, not {span!r}") from None
    if not dots or not all(v.is_finite() for v in (start, stop, by)):
        raise _bad(text, f"the range is A..B or A..B:STEP in numbers, not {span!r}")
    if by <= 0 or stop <= start:
        raise _bad(text, f"the range must rise: A below B and a STEP above 0, not {span!r}")
    count = int((stop - start) / by) + 1
    if count > MOST_VALUES:
        raise _bad(text, f"{count} values; a sweep plays at most {MOST_VALUES} (a larger STEP covers the range)")
    return tuple(start + by * i for i in range(count))


def _bad(text: str, why: str) -> HeadframeError:
    return HeadframeError(f"--sweep {text!r}: {why}")


def variants(sweep: Sweep, files: Files) -> list[tuple[Decimal, Files]]:
    """The data at each value of the sweep: ``files`` (as a job carries them) with the one number
    changed."""
    found = [name for name, _ in files if name.split("/", 1)[-1] == sweep.file]
    if not found:
        names = ", ".join(sorted(n.split("/", 1)[-1] for n, _ in files if n.endswith((".csv", ".toml"))))
        raise _bad(sweep.text, f"no file {sweep.file!r} in the game's data ({names})")
    original = dict(files)[found[0]].decode("utf-8-sig")
    edit = _csv_edit if sweep.row is not None else _toml_edit
    out = []
    for value in sweep.values:
        text = edit(sweep, original, value)
        out.append((value, tuple((name, text.encode("utf-8") if name == found[0] else content)
                                 for name, content in files)))
    return out


def number_text(value: Decimal) -> str:
    """2, 2.5, -1: a value as the data and the report write it."""
    return format(value.normalize(), "f")


def _with_number(sweep: Sweep, cell: str, value: Decimal) -> str:
    match = _NUMBER.match(cell.strip())
    if not match:
        raise _bad(sweep.text, f"{sweep.what} is {cell!r}, not a number")
    return f"{match.group(1)}{number_text(value)}{match.group(3)}"


def _csv_edit(sweep: Sweep, text: str, value: Decimal) -> str:
    rows = list(csv.reader(io.StringIO(text, newline="")))
    header = rows[0] if rows else []
    if sweep.key not in header:
        raise _bad(sweep.text, f"{sweep.file} has no column {sweep.key!r} (columns: {', '.join(header)})")
    column = header.index(sweep.key)
    index = _row_index(sweep, rows)
    rows[index][column] = _with_number(sweep, rows[index][column], value)
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\r\n" if "\r\n" in text else "\n").writerows(rows)
    return buffer.getvalue()


def _row_index(sweep: Sweep, rows: list[list[str]]) -> int:
    """The row whose id (first column) is ``sweep.row``, else the one row whose name is."""
    header = rows[0]
    by_id = [i for i, row in enumerate(rows[1:], 1) if row and row[0] == sweep.row]
    if by_id:
        return by_id[0]
    name = header.index("name") if "name" in header else None
    by_name = [i for i, row in enumerate(rows[1:], 1) if name is not None and len(row) > name and row[name] == sweep.row]
    if len(by_name) == 1:
        return by_name[0]
    raise _bad(sweep.text, f"{sweep.file} has no row {sweep.row!r} (a row's id is its first column, "
                           f"{header[0] if header else 'id'}{', or its name' if name is not None else ''})")


def _toml_edit(sweep: Sweep, text: str, value: Decimal) -> str:
    from companion.data.tomlpos import KeyLines

    parsed = tomllib.loads(text)
    path = sweep.key.split(".")
    current = _lookup(parsed, path)
    if isinstance(current, bool) or not isinstance(current, (int, float)):
        raise _bad(sweep.text, f"{sweep.what} is {'missing' if current is None else repr(current)}, not a number")
    line = KeyLines(text).lines.get(sweep.key)
    lines = text.splitlines(keepends=True)
    pattern = re.compile(r"""((?:^|[\s{,])["']?""" + re.escape(path[-1]) + r"""["']?\s*=\s*)(-?\d+(?:\.\d+)?)""")
    if line is None or not pattern.search(lines[line - 1]):
        raise _bad(sweep.text, f"{sweep.what} is not written as a plain number on one line")
    lines[line - 1] = pattern.sub(lambda m: m.group(1) + number_text(value), lines[line - 1], count=1)
    edited = "".join(lines)
    expected = copy.deepcopy(parsed)
    _lookup(expected, path[:-1])[path[-1]] = int(value) if value == value.to_integral_value() else float(value)
    if tomllib.loads(edited) != expected:
        raise _bad(sweep.text, f"{sweep.what} could not be changed on its own")
    return edited


def _lookup(table: Any, path: list[str]) -> Any:
    for part in path:
        if not isinstance(table, dict) or part not in table:
            return None
        table = table[part]
    return table
