"""A print set is drawn into a hidden staging folder and swapped in whole.

``staged_set(target)`` hands out an empty folder next to ``target`` (``out/<game>``); when the
block ends without an error the folder takes ``target``'s place, otherwise it is deleted and
``target`` is left exactly as it was. The swap is two renames on one file system. The old
folder's PDFs and ``manifest.json`` belong to the old set and go with it; any other file in
it is the user's and is carried over into the new one.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from companion.errors import HeadframeError

STAGING = ".staging"  # suffix of the hidden folder a set is drawn into
WRITE_ERRORS = {errno.ENOSPC, errno.EACCES, errno.EPERM, errno.EROFS, errno.EDQUOT}  # the disk's fault, not ours


@contextmanager
def staged_set(target: Path, data_folder: Path) -> Iterator[Path]:
    """An empty folder to draw the set in; swapped in for ``target`` when the block succeeds."""
    out = target.parent
    check_target(target, data_folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=STAGING, dir=out))
    except OSError as exc:
        raise HeadframeError(f"cannot write to {out}: {exc.strerror or exc}") from None
    try:
        yield staging
        swap_in(staging, target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if exc.errno not in WRITE_ERRORS:
            raise
        raise HeadframeError(f"cannot write {exc.filename or out}: {exc.strerror}") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def check_target(target: Path, data_folder: Path) -> None:
    """Refuse, before anything is drawn, an output folder the set cannot or must not replace."""
    for folder in (target.parent, target):
        if folder.exists() and not folder.is_dir():
            raise HeadframeError(f"{folder} is a file, not a folder; give --out a folder")
    if (target / "game.toml").exists() or target.resolve() == data_folder.resolve():
        raise HeadframeError(f"{target} holds game data (game.toml); build into another --out folder")


def is_set_file(path: Path) -> bool:
    """The build's own files in ``<game>/``: its PDFs and manifest (and leftovers of older
    builds' temporary files). Anything else there is the user's and is carried over."""
    return path.is_file() and (path.suffix == ".pdf" or path.name == "manifest.json" or path.name.endswith(".tmp"))


def swap_in(staging: Path, target: Path) -> None:
    """Put the finished set in ``staging`` where ``target`` was. Two renames on one file
    system; if the second fails the old folder is put back as it was."""
    if not target.exists():
        os.replace(staging, target)
        return
    carried: list[str] = []
    old = staging.with_name(staging.name[:-len(STAGING)] + ".old")
    try:
        for path in sorted(target.iterdir()):
            if not is_set_file(path):
                os.replace(path, staging / path.name)
                carried.append(path.name)
        os.replace(target, old)
    except OSError:
        for name in carried:
            os.replace(staging / name, target / name)
        raise
    try:
        os.replace(staging, target)
    except OSError:
        os.replace(old, target)
        for name in carried:
            os.replace(staging / name, target / name)
        raise
    shutil.rmtree(old, ignore_errors=True)
