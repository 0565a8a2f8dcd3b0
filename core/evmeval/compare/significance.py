"""Is a difference in micro F1 real? Paired bootstrap and approximate randomization over documents.

The document is the unit that is resampled: mentions of one document are not independent (one bad
tokenisation breaks many), so resampling mentions would overstate the certainty. Every figure is
recomputed from per-document counts exactly as the micro average is (`evmeval.mention.scoring.
corpus_averages`): over the documents with gold mentions, P = ΣTP / Σ#system, R = ΣTP / Σ#gold,
F1 = 2PR / (P + R). An undefined F1 (no true positive, 0/0) counts as 0 in these tests: a system
that gets nothing right has F1 0 for the purpose of "which is better".

With n resamples, D documents and the observed delta δ = F1(b) − F1(a):

- Paired bootstrap. Resample r draws D documents with replacement (row r of
  `rng.integers(0, D, size=(n, D), dtype=np.int32)`; a document drawn k times counts k times) and
  recomputes both systems' micro F1 from the same drawn documents: δ*_r = F1*_r(b) − F1*_r(a). The confidence
  interval is the percentile interval: numpy's default (linear) quantiles of the δ* at
  (1 − confidence) / 2 and (1 + confidence) / 2. The p-value is that interval's own, two-sided: the
  smallest 1 − confidence at which the percentile interval leaves 0 out (0's position among the sorted
  δ*, interpolated as the quantiles are, times 2, from the nearer end; at least 1 / (n + 1), at most 1).
  So "p < 1 − confidence" and "the interval leaves 0 out" are one statement, never two that disagree
  (a null-shifted p-value, which v0 of this module used, can say 0.11 beside an interval left of 0).
- Approximate randomization. Round r swaps the two systems' counts (TP and #system) in each
  document independently with probability 1/2 (document d is swapped in round r when bit d of row r
  of `swap_decisions`: the bits of `rng.integers(0, 2**32, size=(n, ceil(D / 32)), dtype=np.uint32)`,
  little-endian bytes, most significant bit of each byte first) and recomputes δ_r;
  p = (c + 1) / (n + 1) with c = #{r : |δ_r| ≥ |δ|} (Noreen 1989; Yeh 2000). The +1 counts the
  observed arrangement itself, so p is never 0.

The verdict (`verdict_of`, the one rule for every figure) reads the interval first and the p-value
second: b better or a better when the interval leaves 0 out *and* the randomization p, adjusted for the
other comparisons of the same figure (`evmeval.compare.multiple`; as it is for a single pair), is below
1 − confidence; no clear difference otherwise; and no verdict below `MIN_DOCUMENTS` documents (with so
few, neither test can tell a real difference from the luck of the documents: 6 documents allow 2⁶ = 64
swap patterns, so the randomization p can never fall below 1/32). A side is called better only when
both say so, so the verdict never contradicts the interval or the p printed beside it; `held_back`
marks an interval that leaves 0 out while the adjusted p does not (too many comparisons, or the tests
disagree).

"≥" allows `TIE_TOLERANCE` (1e-12): sums taken in another order differ in the last bits, and a tie
must not turn into a difference. Identical systems therefore give δ = 0 and p = 1 in both tests.
The bootstrap and the randomization draw from the two generators of
`numpy.random.SeedSequence(seed).spawn(2)`, in that order, in blocks of rows (`BLOCK_VALUES` values at
most) so memory stays flat; the same seed gives the same figures, and one system's or one pair's
figures do not depend on which other systems are compared in the same run.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from evmeval._util.lazy_import import lazy_module
from evmeval.mention.prf import Score, nan_to_none
from evmeval.mention.scoring import ScoreResult

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_module("numpy")  # the window imports this module at start; numpy (~0.2 s) only when used

DEFAULT_RESAMPLES = 10_000
DEFAULT_SEED = 2016
"""The TAC KBP year the scorer was published for; any integer will do, but always the same one."""
DEFAULT_CONFIDENCE = 0.95
TIE_TOLERANCE = 1e-12
MIN_DOCUMENTS = 10
"""Below this many documents with gold mentions a pair gets no verdict: the resampling has too few
documents to tell a real difference from luck (randomization's smallest p is 2 / 2^D)."""
BLOCK_VALUES = 100_000
"""Random values drawn at once: 100 resamples of 1,000 documents, about 2.8 MB per block at once (the draws, their
index copy, the counts and their float copy). 2,000,000 held 56 MB above the window's peak after each load, and
250,000 left 4.5 MB more in the window's heap than this at 4,480 documents (issue 34); neither was faster (the
blocks do not change the draws)."""


@dataclass(frozen=True)
class ResampleSettings:
    """How many resamples, from which seed, and the coverage of the confidence intervals."""

    resamples: int = DEFAULT_RESAMPLES
    seed: int = DEFAULT_SEED
    confidence: float = DEFAULT_CONFIDENCE

    def __post_init__(self) -> None:
        if self.resamples < 1:
            raise ValueError(f"resamples must be at least 1, not {self.resamples}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise ValueError(f"seed must be a whole number >= 0, not {self.seed!r}")
        if not 0.0 < self.confidence < 1.0:
            raise ValueError(f"confidence must be between 0 and 1, not {self.confidence}")

    def to_json(self) -> dict[str, object]:
        return {"resamples": self.resamples, "seed": self.seed, "confidence": self.confidence,
                "unit": "document", "interval": "percentile",
                "p_value": "the percentile interval's: smallest 1 - confidence leaving 0 out, two-sided",
                "p_value_randomization": "(c + 1) / (n + 1), two-sided",
                "verdict": f"the interval's, then the adjusted randomization p's; none below {MIN_DOCUMENTS} documents"}


DEFAULT_SETTINGS = ResampleSettings()


@dataclass(frozen=True, eq=False)
class Counts:
    """One system's per-document counts under one combination, over the documents with gold mentions
    (in the scored order): what the micro average sums."""

    tp: np.ndarray
    num_gold: np.ndarray
    num_system: np.ndarray

    @classmethod
    def from_result(cls, result: ScoreResult, combination: str) -> Counts:
        scores = [d.scores[combination] for d in result.documents if d.counted]
        return cls(tp=np.array([s.tp for s in scores], dtype=np.float64),
                   num_gold=np.array([s.num_gold for s in scores], dtype=np.float64),
                   num_system=np.array([s.num_system for s in scores], dtype=np.float64))

    @property
    def num_documents(self) -> int:
        return len(self.tp)

    def score(self) -> Score:
        """The micro figures, summed in document order exactly as `corpus_averages` sums them."""
        tp = 0.0
        for value in self.tp.tolist():  # not sum(): Python 3.12's compensated sum would differ in the last bit
            tp += value
        return Score.from_counts(tp, int(self.num_gold.sum()), int(self.num_system.sum()))


@dataclass(frozen=True)
class F1Interval:
    """A system's micro F1 and its bootstrap confidence interval (NaN F1: undefined, as published)."""

    f1: float
    ci_low: float
    ci_high: float

    def to_json(self) -> dict[str, float | None]:
        return {"f1": nan_to_none(self.f1), "ci_low": nan_to_none(self.ci_low),
                "ci_high": nan_to_none(self.ci_high)}


class Verdict(str, Enum):
    """What a pair's test says, decided by the paired bootstrap alone (its interval and its p agree)."""

    B_BETTER = "b_better"
    A_BETTER = "a_better"
    NO_CLEAR_DIFFERENCE = "no_clear_difference"
    TOO_FEW_DOCUMENTS = "too_few_documents"

    @property
    def significant(self) -> bool:
        return self in (Verdict.B_BETTER, Verdict.A_BETTER)

    def text(self, a: str = "a", b: str = "b") -> str:
        """The verdict in words, the same in every report and in the window."""
        if self is Verdict.B_BETTER:
            return f"{b} better than {a} (the interval leaves 0 out)"
        if self is Verdict.A_BETTER:
            return f"{a} better than {b} (the interval leaves 0 out)"
        if self is Verdict.NO_CLEAR_DIFFERENCE:
            return "no clear difference (the interval holds 0)"
        return f"too few documents for a verdict (under {MIN_DOCUMENTS}: the test has little power)"

    @property
    def short(self) -> str:
        """A table cell's worth."""
        return {Verdict.B_BETTER: "b better", Verdict.A_BETTER: "a better",
                Verdict.NO_CLEAR_DIFFERENCE: "no clear difference",
                Verdict.TOO_FEW_DOCUMENTS: "too few documents"}[self]


@dataclass(frozen=True)
class PairTest:
    """F1(b) − F1(a) with its paired-bootstrap interval, the two tests' p-values and the number of
    documents resampled (which decides whether there is a verdict at all)."""

    delta_f1: float
    ci_low: float
    ci_high: float
    p_value: float
    p_value_randomization: float
    num_documents: int = MIN_DOCUMENTS

    p_value_adjusted: float | None = None
    """The randomization p adjusted for the comparison's other pairs (None: one pair, unadjusted)."""
    alpha: float = 1 - DEFAULT_CONFIDENCE

    @property
    def verdict(self) -> Verdict:
        """`verdict_of`: the interval first, the (adjusted) randomization p second."""
        return verdict_of(self.num_documents, self.ci_low, self.ci_high, self.adjusted, self.alpha)

    @property
    def adjusted(self) -> float:
        return self.p_value_randomization if self.p_value_adjusted is None else self.p_value_adjusted

    @property
    def held_back(self) -> bool:
        return held_back(self.num_documents, self.ci_low, self.ci_high, self.adjusted, self.alpha)

    def to_json(self) -> dict[str, float | int | str | bool]:
        return {"delta_f1": self.delta_f1, "ci_low": self.ci_low, "ci_high": self.ci_high,
                "p_value": self.p_value, "p_value_randomization": self.p_value_randomization,
                "p_value_adjusted": self.adjusted, "num_documents": self.num_documents,
                "verdict": self.verdict.value, "held_back": self.held_back}


def leaves_zero_out(ci_low: float, ci_high: float) -> bool:
    return ci_low > TIE_TOLERANCE or ci_high < -TIE_TOLERANCE


def verdict_of(num_units: int, ci_low: float, ci_high: float, p_adjusted: float, alpha: float) -> Verdict:
    """The one verdict rule: none below `MIN_DOCUMENTS` units; a side better when the interval leaves 0
    out on its side and the adjusted p is below `alpha`; otherwise no clear difference."""
    if num_units < MIN_DOCUMENTS:
        return Verdict.TOO_FEW_DOCUMENTS
    if p_adjusted < alpha:
        if ci_low > TIE_TOLERANCE:
            return Verdict.B_BETTER
        if ci_high < -TIE_TOLERANCE:
            return Verdict.A_BETTER
    return Verdict.NO_CLEAR_DIFFERENCE


def held_back(num_units: int, ci_low: float, ci_high: float, p_adjusted: float, alpha: float) -> bool:
    """The interval leaves 0 out but the verdict is "no clear difference": the adjusted p is not below alpha."""
    return (leaves_zero_out(ci_low, ci_high)
            and verdict_of(num_units, ci_low, ci_high, p_adjusted, alpha) is Verdict.NO_CLEAR_DIFFERENCE)


def micro_f1(tp: np.ndarray, num_gold: np.ndarray | float, num_system: np.ndarray) -> np.ndarray:
    """Micro F1 from summed counts, element-wise, in the published formula's order; undefined is 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = tp / num_system
        recall = tp / num_gold
        f1 = 2 * precision * recall / (precision + recall)
    return np.where(np.isfinite(f1), f1, 0.0)


def comparable_f1(score: Score) -> float:
    """A micro F1 as the tests compare it: an undefined F1 (no true positive) is 0."""
    return 0.0 if np.isnan(score.f1) else score.f1


def _block_rows(resamples: int, num_documents: int) -> Iterator[int]:
    rows = max(1, BLOCK_VALUES // max(num_documents, 1))
    for start in range(0, resamples, rows):
        yield min(rows, resamples - start)


def generators(seed: int) -> tuple[np.random.Generator, np.random.Generator]:
    """The bootstrap's and the randomization's generators for `seed` (independent streams)."""
    boot, swap = np.random.SeedSequence(seed).spawn(2)
    return np.random.default_rng(boot), np.random.default_rng(swap)


def bootstrap_sums(columns: np.ndarray, resamples: int, rng: np.random.Generator) -> np.ndarray:
    """(resamples, K): for each resample, the sums of the K columns of `columns` (D, K) over the
    drawn documents. Only counts are drawn; a weight matrix times the columns does the sums."""
    num_documents, width = columns.shape
    out = np.zeros((resamples, width))
    if num_documents == 0:
        return out
    start = 0
    for rows in _block_rows(resamples, num_documents):
        drawn = rng.integers(0, num_documents, size=(rows, num_documents), dtype=np.int32).astype(np.intp)
        drawn += (np.arange(rows) * num_documents)[:, None]
        weights = np.bincount(drawn.ravel(), minlength=rows * num_documents).reshape(rows, num_documents)
        out[start:start + rows] = weights.astype(np.float64) @ columns
        start += rows
    return out


def swap_decisions(rng: np.random.Generator, rounds: int, num_documents: int) -> np.ndarray:
    """(rounds, D) of 0/1, 1 where a round swaps a document: the bits of random 32-bit words, 32
    documents a word (a thirtieth of the time of drawing each decision as an integer). Words, not
    bytes: numpy draws them from one stream whatever the block size, so blocks do not change them."""
    words = rng.integers(0, 2**32, size=(rounds, -(-num_documents // 32)), dtype=np.uint32)
    return np.unpackbits(words.astype("<u4").view(np.uint8), axis=1)[:, :num_documents]


def swap_sums(differences: np.ndarray, resamples: int, rng: np.random.Generator) -> np.ndarray:
    """(resamples, K): for each randomization round, the sums of `differences` (D, K) over the
    documents whose counts that round swaps."""
    num_documents, width = differences.shape
    out = np.zeros((resamples, width))
    if num_documents == 0:
        return out
    start = 0
    for rows in _block_rows(resamples, num_documents):
        out[start:start + rows] = swap_decisions(rng, rows, num_documents).astype(np.float64) @ differences
        start += rows
    return out


def percentile_interval(values: np.ndarray, confidence: float) -> tuple[float, float]:
    """The (1 − confidence)/2 and (1 + confidence)/2 quantiles (numpy's linear interpolation)."""
    low, high = np.quantile(values, [(1 - confidence) / 2, (1 + confidence) / 2])
    return float(low), float(high)


def bootstrap_p_value(deltas: np.ndarray) -> float:
    """The percentile interval's p: the smallest 1 − confidence whose interval leaves 0 out (values within
    `TIE_TOLERANCE` of 0 count as 0), so that p < 1 − confidence exactly when `percentile_interval` does.

    The quantile at q is the sorted δ* at position q (n − 1), linearly interpolated; 0's position h
    among them, read the same way, gives p = 2 h / (n − 1) from the low end (2 (n − 1 − h) / (n − 1)
    from the high end), the smaller of the two, kept within [1 / (n + 1), 1] like a count's p."""
    n = len(deltas)
    floor = 1 / (n + 1)
    if n < 2:
        return 1.0 if n == 0 or abs(float(deltas[0])) <= TIE_TOLERANCE else floor
    snapped = np.where(np.abs(deltas) <= TIE_TOLERANCE, 0.0, deltas)  # a tie is 0, on both sides alike
    ordered = np.sort(snapped)
    # the high end is the low end of the mirrored values, computed alike: swapping a and b keeps p exactly
    p = min(_low_end_p(ordered), _low_end_p(-ordered[::-1]))
    return float(min(1.0, max(floor, p)))


def _low_end_p(ordered: np.ndarray) -> float:
    """2 h / (n − 1), h the last position where the linear quantile of `ordered` is ≤ 0 (negative: none)."""
    n = len(ordered)
    k = int(np.searchsorted(ordered, 0.0, side="right"))  # values ≤ 0
    if k == 0:
        return -1.0
    if k == n:
        return 2.0
    below, above = float(ordered[k - 1]), float(ordered[k])
    return 2 * ((k - 1) + -below / (above - below)) / (n - 1)


def randomization_p_value(deltas: np.ndarray, observed: float) -> float:
    """(c + 1) / (n + 1), c = #{r : |δ_r| ≥ |δ|}: how often random swaps give as large a difference."""
    return float(randomization_p_values(deltas[:, None], np.array([observed]))[0])


def randomization_p_values(deltas: np.ndarray, observed: np.ndarray) -> np.ndarray:
    """`randomization_p_value` of each column of `deltas` (R, F) against `observed` (F,)."""
    extreme = np.abs(deltas) >= np.abs(observed) - TIE_TOLERANCE
    return np.asarray((extreme.sum(axis=0) + 1) / (deltas.shape[0] + 1))


class _Columns:
    """Distinct arrays as the columns of one matrix: a run's #system serves its four combinations."""

    def __init__(self, num_documents: int) -> None:
        self.num_documents = num_documents
        self._arrays: list[np.ndarray] = []
        self._position: dict[bytes, int] = {}

    def add(self, array: np.ndarray) -> int:
        """The column holding `array`'s values (equal arrays share one: equal inputs, equal sums)."""
        key = array.tobytes()
        if key not in self._position:
            self._position[key] = len(self._arrays)
            self._arrays.append(array)
        return self._position[key]

    def matrix(self) -> np.ndarray:
        if not self._arrays:
            return np.zeros((self.num_documents, 0))
        return np.column_stack(self._arrays)


def _check_same_documents(systems: Sequence[Counts]) -> None:
    first = systems[0].num_gold
    for counts in systems[1:]:
        if counts.num_gold.shape != first.shape or not np.array_equal(counts.num_gold, first):
            raise ValueError("systems were not scored on the same gold documents")


def unit_columns(columns: np.ndarray, groups: np.ndarray | None) -> np.ndarray:
    """Columns summed per unit (U, K): a unit's documents are drawn (and swapped) together. `groups[d]` is
    document d's unit (0 … U − 1); None: every document is its own unit."""
    if groups is None:
        return columns
    out = np.zeros((int(groups.max()) + 1 if len(groups) else 0, columns.shape[1]))
    np.add.at(out, groups, columns)
    return out


def significance_tests(
    systems: Sequence[Counts],
    pairs: Sequence[tuple[int, int]],
    settings: ResampleSettings = DEFAULT_SETTINGS,
    groups: np.ndarray | None = None,
) -> tuple[list[F1Interval], list[PairTest]]:
    """Each system's F1 interval and, for each (a, b) in `pairs` (indices into `systems`), the paired
    tests of F1(b) − F1(a). All systems share one set of resamples and one set of swaps.

    `systems` must be counts of the same gold documents (raises `ValueError` otherwise); they may be
    different combinations of the same run, which is how `evmeval.compare.runs` batches everything at once.
    `groups` gives each document's unit (`unit_columns`; None: documents); a pair's `num_documents` is
    then the number of units.
    """
    if not systems:
        return [], []
    _check_same_documents(systems)
    boot_rng, swap_rng = generators(settings.seed)
    n = settings.resamples
    columns = _Columns(systems[0].num_documents)
    gold_col = columns.add(systems[0].num_gold)
    tp_cols = [columns.add(s.tp) for s in systems]
    sys_cols = [columns.add(s.num_system) for s in systems]
    sums = bootstrap_sums(unit_columns(columns.matrix(), groups), n, boot_rng)
    resampled = [micro_f1(sums[:, t], sums[:, gold_col], sums[:, s]) for t, s in zip(tp_cols, sys_cols, strict=True)]
    scores = [s.score() for s in systems]
    intervals = [F1Interval(score.f1, *percentile_interval(f1s, settings.confidence))
                 for score, f1s in zip(scores, resampled, strict=True)]

    differences = _Columns(systems[0].num_documents)
    diff_cols = []
    for a, b in pairs:
        sa, sb = systems[a], systems[b]
        diff_cols.append((differences.add(sb.tp - sa.tp), differences.add(sb.num_system - sa.num_system)))
    swaps = swap_sums(unit_columns(differences.matrix(), groups), n, swap_rng)
    num_units = systems[0].num_documents if groups is None else int(groups.max()) + 1 if len(groups) else 0
    gold_total = float(systems[0].num_gold.sum())
    tests = []
    for (a, b), (tp_diff, sys_diff) in zip(pairs, diff_cols, strict=True):
        observed = comparable_f1(scores[b]) - comparable_f1(scores[a])
        deltas = resampled[b] - resampled[a]
        low, high = percentile_interval(deltas, settings.confidence)
        # a round gives a the swapped documents' counts of b: a + S(b − a), and b − S(b − a)
        tp_a, tp_b = scores[a].tp + swaps[:, tp_diff], scores[b].tp - swaps[:, tp_diff]
        sys_a = scores[a].num_system + swaps[:, sys_diff]
        sys_b = scores[b].num_system - swaps[:, sys_diff]
        swapped = micro_f1(tp_b, gold_total, sys_b) - micro_f1(tp_a, gold_total, sys_a)
        tests.append(PairTest(observed, low, high, bootstrap_p_value(deltas),
                              randomization_p_value(swapped, observed), num_units,
                              alpha=1 - settings.confidence))
    return intervals, tests


def f1_interval(counts: Counts, settings: ResampleSettings = DEFAULT_SETTINGS) -> F1Interval:
    """One system's micro F1 with its bootstrap confidence interval."""
    return significance_tests([counts], [], settings)[0][0]


def paired_test(a: Counts, b: Counts, settings: ResampleSettings = DEFAULT_SETTINGS) -> PairTest:
    """The paired bootstrap and approximate randomization of F1(b) − F1(a)."""
    return significance_tests([a, b], [(0, 1)], settings)[1][0]


def micro_intervals(result: ScoreResult, combinations: Sequence[str],
                    settings: ResampleSettings = DEFAULT_SETTINGS) -> dict[str, F1Interval]:
    """`evmeval-score --ci`: the micro F1 interval of each combination, from one set of resamples."""
    counts = [Counts.from_result(result, c) for c in combinations]
    intervals, _ = significance_tests(counts, [], settings)
    return dict(zip(combinations, intervals, strict=True))
