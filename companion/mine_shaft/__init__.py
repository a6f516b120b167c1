"""Mine Shaft: lay shaft tiles from a central cross, roll for minerals and cave-ins, and carry
off the richest haul. The rules live in small modules, one per part of the turn (``moves``);
``game.MineShaft`` binds them to one data folder (``companion.find_game("mine-shaft")``)."""

from .game import MineShaft

__all__ = ["MineShaft"]
