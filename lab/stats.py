"""The statistics the report puts on a run: intervals, tests and their p-values.

Distributions and tests come from scipy.stats, the field's standard, so a p-value is right in
the far tail too (a chi-square of 6,000 is "p < 1e-300", never "p = 1.000"). Only Wilson's
interval is written out here, because a shared win counts as a fraction of a win and scipy's
binomial functions take whole counts; the tests check it against scipy's on whole counts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from scipy import stats

CONFIDENCE = 0.95
Z95 = float(stats.norm.ppf(0.5 + CONFIDENCE / 2))


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """A proportion with its Wilson score interval (95 % unless ``z`` says otherwise):
    (rate, low, high)."""
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / denominator
    return p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def z_corrected(tests: int, alpha: float = 1 - CONFIDENCE) -> float:
    """The z of a two-sided interval corrected for ``tests`` at once (Bonferroni)."""
    return float(stats.norm.ppf(1 - alpha / (2 * max(1, tests))))


def t_corrected(n: int, tests: int = 1, alpha: float = 1 - CONFIDENCE) -> float:
    """Student's t for a two-sided interval on the mean of ``n`` values, corrected for ``tests``."""
    return float(stats.t.ppf(1 - alpha / (2 * max(1, tests)), max(1, n - 1)))


def mean_interval(total: float, squares: float, n: int, tests: int = 1) -> tuple[float, float, float]:
    """A mean with its Student t interval from running sums: (mean, low, high)."""
    if n <= 0:
        return 0.0, 0.0, 0.0
    mean = total / n
    if n == 1:
        return mean, mean, mean
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = t_corrected(n, tests) * math.sqrt(variance / n)
    return mean, mean - half, mean + half


@dataclass
class Moments:
    """Running sums of values, for their mean and its interval without keeping the values."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def interval(self, tests: int = 1) -> tuple[float, float, float]:
        return mean_interval(self.total, self.squares, self.n, tests)

    def p_value(self) -> float:
        """Two-sided p-value that the mean is 0."""
        return mean_p_value(self.total, self.squares, self.n)


def mean_p_value(total: float, squares: float, n: int) -> float:
    """Two-sided p-value of a one-sample t test that the mean is 0 (1.0 when it cannot be told)."""
    if n < 2:
        return 1.0
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    if variance == 0:
        return 1.0 if mean == 0 else 0.0
    return float(2 * stats.t.sf(abs(mean) / math.sqrt(variance / n), n - 1))


def binomial_two_sided(successes: int, n: int, p: float) -> float:
    """Exact two-sided p-value of ``successes`` in ``n`` trials against rate ``p``."""
    if n <= 0 or p in (0, 1):
        return 1.0
    return float(stats.binomtest(int(successes), n, p).pvalue)


def equal_shares(observed: Sequence[float]) -> tuple[float, float]:
    """Pearson's chi-square of counts against equal shares, and its p-value."""
    total = sum(observed)
    if total <= 0 or len(observed) < 2:
        return 0.0, 1.0
    result = stats.chisquare(list(observed))
    return float(result.statistic), float(result.pvalue)


def independence(table: Sequence[Sequence[int]]) -> tuple[float, float]:
    """Chi-square test that the rows and columns of a table of counts are independent (Yates'
    correction on a 2 × 2 table, as scipy applies it), and its p-value; (0, 1) when a row or
    column is empty."""
    if any(sum(row) == 0 for row in table) or any(sum(col) == 0 for col in zip(*table)):
        return 0.0, 1.0
    result = stats.chi2_contingency([list(row) for row in table])
    return float(result.statistic), float(result.pvalue)


def p_text(p: float) -> str:
    """A p-value as the report prints it: "p = 0.042", "p = 3.1e-12", "p < 1e-300"."""
    if p < 1e-300:
        return "p < 1e-300"
    if p < 0.001:
        return f"p = {p:.1e}"
    return f"p = {p:.3f}"
