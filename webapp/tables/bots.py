"""Bot seats and automatic moves: played after a person's move, stored with it."""

from __future__ import annotations

import time
from typing import Any

from companion import Game, RuleViolation

from .cache import _store
from .log import _log_action
from .model import Seat, Table
from .reading import get
from .rows import _finish_values, _published, _store_moves

BOT_MOVES_MAX = 500  # bound on bot moves after one player's action; a full game of bots stops here


def _run_bots(rows: list[dict], table_id: str, game: Game, seats: tuple[Seat, ...], state: Any, seq: int,
              text: str, now: float) -> tuple[Any, int, str]:
    """Let bot seats answer, each move its own event (added to ``rows``), stored with the move
    that woke them. Undo cannot step back over a bot's move: it is the bot's decision, like a die's."""
    for _ in range(BOT_MOVES_MAX):
        bot_move = _bot_move(game, seats, state)
        if bot_move is None:
            break
        try:
            following, summary = game.play(state, bot_move)
        except RuleViolation:
            break  # a bot that finds no legal move leaves the table to the players
        seq += 1
        text, _event = _log_action(rows, table_id, game, summary, following, bot_move, seq, seq - 1, now, True)
        state = following
    return state, seq, text


def advance_bots(table_id: str) -> Table:
    """Play bot seats until the table waits for a person (after setup, when a bot starts)."""
    store = _store()
    table = get(table_id)
    if table.finished:
        return table
    now = time.time()
    rows: list[dict] = []
    after, seq, text = _run_bots(rows, table_id, table.game, table.seats, table.state, table.version, "", now)
    if not rows:
        return table
    finish = _finish_values(table.game, after)
    if not _store_moves(store.hot, table_id, table.version, rows, seq, text, now, finish):
        return get(table_id)  # a player moved first; their action ran the bots
    return _published(store, table, after, seq, now, finish)


def _bot_move(game: Game, seats: tuple[Seat, ...], state: Any) -> dict | None:
    """The next move of a bot seat, if the table is waiting for one."""
    if game.end_if(state) is not None:
        return None
    bots = sorted({s.seat for s in seats if s.bot} | set(game.automatic_seats(state)))
    for seat in bots:
        move = game.bot_action(state, seat)
        if move is not None:
            return dict(move, seat=seat)
    return None
