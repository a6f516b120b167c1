"""Tinners' Trail table companion: ore prices, the work track, auctions with survey cards,
mines and water, developments, selling and investing, the Arsenic, Emigration and Kickstarter
modules, and Lord Wallace, the solo opponent.

The parts (ARCHITECTURE.md, "A game's rules: one shape"): ``data`` (the tables, the map's
shapes and Lord Wallace's action cards), ``state`` (the table as values, his part of it and the
whole-state checks), ``setup`` (the first state and the table's switches), ``moves`` (the moves
table and one rule module per part of the round, his turn and his auction answers among them),
``options``, ``bots`` (the lab's bots, bot seats and his choices), ``scoring``, ``views``
(what each seat sees and the log lines), ``notation`` and ``game`` (``TinnersTrail``, bound to
one data folder)."""

from .game import TinnersTrail

__all__ = ["TinnersTrail"]
