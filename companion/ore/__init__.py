"""Ore: The Mining Game — the table companion's rules (see cards_data/ore/NOTES.md).

The parts: ``data`` (the cards and numbers of a data folder), ``state`` (the typed table and
its JSON), ``setup``, ``moves`` (the moves table and the rules of each phase), ``options`` (the
phone's buttons), ``bots``, ``scoring``, ``views`` (what a phone shows, the log lines),
``notation`` and ``game`` (``Ore``, the skeleton binding them to one data folder; the registry
makes its instances).
"""

from .game import Ore

__all__ = ["Ore"]
