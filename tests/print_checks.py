"""Checks shared by the games' print tests: does a print set hold everything the rulebook
names? Each game's test lists the rulebook's words for its components and which printed
pieces (manifest ids) or gather lines stand for them; ``rulebook_cross_check`` finds the
words in the rulebook (so the list is the book's, not ours), then checks both ways."""

from __future__ import annotations

import fnmatch
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The rulebooks are not part of the project: they sit beside the checkout when available.
SEEDS = [Path(os.environ["HEADFRAME_SEEDS"])] if os.environ.get("HEADFRAME_SEEDS") else [
    ROOT.parent / "shared" / "seeds", ROOT.parent.parent / "shared" / "seeds"]


def rulebook_text(name: str) -> str | None:
    """The rulebook's text, or None where the rulebooks are not beside the checkout."""
    for folder in SEEDS:
        if (folder / name).is_file():
            return (folder / name).read_text(encoding="utf-8")
    return None


def rulebook_cross_check(text: str | None, named: dict[str, tuple[str, ...]], have: set[str],
                         extras: dict[str, str] | None = None, optional: set[str] = frozenset()) -> list[str]:
    """Problems, one line each. ``named``: rulebook words -> manifest/gather ids (glob patterns
    allowed) that provide it; ``have``: ids of the print set and its gather list; ``extras``:
    printed ids the rulebook has no word for, each with the reason; ``optional``: words whose
    pieces another part of the set may not provide yet."""
    problems = []
    squashed = re.sub(r"\s+", " ", text).lower() if text is not None else None
    for words, ids in named.items():
        if squashed is not None and words.lower() not in squashed:
            problems.append(f"the rulebook never says {words!r}")
        if words not in optional and not any(fnmatch.filter(have, pattern) for pattern in ids):
            problems.append(f"the rulebook names {words!r} but nothing printed or gathered provides it ({', '.join(ids)})")
    covered = {i for ids in named.values() for pattern in ids for i in fnmatch.filter(have, pattern)}
    for ident in sorted(have - covered - set(extras or {})):
        problems.append(f"{ident!r} is printed or gathered but no rulebook component accounts for it")
    return problems
