"""Streaming tallies of a run of games: what the report says, added to one game at a time.

Nothing here grows with the number of games: counts are kept per seat, per score value, per
round count and per item, so a million games take the memory of a hundred.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from .arms import ArmTally, Shares
from .feel import DEFINITIONS, FeelTally
from .starts import StartTally, explanation, ordinal_word
from .stats import Moments, binomial_two_sided, equal_shares, mean_interval, p_text, wilson, z_corrected

MIN_TAKEN = 20  # games an item must be taken in before the report calls it too strong or weak


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
    margin_moments: Moments = field(default_factory=Moments)
    rounds: Counter = field(default_factory=Counter)
    turns: Counter = field(default_factory=Counter)
    turn_moments: Moments = field(default_factory=Moments)
    round_moments: Moments = field(default_factory=Moments)
    ends: Counter = field(default_factory=Counter)
    items: dict[str, list[float]] = field(default_factory=dict)  # name -> [times held, owner's wins]
    feel: FeelTally = field(default_factory=FeelTally)
    starts: StartTally | None = None
    leader_words: str = "the first turn of the round"  # the game's round_leader_words
    shares: Shares | None = None     # each game's win shares, for restricted runs to pair with
    baseline: Shares | None = None   # a restricted run's: the unrestricted games of the same seeds
    arm: ArmTally | None = None

    def __post_init__(self) -> None:
        n = self.players
        self.starts = self.starts or StartTally(n)
        self.shares = self.shares or Shares(n)
        if self.baseline is not None and self.arm is None:
            self.arm = ArmTally(self.baseline)
        self.wins_by_position = self.wins_by_position or [0.0] * n
        self.wins_by_seat = self.wins_by_seat or [0.0] * n
        self.scores_by_position = self.scores_by_position or [Counter() for _ in range(n)]
        self.score_moments = self.score_moments or [Moments() for _ in range(n)]

    def add(self, row: dict[str, Any]) -> None:
        n = self.players
        self.games += 1
        winners = row["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        shares = [share if seat in winners else 0.0 for seat in range(n)]
        self.shares.add(row.get("index", self.games - 1), shares)
        if self.arm is not None and "restricted" in row:
            self.arm.add(row, shares[row["restricted"]["seat"]])
        for seat in range(n):
            position = (seat - row["first"]) % n
            won = shares[seat]
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
        self.margin_moments.add(row["margin"])
        self.rounds[row["rounds"]] += 1
        self.round_moments.add(row["rounds"])
        self.turns[row["turns"]] += 1
        self.turn_moments.add(row["turns"])
        self.ends[row["end"]] += 1
        if "feel" in row:
            self.feel.add(row)
        self.starts.add(row)

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
        chi2, p_value = equal_shares(self.wins_by_position)
        z = z_corrected(self.players)
        flagged = []
        for position, wins in enumerate(self.wins_by_position):
            rate, low, high = wilson(wins, self.games, z)
            if self.games and not low <= fair <= high:
                flagged.append({"position": position + 1, "win_rate": rate,
                                "verdict": "favoured" if rate > fair else "at a disadvantage"})
        if flagged:
            words = "; ".join(f"the player {ordinal_word(f['position'])} to move is {f['verdict']} "
                              f"({f['win_rate']:.0%} of games)" for f in flagged)
        else:
            words = "no position in the turn order wins significantly more or less than its fair share"
        return {"chi2": chi2, "p_value": p_value, "p_text": p_text(p_value), "significant": bool(flagged),
                "flagged": flagged,
                "verdict": f"{words} (fair share {fair:.0%})"}

    def first_player(self) -> dict[str, Any]:
        fair = 1.0 / self.players
        wins = round(self.wins_by_position[0]) if self.wins_by_position else 0
        p_value = binomial_two_sided(wins, self.games, fair)
        rate, low, high = wilson(self.wins_by_position[0], self.games) if self.games else (0, 0, 1)
        significant = self.games > 0 and not low <= fair <= high
        verdict = ("favoured" if rate > fair else "at a disadvantage") if significant else "not significantly different"
        return {"win_rate": rate, "low": low, "high": high, "fair": fair, "p_value": p_value,
                "p_text": p_text(p_value),
                "significant": significant, "verdict": f"the first player is {verdict} (fair share {fair:.0%})"}

    def item_effects(self) -> list[dict[str, Any]]:
        """Each item with how often it was taken and its holder's win rate, strongest first.

        The interval shown is the plain 95 % one; the verdict uses an interval widened for the
        number of items tested at once (Bonferroni), so among 30 items a chance result is not
        called too strong, and an item taken in fewer than ``MIN_TAKEN`` games gets none."""
        fair = 1.0 / self.players
        z = z_corrected(len(self.items))
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

    def feel_summary(self) -> dict[str, dict[str, Any]]:
        """How the games felt (``lab.feel``), their length included."""
        out = self.feel.summary()
        for name, moments in (("rounds", self.round_moments), ("moves", self.turn_moments)):
            value, low, high = moments.interval()
            out[name] = {"kind": "mean", "value": value, "low": low, "high": high, "n": moments.n,
                         "unit": "per game", "definition": DEFINITIONS[name]}
        return out

    def summary(self) -> dict[str, Any]:
        rounds = self.round_moments.interval()
        turns = self.turn_moments.interval()
        order = self.turn_order()
        starts = self.starts.summary(self.leader_words)
        return {
            "games": self.games, "players": self.players,
            "positions": self.positions(), "first_player": self.first_player(), "turn_order": order,
            "starts": {**starts, "why": explanation(starts, order)}, "feel": self.feel_summary(),
            **({"restricted": self.arm.summary()} if self.arm is not None else {}),
            "wins_by_seat": self.wins_by_seat,
            "length": {"rounds": {"mean": rounds[0], "low": rounds[1], "high": rounds[2],
                                  "counts": {str(k): v for k, v in sorted(self.rounds.items())}},
                       "turns": {"mean": turns[0], "low": turns[1], "high": turns[2],
                                 "counts": {str(k): v for k, v in sorted(self.turns.items())}}},
            "ends": dict(self.ends.most_common()),
            "margins": {str(k): v for k, v in sorted(self.margins.items())},
            "margin": dict(zip(("mean", "low", "high"), self.margin_moments.interval())),
            "score_counts": [{str(k): v for k, v in sorted(c.items())} for c in self.scores_by_position],
            "items": self.item_effects(),
        }
