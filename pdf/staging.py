"""A print set is drawn into a hidden staging folder and swapped in whole, so ``out/<game>``
is always the whole old set or the whole new one, with the user's own files in it.

``staged_set(target)`` hands out an empty folder next to ``target`` (``out/<game>``). When
the block ends without an error the set is swapped in:

1. a journal (``out/.<game>.swap``) is written, naming the staging folder and the user's own
   files in ``target`` (anything but the old set's PDFs and ``manifest.json``): from here on
   the swap goes forward;
2. the user's files move into the staging folder, one rename each;
3. ``target`` is renamed aside (``.old``), the staging folder takes its place;
4. the old set is deleted, then the journal.

A build stopped at any point (killed, the power cut) leaves a swap the next ``build`` or
``check`` of that game into that folder finds and ends (``recover``): with a journal it
completes the steps left; without one nothing in ``target`` has moved yet, and the unfinished
staging folder is deleted. A lock on the output folder keeps a running build's folders from
being taken for leftovers.
"""

from __future__ import annotations

import errno
import glob
import json
import os
import shutil
import signal
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from companion.errors import HeadframeError

STAGING = ".staging"  # suffix of the hidden folder a set is drawn into
OLD = ".old"          # suffix of the old set while it is swapped out
JOURNAL = ".swap"     # suffix of the journal of a swap under way
WRITE_ERRORS = {errno.ENOSPC, errno.EACCES, errno.EPERM, errno.EROFS, errno.EDQUOT}  # the disk's fault, not ours
STOP_AT = "HEADFRAME_STOP_AT"  # tests stop a build dead at a named step of the swap to prove it recovers


Own = Callable[[Path], bool]  # which files in ``target`` a set writes (the rest are the user's)


@contextmanager
def staged_set(target: Path, data_folder: Path, own: Own | None = None) -> Iterator[Path]:
    """An empty folder to draw the set in; swapped in for ``target`` when the block succeeds.
    ``own`` says which files in ``target`` are the set's own (default: a print set's PDFs and
    manifest); every other file there is the user's and is carried over."""
    own = own or is_set_file
    out = target.parent
    check_target(target, data_folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HeadframeError(f"cannot write to {out}: {exc.strerror or exc}") from None
    with _locked(out, wait=True):
        _recover(target, own)
        try:
            staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=STAGING, dir=out))
        except OSError as exc:
            raise HeadframeError(f"cannot write to {out}: {exc.strerror or exc}") from None
        try:
            yield staging
            _step("drawn")
        except OSError as exc:
            shutil.rmtree(staging, ignore_errors=True)
            if exc.errno not in WRITE_ERRORS:
                raise
            raise HeadframeError(f"cannot write {exc.filename or out}: {exc.strerror}") from None
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        swap_in(staging, target, own)


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


def swap_in(staging: Path, target: Path, own: Own | None = None) -> None:
    """Put the finished set in ``staging`` where ``target`` was (steps 1 to 4 above)."""
    own = own or is_set_file
    carried = sorted(p.name for p in target.iterdir() if not own(p)) if target.is_dir() else []
    plan = {"staging": staging.name, "old": staging.name[:-len(STAGING)] + OLD, "carried": carried}
    journal = _journal(target)
    try:
        _write_journal(journal, plan)
    except OSError as exc:  # nothing has moved: the old set stays as it was
        shutil.rmtree(staging, ignore_errors=True)
        raise HeadframeError(f"cannot write {journal}: {exc.strerror}") from None
    _step("journal")
    try:
        _finish(target, plan, journal)
    except OSError as exc:
        raise HeadframeError(f"the new set of {target} could not be put in place ({exc.strerror}); "
                             f"the next build or check finishes it") from None


def recover(target: Path, own: Own | None = None) -> str | None:
    """End a swap into ``target`` that a stopped build left (none while a build of that folder
    runs): what was done, in words, or None when there was nothing to do."""
    if not target.parent.is_dir():
        return None
    with _locked(target.parent, wait=False) as free:
        return _recover(target, own or is_set_file) if free else None


def _recover(target: Path, own: Own) -> str | None:
    journal = _journal(target)
    plan = _read_journal(journal) if journal.exists() else None
    if plan is not None:
        _finish(target, plan, journal)
        return f"{target}: finished putting in place the new set of a build that was stopped"
    journals = [p for p in (journal, journal.with_name(journal.name + ".tmp")) if os.path.lexists(p)]
    if not journals and not _leftovers(target):
        return None
    _roll_back(target, own)
    for path in _leftovers(target) + journals:
        shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink(missing_ok=True)
    return f"{target}: removed the unfinished files of a build that was stopped; the set there is unchanged"


def _leftovers(target: Path) -> list[Path]:
    """A stopped build's staging and old folders for ``target``."""
    name = glob.escape(target.name)
    return sorted(p for suffix in (STAGING, OLD) for p in target.parent.glob(f".{name}.*{suffix}"))


def _roll_back(target: Path, own: Own) -> None:
    """Without a journal the swap never began, so nothing of ``target`` should have moved; a
    build by an earlier version swapped without one and may have: put the old set and the
    user's files back."""
    olds = [p for p in _leftovers(target) if p.name.endswith(OLD)]
    if not target.exists() and olds:
        os.replace(olds[0], target)
    for staging in (p for p in _leftovers(target) if p.name.endswith(STAGING)):
        for path in sorted(staging.iterdir()):
            if target.is_dir() and not own(path) and not os.path.lexists(target / path.name):
                os.replace(path, target / path.name)


def _finish(target: Path, plan: dict, journal: Path) -> None:
    """Steps 2 to 4, from wherever a stopped swap got to: each step is done only if it is not."""
    staging, old = target.parent / plan["staging"], target.parent / plan["old"]
    if staging.is_dir():
        if target.exists():
            for name in plan["carried"]:
                if os.path.lexists(target / name):
                    os.replace(target / name, staging / name)
                    _step("carried-one")
            _step("carried")
            os.replace(target, old)
            _step("old")
        os.replace(staging, target)
        _step("new")
    shutil.rmtree(old, ignore_errors=True)
    _step("cleaned")
    journal.unlink(missing_ok=True)


def _journal(target: Path) -> Path:
    return target.parent / f".{target.name}{JOURNAL}"


def _write_journal(journal: Path, plan: dict) -> None:
    """Written whole or not at all: a temporary file, flushed to disk, renamed into place."""
    temporary = journal.with_name(journal.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(plan, handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, journal)


def _read_journal(journal: Path) -> dict | None:
    """A journal's plan, or None when it is not one this build wrote (then nothing is moved)."""
    try:
        plan = json.loads(journal.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    names = [plan.get("staging"), plan.get("old"), *plan.get("carried", [])] if isinstance(plan, dict) else [None]
    if not all(isinstance(n, str) and n and "/" not in n and "\\" not in n and n not in (".", "..") for n in names):
        return None
    return plan


@contextmanager
def _locked(out: Path, wait: bool) -> Iterator[bool]:
    """Hold the output folder's lock (released by the system if the process dies); yields
    whether it is held, False when another build holds it and ``wait`` is False."""
    try:
        import fcntl
    except ImportError:  # no advisory locks here: one build at a time is up to the user
        yield True
        return
    handle = os.open(out, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(handle)


def _step(name: str) -> None:
    if os.environ.get(STOP_AT) == name:
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))
