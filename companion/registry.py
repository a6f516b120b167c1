"""Game registry: every sub-package of ``companion`` that exposes ``GAME`` (or several in
``GAMES``) is a game.

Games register themselves by existing, so adding one never means editing a central list.
"""

from __future__ import annotations

import importlib
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


def find_game(game_id: str) -> Game:
    """The full companion for ``game_id``; ``UnknownGame`` names the known ids."""
    games = _games()
    if game_id not in games:
        raise UnknownGame(game_id, list(games))
    return games[game_id]
