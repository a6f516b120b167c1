"""A score pad for any game: points per player per category, added up into a final sheet.

Each game with data has its own score pad, an ordinary game with the id ``scorepad-<game>``
whose categories come from that game's ``game.toml`` (``[game.score_categories]``); plain
``scorepad`` keeps one category, ``points``. It gives a final sheet even for games whose full
rules are not in the companion yet.
"""

from .pad import ScorePad

__all__ = ["ScorePad"]
