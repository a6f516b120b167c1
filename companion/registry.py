"""Game registry: every sub-package of ``companion`` that exposes ``GAME`` (or several in
``GAMES``) is a game.

Games register themselves by existing, so adding one never means editing a central list.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from functools import lru_cache

from .core import Game
from .errors import UnknownGame


@lru_cache(maxsize=1)
def _games() -> dict[str, Game]:
    import companion

    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(companion.__path__), key=lambda i: i.name):
        if not info.ispkg or info.name == "data":
            continue
        module = importlib.import_module(f"companion.{info.name}")
        for game in (getattr(module, "GAME", None), *getattr(module, "GAMES", ())):
            if isinstance(game, Game):
                found[game.id] = game
    return found


def game_ids() -> list[str]:
    return sorted(_games())


def find_game(game_id: str, data_dir: str | None = None) -> Game:
    """The full companion for ``game_id``; ``UnknownGame`` names the known ids. With
    ``data_dir``, the same game playing by the data in that folder (an edited copy), for
    games that read their rules from data (see ``reads_data``)."""
    games = _games()
    if game_id not in games:
        raise UnknownGame(game_id, list(games))
    if data_dir is None or not reads_data(game_id):
        return games[game_id]
    return _with_data(game_id, str(data_dir))


def reads_data(game_id: str) -> bool:
    """Whether the game takes its numbers from a data folder it is given (``Game(data_dir)``)."""
    game = find_game(game_id)
    return "data_dir" in inspect.signature(type(game).__init__).parameters


@lru_cache(maxsize=64)
def _with_data(game_id: str, data_dir: str) -> Game:
    return type(find_game(game_id))(data_dir=data_dir)
