"""The table's state: typed, frozen values (``records``), their JSON form (``stored``) and the
questions the rules ask of them (``queries``).

Layout of the stored form (JSON, keys sorted): ``variant`` (mode), ``options`` (table
switches), ``seed``, ``step``, ``phase`` (ready, corporations, deal, auction, redraft, play,
over), ``turn`` (seat playing), ``stage`` (extraction, strategy, development, reward),
``turn_no`` (turns begun so far), ``first`` (the seat that starts), ``players``, ``market``
(development cards by id), ``territory_deck``, ``auction``, ``grid`` (tier -> three piles, top
card last), ``incentives`` (top last), ``action_decks`` (corporation -> cards, top last),
``box`` (cards out of play), ``ts`` (what this turn has used), ``continuous`` (action cards in
effect), ``offers`` (local sales waiting for a warehouse owner's answer), ``end`` (who called
the end and when), ``rolls`` (the last roll-off, for the log), and when they apply
``last_sale``, ``may_call`` and ``retired``.
"""

from .checks import problems
from .queries import *  # noqa: F401,F403
from .queries import __all__ as _queries
from .records import *  # noqa: F401,F403
from .records import __all__ as _records
from .stored import from_json, to_json

__all__ = sorted(set(_queries) | set(_records) | {"from_json", "problems", "to_json"})
