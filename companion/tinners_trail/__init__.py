"""Tinners' Trail table companion: ore prices, the work track, auctions with survey cards,
mines and water, developments, selling and investing, and the Arsenic, Emigration and
Kickstarter modules. ``GAME`` is the registered definition."""

from .game import TinnersTrail

GAME = TinnersTrail()

__all__ = ["GAME", "TinnersTrail"]
