"""Loading and validating ``cards_data``: see ``loader.load_game``."""

from .loader import builtin_data_dir, game_dir, game_ids, load_game, read_rows
from .model import BUILTIN_ICONS, KINDS, Box, Component, Deck, GameData, Gather, Layout, Resource, Row, Variant
from .units import CARD_SIZES_MM, parse_length, parse_size

__all__ = ["BUILTIN_ICONS", "CARD_SIZES_MM", "KINDS", "Box", "Component", "Deck", "GameData", "Gather",
           "Layout", "Resource", "Row", "Variant", "builtin_data_dir", "game_dir", "game_ids", "load_game", "read_rows",
           "parse_length", "parse_size"]
