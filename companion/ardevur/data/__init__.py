"""ARDEVUR's printed cards and tables as the rules use them, read from a data folder
(``cards_data/ardevur`` unless the game is made with another).

The tables are plain CSVs read with declared column types (``read_rows``); the cells that carry
rules are small text formats described in ``cards_data/ardevur/NOTES.md`` (``cells``):

* a target's ``condition``: ``KIND N`` or ``KIND:ARG N`` (e.g. ``mines 2``, ``asset:vessel 1``);
* a ``reward``: ``money N`` or ``upgrade ASSET`` (``warehouse``, ``office``, ``vessel``,
  ``factory`` or ``any``);
* an action card's ``effect``: a kind from ``EFFECTS``, with a number where the kind takes one.

The numbers the rules ask for on every move (prices, limits, the die) are read once into
``Catalog.numbers``. Every malformed cell is one ``DataError`` line ``path:line: column: message``.
"""

from .cells import describe
from .loader import catalog
from .tables import (ASSETS, CONDITIONS, CONTINENTS, DEV_CARDS, EFFECTS, INFRASTRUCTURE, NUMBERED, PHASES,
                     STANDALONE, TIERS, TIMINGS, UPGRADES, ActionCard, Catalog, Corporation, Incentive, Numbers,
                     Region, Reward, Target, Territory)

__all__ = ["ASSETS", "ActionCard", "CONDITIONS", "CONTINENTS", "Catalog", "Corporation", "DEV_CARDS", "EFFECTS",
           "INFRASTRUCTURE", "Incentive", "NUMBERED", "Numbers", "PHASES", "Region", "Reward", "STANDALONE", "TIERS",
           "TIMINGS", "Target", "Territory", "UPGRADES", "catalog", "describe"]
