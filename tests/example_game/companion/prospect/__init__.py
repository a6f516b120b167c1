"""Prospect: the smallest whole game, kept as the worked example of docs/adding-a-game.md.
Draw claim cards, pan for money, stake the richest claims before the season ends."""

from .game import Prospect

__all__ = ["Prospect"]
