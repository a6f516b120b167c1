"""The data a table was started with, kept for as long as the table.

``headframe serve --data DIR`` (or the ``DATA`` setting) plays new tables by an edited copy
of the games' data. A table must keep the numbers it started with, however the data is edited
or whatever data the server is restarted with, so each new table records the content hash of
its game's data folder, and the files themselves are copied once per hash into the instance
folder (``<instance>/data/<game>/<hash>/``), which every server process shares. A table
started before tables recorded their data plays by the shipped data.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion.data import game_dir
from companion.registry import reads_data

from .db import Sql, Tx

SKIPPED = ("__pycache__", "*.pyc", ".*")
HASH_LENGTH = 16


@dataclass(frozen=True)
class DataSet:
    game: str
    hash: str
    source: str  # where it came from when the table started: "shipped" or the folder given

    def label(self) -> str:
        where = "the shipped data" if self.source == "shipped" else f"edited data from {self.source}"
        return f"{where} (data version {self.hash})"

    @property
    def edited(self) -> bool:
        """Whether the table plays by data other than the shipped files: only then do its pages
        say which data, since the players have nothing to check against the shipped set."""
        return self.source != "shipped"

    def to_json(self) -> dict:
        return {"hash": self.hash, "source": self.source, "label": self.label()}


def content_hash(folder: Path) -> str:
    """sha256 over every file's relative path and bytes, in path order."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not _skipped(p.relative_to(folder))):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:HASH_LENGTH]


def _skipped(relative: Path) -> bool:
    return any(part.startswith(".") or part == "__pycache__" for part in relative.parts) or relative.suffix == ".pyc"


def kept_folder(instance: str | Path, game_id: str, hash_: str) -> Path:
    return Path(instance) / "data" / game_id / hash_


def keep(instance: str | Path, game_id: str, source: str | Path | None) -> DataSet | None:
    """Record the data a new table of ``game_id`` starts with: hash the game's folder (in
    ``source``, or the shipped data) and keep a copy under that hash. None for a game that
    does not read its rules from data."""
    if not reads_data(game_id):
        return None
    folder = game_dir(game_id, Path(source)) if source and not (Path(source) / "game.toml").is_file() else None
    if folder is None or not (folder / "game.toml").is_file():
        folder, source = game_dir(game_id), None  # not in the edited copy: the shipped data
    hash_ = content_hash(folder)
    target = kept_folder(instance, game_id, hash_)
    if not target.is_dir():
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{hash_}-", dir=target.parent))
        shutil.copytree(folder, staging / "copy", ignore=shutil.ignore_patterns(*SKIPPED))
        try:
            os.rename(staging / "copy", target)  # another process may have kept the same hash first: fine
        except OSError:
            pass
        shutil.rmtree(staging, ignore_errors=True)
    return DataSet(game_id, hash_, str(Path(source).resolve()) if source else "shipped")


# A table's data never changes once it is set up, so each process asks the database once per table.
_known: dict[tuple[int, str], DataSet | None] = {}
KNOWN_MAX = 50_000
INSERT = "INSERT INTO table_data (table_id, game, hash, source) VALUES (:table_id, :game, :hash, :source)"
OF_TABLE = "SELECT game, hash, source FROM table_data WHERE table_id = :tid"


def record(tx: Tx, table_id: str, data: DataSet | None) -> None:
    """Store what a new table starts with (in the transaction that creates it)."""
    if data is not None:
        tx.run(INSERT, {"table_id": table_id, "game": data.game, "hash": data.hash, "source": data.source})
    _remember(tx.sql, table_id, data)


def of_table(sql: Sql, table_id: str) -> DataSet | None:
    key = (id(sql.engine), table_id)
    if key in _known:
        return _known[key]
    with sql.transaction() as tx:
        row = tx.one(OF_TABLE, {"tid": table_id})
    data = DataSet(*row) if row is not None else None
    _remember(sql, table_id, data)
    return data


def _remember(sql: Sql, table_id: str, data: DataSet | None) -> None:
    if len(_known) > KNOWN_MAX:
        _known.clear()
    _known[(id(sql.engine), table_id)] = data


__all__ = ["DataSet", "content_hash", "keep", "kept_folder", "of_table", "record"]
