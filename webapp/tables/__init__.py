"""The table service: every operation on a game table, shared by the JSON API and the pages.

A table is a game in progress at a real table: its seats, its current state and its log.
Each function here is one operation, runs in one database transaction and either does
everything or nothing. Tokens arrive in plain text and are compared against stored hashes.

The cost of an operation does not grow with the table's history: the table row carries the
current state and version, the log row of every state-changing event carries the state
after it, and undo follows ``prev`` links to the state before.

Each module holds one responsibility: ``model`` (what a table is), ``cache`` (the per-app
store), ``checks`` (what clients send), ``tokens`` (who is asking, and for which seat),
``rows`` (reading and writing rows), ``reading``, ``seating`` (set up, join, leave, end),
``acting`` (moves: the one path every action takes), ``rebase`` (whether a move made on an
older version still fits the table), ``bots``, ``undo``, ``log``,
``privacy`` (what each viewer may see of a move) and ``history`` (score sheets, finished
tables, records).
"""

from .acting import act, answer
from .bots import advance_bots, overdue
from .cache import Store
from .checks import CODE_ALPHABET, CODE_LENGTH, NAME_MAX, normalise_code
from .history import count_tables, finished_tables, player_stats, score
from .log import log, logs_between
from .privacy import hides_actions, needs_viewer, seen_by
from .model import ID_ALPHABET, ID_LENGTH, Seat, Table
from .reading import find_by_code, get, options_for, state, version_of
from .rows import versions_of
from .seating import create_table, end_game, join, remove_seat
from .tokens import Acting, Caller, Who, acting_for, followed_seats, identify, is_host, played_for, seat_of, viewer
from .undo import undo

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "ID_ALPHABET", "ID_LENGTH", "NAME_MAX", "Acting", "Caller", "Seat", "Store",
           "Table", "Who", "act", "acting_for", "advance_bots", "answer", "count_tables", "create_table", "end_game",
           "find_by_code", "finished_tables", "followed_seats", "get", "hides_actions", "identify", "is_host", "join", "log", "logs_between", "needs_viewer",
           "normalise_code", "options_for", "overdue", "played_for", "player_stats", "remove_seat", "score", "seat_of", "seen_by", "state", "undo",
           "version_of", "versions_of", "viewer"]
