"""Finding games: every sub-package of ``companion`` with a ``game.py`` is a game.

The package's name is the game's id with ``_`` for ``-`` (``companion/tinners_trail`` is
``tinners-trail``), and its ``game.py`` defines the ``Game`` subclass with that id. A package
that makes several games (the score pads) has a ``family.py`` instead, with ``ids()`` and
``make(game_id, data_dir)``.

Games register themselves by existing, so adding one never means editing a central list, and
a game is imported only when it is asked for: building one game's print set or scoring one
file never loads the other games.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Callable

from .core import Game
from .errors import UnknownGame


def _package_root() -> list[str]:
    return list(importlib.import_module("companion").__path__)


@lru_cache(maxsize=1)
def _packages() -> dict[str, str]:
    """Game id -> the package that makes it, from the folder names alone (nothing imported
    but the packages that hold several games)."""
    found: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(_package_root()), key=lambda i: i.name):
        if not info.ispkg:
            continue
        folder = Path(info.module_finder.path) / info.name  # type: ignore[union-attr]
        if (folder / "family.py").is_file():
            for game_id in importlib.import_module(f"companion.{info.name}.family").ids():
                found[game_id] = info.name
        elif (folder / "game.py").is_file():
            found[info.name.replace("_", "-")] = info.name
    return found


# Games made elsewhere (a game kept outside the source tree): id -> maker
_REGISTERED: dict[str, Callable[[str | None], Game]] = {}


def register(game_id: str, make: Callable[[str | None], Game]) -> None:
    """Add a game made outside ``companion`` (``make(data_dir)`` gives its instance)."""
    _REGISTERED[game_id] = make
    _bound.cache_clear()


def unregister(game_id: str) -> None:
    _REGISTERED.pop(game_id, None)
    _bound.cache_clear()


def game_ids() -> list[str]:
    return sorted({*_packages(), *_REGISTERED})


def find_game(game_id: str, data_dir: str | None = None) -> Game:
    """The game ``game_id`` bound to the data in ``data_dir`` (None: the shipped data); one
    instance per game and folder. ``UnknownGame`` names the known ids."""
    if game_id not in _packages() and game_id not in _REGISTERED:
        raise UnknownGame(game_id, game_ids())
    return _bound(game_id, None if data_dir is None else str(data_dir))


def reads_data(game_id: str) -> bool:
    """Whether the game plays by the numbers of a data folder it is given."""
    return bool(find_game(game_id).reads_data)


@lru_cache(maxsize=64)
def _bound(game_id: str, data_dir: str | None) -> Game:
    if game_id in _REGISTERED:
        return _REGISTERED[game_id](data_dir)
    return _maker(game_id)(data_dir)


@lru_cache(maxsize=None)
def _maker(game_id: str) -> Callable[[str | None], Game]:
    package = _packages()[game_id]
    family = _family(package)
    if family is not None:
        return lambda data_dir: family.make(game_id, data_dir)
    module = importlib.import_module(f"companion.{package}.game")
    found = [obj for obj in vars(module).values()
             if isinstance(obj, type) and issubclass(obj, Game) and obj.__module__ == module.__name__
             and obj.id == game_id]
    if len(found) != 1:
        raise LookupError(f"companion/{package}/game.py must define one Game subclass with id {game_id!r}")
    return found[0]


def _family(package: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"companion.{package}.family")
    except ModuleNotFoundError as exc:
        if exc.name != f"companion.{package}.family":
            raise
        return None


__all__ = ["find_game", "game_ids", "reads_data", "register", "unregister"]
