"""Every figure's interval and paired test from per-document sufficient statistics (`evmeval.compare.resampling`).

Hand-derived: a two-document coreference corpus whose every possible resample is worked out below, and
the seeded draws enumerated in plain Python. Invariants (hypothesis): drawing every document once gives
the corpus figure the scorer prints; the same seed gives the same bytes; a run against itself differs by
0 with p = 1; the percentile interval holds the estimate on well-behaved data; a p-value and its interval
never disagree (percentile and BCa).
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from evmeval.compare.resampling import (
    COREF_FIGURES,
    coref_family,
    mention_family,
    resample,
    sequencing_family,
    unit_columns,
)
from evmeval.compare.significance import Counts, ResampleSettings, Verdict, generators, significance_tests
from evmeval.coref.metrics import ZERO, BlancCounts, CorefCounts, LinkCounts, score_chains, sum_counts
from evmeval.coref.scoring import CorefResult
from evmeval.mention.prf import Score
from evmeval.sequencing.temporal_awareness import DocumentAwareness, pool
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.test_significance import assert_p_is_the_intervals, linear_quantile

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def link(rn: float, rd: float, pn: float, pd: float) -> LinkCounts:
    return LinkCounts(rn, rd, pn, pd)


def coref_doc(muc: LinkCounts) -> CorefCounts:
    """A document whose MUC counts are `muc` (every other metric empty)."""
    return CorefCounts(muc, ZERO, ZERO, ZERO, BlancCounts(ZERO, ZERO), ZERO, ZERO)


# --- worked by hand --------------------------------------------------------------------------------------

# Document 1: MUC recall 1/2, precision 1/1.  Document 2: MUC recall 2/3, precision 2/2.
# v8.01 sums before dividing: R = 3/5, P = 3/3, F1 = 2 (3/5)(1) / (3/5 + 1) = 3/4.
# A resample of two documents is one of three bags:
#   {1, 1}: R = 2/4, P = 2/2, F1 = 2 (1/2)(1) / (1/2 + 1) = 2/3
#   {1, 2}: the corpus itself, F1 = 3/4
#   {2, 2}: R = 4/6, P = 4/4, F1 = 2 (2/3)(1) / (2/3 + 1) = 4/5
DOCS = [coref_doc(link(1, 2, 1, 1)), coref_doc(link(2, 3, 2, 2))]
MUC_F1 = COREF_FIGURES.index("muc_f1")


def test_coreference_corpus_figure_by_hand():
    figures = coref_family(DOCS).corpus()
    assert figures["muc_recall"] == 3 / 5 and figures["muc_precision"] == 1.0
    assert figures["muc_f1"] == 2 * (3 / 5) * 1 / (3 / 5 + 1) == pytest.approx(0.75)
    assert figures["conll_f1"] == pytest.approx((0.75 + 0 + 0) / 3)


def test_every_resample_is_one_of_the_bags_worked_by_hand():
    n = 40
    family = coref_family(DOCS)
    result = resample([family], settings=ResampleSettings(n, 5))
    boot_rng, _ = generators(5)
    rows = boot_rng.integers(0, 2, size=(n, 2), dtype=np.int32).tolist()
    by_bag = {(0, 0): 2 / 3, (0, 1): 3 / 4, (1, 1): 4 / 5}
    expected = [by_bag[tuple(sorted(row))] for row in rows]
    interval = result.intervals[0][MUC_F1]
    assert interval.estimate == pytest.approx(0.75)
    assert interval.ci_low == pytest.approx(linear_quantile(expected, 0.025), abs=1e-12)
    assert interval.ci_high == pytest.approx(linear_quantile(expected, 0.975), abs=1e-12)
    assert set(Counter(expected)) <= set(by_bag.values())
    assert len(set(Counter(expected))) == 3  # all three bags were drawn


def test_a_topic_is_drawn_whole():
    # Both documents in one topic: every resample is the whole corpus, the interval is the point.
    result = resample([coref_family(DOCS)], settings=ResampleSettings(30, 1), groups=np.array([0, 0]))
    interval = result.intervals[0][MUC_F1]
    assert (interval.ci_low, interval.ci_high) == pytest.approx((0.75, 0.75), abs=1e-15)
    assert unit_columns(np.array([[1.0], [2.0], [4.0]]), np.array([1, 0, 1])).tolist() == [[2.0], [5.0]]


def test_mention_f1_is_the_one_evmeval_compare_has_always_printed():
    a = Counts(np.array([1.0, 3.0, 0.0, 2.0]), np.array([2.0, 3.0, 1.0, 2.0]), np.array([2.0, 3.0, 1.0, 3.0]))
    b = Counts(np.array([2.0, 2.5, 1.0, 1.0]), np.array([2.0, 3.0, 1.0, 2.0]), np.array([2.0, 4.0, 1.0, 1.0]))
    s = ResampleSettings(200, 7)
    intervals, tests = significance_tests([a, b], [(0, 1)], s)
    new = resample([mention_family(a), mention_family(b)], [(0, 1)], settings=s)
    f1 = new.intervals[0][2]
    assert (f1.ci_low, f1.ci_high) == pytest.approx((intervals[0].ci_low, intervals[0].ci_high), abs=1e-12)
    t = new.tests[0][2]
    assert (t.delta, t.ci_low, t.ci_high, t.p_value, t.p_value_randomization) == pytest.approx(
        (tests[0].delta_f1, tests[0].ci_low, tests[0].ci_high, tests[0].p_value, tests[0].p_value_randomization),
        abs=1e-12)


def test_the_figures_are_the_scorers():
    chains = [([[1, 2, 3], [4, 5]], [[1, 2], [3, 4, 5]]), ([[1], [2, 3, 4, 5, 6]], [[1, 2, 3], [4, 5], [6]])]
    docs = [score_chains(k, r) for k, r in chains]
    total = sum_counts(docs)
    figures = coref_family(docs).corpus()
    for metric in ("muc", "bcub", "ceafm", "ceafe", "blanc", "lea"):
        r, p, f = total.metric(metric).figures()
        assert (figures[f"{metric}_recall"], figures[f"{metric}_precision"], figures[f"{metric}_f1"]) == (r, p, f)
    assert figures["conll_f1"] == total.conll_f1
    published = CorefResult("plain", 0.0, (), total).published_average()
    assert figures["average_v18"] == pytest.approx(published / 100, abs=1e-15)


# --- invariants -----------------------------------------------------------------------------------------

mention_docs = st.lists(st.tuples(st.integers(1, 12), st.integers(0, 12), st.integers(0, 12)), min_size=1,
                        max_size=25)


def mention_counts(rows: list[tuple[int, int, int]]) -> Counts:
    gold = [g for g, _, _ in rows]
    tp = [min(g, t) * 0.75 for g, t, _ in rows]  # partial credit: Dice sums are fractions
    system = [min(g, t) + s for g, t, s in rows]
    return Counts(np.array(tp), np.array(gold, dtype=float), np.array(system, dtype=float))


def awareness(rows: list[tuple[int, int, int]]) -> list[DocumentAwareness]:
    return [DocumentAwareness(f"d{k}", s + t, g + 1, min(t, s + t), min(t, g + 1), s, 3, 0.99 / (1 + k % 4))
            for k, (g, t, s) in enumerate(rows)]


@SETTINGS
@given(mention_docs)
def test_every_document_drawn_once_gives_the_corpus_figure(rows):
    counts = mention_counts(rows)
    family = mention_family(counts)
    score = counts.score()
    corpus = family.corpus()
    assert corpus["recall"] == score.recall
    assert corpus["f1"] == (0.0 if math.isnan(score.f1) else score.f1)
    once = family.figures_of(np.ones((1, family.num_documents)) @ family.columns)[0]
    assert once.tolist() == pytest.approx(list(corpus.values()), abs=1e-12)
    seq = sequencing_family(awareness(rows))
    pooled = pool(awareness(rows))
    assert list(seq.corpus().values()) == [pooled.precision, pooled.recall, pooled.f1]
    once = seq.figures_of(np.ones((1, seq.num_documents)) @ seq.columns)[0]
    assert once.tolist() == pytest.approx([pooled.precision, pooled.recall, pooled.f1], abs=1e-12)


@SETTINGS
@given(mention_docs, st.integers(0, 2**32), st.sampled_from(["percentile", "bca"]))
def test_same_seed_same_bytes(rows, seed, interval):
    families = [mention_family(mention_counts(rows)), mention_family(mention_counts(rows[::-1]))]
    s = ResampleSettings(60, seed)
    first = resample(families, [(0, 1)], settings=s, interval=interval)
    again = resample(families, [(0, 1)], settings=s, interval=interval)
    assert repr(first) == repr(again)


@SETTINGS
@given(mention_docs, st.sampled_from(["percentile", "bca"]))
def test_a_run_against_itself_differs_by_nothing(rows, interval):
    family = mention_family(mention_counts(rows))
    tests = resample([family, family], [(0, 1)], settings=ResampleSettings(80, 3), interval=interval).tests[0]
    for t in tests:
        assert (t.delta, t.ci_low, t.ci_high, t.p_value, t.p_value_randomization) == (0, 0, 0, 1, 1)
        assert t.verdict in (Verdict.NO_CLEAR_DIFFERENCE, Verdict.TOO_FEW_DOCUMENTS)


@SETTINGS
@given(st.lists(st.tuples(st.integers(5, 12), st.integers(3, 12), st.integers(0, 3)), min_size=30, max_size=60),
       st.sampled_from(["percentile", "bca"]))
def test_the_interval_holds_the_estimate_on_well_behaved_data(rows, interval):
    result = resample([mention_family(mention_counts(rows))], settings=ResampleSettings(400, 11),
                      interval=interval)
    for figure in result.intervals[0]:
        assert figure.ci_low - 1e-12 <= figure.estimate <= figure.ci_high + 1e-12, figure


@SETTINGS
@given(mention_docs, mention_docs)
def test_a_p_value_never_disagrees_with_its_interval(rows_a, rows_b):
    size = min(len(rows_a), len(rows_b))
    a, b = mention_family(mention_counts(rows_a[:size])), mention_family(mention_counts(rows_b[:size]))
    s = ResampleSettings(99, 17)
    boot_rng, _ = generators(17)
    # the percentile p is checked against the resampled deltas written out by hand
    drawn = boot_rng.integers(0, size, size=(99, size), dtype=np.int32)
    weights = np.stack([np.bincount(row, minlength=size) for row in drawn]).astype(float)
    deltas = (b.figures_of(weights @ b.columns) - a.figures_of(weights @ a.columns))[:, 2]
    test = resample([a, b], [(0, 1)], settings=s).tests[0][2]
    assert_p_is_the_intervals(deltas.tolist(), test.p_value)
    for confidence in (0.5, 0.8, 0.9, 0.95):
        bca = resample([a, b], [(0, 1)], settings=ResampleSettings(99, 17, confidence), interval="bca").tests[0][2]
        leaves_out = bca.ci_low > 1e-12 or bca.ci_high < -1e-12
        if abs(bca.p_value - (1 - confidence)) > 1e-9:
            assert leaves_out == (bca.p_value < 1 - confidence), (confidence, bca)


def test_bca_without_bias_or_skew_is_the_percentile_interval():
    # symmetric data around the estimate: z0 = 0 (half below, ties half) and a = 0 (symmetric jackknife)
    counts = Counts(np.array([1.0, 3.0] * 10), np.array([4.0, 4.0] * 10), np.array([4.0, 4.0] * 10))
    s = ResampleSettings(1, 0)
    percentile = resample([mention_family(counts)], settings=s).intervals[0]
    bca = resample([mention_family(counts)], settings=s, interval="bca").intervals[0]
    assert [(i.ci_low, i.ci_high) for i in bca] == [(i.ci_low, i.ci_high) for i in percentile]


def test_mismatched_families_are_refused():
    a = mention_family(Counts(np.array([1.0]), np.array([1.0]), np.array([1.0])))
    with pytest.raises(ValueError, match="one kind"):
        resample([a, coref_family(DOCS[:1])], [(0, 1)])
    with pytest.raises(ValueError, match="interval must be one of"):
        resample([a], interval="studentized")
    assert Score.from_counts(1.0, 1, 1).f1 == 1.0
