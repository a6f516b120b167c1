"""Every failure Headframe reports on purpose has one root, so callers can tell a user's
mistake (a clear line, exit code 2, HTTP 4xx) from a bug (a traceback)."""

from __future__ import annotations

from dataclasses import dataclass


class HeadframeError(Exception):
    """Root of every expected failure."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong, located as precisely as we can: ``path:line: field: message``."""

    path: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.field}: {self.message}"


class DataError(HeadframeError):
    """A data file is malformed. Carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class RuleViolation(HeadframeError):
    """An action the rules forbid. The message names the rule and the numbers."""

    code = "rule_violation"

    def __init__(self, message: str, rule: str | None = None):
        self.rule = rule
        super().__init__(message)


class NotYourTurn(RuleViolation):
    code = "not_your_turn"


class GameOver(RuleViolation):
    """An action after the end of the game: the same words whatever the game."""

    code = "game_over"

    def __init__(self) -> None:
        super().__init__("The game is over: the score sheet is final.", "End of the game")


class BadAction(RuleViolation):
    """An action that is not even well formed for this game (unknown type, missing field)."""

    code = "bad_action"


class InvalidDimension(HeadframeError):
    """Print geometry that cannot work (a card larger than the paper, a negative bleed)."""


class UnknownGame(HeadframeError):
    def __init__(self, game_id: str, known: list[str]):
        self.game_id = game_id
        self.known = sorted(known)
        super().__init__(f"unknown game {game_id!r}; known games: {', '.join(self.known)}")
