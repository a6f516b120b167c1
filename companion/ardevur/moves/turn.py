"""A turn's course: whose move it is, the phases in order (extraction, strategy, development,
reward; a phase the player passes is lost, extraction is skipped without an active mine), the
end of a turn and of the game."""

from __future__ import annotations

from ...errors import RuleViolation
from ..data import Catalog
from ..state import FRESH_TURN, ArdState, replace, with_market, with_player

STAGES = ("extraction", "strategy", "development", "reward")
_NEXT = dict(zip(STAGES, STAGES[1:]))


def refuse(message: str, rule: str) -> None:
    raise RuleViolation(message, rule)


def own_turn(s: ArdState, seat: int, stage: str | None = None) -> None:
    """Refuse unless it is ``seat``'s turn, nothing waits on an answer and (when given) the
    turn is in ``stage``."""
    if s.phase != "play":
        refuse("The game is not in play.", "Turn")
    if s.offers:
        refuse("A local sale waits for a warehouse owner's answer.", "Local sale")
    if seat != s.turn:
        refuse(f"It is {s.players[s.turn].name}'s turn.", "Turn")
    if s.ts.must_discard:
        refuse("Discard down to your action-card limit first.", "Action cards")
    if stage is not None and s.stage != stage:
        refuse(f"That belongs to the {stage} phase; this is the {s.stage} phase.", "Turn phases")


def begin_turn(s: ArdState) -> ArdState:
    stage = "extraction" if s.players[s.turn].active else "strategy"
    return replace(s, turn_no=s.turn_no + 1, ts=FRESH_TURN, stage=stage)


def begin_play(s: ArdState) -> ArdState:
    return begin_turn(replace(s, phase="play", turn=s.first))


def advance(s: ArdState) -> ArdState:
    """The next phase, or the end of the turn after the reward phase."""
    if s.ts.done:
        s = replace(s, ts=replace(s.ts, done=False))
    following = _NEXT.get(s.stage)
    if following is not None:
        return replace(s, stage=following)
    return end_turn(s)


def end_turn(s: ArdState) -> ArdState:
    seat = s.turn
    if s.players[seat].phone:  # an unused phone call goes back to the market
        s = with_market(with_player(s, seat, phone=False), "phone", 1)
    quiet_run = s.quiet_run + 1 if s.ts.quiet else 0
    s = replace(s, quiet_run=quiet_run)
    n = len(s.players)
    if s.end is not None and seat == s.end.last:
        return finish(s, s.end.why)
    if s.options.endgame == "exhausted" and quiet_run >= n:
        return finish(s, "a full round passed in which nobody had anything left to do")
    return begin_turn(replace(s, turn=(seat + 1) % n))


def finish(s: ArdState, why: str) -> ArdState:
    return replace(s, phase="over", stage=None, over_reason=why)


def spent(s: ArdState) -> ArdState:
    """The turn did something (it is no longer a quiet one)."""
    return replace(s, ts=replace(s.ts, quiet=False)) if s.ts.quiet else s


def check_pass(cat: Catalog, s: ArdState, action) -> None:
    own_turn(s, action["seat"])


def pass_phase(game, s: ArdState, action) -> ArdState:
    check_pass(game.data, s, action)
    return advance(s)


__all__ = ["STAGES", "advance", "begin_play", "begin_turn", "check_pass", "end_turn", "finish", "own_turn",
           "pass_phase", "refuse", "spent"]
