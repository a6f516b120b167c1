"""ARDEVUR: The Game of Resources — the table companion's rules (see cards_data/ardevur/NOTES.md)."""

from .game import Ardevur

GAME = Ardevur()

__all__ = ["Ardevur", "GAME"]
