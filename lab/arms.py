"""A restricted run beside its baseline: the restricted seat's wins against the same seat's in
the unrestricted games of the same seeds, paired game by game.

Pairing is what makes the comparison sharp: game ``i`` of both runs starts from the same deal
and the same dice, so the difference in game ``i`` is the restriction's doing plus the chance
that follows from it. The mean difference gets a Student t interval; the table's verdicts use
an interval widened for the number of restrictions tried at once (Bonferroni).
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field
from typing import Any, Sequence

from .stats import Moments, mean_interval, p_text, wilson


@dataclass
class Shares:
    """Each game's win shares by seat, in game order: 8 bytes a seat a game, the only part of a
    tally that grows with the run (a restricted run pairs its games with these)."""

    seats: int
    values: array = field(default_factory=lambda: array("d"))

    def add(self, index: int, shares: Sequence[float]) -> None:
        missing = index * self.seats - len(self.values)
        if missing > 0:  # games a stopped run never finished
            self.values.extend([math.nan] * missing)
        self.values.extend(shares[:self.seats])

    def get(self, index: int, seat: int) -> float:
        at = index * self.seats + seat
        return self.values[at] if at < len(self.values) else math.nan


@dataclass
class ArmTally:
    baseline: Shares
    games: int = 0
    wins: float = 0.0
    base_wins: float = 0.0
    difference: Moments = field(default_factory=Moments)
    changed_games: int = 0
    changed_moves: int = 0
    fallback: int = 0
    forced: int = 0
    held: int = 0

    def add(self, row: dict[str, Any], won: float) -> None:
        counts = row["restricted"]
        base = self.baseline.get(row["index"], counts["seat"])
        if math.isnan(base):
            return
        self.games += 1
        self.wins += won
        self.base_wins += base
        self.difference.add(won - base)
        self.changed_games += counts["changed"] > 0
        self.changed_moves += counts["changed"]
        self.fallback += counts["fallback"]
        self.forced += counts["forced"]
        self.held += bool(counts.get("held"))

    def summary(self) -> dict[str, Any]:
        rate, low, high = wilson(self.wins, self.games)
        base, base_low, base_high = wilson(self.base_wins, self.games)
        change, change_low, change_high = self.difference.interval()
        p_value = self.difference.p_value()
        return {"games": self.games, "win_rate": rate, "low": low, "high": high,
                "baseline": base, "baseline_low": base_low, "baseline_high": base_high,
                "change": change, "change_low": change_low, "change_high": change_high,
                "p_value": p_value, "p_text": p_text(p_value),
                "changed_games": self.changed_games / self.games if self.games else 0.0,
                "changed_moves": self.changed_moves / self.games if self.games else 0.0,
                "fallback": self.fallback, "forced": self.forced, "held": self.held,
                "sums": [self.difference.total, self.difference.squares, self.difference.n]}


def verdicts(arms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The restricted runs, the biggest loss first, each with a verdict from an interval widened
    for testing them all at once; a restriction that changed no move says so."""
    out = []
    for arm in arms:
        total, squares, n = arm["sums"]
        _, low, high = mean_interval(total, squares, n, tests=len(arms))
        if arm.get("held"):
            verdict = (f"not kept from it: the seat still came to hold it in {arm['held']} games, through moves "
                       f"the game does not name as reaching for it")
        elif arm["changed_games"] == 0:
            verdict = "changed no move: the seat never reached for it"
        elif n < 2:
            verdict = ""
        elif low > 0:
            verdict = "the seat wins more without it"
        elif high < 0:
            verdict = "the seat wins less without it"
        else:
            verdict = ""
        out.append({**arm, "verdict": verdict, "strict_low": low, "strict_high": high})
    out.sort(key=lambda a: (a["change"], a["label"]))
    return out
