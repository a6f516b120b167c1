"""Streaming tallies of a run of games, and the intervals the report puts on them.

Nothing here grows with the number of games: counts are kept per seat, per score value, per
round count and per item, so a million games take the memory of a hundred.
"""

from __future__ import annotations

import math
from collections import Counter
from statistics import NormalDist
from dataclasses import dataclass, field
from typing import Any, Iterable

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """A proportion with its 95 % Wilson score interval: (rate, low, high)."""
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def mean_interval(total: float, squares: float, n: int) -> tuple[float, float, float]:
    """A mean with its 95 % normal interval: (mean, low, high)."""
    if n <= 0:
        return 0.0, 0.0, 0.0
    mean = total / n
    variance = max(0.0, squares / n - mean * mean) * (n / (n - 1) if n > 1 else 0)
    half = Z95 * math.sqrt(variance / n) if n > 1 else 0.0
    return mean, mean - half, mean + half


def binomial_two_sided(successes: int, n: int, p: float) -> float:
    """Two-sided p-value of ``successes`` in ``n`` trials against rate ``p`` (normal
    approximation with continuity correction; exact enough at the lab's game counts)."""
    if n == 0 or p in (0, 1):
        return 1.0
    sd = math.sqrt(n * p * (1 - p))
    z = (abs(successes - n * p) - 0.5) / sd
    return max(0.0, min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2))))


MIN_TAKEN = 20  # games an item must be taken in before the report calls it too strong or weak


def _z_corrected(tests: int, alpha: float = 0.05) -> float:
    """The z of a two-sided interval corrected for ``tests`` at once (Bonferroni)."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, tests)))


def _chi2_survival(x: float, k: int) -> float:
    """P(chi-square with ``k`` degrees of freedom >= x), by the series of the regularised
    incomplete gamma function (exact enough for the handful of positions a game has)."""
    if k <= 0 or x <= 0:
        return 1.0
    a, t = k / 2.0, x / 2.0
    term = total = 1.0 / a
    n = 1
    while term > total * 1e-12 and n < 1000:
        term *= t / (a + n)
        total += term
        n += 1
    lower = math.exp(-t + a * math.log(t) - math.lgamma(a)) * total
    return max(0.0, min(1.0, 1.0 - lower))


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


@dataclass
class Moments:
    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def interval(self) -> tuple[float, float, float]:
        return mean_interval(self.total, self.squares, self.n)


@dataclass
class Tally:
    """Everything the report says about a run, added to one game at a time."""

    players: int
    games: int = 0
    wins_by_position: list[float] = field(default_factory=list)  # position 0 = first to move
    wins_by_seat: list[float] = field(default_factory=list)
    scores_by_position: list[Counter] = field(default_factory=list)
    score_moments: list[Moments] = field(default_factory=list)
    margins: Counter = field(default_factory=Counter)
    rounds: Counter = field(default_factory=Counter)
    turns: Counter = field(default_factory=Counter)
    turn_moments: Moments = field(default_factory=Moments)
    round_moments: Moments = field(default_factory=Moments)
    ends: Counter = field(default_factory=Counter)
    items: dict[str, list[float]] = field(default_factory=dict)  # name -> [times held, owner's wins]

    def __post_init__(self) -> None:
        n = self.players
        self.wins_by_position = self.wins_by_position or [0.0] * n
        self.wins_by_seat = self.wins_by_seat or [0.0] * n
        self.scores_by_position = self.scores_by_position or [Counter() for _ in range(n)]
        self.score_moments = self.score_moments or [Moments() for _ in range(n)]

    def add(self, row: dict[str, Any]) -> None:
        n = self.players
        self.games += 1
        winners = row["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        for seat in range(n):
            position = (seat - row["first"]) % n
            won = share if seat in winners else 0.0
            self.wins_by_position[position] += won
            self.wins_by_seat[seat] += won
            score = row["scores"][seat]
            self.scores_by_position[position][score] += 1
            self.score_moments[position].add(score)
            for item in set(row["taken"][seat] if seat < len(row["taken"]) else ()):
                held = self.items.setdefault(item, [0.0, 0.0])
                held[0] += 1
                held[1] += won
        self.margins[row["margin"]] += 1
        self.rounds[row["rounds"]] += 1
        self.round_moments.add(row["rounds"])
        self.turns[row["turns"]] += 1
        self.turn_moments.add(row["turns"])
        self.ends[row["end"]] += 1

    def add_all(self, rows: Iterable[dict[str, Any]]) -> "Tally":
        for row in rows:
            self.add(row)
        return self

    # -- what the report shows ----------------------------------------------------------
    def positions(self) -> list[dict[str, float]]:
        out = []
        for position in range(self.players):
            rate, low, high = wilson(self.wins_by_position[position], self.games)
            mean, mlow, mhigh = self.score_moments[position].interval()
            out.append({"position": position + 1, "wins": self.wins_by_position[position], "win_rate": rate,
                        "low": low, "high": high, "mean_score": mean, "score_low": mlow, "score_high": mhigh})
        return out

    def turn_order(self) -> dict[str, Any]:
        """Does turn order matter? A chi-square test of wins by position against equal shares,
        and the positions whose own interval (corrected for testing every position) excludes
        the fair share."""
        fair = 1.0 / self.players
        expected = self.games * fair
        chi2 = sum((w - expected) ** 2 / expected for w in self.wins_by_position) if expected else 0.0
        p_value = _chi2_survival(chi2, self.players - 1)
        z = _z_corrected(self.players)
        flagged = []
        for position, wins in enumerate(self.wins_by_position):
            rate, low, high = wilson(wins, self.games, z)
            if self.games and not low <= fair <= high:
                flagged.append({"position": position + 1, "win_rate": rate,
                                "verdict": "favoured" if rate > fair else "at a disadvantage"})
        if flagged:
            words = "; ".join(f"the player {_ordinal(f['position'])} to move is {f['verdict']} "
                              f"({f['win_rate']:.0%} of games)" for f in flagged)
        else:
            words = "no position in the turn order wins significantly more or less than its fair share"
        return {"chi2": chi2, "p_value": p_value, "significant": bool(flagged), "flagged": flagged,
                "verdict": f"{words} (fair share {fair:.0%})"}

    def first_player(self) -> dict[str, Any]:
        fair = 1.0 / self.players
        wins = round(self.wins_by_position[0]) if self.wins_by_position else 0
        p_value = binomial_two_sided(wins, self.games, fair)
        rate, low, high = wilson(self.wins_by_position[0], self.games) if self.games else (0, 0, 1)
        significant = self.games > 0 and not low <= fair <= high
        verdict = ("favoured" if rate > fair else "at a disadvantage") if significant else "not significantly different"
        return {"win_rate": rate, "low": low, "high": high, "fair": fair, "p_value": p_value,
                "significant": significant, "verdict": f"the first player is {verdict} (fair share {fair:.0%})"}

    def item_effects(self) -> list[dict[str, Any]]:
        """Each item with how often it was taken and its holder's win rate, strongest first.

        The interval shown is the plain 95 % one; the verdict uses an interval widened for the
        number of items tested at once (Bonferroni), so among 30 items a chance result is not
        called too strong, and an item taken in fewer than ``MIN_TAKEN`` games gets none."""
        fair = 1.0 / self.players
        z = _z_corrected(len(self.items))
        out = []
        for name, (held, wins) in self.items.items():
            rate, low, high = wilson(wins, int(held))
            _, strict_low, strict_high = wilson(wins, int(held), z)
            verdict = ""
            if held >= MIN_TAKEN:
                verdict = "too strong" if strict_low > fair else "too weak" if strict_high < fair else ""
            out.append({"item": name, "held": int(held), "taken_rate": held / self.games if self.games else 0,
                        "win_rate": rate, "low": low, "high": high, "effect": rate - fair, "verdict": verdict})
        out.sort(key=lambda e: (-e["effect"], e["item"]))
        return out

    def summary(self) -> dict[str, Any]:
        rounds = self.round_moments.interval()
        turns = self.turn_moments.interval()
        return {
            "games": self.games, "players": self.players,
            "positions": self.positions(), "first_player": self.first_player(), "turn_order": self.turn_order(),
            "wins_by_seat": self.wins_by_seat,
            "length": {"rounds": {"mean": rounds[0], "low": rounds[1], "high": rounds[2],
                                  "counts": {str(k): v for k, v in sorted(self.rounds.items())}},
                       "turns": {"mean": turns[0], "low": turns[1], "high": turns[2],
                                 "counts": {str(k): v for k, v in sorted(self.turns.items())}}},
            "ends": dict(self.ends.most_common()),
            "margins": {str(k): v for k, v in sorted(self.margins.items())},
            "score_counts": [{str(k): v for k, v in sorted(c.items())} for c in self.scores_by_position],
            "items": self.item_effects(),
        }
