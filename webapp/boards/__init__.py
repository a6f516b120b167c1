"""Pictures of the game boards for the phone: server-drawn SVG built from each game's data.

A game's board is the module ``webapp/boards/<pkg>.py``, found by its name the way
``companion/registry.py`` finds games: the game's page name (``game.page``, else its id) with
``_`` for ``-`` (``tinners-trail`` -> ``tinners_trail``). Nothing registers it: a module dropped
in is found, and a game without one is served by the generic table page alone.

The one interface: a board module exposes ``PICTURES``, a dict from a picture's name to a
function called as ``fn(game, *args)``. The page partial calls them through one template
global, ``board(game, "name", ...)``. Each picture is complete without script, so a page shows
the board even where JavaScript is off; shapes, positions and sizes come from
``cards_data/<game>/`` so the phone and the printed board never disagree.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping


def module_name(game) -> str:
    """The board module a game's pictures would live in (``webapp.boards.<pkg>``)."""
    return f"{__name__}.{(game.page or game.id).replace('-', '_')}"


def pictures(game) -> Mapping[str, Callable[..., Any]] | None:
    """The game's ``PICTURES``, or None when it has no board module. Only that game's module
    is imported."""
    name = module_name(game)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    found = getattr(module, "PICTURES", None)
    if not isinstance(found, Mapping):
        raise LookupError(f"{name} must define PICTURES, a dict of the pictures its page draws")
    return found


def problems(game) -> list:
    """What is wrong with the sizes the game's board reads from its data (``SIZES`` of its
    module, ``[phone.lengths]`` of its layouts.toml), each with its file and line; none for a
    game without a board or one that reads no sizes."""
    from companion.errors import DataError

    from .sizes import sizes

    module = importlib.import_module(module_name(game)) if pictures(game) is not None else None
    names = getattr(module, "SIZES", ())
    if not names:
        return []
    try:
        sizes(game, tuple(names))
    except DataError as exc:
        return list(exc.problems)
    return []


def board(game, picture: str, *args, **kwargs):
    """Draw ``picture`` of the game's board module: ``PICTURES[picture](game, *args)``."""
    found = pictures(game) or {}
    if picture not in found:
        raise LookupError(f"{module_name(game)} has no picture {picture!r}; it draws: "
                          f"{', '.join(sorted(found)) or '(no board module)'}")
    return found[picture](game, *args, **kwargs)


def init_app(app) -> None:
    """Make every game's pictures callable from its page partial, and the seats' marks."""
    from companion.marks import marks, short_names

    # one rule for every seat's mark and short name (companion/marks.py)
    app.jinja_env.globals.update(board=board, seat_marks=marks, short_names=short_names)


__all__ = ["board", "init_app", "module_name", "pictures", "problems"]
