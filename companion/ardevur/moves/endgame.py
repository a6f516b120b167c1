"""The end of the game: Total Control and its three conditions, the table's other endgame
agreements (one final round, minute 64, until no moves are left), and the grid's record of when
its last bronze and silver targets went."""

from __future__ import annotations

from ..data import Catalog
from ..state import ArdState, End, points_held, replace
from .turn import finish, refuse

KINDS = {"call_total_control": "total-control", "call_final_round": "final-round", "call_time": "time"}


def total_control_reason(cat: Catalog, s: ArdState) -> str | None:
    """Which endgame condition holds now, or None."""
    if s.golds_claimed:
        return "a gold target has been claimed"
    since = s.bs_empty_on
    if since is not None and s.turn_no - since >= len(s.players):
        return "all bronze and silver targets are claimed and a full round passed without a gold one"
    goal = cat.numbers.endgame_points
    for p in s.players:
        if points_held(cat, p) >= goal:
            return f"{p.name} holds at least {goal} points of targets and incentives"
    return None


def _why(cat: Catalog, s: ArdState, seat: int, kind: str, claimer: int | None) -> str:
    """Why the end may be called now, in the log's words; refused when it may not."""
    if s.phase != "play":
        refuse("The game is not in play.", "Endgame")
    if s.end is not None:
        refuse("The final round is already under way.", "Endgame")
    agreement = s.options.endgame
    if kind == "time":
        if agreement != "minute-64":
            refuse("The table did not agree to end at minute 64.", "Endgame")
        return "minute 64 was reached"
    if not (seat == s.turn or (kind == "total-control" and seat == claimer)):
        refuse("The end is called during your own turn (or right after your claim).", "Endgame")
    if kind == "final-round":
        if agreement != "final-round":
            refuse("The table did not agree to call one final round.", "Endgame")
        return f"{s.players[seat].name} called one final round"
    if agreement == "exhausted":
        refuse("The table agreed to play until no moves are left.", "Endgame")
    reason = total_control_reason(cat, s)
    if reason is None:
        refuse("Total Control needs a claimed gold target, all bronze and silver targets claimed with no gold one "
               f"for a full round, or {cat.numbers.endgame_points} points held in targets and incentives.", "Endgame")
    return f"{s.players[seat].name} called Total Control ({reason})"


def check_call(cat: Catalog, s: ArdState, action) -> None:
    """Asked before the move starts, when the last claimer is still ``may_call``."""
    _why(cat, s, action["seat"], KINDS[action["type"]], s.may_call)


def call_end(game, s: ArdState, action) -> ArdState:
    seat, kind = action["seat"], KINDS[action["type"]]
    why = _why(game.data, s, seat, kind, s.claimer)
    if kind == "time":
        return finish(s, why)
    return replace(s, end=End(seat, (seat - 1) % len(s.players), why))


def track(s: ArdState) -> ArdState:
    """Remember when the last bronze and silver targets left the grid."""
    if s.phase != "play" or s.bs_empty_on is not None:
        return s
    if all(not pile for tier, piles in s.grid if tier != "gold" for pile in piles):
        return replace(s, bs_empty_on=s.turn_no)
    return s


__all__ = ["KINDS", "call_end", "check_call", "total_control_reason", "track"]
