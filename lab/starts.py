"""Why a position in the turn order is favoured: how many rounds each seat started.

In a game where starting a round costs or pays something (Ore's starting player pays the
salaries), the positions differ in how often they start one, and the seats that started fewer
rounds than the others may win more often. The lab counts, per game, the rounds each seat
started (``Game.round_leader`` at the start of every round), and the tally puts the two side
by side: the rounds each position started, and the win rate of a seat that started the fewest
rounds of its game against one that started more, with a chi-square test of the difference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .stats import Moments, independence, p_text, wilson


@dataclass
class StartTally:
    players: int
    by_position: list[Moments] = field(default_factory=list)
    # [[wins, losses] of seats that started the fewest rounds, [wins, losses] of the others]
    outcomes: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])

    def __post_init__(self) -> None:
        self.by_position = self.by_position or [Moments() for _ in range(self.players)]

    def add(self, row: dict[str, Any]) -> None:
        started = row.get("started")
        if not started:
            return
        fewest = min(started)
        for seat, count in enumerate(started[:self.players]):
            self.by_position[(seat - row["first"]) % self.players].add(count)
            group = 0 if count == fewest else 1
            self.outcomes[group][0 if seat in row["winners"] else 1] += 1

    def summary(self, words: str) -> dict[str, Any]:
        positions = []
        for position, moments in enumerate(self.by_position):
            mean, low, high = moments.interval()
            positions.append({"position": position + 1, "mean": mean, "low": low, "high": high})
        groups = []
        for name, (wins, losses) in zip(("the fewest", "more"), self.outcomes):
            rate, low, high = wilson(wins, wins + losses)
            groups.append({"group": name, "seats": wins + losses, "win_rate": rate, "low": low, "high": high})
        chi2, p_value = independence(self.outcomes)
        return {"words": words, "positions": positions, "groups": groups, "chi2": chi2, "p_value": p_value,
                "p_text": p_text(p_value), "significant": p_value < 0.05 and groups[1]["seats"] > 0}


def explanation(starts: dict[str, Any], turn_order: dict[str, Any]) -> str:
    """Sentences on why positions win more or less, where the counts show it; empty when turn
    order does not matter or holding the start makes no difference."""
    if not turn_order["significant"] or not starts["significant"]:
        return ""
    fewest, more = starts["groups"]
    held = ", ".join(f"the {ordinal_word(p['position'])} to move {p['mean']:.2f}" for p in starts["positions"])
    return (f"Rounds in which each position held {starts['words']}, per game on average: {held}. "
            f"A player who held it in the fewest rounds of their game won {fewest['win_rate']:.1%} of games "
            f"(95 % interval {fewest['low']:.1%}–{fewest['high']:.1%}); one who held it in more rounds won "
            f"{more['win_rate']:.1%} ({more['low']:.1%}–{more['high']:.1%}); chi-square {starts['chi2']:.1f}, "
            f"{starts['p_text']}.")


def ordinal_word(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")
