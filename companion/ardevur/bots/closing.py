"""How a table of bots brings a game to its end, whatever ending it agreed.

People end a game by the clock, by agreement or by running out of things worth doing; bots
have none of these, so they read the game's length instead, by the rulebook's figures: a
typical game is 24 rounds, and the setup with the first auction takes about 15 minutes and a
four-player round 4 to 5 minutes (about a minute and an eighth per turn).

* ``minute-64``: the bot whose turn it is calls time once the turns played bring the table's
  clock to minute 64.
* ``exhausted``: past 24 rounds a bot finds nothing left worth doing and passes every phase;
  a full round of passes ends the game.
* Total Control and ``final-round``: past 24 rounds the bot whose turn it is calls the end as
  soon as the rules allow it, leading or not; while Total Control cannot be called yet, the
  bots' table agrees that each bronze or silver target on top of a pile that nobody meets now
  is out of reach and retires it (the rulebook's way out of a grid nobody can finish), so the
  second Total Control condition comes within a round or two.
"""

from __future__ import annotations

from ..moves.conditions import condition_met
from ..data import Catalog
from ..state import ArdState

LONG_GAME_ROUNDS = 24     # the rulebook's typical game
SETUP_MINUTES = 15        # setup, beginning stage and the first auction
MINUTES_PER_TURN = 1.125  # a four-player round in 4 to 5 minutes
TIME_UP = 64


def minute(s: ArdState) -> float:
    """The table clock as the bots read it: the minute the turn under way began."""
    return SETUP_MINUTES + max(0, s.turn_no - 1) * MINUTES_PER_TURN


def _unmet_tops(cat: Catalog, s: ArdState, seat: int) -> list[dict]:
    """Retiring each bronze or silver target on top of its pile that no player meets now."""
    found = []
    for tier, piles in s.grid:
        if tier == "gold":
            continue
        for index, pile in enumerate(piles):
            condition = cat.targets[pile[-1]].condition if pile else None
            if condition and not any(condition_met(cat, s, q, condition)[0] for q in range(len(s.players))):
                found.append({"type": "retire_target", "seat": seat, "tier": tier, "pile": index})
    return found


def closing(cat: Catalog, s: ArdState, seat: int) -> list[dict]:
    """The moves a bot tries first because the game has run its course (empty while it has
    not): the bot takes the first of them the rules allow, else plays on as usual."""
    if s.phase != "play" or s.turn != seat or s.offers or s.end is not None:
        return []
    agreement = s.options.endgame
    if agreement == "minute-64" and minute(s) >= TIME_UP:
        return [{"type": "call_time", "seat": seat}]
    if s.round <= LONG_GAME_ROUNDS:
        return []
    if agreement == "exhausted":
        return [{"type": "pass", "seat": seat}]
    return ([{"type": "call_total_control", "seat": seat}, {"type": "call_final_round", "seat": seat}]
            + _unmet_tops(cat, s, seat))


__all__ = ["LONG_GAME_ROUNDS", "MINUTES_PER_TURN", "SETUP_MINUTES", "TIME_UP", "closing", "minute"]
