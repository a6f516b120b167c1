"""Ore: The Mining Game, published edition — the table companion's rules (see
cards_data/ore-published/NOTES.md). The parts: ``data`` (cards and numbers), ``state``,
``setup``, ``moves`` (the moves table and the rules of each part of the round), ``options``,
``bots``, ``scoring``, ``views``, ``notation`` and ``game`` (the ``Game`` subclass)."""

from .game import OrePublished

__all__ = ["OrePublished"]
