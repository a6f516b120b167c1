"""Ore: The Mining Game — the table companion's rules (see cards_data/ore/NOTES.md).

The parts: ``data`` (the cards and numbers of a data folder), ``state`` (the typed table and
its JSON), ``setup``, ``moves`` (the moves table and the rules of each phase), ``options`` (the
phone's buttons), ``bots``, ``scoring``, ``views`` (what a phone shows, the log lines),
``notation`` and ``game`` (``Ore``, the skeleton binding them to one data folder; the registry
makes its instances).
"""

import sys
from types import ModuleType

from ..ore_rules import tables as _tables
from .game import Ore

# Ore published still reads its tables through ``companion.ore.cards``, the module these parts
# replace; the name stays until its own data part imports ``companion.ore_rules.tables``.
_legacy = ModuleType(__name__ + ".cards", "Tables read the same way in both editions (companion.ore_rules.tables).")
_legacy.read_table, _legacy._cell = _tables.read_table, _tables.cell  # type: ignore[attr-defined]
sys.modules.setdefault(_legacy.__name__, _legacy)

__all__ = ["Ore"]
