"""The two cell formats both editions print on their cards and read the same way: a mine card's
spaces (``1 1 2 | 2 3 | 4``) and a contract's rows (``iron/gold+coal=15; iron+iron=20``). Each
edition turns what they give into its own card types; the words of a bad cell name the edition's
own pieces (barrels, cubes)."""

from __future__ import annotations

from typing import Sequence

SPACES_EXAMPLE = "1 1 2 | 2 3 | 4"


def parse_spaces(text: str, first: int, unit: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``1 1 2 | 2 3 | 4`` -> what each space gathers, top first, and the mine cage level each
    needs: the spaces before the first ``|`` need level ``first``, each ``|`` one level more (at
    most two of them). ``unit`` names what a space gathers ("barrels")."""
    groups = [group.split() for group in text.split("|")]
    if len(groups) > 3:
        raise ValueError(f"at most two '|' lines, each where a deeper mine cage is needed, such as '{SPACES_EXAMPLE}'")
    amounts, needs = [], []
    for level, group in enumerate(groups, start=first):
        if not group:
            raise ValueError(f"each part between '|' needs at least one space, such as '{SPACES_EXAMPLE}'; "
                             f"got {text!r}")
        for word in group:
            if not word.isdigit():
                raise ValueError(f"{word!r} is not a whole number of {unit}")
            if int(word) < 1:
                raise ValueError(f"{word!r}: each space gathers 1 or more {unit}")
            amounts.append(int(word))
            needs.append(level)
    return tuple(amounts), tuple(needs)


def parse_rows(text: str, resources: Sequence[str]) -> tuple[tuple[tuple[tuple[str, ...], ...], int], ...]:
    """``iron/gold+coal=15; iron+iron=20`` -> each row's boxes (the kinds of ``resources`` a box
    takes: ``iron/gold`` is either) and what the row pays."""
    rows = []
    for part in text.split(";"):
        row = part.strip()
        boxes_text, _, pay = row.partition("=")
        if not pay.strip().isdigit():
            raise ValueError(f"row {row!r} needs '=' and the dollars it pays, such as iron+coal=10")
        boxes = tuple(tuple(kind.strip() for kind in box.split("/")) for box in boxes_text.split("+"))
        for box in boxes:
            for kind in box:
                if kind not in resources:
                    raise ValueError(f"unknown resource {kind!r} in row {row!r}; resources: {', '.join(resources)}")
        rows.append((boxes, int(pay)))
    return tuple(rows)


__all__ = ["parse_rows", "parse_spaces"]
