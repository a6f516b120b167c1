"""Loading and validating ``cards_data``: see ``loader.load_game``; the rules' own numbers in
``[setup]`` and ``[tables]``: see ``numbers.number_problems``."""

from .loader import builtin_data_dir, game_dir, game_ids, load_game, read_rows
from .model import BUILTIN_ICONS, KINDS, Box, Component, Deck, GameData, Gather, Layout, Resource, Row, Variant
from .numbers import number_problems
from .units import CARD_SIZES_MM, parse_length, parse_size

__all__ = ["BUILTIN_ICONS", "CARD_SIZES_MM", "KINDS", "Box", "Component", "Deck", "GameData", "Gather",
           "Layout", "Resource", "Row", "Variant", "builtin_data_dir", "game_dir", "game_ids",
           "load_game", "number_problems", "read_rows", "parse_length", "parse_size"]
