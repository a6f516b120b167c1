"""One rule for a player's mark and short name, shared by every phone board and the score
page, so a seat reads the same wherever it is shown.

``marks``: each seat's mark of at most three characters, unique at the table. The initial when
nobody else shares it; else the shortest start of the first name nobody else's name starts with
("Ben", "Bea", "Bo" -> "Ben", "Bea", "Bo"; "Sam", "Sara", "Sid" -> "Sam", "Sar", "Si"); else the
initials of the name's words ("Elizabeth Sr", "Elizabeth Jr" -> "ES", "EJ"); else the initial and
the seat's number ("Ann", "Ann" -> "A1", "A2").

``short_names``: a name too long for a table's column, cut between words, never inside one,
keeping the words that tell players apart ("Elizabeth Tregoning Sr" -> "Elizabeth … Sr").
"""

from __future__ import annotations

import re
from typing import Iterator, Sequence

MOST = 3  # characters in a mark
WORD = re.compile(r"[^\W_]+")


def _words(name: str) -> list[str]:
    return WORD.findall(name) or ["?"]


def _ways(name: str, seat: int) -> Iterator[str]:
    """The marks ``name`` could have, shortest first."""
    words = _words(name)
    first = words[0]
    for n in range(1, min(MOST, len(first)) + 1):
        yield first[:1].upper() + first[1:n].lower()
    if len(words) > 1:
        yield "".join(w[:1].upper() for w in (words[:MOST - 1] + words[-1:] if len(words) > MOST else words))
        yield first[:1].upper() + words[-1][:2].lower()
    yield f"{first[:1].upper()}{seat + 1}"[:MOST]


def marks(names: Sequence[str]) -> list[str]:
    """Each seat's mark: the first of its ways that no other seat's name could be read as and
    no earlier seat has; the initial and the seat's number when none is left ("Player 1" is
    "P1" even though "Player 0" falls back to "P1" too: a fallback never blocks a name)."""
    ways = [list(_ways(name, seat)) for seat, name in enumerate(names)]
    readings = [{w.lower() for w in found[:-1]} for found in ways]  # the fallback is nobody's reading
    chosen: list[str] = []
    for seat, found in enumerate(ways):
        others = set().union(*(r for s, r in enumerate(readings) if s != seat))
        used = {c.lower() for c in chosen}
        mark = next((w for w in found[:-1] if w.lower() not in others and w.lower() not in used), None)
        if mark is None:  # the initial and a number, the seat's own unless that reads as another
            initial = found[-1][:1]
            mark = next(m for k in range(seat + 1, seat + len(names) + 3)
                        if (m := f"{initial}{k}"[:MOST]).lower() not in used | others)
        chosen.append(mark)
    return chosen


def key_entry(mark: str, name: str) -> str:
    """A key's entry for one seat: the name alone when the mark spells it ("Ben", not
    "Ben Ben"), else the mark and the name ("B Bob")."""
    return name if mark.lower() == " ".join(name.split()).lower() else f"{mark} {name}"


def short_names(names: Sequence[str], most: int = 14) -> list[str]:
    """Each name fit for a column of about ``most`` characters, cut only between words and kept
    unique: the first word, then the first and the last with an ellipsis between."""
    clean = [" ".join(n.split()) for n in names]
    found = []
    for seat, name in enumerate(clean):
        words = name.split(" ")
        if len(name) <= most or len(words) == 1:
            found.append(name)
            continue
        others = [o for s, o in enumerate(clean) if s != seat]
        first = words[0]
        if not any(o.split(" ")[0] == first for o in others):
            found.append(first)
        else:
            found.append(f"{first} \u2026 {words[-1]}")
    return found


__all__ = ["MOST", "key_entry", "marks", "short_names"]
