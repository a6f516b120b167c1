"""Ore: The Mining Game — the table companion's rules (see cards_data/ore/NOTES.md)."""

from .game import Ore, acting_seats

GAME = Ore()

__all__ = ["GAME", "Ore", "acting_seats"]
