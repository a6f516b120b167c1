"""How a game feels, measured from its running scores: is it close, tense, decided early?

The measures follow Browne's automatic evaluation of games (2008): each is worked out for one
game from the scores after each of its rounds (``Game.running_totals``) and its final scores,
then averaged over a run with an interval. ``DEFINITIONS`` holds the one sentence the report
prints for each; the tests check every measure on hand-made games whose answers are known.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

from .stats import Moments, wilson

DEFINITIONS = {
    "lead_changes": "A lead change is a round after which a different player stands alone at the top than "
                    "the last one who did (ties at the top change nothing).",
    "last_change": "The last lead change is when the lead last passed to another player, as a share of the "
                   "game's rounds (0 when the first player to lead alone never lost the lead): the lower, the "
                   "sooner the game was settled.",
    "comeback": "A comeback is a game whose sole winner was behind another player after some round.",
    "deficit": "The deficit overcome is the most points a comeback's winner trailed the leader by.",
    "decided_early": "A game is decided before its last round when its sole winner already stood alone at the "
                     "top as the last round began.",
    "tie": "A tie is a game whose win is shared.",
    "spread": "The spread is the points between the highest and the lowest final score.",
    "rounds": "The length in rounds is the number of rounds played.",
    "moves": "The length in moves is every move every player made, automatic ones included.",
}


@dataclass(frozen=True)
class Feel:
    """The measures of one game."""

    lead_changes: int
    last_change: float          # share of the rounds, 0..1
    behind_by: float | None     # None: no sole winner; 0: the winner was never behind
    decided_early: bool | None  # None: no sole winner, or a game of one round
    tie: bool
    spread: float

    def to_row(self) -> dict[str, Any]:
        return asdict(self)


def leader(totals: Sequence[float]) -> int | None:
    """The seat alone at the top, or None when the top is shared."""
    if not totals:
        return None
    best = max(totals)
    top = [seat for seat, total in enumerate(totals) if total == best]
    return top[0] if len(top) == 1 else None


def feel(running: Sequence[Sequence[float]], winners: Sequence[int]) -> Feel:
    """The measures of a game from its scores after each round, the last entry being the final
    scores, and its winners."""
    changes, last, current = 0, 0, None
    for index, totals in enumerate(running):
        now = leader(totals)
        if now is not None and now != current:
            if current is not None:
                changes, last = changes + 1, index + 1
            current = now
    sole = winners[0] if len(winners) == 1 else None
    behind_by = None
    if sole is not None:
        behind_by = float(max([0.0] + [max(t for s, t in enumerate(totals) if s != sole) - totals[sole]
                                       for totals in running[:-1] if len(totals) > 1]))
    early = None if sole is None or len(running) < 2 else leader(running[-2]) == sole
    final = running[-1] if running else ()
    return Feel(changes, last / len(running) if running else 0.0, behind_by, early, len(winners) > 1,
                float(max(final) - min(final)) if final else 0.0)


@dataclass
class FeelTally:
    """The measures of a run, one game at a time."""

    games: int = 0
    lead_changes: Moments = field(default_factory=Moments)
    last_change: Moments = field(default_factory=Moments)
    spread: Moments = field(default_factory=Moments)
    deficit: Moments = field(default_factory=Moments)
    sole: int = 0          # games with a sole winner
    comebacks: int = 0
    judged: int = 0        # games whose start of the last round can be judged
    early: int = 0
    ties: int = 0

    def add(self, row: dict[str, Any]) -> None:
        measures = row["feel"]
        self.games += 1
        self.lead_changes.add(measures["lead_changes"])
        self.last_change.add(measures["last_change"])
        self.spread.add(measures["spread"])
        self.ties += bool(measures["tie"])
        if measures["behind_by"] is not None:
            self.sole += 1
            if measures["behind_by"] > 0:
                self.comebacks += 1
                self.deficit.add(measures["behind_by"])
        if measures["decided_early"] is not None:
            self.judged += 1
            self.early += bool(measures["decided_early"])

    def summary(self) -> dict[str, dict[str, Any]]:
        def mean(name: str, sums: Moments, unit: str) -> dict[str, Any]:
            value, low, high = sums.interval()
            return {"kind": "mean", "value": value, "low": low, "high": high, "n": sums.n, "unit": unit,
                    "definition": DEFINITIONS[name]}

        def rate(name: str, hits: int, n: int) -> dict[str, Any]:
            value, low, high = wilson(hits, n)
            return {"kind": "rate", "value": value, "low": low, "high": high, "n": n, "unit": "of games",
                    "definition": DEFINITIONS[name]}

        return {"lead_changes": mean("lead_changes", self.lead_changes, "per game"),
                "last_change": mean("last_change", self.last_change, "of the game"),
                "comeback": rate("comeback", self.comebacks, self.sole),
                "deficit": mean("deficit", self.deficit, "points"),
                "decided_early": rate("decided_early", self.early, self.judged),
                "tie": rate("tie", self.ties, self.games),
                "spread": mean("spread", self.spread, "points")}


TITLES = {"lead_changes": "lead changes", "last_change": "last lead change", "comeback": "comebacks",
          "deficit": "deficit overcome", "decided_early": "decided before the last round", "tie": "ties",
          "spread": "spread of final scores", "rounds": "length in rounds", "moves": "length in moves"}
