"""Tinners' Trail's numbers, read from a data folder: the rules' tables (``tables``), the map's
shapes (``geometry``) and Lord Wallace's action cards (``wallace_cards``)."""

from .tables import GAME_ID, ORES, PIECES, REGIONS, Rules, load_rules

__all__ = ["GAME_ID", "ORES", "PIECES", "REGIONS", "Rules", "load_rules"]
