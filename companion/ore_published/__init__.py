"""Ore: The Mining Game, published edition — the table companion's rules (see
cards_data/ore-published/NOTES.md)."""

from .game import OrePublished

GAME = OrePublished()

__all__ = ["GAME", "OrePublished"]
