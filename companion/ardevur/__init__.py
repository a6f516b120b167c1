"""ARDEVUR: The Game of Resources — the table companion's rules (see cards_data/ardevur/NOTES.md).

The parts: ``data`` (the cards and tables, read from a data folder), ``state`` (the typed
table and its JSON form), ``setup``, ``moves`` (the moves table and the rules, one module per
part of the game), ``options`` (candidates and the phone's buttons), ``bots``, ``scoring``,
``views`` (what each seat sees, the log lines), ``notation`` and ``game`` (the ``Game``
subclass; ``companion.find_game("ardevur")`` makes its instances)."""

from .game import Ardevur

__all__ = ["Ardevur"]
