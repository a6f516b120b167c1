"""The score pads: ``scorepad`` (one category, points) and ``scorepad-<game>`` for every game
with data, whose categories come from that game's ``game.toml``."""

from __future__ import annotations

from ..data import game_ids as data_game_ids
from .pad import ScorePad

PLAIN = "scorepad"


def ids() -> list[str]:
    return [PLAIN, *(f"{PLAIN}-{game_id}" for game_id in data_game_ids())]


def make(game_id: str, data_dir: str | None = None) -> ScorePad:
    """The pad ``game_id``; its categories are the shipped game's whatever ``data_dir`` says."""
    return ScorePad(game_id.removeprefix(f"{PLAIN}-") if game_id != PLAIN else None)
