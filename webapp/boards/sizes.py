"""A phone board's sizes, read from the game's data as the print's are: the ``[phone.lengths]``
table of ``cards_data/<game>/layouts.toml``, one named length per size, offset, font size or
radius the picture draws. A picture's own units are the layout's millimetres (a Tinners' Trail
length is a millimetre of the printed board; Ore's picture is 360 of them wide), so an edited
copy of the data served with ``--data`` redraws the phone's board as it reprints the board.

Its named boxes (``[phone.boxes.<name>]``) come as ``s.boxes[name]``, an (x, y, w, h).
Whole lengths come back as ``int`` so a picture writes ``font-size="12"``, as it always has.
"""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

from companion.data.loader import game_dir, load_game
from companion.errors import DataError, Problem

LAYOUT = "phone"


def sizes(game, names: tuple[str, ...]) -> SimpleNamespace:
    """The lengths ``names`` of the game's phone layout, by name (``s.text``; ``rail-gap`` in the
    file is ``s.rail_gap``); every name the picture draws must be in the file and every length
    in the file one it draws, else a ``DataError`` names the file, the line and the length."""
    return _sizes(game.id, game.data_dir, names)


@lru_cache(maxsize=64)
def _sizes(game_id: str, data_dir: str | None, names: tuple[str, ...]) -> SimpleNamespace:
    where = str(game_dir(game_id, data_dir) / "layouts.toml")
    spec = load_game(game_id, data_dir).layouts.get(LAYOUT)
    if spec is None:
        raise DataError(Problem(where, None, LAYOUT, f"missing: the phone's board reads its sizes from [{LAYOUT}.lengths]"))
    have = {key.replace("-", "_"): (key, *found) for key, found in spec.lengths.items()}  # rail-gap: s.rail_gap
    drawn = ", ".join(name.replace("_", "-") for name in names)
    problems = [Problem(where, line, f"{LAYOUT}.lengths.{key}", f"unknown length {key!r}; the phone's board draws: {drawn}")
                for name, (key, _, line) in have.items() if name not in names]
    missing = [name.replace("_", "-") for name in names if name not in have]
    if missing:
        first = min((line for _, _, line in have.values() if line), default=None)  # where the table starts
        problems.append(Problem(where, spec.line or first, f"{LAYOUT}.lengths", "missing length" + "s" * (len(missing) > 1)
                                + ": " + ", ".join(missing)))
    if problems:
        raise DataError(problems)
    found = SimpleNamespace(**{name: plain(have[name][1]) for name in names})
    # the layout's named boxes, each (x, y, w, h): a part of a map to show, a place on a picture
    found.boxes = {box.name: tuple(plain(v) for v in (box.x, box.y, box.w, box.h)) for box in spec.boxes}
    return found


def plain(mm: float) -> int | float:
    """A whole length as an ``int`` (written "50", not "50.0")."""
    return int(mm) if mm == int(mm) else mm


__all__ = ["LAYOUT", "plain", "sizes"]
