"""The paired bootstrap and approximate randomization over documents (`evmeval.compare.significance`).

Hand-worked cases derive their expected figures here, from the resample indices and swap decisions the
seeded generators draw (enumerated in plain Python, outside the vectorised code), with the
definitions the module documents: percentile interval with linear interpolation,
p = (c + 1) / (n + 1). Properties (hypothesis) over random per-document counts: a run against itself
gives delta 0 and p = 1; swapping a and b negates the delta, mirrors the interval and keeps both
p-values; the interval contains the observed delta.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from evmeval.align import COMBINATIONS
from evmeval.compare import significance
from evmeval.compare.significance import (
    Counts,
    ResampleSettings,
    f1_interval,
    generators,
    micro_f1,
    paired_test,
    significance_tests,
)
from evmeval.io.tbf import read_tbf
from evmeval.mention.prf import Score
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def counts(tp: list[float], num_gold: list[int], num_system: list[int]) -> Counts:
    return Counts(np.array(tp, dtype=float), np.array(num_gold, dtype=float), np.array(num_system, dtype=float))


def f1_or_zero(tp: float, num_gold: float, num_system: float) -> float:
    """The published micro F1 of summed counts (`Score.from_counts`), an undefined one as 0."""
    f1 = Score.from_counts(tp, int(num_gold), int(num_system)).f1
    return 0.0 if math.isnan(f1) else f1


def linear_quantile(values: list[float], q: float) -> float:
    """The linear-interpolation quantile, written out: position q * (n - 1) in the sorted values."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def assert_p_is_the_intervals(deltas: list[float], p: float) -> None:
    """p < 1 − confidence exactly when the percentile interval at that confidence leaves 0 out (checked
    at confidences around p, where it could go wrong), and p is within [1 / (n + 1), 1]."""
    n = len(deltas)
    assert 1 / (n + 1) <= p <= 1
    for alpha in sorted({p * 0.999, p * 1.001, 0.05, 0.1, 0.5, 0.9}):
        if not 1 / (n + 1) < alpha < 1 or abs(alpha - p) < 1e-9:
            continue
        leaves_out = linear_quantile(deltas, alpha / 2) > 1e-12 or linear_quantile(deltas, 1 - alpha / 2) < -1e-12
        assert leaves_out == (p < alpha), (alpha, p)


# --- hand-worked ----------------------------------------------------------------------------------------

# Three documents. Gold mentions 2, 3, 1. Run a: TP 1, 3, 0 over 2, 3, 1 system mentions.
# Run b: TP 2, 2.5 (a partial match of Dice 0.5), 1 over 2, 4, 1 system mentions.
A = counts([1.0, 3.0, 0.0], [2, 3, 1], [2, 3, 1])
B = counts([2.0, 2.5, 1.0], [2, 3, 1], [2, 4, 1])
SEED = 7
N = 25


def test_observed_figures_are_the_micro_averages():
    # a: P = R = 4/6; b: P = 5.5/7, R = 5.5/6
    f1_a = 2 * (4 / 6) * (4 / 6) / (4 / 6 + 4 / 6)
    f1_b = 2 * (5.5 / 7) * (5.5 / 6) / (5.5 / 7 + 5.5 / 6)
    test = paired_test(A, B, ResampleSettings(N, SEED))
    assert test.delta_f1 == f1_b - f1_a
    assert f1_interval(A, ResampleSettings(N, SEED)).f1 == f1_a


def test_bootstrap_by_hand():
    boot_rng, _ = generators(SEED)
    drawn = boot_rng.integers(0, 3, size=(N, 3), dtype=np.int32).tolist()  # resample r = the documents in row r
    deltas, f1s_a = [], []
    for row in drawn:
        sums_a = [sum(A.tp[d] for d in row), sum(A.num_gold[d] for d in row), sum(A.num_system[d] for d in row)]
        sums_b = [sum(B.tp[d] for d in row), sum(B.num_gold[d] for d in row), sum(B.num_system[d] for d in row)]
        f1s_a.append(f1_or_zero(*sums_a))
        deltas.append(f1_or_zero(*sums_b) - f1_or_zero(*sums_a))
    test = paired_test(A, B, ResampleSettings(N, SEED))
    assert test.ci_low == pytest.approx(linear_quantile(deltas, 0.025), abs=1e-12)
    assert test.ci_high == pytest.approx(linear_quantile(deltas, 0.975), abs=1e-12)
    assert_p_is_the_intervals(deltas, test.p_value)
    interval = f1_interval(A, ResampleSettings(N, SEED))
    assert interval.ci_low == pytest.approx(linear_quantile(f1s_a, 0.025), abs=1e-12)
    assert interval.ci_high == pytest.approx(linear_quantile(f1s_a, 0.975), abs=1e-12)


def test_randomization_by_hand():
    _, swap_rng = generators(SEED)
    words = swap_rng.integers(0, 2**32, size=N, dtype=np.uint32).tolist()
    # document d of round r is bit d of word r's little-endian bytes, most significant bit first
    swaps = [[(w >> (8 * (d // 8) + 7 - d % 8)) & 1 for d in range(3)] for w in words]
    observed = f1_or_zero(5.5, 6, 7) - f1_or_zero(4.0, 6, 6)
    extreme = 0
    for row in swaps:
        tp_a = sum(B.tp[d] if s else A.tp[d] for d, s in enumerate(row))
        tp_b = sum(A.tp[d] if s else B.tp[d] for d, s in enumerate(row))
        sys_a = sum(B.num_system[d] if s else A.num_system[d] for d, s in enumerate(row))
        sys_b = sum(A.num_system[d] if s else B.num_system[d] for d, s in enumerate(row))
        delta = f1_or_zero(tp_b, 6, sys_b) - f1_or_zero(tp_a, 6, sys_a)
        extreme += abs(delta) >= abs(observed) - 1e-12
    assert paired_test(A, B, ResampleSettings(N, SEED)).p_value_randomization == (extreme + 1) / (N + 1)


def test_one_document():
    # Every resample is the one document: the interval is the observed delta, and no resample lies
    # |delta| away from it, so p = 1 / (n + 1). Swapping the only document gives -delta, as large as
    # delta: every round is as extreme, p = 1.
    a, b = counts([2.0], [4], [4]), counts([3.0], [4], [4])
    test = paired_test(a, b, ResampleSettings(99, SEED))
    delta = 2 * (3 / 4) * (3 / 4) / (3 / 4 + 3 / 4) - 2 * (2 / 4) * (2 / 4) / (2 / 4 + 2 / 4)
    assert (test.delta_f1, test.ci_low, test.ci_high) == (delta, delta, delta)
    assert test.p_value == 1 / (99 + 1)
    assert test.p_value_randomization == 1.0


def test_a_run_with_no_true_positive_counts_as_f1_zero():
    empty = counts([0.0, 0.0], [2, 3], [0, 0])
    perfect = counts([2.0, 3.0], [2, 3], [2, 3])
    test = paired_test(empty, perfect, ResampleSettings(50, SEED))
    assert test.delta_f1 == 1.0
    assert (test.ci_low, test.ci_high) == (1.0, 1.0)
    assert math.isnan(f1_interval(empty, ResampleSettings(50, SEED)).f1)  # the run's own F1 stays undefined


def test_no_counted_document():
    none = counts([], [], [])
    test = paired_test(none, none, ResampleSettings(10, SEED))
    assert (test.delta_f1, test.ci_low, test.ci_high, test.p_value, test.p_value_randomization) == (0, 0, 0, 1, 1)


def test_blocks_draw_the_documented_rows(monkeypatch):
    # identity columns: the sums are the draws themselves (how often each document is drawn; which
    # documents a round swaps), so blocks of any size must give the rows of one whole draw
    documents, rounds = 45, 23
    eye = np.eye(documents)
    boot_rng, swap_rng = generators(SEED)
    drawn = boot_rng.integers(0, documents, size=(rounds, documents), dtype=np.int32)
    expected_weights = [[row.tolist().count(d) for d in range(documents)] for row in drawn]
    words = swap_rng.integers(0, 2**32, size=(rounds, 2), dtype=np.uint32).tolist()
    expected_swaps = [[(row[d // 32] >> (8 * (d % 32 // 8) + 7 - d % 8)) & 1 for d in range(documents)]
                      for row in words]
    for block in (10**6, 2 * documents, 3 * documents + 1):
        monkeypatch.setattr(significance, "BLOCK_VALUES", block)
        boot_rng, swap_rng = generators(SEED)
        assert significance.bootstrap_sums(eye, rounds, boot_rng).tolist() == expected_weights
        assert significance.swap_sums(eye, rounds, swap_rng).tolist() == expected_swaps


def test_seed_and_settings():
    assert paired_test(A, B, ResampleSettings(N, SEED)) == paired_test(A, B, ResampleSettings(N, SEED))
    assert paired_test(A, B, ResampleSettings(N, SEED)) != paired_test(A, B, ResampleSettings(N, SEED + 1))
    with pytest.raises(ValueError, match="resamples"):
        ResampleSettings(0)
    with pytest.raises(ValueError, match="confidence"):
        ResampleSettings(confidence=1.0)
    with pytest.raises(ValueError, match="same gold"):
        paired_test(A, counts([1.0], [1], [1]))


def test_counts_sum_like_the_micro_average(evmeval_data):
    folder = evmeval_data / "scoring_demo" / "token_based"
    gold, _ = read_tbf(str(folder / "gold.tbf"), mode=SpanMode.TOKEN)
    for name in "ABCD":
        system, _ = read_tbf(str(folder / f"sample_system_{name}.tbf"), mode=SpanMode.TOKEN)
        result = score_files(gold, system)
        for c in COMBINATIONS:  # to_json: NaN as None, so an undefined figure compares equal
            assert Counts.from_result(result, c).score().to_json() == result.micro[c].to_json()


# --- properties -----------------------------------------------------------------------------------------


@st.composite
def document_counts(draw: st.DrawFn, num_gold: list[int]) -> Counts:
    """A run's counts over the given documents: #system 0..6, TP a sum of Dice values (quarters here)."""
    tp, sys = [], []
    for g in num_gold:
        s = draw(st.integers(0, 6))
        sys.append(s)
        tp.append(draw(st.integers(0, 4 * min(g, s))) / 4)
    return counts(tp, num_gold, sys)


@st.composite
def pair_of_runs(draw: st.DrawFn) -> tuple[Counts, Counts]:
    gold = draw(st.lists(st.integers(1, 6), min_size=1, max_size=8))
    return draw(document_counts(gold)), draw(document_counts(gold))


@SETTINGS
@given(pair_of_runs(), st.integers(0, 2**32))
def test_a_run_against_itself(runs, seed):
    a, _ = runs
    copy = counts(a.tp.tolist(), a.num_gold.tolist(), a.num_system.tolist())
    for other in (a, copy):
        test = paired_test(a, other, ResampleSettings(200, seed))
        assert (test.delta_f1, test.ci_low, test.ci_high) == (0.0, 0.0, 0.0)
        assert test.p_value == test.p_value_randomization == 1.0


@SETTINGS
@given(pair_of_runs(), st.integers(0, 2**32))
def test_swapping_the_runs_negates_the_delta_and_keeps_p(runs, seed):
    a, b = runs
    forward = paired_test(a, b, ResampleSettings(200, seed))
    backward = paired_test(b, a, ResampleSettings(200, seed))
    assert backward.delta_f1 == -forward.delta_f1
    assert backward.ci_low == pytest.approx(-forward.ci_high, abs=1e-12)
    assert backward.ci_high == pytest.approx(-forward.ci_low, abs=1e-12)
    assert backward.p_value == forward.p_value
    assert backward.p_value_randomization == forward.p_value_randomization


@SETTINGS
@given(pair_of_runs(), st.integers(0, 2**32))
def test_the_interval_contains_the_observed_delta(runs, seed):
    a, b = runs
    for resamples in (400, 2000):
        test = paired_test(a, b, ResampleSettings(resamples, seed))
        assert test.ci_low - 1e-12 <= test.delta_f1 <= test.ci_high + 1e-12
        assert 0 < test.p_value <= 1 and 0 < test.p_value_randomization <= 1
    interval = f1_interval(a, ResampleSettings(400, seed))
    observed = 0.0 if math.isnan(interval.f1) else interval.f1
    assert interval.ci_low - 1e-12 <= observed <= interval.ci_high + 1e-12


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(1, 40), st.integers(0, 40)), min_size=1, max_size=20))
def test_vectorised_f1_is_the_published_formula(rows):
    tp = np.array([min(t, s) / 3 for t, _, s in rows])
    gold = np.array([float(g) for _, g, _ in rows])
    sys = np.array([float(s) for _, _, s in rows])
    expected = [f1_or_zero(t, g, s) for t, g, s in zip(tp.tolist(), gold.tolist(), sys.tolist(), strict=True)]
    assert micro_f1(tp, gold, sys).tolist() == expected


def test_pairs_share_the_resamples():
    # one pair's figures do not depend on which other runs are compared in the same call
    c = counts([0.5, 1.0, 1.0], [2, 3, 1], [1, 1, 1])
    alone = paired_test(A, B, ResampleSettings(N, SEED))
    _, tests = significance_tests([A, c, B], [(0, 2), (1, 2)], ResampleSettings(N, SEED))
    assert tests[0].p_value == alone.p_value
    assert tests[0].p_value_randomization == alone.p_value_randomization
    assert tests[0].ci_low == pytest.approx(alone.ci_low, abs=1e-12)


# --- one verdict ----------------------------------------------------------------------------------------


@SETTINGS
@given(pair_of_runs(), st.integers(0, 2**32))
def test_the_bootstrap_p_and_its_interval_never_disagree(runs, seed):
    # The reported issue: an interval [-38.86, -6.38] drawn as significant beside p = 0.11. The bootstrap's
    # p is now its interval's, so "p < 1 - confidence" and "the interval leaves 0 out" are one statement.
    a, b = runs
    for confidence in (0.8, 0.95):
        test = paired_test(a, b, ResampleSettings(300, seed, confidence))
        leaves_out = test.ci_low > 1e-12 or test.ci_high < -1e-12
        assert leaves_out == (test.p_value < 1 - confidence)


def test_the_verdict_is_the_intervals_and_needs_enough_documents():
    from evmeval.compare.significance import MIN_DOCUMENTS, PairTest, Verdict

    assert PairTest(-0.12, -0.39, -0.06, 0.01, 0.03, num_documents=6).verdict is Verdict.TOO_FEW_DOCUMENTS
    assert PairTest(-0.12, -0.39, -0.06, 0.01, 0.03, num_documents=MIN_DOCUMENTS).verdict is Verdict.A_BETTER
    assert PairTest(0.12, 0.06, 0.39, 0.01, 0.03, num_documents=200).verdict is Verdict.B_BETTER
    assert PairTest(0.12, -0.06, 0.39, 0.3, 0.03, num_documents=200).verdict is Verdict.NO_CLEAR_DIFFERENCE
    assert "little power" in Verdict.TOO_FEW_DOCUMENTS.text()
    # the paired test counts the documents it resampled
    many = counts([1.0] * 12, [2] * 12, [2] * 12)
    better = counts([2.0] * 12, [2] * 12, [2] * 12)
    test = paired_test(many, better, ResampleSettings(200, SEED))
    assert test.num_documents == 12 and test.verdict is Verdict.B_BETTER and test.p_value < 0.05
    assert paired_test(A, B, ResampleSettings(N, SEED)).verdict is Verdict.TOO_FEW_DOCUMENTS
    assert test.to_json()["verdict"] == "b_better" and test.to_json()["num_documents"] == 12


def test_the_bootstraps_blocks_stay_small_at_a_large_corpus():
    # issue 34: the window's bootstrap intervals run after every load; at 4,480 documents a block of 2M draws
    # held about 56 MB at once (int32 draws, their intp copy, the counts, their float copy) above the window's
    # peak. The draws do not depend on the block (test above), so the figures are the same with a small one.
    import tracemalloc

    documents = 4480
    rng = np.random.default_rng(3)
    gold = rng.integers(1, 40, documents).astype(np.float64)
    counts = [Counts(np.minimum(gold, rng.integers(0, 40, documents)).astype(np.float64), gold,
                     rng.integers(0, 40, documents).astype(np.float64)) for _ in range(4)]
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        intervals, _ = significance_tests(counts, [], ResampleSettings(2000, SEED))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10e6, f"the bootstrap held {peak / 1e6:.1f} MB at once"
    assert all(i.ci_low <= i.f1 <= i.ci_high for i in intervals)
