"""Intervals and paired tests for every corpus figure, from cached per-unit sufficient statistics.

Every corpus figure we print is a ratio of sums: v1.8 and the CoNLL scorer v8.01 add each document's
numerators and denominators and divide only at the end (mention micro P/R/F1 and agreement:
ΣTP / Σ#system, ΣTP / Σ#gold; MUC, B³, CEAF-m, CEAF-e, LEA and mention identification: Σrecall_num /
Σrecall_den, Σprecision_num / Σprecision_den; BLANC: the same for its two link types, then v8.01's
mean and fallbacks; temporal awareness: Σmatched / Σsystem links, Σcredit / Σgold links). The CoNLL
average is the mean of three such F1s, v1.8's "Overall Average" the mean of four truncated ones. So
a resample of documents needs only each document's columns of counts (a `Family`): a resample's
figure is the figures function applied to the weighted column sums, where a document drawn k times
has weight k. Resampling is therefore exact, not an approximation of the scorer.

`resample` is the one function that turns draws into intervals and paired tests for any number of
families at once: all families' columns side by side in one matrix, one weight matrix per block of
resamples (`significance.bootstrap_sums`, the draws `evmeval-compare` has always made), one product.
A *unit* is what is resampled: a document by default, or a group of documents (`groups`: a topic of a
cross-document corpus, the document of a window format): the columns are first summed per unit, so a
unit's documents are drawn together.

Intervals: `percentile` (default; numpy's linear quantiles of the resampled figures) or `bca`
(bias-corrected and accelerated, Efron 1987: bias z0 = Φ⁻¹(share of resampled figures below the
estimate, plus half the ties), acceleration a = Σ(m − θ₍ᵢ₎)³ / (6 (Σ(m − θ₍ᵢ₎)²)^1.5) over the
leave-one-unit-out figures θ₍ᵢ₎ with mean m; quantile levels Φ(z0 + (z0 + z) / (1 − a (z0 + z)))
for z = Φ⁻¹((1 ∓ confidence) / 2); the share is kept within [0.5 / n, 1 − 0.5 / n]). A pair's p-value
is its interval's own: the smallest 1 − confidence at which that interval leaves 0 out, so the
p-value and the interval never disagree. Approximate randomization swaps each unit's columns between
the two systems with probability ½ (`significance.swap_sums`), p = (c + 1) / (n + 1).

Undefined figures (0 / 0) count as 0, as v8.01 and v1.8's sequencing print them and as the mention
tests already count them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Protocol

from evmeval._util.lazy_import import lazy_module
from evmeval.compare.significance import (
    DEFAULT_SETTINGS,
    TIE_TOLERANCE,
    Counts,
    ResampleSettings,
    Verdict,
    _low_end_p,
    bootstrap_p_value,
    bootstrap_sums,
    generators,
    held_back,
    micro_f1,
    percentile_interval,
    randomization_p_values,
    swap_sums,
    unit_columns,
    verdict_of,
)
from evmeval.coref.metrics import CorefCounts, flat_counts

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_module("numpy")

INTERVALS = ("percentile", "bca")
POWER = 0.8
"""The power at which `FigureTest.mde` is the smallest detectable difference."""

FiguresOf = Callable[["np.ndarray"], "np.ndarray"]
"""Summed columns (R, K) -> figures (R, F), row by row."""


@dataclass(frozen=True, eq=False)
class Family:
    """One system's per-document columns of counts (D, K) and how summed columns give its figures."""

    kind: str
    names: tuple[str, ...]
    columns: np.ndarray
    figures_of: FiguresOf
    given: np.ndarray | None = None
    """The scorer's own corpus figures, where its summation order (a mean over entries, as numpy sums them)
    is not the documents' sums divided: the point estimates then, bit for bit; resamples use `figures_of`."""

    @property
    def num_documents(self) -> int:
        return int(self.columns.shape[0])

    def totals(self) -> np.ndarray:
        """Column sums in document order, one document after another (np.cumsum adds sequentially, as
        v1.8 and v8.01 do; np.sum's pairwise order could differ in the last bit)."""
        if self.num_documents == 0:
            return np.zeros(self.columns.shape[1])
        return np.asarray(np.cumsum(self.columns, axis=0)[-1], dtype=np.float64)

    def corpus(self) -> dict[str, float]:
        """The corpus figures (the point estimates), name -> value."""
        values = self.figures_of(self.totals()[None, :])[0] if self.given is None else self.given
        return {n: float(v) for n, v in zip(self.names, values, strict=True)}


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """v8.01's rule, element-wise: a zero denominator gives 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator != 0, numerator / np.where(denominator != 0, denominator, 1.0), 0.0)


def _harmonic(precision: np.ndarray, recall: np.ndarray) -> np.ndarray:
    """2PR / (P + R) in the published order; 0 when P + R is 0."""
    total = precision + recall
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(total != 0, 2 * precision * recall / np.where(total != 0, total, 1.0), 0.0)


def _link_figures(sums: np.ndarray, at: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Recall, precision, F1 of the four columns (recall num/den, precision num/den) from `at`."""
    recall = _ratio(sums[:, at], sums[:, at + 1])
    precision = _ratio(sums[:, at + 2], sums[:, at + 3])
    return recall, precision, _harmonic(precision, recall)


# ---- mention detection (and agreement, which scores pairs of annotators as mentions) ----

MENTION_FIGURES = ("precision", "recall", "f1")


def _mention_figures(sums: np.ndarray) -> np.ndarray:
    tp, gold, system = sums[:, 0], sums[:, 1], sums[:, 2]
    return np.column_stack([_ratio(tp, system), _ratio(tp, gold), micro_f1(tp, gold, system)])


def mention_family(counts: Counts) -> Family:
    """Micro precision, recall and F1 of one combination (`Counts`: the counted documents' TP, #gold,
    #system); the figures `evmeval.mention.scoring.corpus_averages` prints, undefined as 0."""
    columns = np.column_stack([counts.tp, counts.num_gold, counts.num_system]).reshape(-1, 3)
    return Family("mention", MENTION_FIGURES, columns, _mention_figures)


# ---- coreference (v8.01's metrics, LEA, the CoNLL average, v1.8's overall average) ----

LINK_METRICS = ("muc", "bcub", "ceafm", "ceafe")
COREF_FIGURES = (
    *(f"{m}_{f}" for m in (*LINK_METRICS, "blanc", "lea", "identification") for f in ("recall", "precision", "f1")),
    "conll_f1", "average_v18")
"""Every coreference figure: <metric>_recall/_precision/_f1, `conll_f1` (mean F1 of MUC, B³, CEAF-e) and
`average_v18` (v1.8's "Overall Average CoNLL score" as a fraction: mean of the F1s of B³, CEAF-e, MUC and
BLANC each truncated to two decimals of a percentage)."""


def _blanc(sums: np.ndarray, at: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`BlancCounts.figures`, element-wise: the mean of the two link types, or v8.01's fallback to the
    one that has key links."""
    rc, pc, fc = _link_figures(sums, at)
    rn, pn, fn = _link_figures(sums, at + 4)
    has_c, has_n = sums[:, at + 1] != 0, sums[:, at + 5] != 0
    both = has_c & has_n
    recall = np.where(both, (rc + rn) / 2, np.where(has_c, rc, np.where(has_n, rn, 0.0)))
    precision = np.where(both, (pc + pn) / 2, np.where(has_c, pc, np.where(has_n, pn, 0.0)))
    f1 = np.where(both, (fc + fn) / 2, np.where(has_c, fc, np.where(has_n, fn, 0.0)))
    return recall, precision, f1


def _truncated(f1: np.ndarray) -> np.ndarray:
    """`truncated_percent`, element-wise."""
    return np.trunc(f1 * 10000) / 100


def _coref_figures(sums: np.ndarray) -> np.ndarray:
    # flat_counts' layout: muc, bcub, ceafm, ceafe (4 each), BLANC's two link types (8), lea, identification
    out: list[np.ndarray] = []
    for k in range(len(LINK_METRICS)):
        out.extend(_link_figures(sums, 4 * k))
    out.extend(_blanc(sums, 16))
    out.extend(_link_figures(sums, 24))
    out.extend(_link_figures(sums, 28))
    muc_f1, bcub_f1, ceafe_f1, blanc_f1 = out[2], out[5], out[11], out[14]
    out.append((muc_f1 + bcub_f1 + ceafe_f1) / 3)
    # CorefResult.published_average's order: bcub, ceafe, muc, blanc (REPORT_METRICS without ceafm)
    average = (((_truncated(bcub_f1) + _truncated(ceafe_f1)) + _truncated(muc_f1)) + _truncated(blanc_f1)) / 4
    out.append(average / 100)
    return np.column_stack(out)


def coref_family(documents: Sequence[CorefCounts]) -> Family:
    """Every coreference figure of one run from its documents' counts (`CorefDocument.counts`)."""
    columns = np.array([flat_counts(c) for c in documents], dtype=np.float64).reshape(-1, 32)
    return Family("coreference", COREF_FIGURES, columns, _coref_figures)


# ---- sequencing (temporal awareness, pooled over documents) ----


class AwarenessCounts(Protocol):
    """A document's temporal-awareness counts (`evmeval.sequencing.temporal_awareness.DocumentAwareness`)."""

    @property
    def doc_id(self) -> str: ...
    @property
    def precision_matched(self) -> int: ...
    @property
    def system_links(self) -> int: ...
    @property
    def recall_matched(self) -> int: ...
    @property
    def implicit_matched(self) -> int: ...
    @property
    def weight(self) -> float: ...
    @property
    def gold_links(self) -> int: ...


def _sequencing_figures(sums: np.ndarray) -> np.ndarray:
    precision = _ratio(sums[:, 0], sums[:, 1])
    recall = _ratio(sums[:, 2], sums[:, 3])
    return np.column_stack([precision, recall, _harmonic(precision, recall)])


def sequencing_family(documents: Sequence[AwarenessCounts]) -> Family:
    """Pooled precision, recall and F1 of one sequencing evaluation (`Evaluation.documents`); a
    document's recall credit is matches + w x implicit, as `temporal_awareness.pool` adds it."""
    rows = [(d.precision_matched, d.system_links, d.recall_matched + d.weight * d.implicit_matched, d.gold_links)
            for d in documents]
    columns = np.array(rows, dtype=np.float64).reshape(-1, 4)
    return Family("sequencing", MENTION_FIGURES, columns, _sequencing_figures)


# ---- results ----


@dataclass(frozen=True)
class FigureInterval:
    """One figure of one system with its interval."""

    figure: str
    estimate: float
    ci_low: float
    ci_high: float

    def to_json(self) -> dict[str, object]:
        return {"figure": self.figure, "estimate": self.estimate, "ci_low": self.ci_low, "ci_high": self.ci_high}


@dataclass(frozen=True)
class FigureTest:
    """figure(b) − figure(a) with its paired interval, the interval's own p, the randomization p, the
    p adjusted for multiple comparisons and
    the minimum detectable effect at 80 % power (`p_value_adjusted`: the randomization p adjusted for
    multiple comparisons by `evmeval.compare.multiple`; unadjusted until then)."""

    figure: str
    estimate_a: float
    estimate_b: float
    delta: float
    ci_low: float
    ci_high: float
    p_value: float
    p_value_randomization: float
    num_units: int
    mde: float
    p_value_adjusted: float
    alpha: float

    @property
    def verdict(self) -> Verdict:
        """`significance.verdict_of`: the interval first, the adjusted randomization p second."""
        return verdict_of(self.num_units, self.ci_low, self.ci_high, self.p_value_adjusted, self.alpha)

    @property
    def held_back(self) -> bool:
        return held_back(self.num_units, self.ci_low, self.ci_high, self.p_value_adjusted, self.alpha)

    def to_json(self) -> dict[str, object]:
        return {"figure": self.figure, "a": self.estimate_a, "b": self.estimate_b, "delta": self.delta,
                "ci_low": self.ci_low, "ci_high": self.ci_high, "p_value": self.p_value,
                "p_value_randomization": self.p_value_randomization, "p_value_adjusted": self.p_value_adjusted,
                "mde": self.mde, "num_units": self.num_units, "verdict": self.verdict.value,
                "held_back": self.held_back}


@dataclass(frozen=True)
class Resampled:
    """`resample`'s answer: per family, its figures' intervals; per pair, its figures' tests."""

    intervals: tuple[tuple[FigureInterval, ...], ...]
    tests: tuple[tuple[FigureTest, ...], ...]


# ---- the one engine ----


def _share_below(values: np.ndarray, estimate: np.ndarray) -> np.ndarray:
    """Per column: the share of resampled values below the estimate, ties counting half."""
    below = (values < estimate - TIE_TOLERANCE).mean(axis=0)
    ties = (np.abs(values - estimate) <= TIE_TOLERANCE).mean(axis=0)
    return np.asarray(below + ties / 2)


def _acceleration(jackknife: np.ndarray) -> np.ndarray:
    """Per column: Σ(m − θ₍ᵢ₎)³ / (6 (Σ(m − θ₍ᵢ₎)²)^1.5), 0 when the leave-one-out figures do not vary."""
    spread = jackknife.mean(axis=0) - jackknife
    square = (spread ** 2).sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        a = (spread ** 3).sum(axis=0) / (6 * square ** 1.5)
    return np.asarray(np.where(square > 0, a, 0.0))


@dataclass(frozen=True)
class _Bca:
    """The BCa corrections of one column: bias z0 and acceleration a."""

    z0: float
    a: float

    def levels(self, confidence: float) -> tuple[float, float]:
        normal = NormalDist()
        out = []
        for tail in ((1 - confidence) / 2, (1 + confidence) / 2):
            z = self.z0 + normal.inv_cdf(tail)
            out.append(normal.cdf(self.z0 + z / (1 - self.a * z)))
        return out[0], out[1]

    def p_value(self, deltas: np.ndarray) -> float:
        """The BCa interval's own p: the level map inverted at 0's interpolated position among the
        sorted deltas, from each end (as `significance.bootstrap_p_value` reads the percentile one)."""
        n = len(deltas)
        floor = 1 / (n + 1)
        if n < 2:
            return bootstrap_p_value(deltas)
        ordered = np.sort(np.where(np.abs(deltas) <= TIE_TOLERANCE, 0.0, deltas))
        low_end = _low_end_p(ordered) / 2  # the level at which the lower bound reaches 0
        high_end = 1 - _low_end_p(-ordered[::-1]) / 2  # the level at which the upper bound reaches 0
        p = min(self._tail(low_end, lower=True), self._tail(high_end, lower=False))
        return float(min(1.0, max(floor, p)))

    def _tail(self, level: float, *, lower: bool) -> float:
        """2 x the tail α / 2 whose BCa level is `level`: y = w / (1 + a w), w = Φ⁻¹(level) − z0."""
        if level <= 0 or level >= 1:  # 0 beyond an end (or at the far one): nothing, or everything, leaves it out
            return -1.0 if (level <= 0) == lower else 2.0
        normal = NormalDist()
        w = normal.inv_cdf(level) - self.z0
        y = w / (1 + self.a * w) if 1 + self.a * w > 0 else math.copysign(math.inf, w)
        tail = normal.cdf(y - self.z0)
        return 2 * (tail if lower else 1 - tail)


def _bca_of(values: np.ndarray, estimate: np.ndarray, jackknife: np.ndarray) -> list[_Bca]:
    n = values.shape[0]
    share = np.clip(_share_below(values, estimate), 0.5 / n, 1 - 0.5 / n)
    normal = NormalDist()
    return [_Bca(normal.inv_cdf(float(s)), float(a)) for s, a in zip(share, _acceleration(jackknife), strict=True)]


def _interval(values: np.ndarray, confidence: float, bca: _Bca | None) -> tuple[float, float]:
    if bca is None:
        return percentile_interval(values, confidence)
    low, high = np.quantile(values, bca.levels(confidence))
    return float(low), float(high)


def minimum_detectable_effect(deltas: np.ndarray, confidence: float, power: float = POWER) -> np.ndarray:
    """The smallest true difference a two-sided test at 1 − confidence finds with `power`, per column of
    `deltas` (R, F): (z₍₁₊c₎/₂ + z_power) x the standard deviation of the resampled differences (normal
    approximation)."""
    normal = NormalDist()
    factor = normal.inv_cdf((1 + confidence) / 2) + normal.inv_cdf(power)
    if deltas.shape[0] < 2:
        return np.zeros(deltas.shape[1:])
    return np.asarray(factor * np.std(deltas, axis=0, ddof=1))


def resample(families: Sequence[Family], pairs: Sequence[tuple[int, int]] = (), *,
             settings: ResampleSettings = DEFAULT_SETTINGS, interval: str = "percentile",
             groups: np.ndarray | None = None) -> Resampled:
    """Intervals of every figure of every family and, for each (a, b) in `pairs` (indices into
    `families`, of one kind), the paired tests of figure(b) − figure(a), from one set of draws.

    All families must hold the same documents (the same D rows, in the same order). `groups` gives each
    document's unit (None: documents). The seed decides every draw: same seed, same bytes.
    """
    if interval not in INTERVALS:
        raise ValueError(f"interval must be one of {', '.join(INTERVALS)}, not {interval!r}")
    if not families:
        return Resampled((), ())
    num_documents = families[0].num_documents
    if any(f.num_documents != num_documents for f in families):
        raise ValueError("families hold different numbers of documents")
    if any(families[a].kind != families[b].kind for a, b in pairs):
        raise ValueError("a pair must compare figures of one kind")
    boot_rng, swap_rng = generators(settings.seed)
    units = [unit_columns(f.columns, groups) for f in families]
    num_units = units[0].shape[0]
    edges = np.cumsum([0, *(u.shape[1] for u in units)])
    sums = bootstrap_sums(np.column_stack(units), settings.resamples, boot_rng)
    resampled = [f.figures_of(sums[:, edges[k]:edges[k + 1]]) for k, f in enumerate(families)]
    estimates = [np.array(list(f.corpus().values())) for f in families]
    jackknives = [f.figures_of(f.totals() - u) if interval == "bca" else None for f, u in zip(families, units,
                                                                                               strict=True)]
    intervals = []
    levels = [(1 - settings.confidence) / 2, (1 + settings.confidence) / 2]
    for f, values, estimate, jack in zip(families, resampled, estimates, jackknives, strict=True):
        if jack is None:  # percentile: every figure's quantiles at once
            bounds = np.quantile(values, levels, axis=0)
            intervals.append(tuple(FigureInterval(name, float(estimate[j]), float(bounds[0, j]), float(bounds[1, j]))
                                   for j, name in enumerate(f.names)))
            continue
        bcas = _bca_of(values, estimate, jack)
        intervals.append(tuple(FigureInterval(name, float(estimate[j]), *_interval(values[:, j], settings.confidence,
                                                                                  bcas[j]))
                               for j, name in enumerate(f.names)))
    return Resampled(tuple(intervals), tuple(_pair_tests(families, units, pairs, resampled, estimates, jackknives,
                                                        settings, swap_rng, num_units)))


def _pair_tests(families: Sequence[Family], units: Sequence[np.ndarray], pairs: Sequence[tuple[int, int]],
                resampled: Sequence[np.ndarray], estimates: Sequence[np.ndarray],
                jackknives: Sequence[np.ndarray | None], settings: ResampleSettings, swap_rng: np.random.Generator,
                num_units: int) -> list[tuple[FigureTest, ...]]:
    if not pairs:
        return []
    # randomization: round r gives a the swapped units' columns of b, a + S(b − a), and b the rest, b − S(b − a)
    differences = np.column_stack([units[b] - units[a] for a, b in pairs])
    swapped = swap_sums(differences, settings.resamples, swap_rng)
    out = []
    at = 0
    alpha = 1 - settings.confidence
    for a, b in pairs:
        fa, fb = families[a], families[b]
        width = units[a].shape[1]
        shift = swapped[:, at:at + width]
        at += width
        ta, tb = fa.totals(), fb.totals()
        swapped_delta = fb.figures_of(tb - shift) - fa.figures_of(ta + shift)
        observed = estimates[b] - estimates[a]
        deltas = resampled[b] - resampled[a]
        ja, jb = jackknives[a], jackknives[b]
        bcas = _bca_of(deltas, observed, jb - ja) if ja is not None and jb is not None else [None] * len(fa.names)
        if bcas[0] is None:  # percentile: every figure's quantiles at once (numpy's per column, the same values)
            bounds = np.quantile(deltas, [(1 - settings.confidence) / 2, (1 + settings.confidence) / 2], axis=0)
        p_swap = randomization_p_values(swapped_delta, observed)
        mde = minimum_detectable_effect(deltas, settings.confidence)
        tests = []
        for j, name in enumerate(fa.names):
            bca = bcas[j]
            if bca is None:
                low, high, p = float(bounds[0, j]), float(bounds[1, j]), bootstrap_p_value(deltas[:, j])
            else:
                (low, high), p = _interval(deltas[:, j], settings.confidence, bca), bca.p_value(deltas[:, j])
            tests.append(FigureTest(name, float(estimates[a][j]), float(estimates[b][j]), float(observed[j]), low,
                                    high, p, float(p_swap[j]), num_units, float(mde[j]), float(p_swap[j]), alpha))
        out.append(tuple(tests))
    return out
