"""Automatic moves: bot seats, and opponents the game plays itself (a solo opponent).

A bot seat (``Seat.bot``) stands in for a person and answers in the request that woke it. An
opponent the game plays itself (``Game.automatic_seats`` minus the bot seats) waits a short
grace period (app config ``AUTOMATIC_GRACE``, seconds) after a person's move that could still
be undone, so its author can take it back first; a timer in this process then plays it, and a
table found overdue when read (the timer's process restarted) is played on the spot. Every
automatic move is logged as its own event, and undo never steps back over one: it is a
decision or a draw, like a die's."""

from __future__ import annotations

import threading
import time
from typing import Any

from flask import current_app

from companion import Game, RuleViolation

from .cache import current_store
from .log import log_action
from .model import Seat, Table
from .reading import get
from .rows import finish_values, publish, store_moves

BOT_MOVES_MAX = 500  # bound on bot moves after one player's action; a full game of bots stops here


def grace() -> float:
    """Seconds an opponent the game plays waits after a person's undoable move."""
    return max(0.0, float(current_app.config.get("AUTOMATIC_GRACE", 0.0)))


def run_bots(rows: list[dict], table_id: str, game: Game, seats: tuple[Seat, ...], state: Any, seq: int,
              text: str, now: float, defer: bool = False) -> tuple[Any, int, str, bool]:
    """Let automatic seats answer, each move its own event (added to ``rows``), stored with the
    move that woke them. With ``defer`` (the person's move can still be undone) a move of an
    opponent the game plays stops the run; the last value says one is due."""
    for _ in range(BOT_MOVES_MAX):
        due = _bot_move(game, seats, state)
        if due is None:
            break
        bot_move, own = due
        if own and defer:
            return state, seq, text, True
        try:
            following, summary = game.play(state, bot_move)
        except RuleViolation:
            break  # a bot that finds no legal move leaves the table to the players
        seq += 1
        text, _event = log_action(rows, table_id, game, summary, following, bot_move, seq, seq - 1, now, True)
        state = following
        defer = False  # the person's move is no longer the latest: nothing left to protect
    return state, seq, text, False


def advance_bots(table_id: str, version: int | None = None) -> Table:
    """Play automatic seats until the table waits for a person (after setup, when a bot
    starts; after the grace period). With ``version``, only if the table is still there:
    an undo or another move in the meantime has changed what is due."""
    store = current_store()
    table = get(table_id)
    if table.finished or (version is not None and table.version != version):
        return table
    now = time.time()
    rows: list[dict] = []
    after, seq, text, _ = run_bots(rows, table_id, table.game, table.seats, table.state, table.version, "", now)
    if not rows:
        return table
    finish = finish_values(table.game, after)
    if not store_moves(store.sql, table_id, table.version, rows, seq, text, now, finish):
        return get(table_id)  # a player moved first; their action ran the bots
    return publish(store, table, after, seq, now, finish, rows)


def play_later(table_id: str, version: int, delay: float) -> None:
    """After ``delay`` seconds, play the automatic moves due at ``version`` (if still due)."""
    app = current_app._get_current_object()
    timers = _timers()

    def run() -> None:
        with _TIMERS_LOCK:
            if timers.get(table_id) is timer:
                del timers[table_id]
        with app.app_context():
            try:
                advance_bots(table_id, version)
            except Exception:  # a timer has nobody to answer: the log keeps it, the next read retries
                app.logger.exception("automatic move at table %s failed", table_id)

    timer = threading.Timer(delay, run)
    timer.daemon = True
    with _TIMERS_LOCK:
        earlier = timers.pop(table_id, None)
        timers[table_id] = timer
    if earlier is not None:
        earlier.cancel()
    timer.start()


def cancel_later(table_id: str) -> bool:
    """Forget the table's waiting automatic move (its move was undone); True if one waited."""
    with _TIMERS_LOCK:
        timer = _timers().pop(table_id, None)
    if timer is None:
        return False
    timer.cancel()
    return True


def waiting_later(table_id: str) -> bool:
    """Whether this process holds a timer for the table."""
    with _TIMERS_LOCK:
        return table_id in _timers()


_TIMERS_LOCK = threading.Lock()


def _timers() -> dict[str, threading.Timer]:
    return current_app.extensions.setdefault("headframe_timers", {})


def overdue(table: Table) -> Table:
    """The table with any opponent move whose grace period has run out played (its timer was
    lost with a restarted server process)."""
    if table.finished or table.updated_at + grace() > time.time():
        return table
    game = table.game
    bots = {s.seat for s in table.seats if s.bot}
    if not any(game.bot_action(table.state, seat) is not None
               for seat in game.automatic_seats(table.state) if seat not in bots):
        return table
    return advance_bots(table.id, table.version)


def _bot_move(game: Game, seats: tuple[Seat, ...], state: Any) -> tuple[dict, bool] | None:
    """The next automatic move, if the table is waiting for one, and whether the game plays
    that seat itself (not a bot seat)."""
    if game.end_if(state) is not None:
        return None
    bots = {s.seat for s in seats if s.bot}
    for seat in sorted(bots | set(game.automatic_seats(state))):
        move = game.bot_action(state, seat)
        if move is not None:
            return dict(move, seat=seat), seat not in bots
    return None
