"""The lab's statistics against scipy.stats and closed forms, extreme values included."""

from __future__ import annotations

import math

import pytest
from scipy import stats

from lab.stats import (Z95, binomial_two_sided, equal_shares, independence, mean_interval, mean_p_value, p_text,
                       t_corrected, wilson, z_corrected)
from lab.tally import Tally


@pytest.mark.parametrize("k, n", [(0, 1), (1, 1), (0, 10), (10, 10), (5, 10), (1, 10000), (9999, 10000),
                                  (5840, 10000), (3, 1_000_000)])
def test_wilson_matches_scipy_on_whole_counts(k, n):
    rate, low, high = wilson(k, n)
    interval = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert rate == k / n
    assert low == pytest.approx(interval.low, abs=1e-12) and high == pytest.approx(interval.high, abs=1e-12)


def test_wilson_takes_shared_wins_as_fractions_between_the_whole_counts():
    _, low_a, high_a = wilson(4, 10)
    _, low, high = wilson(4.5, 10)
    _, low_b, high_b = wilson(5, 10)
    assert low_a < low < low_b and high_a < high < high_b
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


def test_the_normal_quantiles_are_scipys():
    assert Z95 == pytest.approx(1.959963984540054, abs=1e-12)
    assert z_corrected(1) == pytest.approx(Z95)
    assert z_corrected(4) == pytest.approx(stats.norm.ppf(1 - 0.05 / 8))
    assert z_corrected(30) == pytest.approx(3.143, abs=1e-3)  # 30 items tested at once
    assert t_corrected(5) == pytest.approx(2.776445105, abs=1e-8)  # t(0.975, 4 degrees of freedom)


@pytest.mark.parametrize("values", [[1, 2, 3, 4, 10], [0.5, 0.5, 0.5], [-3, 7, 7, 7, 2, 0, 1], list(range(1000))])
def test_mean_interval_and_its_p_value_match_scipys_t_test(values):
    mean, low, high = mean_interval(sum(values), sum(v * v for v in values), len(values))
    assert mean == pytest.approx(sum(values) / len(values))
    if len(set(values)) > 1:
        test = stats.ttest_1samp(values, 0)
        interval = test.confidence_interval(0.95)
        assert low == pytest.approx(interval.low) and high == pytest.approx(interval.high)
        assert mean_p_value(sum(values), sum(v * v for v in values), len(values)) == pytest.approx(test.pvalue)
    else:
        assert low == high == mean


def test_a_mean_of_one_value_or_none_has_no_width():
    assert mean_interval(7, 49, 1) == (7, 7, 7)
    assert mean_interval(0, 0, 0) == (0.0, 0.0, 0.0)
    assert mean_p_value(7, 49, 1) == 1.0


@pytest.mark.parametrize("k, n, p", [(7, 10, 0.5), (0, 20, 0.5), (2500, 10000, 0.25), (5840, 10000, 0.25),
                                     (1, 3, 1 / 3)])
def test_the_binomial_test_is_exact(k, n, p):
    assert binomial_two_sided(k, n, p) == pytest.approx(stats.binomtest(k, n, p).pvalue, rel=1e-12)


def test_the_binomial_test_on_known_values():
    assert binomial_two_sided(7, 10, 0.5) == pytest.approx(0.34375)  # 2 * (120 + 45 + 10 + 1) / 1024
    assert binomial_two_sided(0, 20, 0.5) == pytest.approx(2 * 0.5 ** 20)
    assert binomial_two_sided(3, 0, 0.5) == 1.0


def _chi2_tail_3_dof(x: float) -> float:
    """The chi-square tail with 3 degrees of freedom, in closed form."""
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)


@pytest.mark.parametrize("wins", [[10, 10, 10], [40, 30, 20], [3000, 3000, 4000], [1, 0, 0]])
def test_equal_shares_with_three_positions_has_the_closed_form_tail(wins):
    # Two degrees of freedom: the tail is exp(-x / 2) exactly.
    expected = sum(wins) / 3
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    statistic, p = equal_shares(wins)
    assert statistic == pytest.approx(chi2)
    assert p == pytest.approx(math.exp(-chi2 / 2), rel=1e-9)


def test_equal_shares_far_in_the_tail_where_the_old_series_failed():
    # Four positions (3 degrees of freedom); the hand-written series said 2.3e-12 for 700.
    assert equal_shares([25, 25, 25, 25]) == (0.0, 1.0)
    statistic, p = equal_shares([100, 100, 100, 500])
    assert statistic == 600 and p == pytest.approx(_chi2_tail_3_dof(600), rel=1e-9) and p < 1e-120
    statistic, p = equal_shares([1386, 1386, 1388, 5840])  # the 10,000 games: 58.4 % for one seat
    assert statistic > 5900 and p < 1e-300 and p_text(p) == "p < 1e-300"


def test_independence_matches_the_yates_formula_on_a_2_by_2_table():
    a, b, c, d = 120, 380, 60, 440
    n = a + b + c + d
    yates = n * (abs(a * d - b * c) - n / 2) ** 2 / ((a + b) * (c + d) * (a + c) * (b + d))
    statistic, p = independence([[a, b], [c, d]])
    assert statistic == pytest.approx(yates)
    assert p == pytest.approx(math.erfc(math.sqrt(yates / 2)))  # one degree of freedom
    assert independence([[5, 0], [3, 0]]) == (0.0, 1.0)  # a column nobody is in: nothing to test


def test_p_values_print_readably():
    assert p_text(0.04213) == "p = 0.042"
    assert p_text(3.1e-12) == "p = 3.1e-12"
    assert p_text(0.0) == "p < 1e-300"
    assert p_text(1.0) == "p = 1.000"


def test_a_seat_winning_58_percent_of_10000_games_is_reported_as_certain_not_p_1():
    rows = ([{"first": 0, "winners": [3], "scores": [1, 1, 1, 9], "margin": 8, "rounds": 9, "turns": 300,
              "end": "done", "taken": [[], [], [], []]}] * 5840
            + [{"first": 0, "winners": [s], "scores": [1, 1, 1, 1], "margin": 0, "rounds": 9, "turns": 300,
                "end": "done", "taken": [[], [], [], []]} for s in (0, 1, 2) for _ in range(1386)])
    order = Tally(4).add_all(rows).turn_order()
    assert order["chi2"] > 5900 and order["p_value"] < 1e-300 and order["p_text"] == "p < 1e-300"
    assert order["significant"] and "fourth to move is favoured" in order["verdict"]
