"""The guide's worked examples (docs/scoring/significance.md) asked of the library's own functions where the
page derives a number by formula: BCa's acceleration and levels, and ε_min's spread (the page's pycon
blocks run the rest)."""

from __future__ import annotations

import numpy as np
import pytest
from evmeval.compare.resampling import _acceleration, _Bca
from evmeval.compare.seeds import almost_stochastic_order, violation_ratio


def test_bca_acceleration_and_levels_of_the_guides_case():
    # leave-one-out figures 0, 0, 3: spreads 1, 1, -2; cubes sum to -6, squares to 6
    a = float(_acceleration(np.array([[0.0], [0.0], [3.0]]))[0])
    assert a == pytest.approx(-6 / (6 * 6 ** 1.5))
    low, high = _Bca(0.0, a).levels(0.95)
    assert (round(low, 4), round(high, 3)) == (0.0119, 0.958)
    assert _Bca(0.0, 0.0).levels(0.95) == pytest.approx((0.025, 0.975))


def test_eps_min_spread_worked_by_hand():
    # B's violation against A over the nine bag combinations (see the guide): 1 when B drew {0, 0},
    # 0 for {4, 4}, 0.1 / 0.2 / 0.5 for {0, 4} against A's {1, 1} / {1, 2} / {2, 2}
    bags_a = {(1.0, 1.0): 0.25, (1.0, 2.0): 0.5, (2.0, 2.0): 0.25}
    bags_b = {(0.0, 0.0): 0.25, (0.0, 4.0): 0.5, (4.0, 4.0): 0.25}
    values = {(ba, bb): float(violation_ratio(np.array([bb]), np.array([ba]))[0]) for ba in bags_a for bb in bags_b}
    assert values[((1.0, 1.0), (0.0, 4.0))] == pytest.approx(0.1)
    assert values[((1.0, 2.0), (0.0, 4.0))] == pytest.approx(0.2)
    assert values[((2.0, 2.0), (0.0, 4.0))] == pytest.approx(0.5)
    mean = sum(bags_a[ba] * bags_b[bb] * v for (ba, bb), v in values.items())
    square = sum(bags_a[ba] * bags_b[bb] * v * v for (ba, bb), v in values.items())
    assert (mean, square) == pytest.approx((0.375, 0.2925))
    sd = (square - mean ** 2) ** 0.5
    by_hand = 0.2 + 1.6448536269514722 * sd
    assert by_hand == pytest.approx(0.841, abs=5e-4)
    assert almost_stochastic_order([0.0, 4.0], [1.0, 2.0], resamples=100_000) == pytest.approx(by_hand, abs=0.005)
