"""Reading a game's data files, within bounds and within its folder.

Every file a game's data names is read here, so the rules for all of them are in one place:

- it resolves inside the game's folder (no absolute path, no ``..``, no link leading out),
  so an edited copy can never make a build print, or an error message quote, another file;
- it is a regular file (not a folder, a device such as ``/dev/zero``, or a pipe, which would
  never end), of at most ``MAX_FILE_BYTES``, measured before a byte is parsed;
- it is UTF-8 text, with or without a byte-order mark; CSV and TOML accept CRLF line ends.

A CSV also holds at most ``MAX_ROWS`` rows and ``MAX_CELL`` characters in a cell (checked in
``loader.read_rows``). A refusal is one ``Problem``, never the file's content.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path, PurePath
from typing import Any, Iterable

from ..errors import DataError, Problem
from .tomlpos import KeyLines

MAX_FILE_BYTES = 1024 * 1024  # the largest shipped file is 37 KB
MAX_ROWS = 5_000              # rows of one CSV (the largest shipped deck has 121)
MAX_CELL = 4_096              # characters in one CSV cell (the longest shipped cell has 136)


def name_problem(name: str) -> str | None:
    """Why a file name written in a game's data cannot name a file of its folder (None: it can)."""
    if not name or "\0" in name:
        return "is not a file name"
    pure = PurePath(name)
    if pure.is_absolute() or name.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", name):
        return "is an absolute path; name a file in the game's folder"
    if ".." in pure.parts or ".." in re.split(r"[\\/]", name):
        return "leads out of the game's folder (..); name a file in it"
    return None


ANYWHERE = Path("/")  # as ``folder``: a file the user names themselves, which may be anywhere


def file_problem(path: Path, folder: Path | None = None, limit: int = MAX_FILE_BYTES) -> str | None:
    """Why ``path`` cannot be read as a data file of ``folder`` (default: the folder it is
    in), or None. Looks only at where it leads and what kind of file it is, never inside."""
    try:
        real = path.resolve(strict=True)
        base = (folder if folder is not None else path.parent).resolve(strict=True)
        info = real.stat()
    except FileNotFoundError:
        return "not found"
    except RuntimeError:  # Python 3.11 reports a link to itself so
        return "cannot be read: a link that leads back to itself"
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc.__class__.__name__}"
    if not real.is_relative_to(base):
        return "is a link to a file outside the game's folder"
    return _kind_problem(info, limit)


def _kind_problem(info: os.stat_result, limit: int) -> str | None:
    if stat.S_ISDIR(info.st_mode):
        return "is a folder, not a file"
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file (a device or a pipe has no end to read to)"
    if info.st_size > limit:
        return f"is {info.st_size:,} bytes; a data file may hold at most {limit:,} bytes"
    return None


def read_bytes(path: Path, folder: Path | None = None, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a data file, or ``DataError`` (``path: file: why``) without reading it."""
    problem = file_problem(path, folder, limit)
    if problem:
        raise DataError(Problem(str(path), None, "file", problem))
    # Opened without blocking and checked again on the open file: a file swapped for a pipe
    # after the check above is refused, not waited on, and a file grown since is cut at the limit.
    try:
        handle = os.open(path.resolve(), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise DataError(Problem(str(path), None, "file", f"cannot be read: {exc.strerror}")) from None
    with os.fdopen(handle, "rb") as stream:
        problem = _kind_problem(os.fstat(stream.fileno()), limit)
        data = b"" if problem else stream.read(limit + 1)
    if not problem and len(data) > limit:
        problem = f"is over {limit:,} bytes; a data file may hold at most {limit:,} bytes"
    if problem:
        raise DataError(Problem(str(path), None, "file", problem))
    return data


def read_text(path: Path, folder: Path | None = None, limit: int = MAX_FILE_BYTES) -> str:
    """A data file's text: UTF-8, a byte-order mark dropped; ``DataError`` as ``read_bytes``."""
    try:
        return read_bytes(path, folder, limit).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(Problem(str(path), None, "file", f"not UTF-8 text ({exc.reason})")) from None


def read_toml(path: Path, folder: Path | None = None) -> tuple[dict, KeyLines]:
    """A TOML data file and the line of each of its keys."""
    text = read_text(path, folder)
    try:
        return tomllib.loads(text), KeyLines(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) if match else None
        raise DataError(Problem(str(path), line, "toml", str(exc).split(" (at line")[0])) from None


def folder_files(root: Path) -> list[tuple[str, bytes]]:
    """Every file of a game's folder (``relative/path``, bytes), in name order, each read as
    ``read_bytes`` reads it; links to folders are not followed. ``DataError`` on the first
    file that cannot be read."""
    found = []
    for top, folders, names in os.walk(root):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(names):
            path = Path(top) / name
            found.append((path.relative_to(root).as_posix(), read_bytes(path, root)))
    return sorted(found)


# Where game.toml names a file of the game's own: a deck's or table's CSV, a reference card's text.
_FILE_SUFFIXES = (".md", ".toml", ".csv")
_NAMING = ("decks", "components", "tables", "setup")


def named_files(raw: dict) -> list[tuple[str, str]]:
    """The (dotted key, file name) pairs of every file a parsed game.toml names: a ``file``
    or ``*_file`` key, or a text ending in .csv, .md or .toml."""
    return _named(raw, _NAMING)


def _named(table: Any, keys: tuple[str, ...] | None, prefix: str = "") -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    if isinstance(table, list):
        table = {str(i): v for i, v in enumerate(table)}
    if not isinstance(table, dict):
        return found
    for key, value in table.items():
        if keys is not None and key not in keys:
            continue
        dotted = f"{prefix}.{key}" if prefix else key
        if isinstance(value, str) and (key == "file" or key.endswith("_file") or value.endswith(_FILE_SUFFIXES)):
            found.append((dotted, value))
        elif isinstance(value, (dict, list)):
            found.extend(_named(value, None, dotted))
    return found


def located(problems: Iterable[Problem]) -> list[Problem]:
    """Problems about a whole data file (no line: a missing file, counts that do not add up)
    placed at the line of game.toml that names the file, so every problem has a line."""
    names: dict[Path, tuple[dict[str, str], KeyLines] | None] = {}
    return [_located(p, names) if p.line is None else p for p in problems]


def _located(problem: Problem, names: dict) -> Problem:
    path = Path(problem.path)
    toml = path.parent / "game.toml"
    if path.name == "game.toml":
        return problem
    if toml not in names:
        try:
            raw, lines = read_toml(toml, path.parent)
            names[toml] = ({name: dotted for dotted, name in named_files(raw)}, lines)
        except DataError:
            names[toml] = None
    known = names[toml]
    if known is None or path.name not in known[0]:
        return problem
    dotted = known[0][path.name]
    return Problem(str(toml), known[1].line(dotted), dotted, f"{path.name} ({problem.field}): {problem.message}")
