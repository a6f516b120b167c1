"""Headframe's companion: game data, rules, bookkeeping, scoring and bots, in pure Python."""

from .core import Finish, Game, Option, Outcome, PlayerSpec, ScoreRow, ScoreSheet, rank, rng, sheet
from .errors import (BadAction, DataError, GameOver, HeadframeError, InvalidDimension, NotYourTurn, Problem,
                     RuleViolation, UnknownGame)
from .registry import find_game, game_ids

__all__ = ["BadAction", "DataError", "Finish", "Game", "GameOver", "HeadframeError", "InvalidDimension", "NotYourTurn",
           "Option", "Outcome", "PlayerSpec", "Problem", "RuleViolation", "ScoreRow", "ScoreSheet",
           "UnknownGame", "find_game", "game_ids", "rank", "rng", "sheet"]
