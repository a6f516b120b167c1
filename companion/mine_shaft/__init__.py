"""Mine Shaft: lay shaft tiles from a central cross, roll for minerals and cave-ins, and carry
off the richest haul. The rules live in small modules, one per part of the turn; this class
only routes actions to them and keeps the result whole or untouched."""

from .game import MineShaft

GAME = MineShaft()

__all__ = ["GAME", "MineShaft"]
