"""Document-bootstrap intervals of one annotator pair's agreement figures (issue 36 §1).

Every figure `evmeval-iaa` prints for a pair is rebuilt from per-document columns of counts, so the one
engine, `evmeval.compare.resampling.resample`, draws documents for agreement as it does for systems:
- micro P/R/F1 of each combination: ΣTP (Dice credit), Σ#a, Σ#b;
- macro P/R/F1: Σ document P, Σ document R (undefined ones 0, as `corpus_averages` adds them) over
  Σ counted documents (either annotator marked a mention);
- GATE strict, lenient and average F1: Σcorrect, Σpartial, Σmissing, Σspurious;
- observed agreement, Cohen's kappa and Scott's pi of type and realis: not ratios of summed counts, so
  each resample sums the documents' confusion tables (on the pair's labels) and computes them again.

With the pair's relations (`RelationAgreement`), its link and cluster figures are drawn in the same
`resample` call (`evmeval.compare.relation_intervals`), so they share the mention figures' draws.

The point estimates are the printed figures themselves (`Family.given`), bit for bit; an undefined
figure (NaN) keeps an undefined interval. Inside a resample an undefined figure counts 0, as the
resampling module's rule is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from evmeval._util.lazy_import import lazy_module
from evmeval._util.progress import CancelCheck, stop_if_cancelled
from evmeval.agreement.scoring import LABEL_ATTRIBUTES, PairAgreement, counts_in_agreement
from evmeval.align.greedy import COMBINATIONS
from evmeval.compare.resampling import Family, FigureInterval, resample
from evmeval.compare.significance import DEFAULT_SETTINGS, ResampleSettings
from evmeval.mention.gate import GateCounts
from evmeval.mention.prf import nan_to_none

if TYPE_CHECKING:
    import numpy as np

    from evmeval.agreement.relations import RelationAgreement
else:
    np = lazy_module("numpy")

LABEL_FIGURES = ("observed", "cohen_kappa", "scott_pi")
GATE_FIGURES = ("strict_f1", "lenient_f1", "average_f1")
_WIDTH = 10
"""Columns per combination: tp, #a, #b, document P, document R, counted, correct, partial, missing, spurious."""
ROWS_AT_ONCE = 250
"""Documents' rows converted to numbers per call: a window's thread waits for no longer conversion (2 ms)."""


def figure_names() -> tuple[str, ...]:
    """Every pair figure with an interval: `<combination>_<precision|recall|f1>`, `..._macro_<...>`,
    `..._gate_<strict|lenient|average>_f1`, `<attribute>_<observed|cohen_kappa|scott_pi>`."""
    names: list[str] = []
    for c in COMBINATIONS:
        names += [f"{c}_{m}" for m in ("precision", "recall", "f1")]
        names += [f"{c}_macro_{m}" for m in ("precision", "recall", "f1")]
        names += [f"{c}_gate_{g}" for g in GATE_FIGURES]
    names += [f"{attr}_{f}" for attr in LABEL_ATTRIBUTES for f in LABEL_FIGURES]
    return tuple(names)


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator != 0, numerator / np.where(denominator != 0, denominator, 1.0), 0.0)


def _harmonic(precision: np.ndarray, recall: np.ndarray) -> np.ndarray:
    total = precision + recall
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(total != 0, 2 * precision * recall / np.where(total != 0, total, 1.0), 0.0)


def _prf(tp: np.ndarray, key: np.ndarray, response: np.ndarray) -> list[np.ndarray]:
    precision, recall = _ratio(tp, response), _ratio(tp, key)
    return [precision, recall, _harmonic(precision, recall)]


def _kappas(cells: np.ndarray, layout: _Cells) -> list[np.ndarray]:
    """Observed agreement, Cohen's kappa and Scott's pi of summed confusion cells (R, C)."""
    n = cells.sum(axis=1)
    rows, cols = cells @ layout.rows, cells @ layout.cols
    observed = _ratio(cells @ layout.diagonal, n)
    cohen = _ratio((rows * cols).sum(axis=1), n * n)
    scott = _ratio(((rows + cols) ** 2).sum(axis=1), 4 * n * n)
    return [observed, _ratio(observed - cohen, 1 - cohen), _ratio(observed - scott, 1 - scott)]


@dataclass(frozen=True, eq=False)
class _Cells:
    """The confusion cells (label by a, label by b) that occur in some document: only those are columns
    (a corpus of 30 types has 900 cells, a few dozen of them used); one-hot maps give row and column sums."""

    cells: tuple[tuple[str, str], ...]
    rows: np.ndarray
    cols: np.ndarray
    diagonal: np.ndarray

    @classmethod
    def of(cls, cells: set[tuple[str, str]]) -> _Cells:
        ordered = tuple(sorted(cells))
        labels = sorted({x for cell in ordered for x in cell})
        at = {label: k for k, label in enumerate(labels)}
        rows, cols = np.zeros((len(ordered), len(labels))), np.zeros((len(ordered), len(labels)))
        for k, (x, y) in enumerate(ordered):
            rows[k, at[x]] = cols[k, at[y]] = 1.0
        return cls(ordered, rows, cols, np.array([float(x == y) for x, y in ordered]))


@dataclass(frozen=True, eq=False)
class _Layout:
    """Where each attribute's confusion cells sit among a pair's columns."""

    labels: tuple[_Cells, ...]

    def figures(self, sums: np.ndarray) -> np.ndarray:
        out: list[np.ndarray] = []
        for k in range(len(COMBINATIONS)):
            col = sums[:, k * _WIDTH:(k + 1) * _WIDTH]
            out += _prf(col[:, 0], col[:, 1], col[:, 2])
            macro_p, macro_r = _ratio(col[:, 3], col[:, 5]), _ratio(col[:, 4], col[:, 5])
            out += [macro_p, macro_r, _harmonic(macro_p, macro_r)]
            correct, partial, missing, spurious = col[:, 6], col[:, 7], col[:, 8], col[:, 9]
            strict = _prf(correct, correct + partial + missing, correct + partial + spurious)
            lenient = _prf(correct + partial, correct + partial + missing, correct + partial + spurious)
            out += [strict[2], lenient[2], (strict[2] + lenient[2]) / 2]
        at = len(COMBINATIONS) * _WIDTH
        for cells in self.labels:
            size = len(cells.cells)
            out += _kappas(sums[:, at:at + size], cells)
            at += size
        return np.column_stack(out)


def _printed(pair: PairAgreement) -> list[float]:
    """The figures `format_iaa_report` prints for the pair, in `figure_names` order."""
    out: list[float] = []
    for c in COMBINATIONS:
        s, m, g = pair.micro[c], pair.macro[c], pair.gate[c]
        average = g.average()
        out += [s.precision, s.recall, s.f1, m.precision, m.recall, m.f1, g.strict().f1, g.lenient().f1,
                average.f1]
    for attr in LABEL_ATTRIBUTES:
        la = pair.labels[attr]
        out += [la.observed, la.cohen_kappa, la.scott_pi]
    return out


def _gate_row(g: GateCounts) -> list[float]:
    return [g.correct, g.partial, g.missing, g.spurious]


def pair_family(pair: PairAgreement) -> Family:
    """One pair's per-document columns and how their sums give every figure in `figure_names`."""
    cells = tuple(_Cells.of({(doc.labels[i], doc.labels[j]) for d in pair.documents
                             for doc in (d.labels[attr],) for i, row in enumerate(doc.confusion)
                             for j, count in enumerate(row) if count})
                  for attr in LABEL_ATTRIBUTES)
    rows = []
    for d in pair.documents:
        counted = counts_in_agreement(d.document_result())
        row: list[float] = []
        for c in COMBINATIONS:
            s = d.scores[c]
            row += [s.tp, s.num_gold, s.num_system,
                    s.precision if counted and s.num_system else 0.0,
                    s.recall if counted and s.num_gold else 0.0, 1.0 if counted else 0.0, *_gate_row(d.gate[c])]
        for attr, used in zip(LABEL_ATTRIBUTES, cells, strict=True):
            doc = d.labels[attr]
            where = {label: k for k, label in enumerate(doc.labels)}
            row += [doc.confusion[where[x]][where[y]] if x in where and y in where else 0 for x, y in used.cells]
        rows.append(row)
    width = len(COMBINATIONS) * _WIDTH + sum(len(used.cells) for used in cells)
    columns = np.empty((len(rows), width), dtype=np.float64)
    for start in range(0, len(rows), ROWS_AT_ONCE):  # one conversion held the interpreter: 12-24 ms at 2,000
        columns[start:start + ROWS_AT_ONCE] = rows[start:start + ROWS_AT_ONCE]
    return Family("agreement", figure_names(), columns, _Layout(cells).figures, np.array(_printed(pair)))


@dataclass(frozen=True)
class PairIntervals:
    """Every figure of one pair with its document-bootstrap interval (NaN ends: the figure is undefined)."""

    a_name: str
    b_name: str
    figures: dict[str, FigureInterval]
    relations: dict[str, FigureInterval] = field(default_factory=dict)
    """The relation and cluster figures (`relation_intervals.relation_figure_names`), when the pair has any."""

    def __getitem__(self, figure: str) -> FigureInterval:
        return self.figures[figure]

    def swapped(self) -> PairIntervals:
        """The same intervals with b in the key role: precision and recall exchange, the rest stays."""
        def other(name: str) -> str:
            for x, y in (("_precision", "_recall"), ("_recall", "_precision")):
                if name.endswith(x):
                    return name[: -len(x)] + y
            return name

        def swap(figures: dict[str, FigureInterval]) -> dict[str, FigureInterval]:
            return {name: FigureInterval(name, *_ends(figures[other(name)])) for name in figures}

        return PairIntervals(self.b_name, self.a_name, swap(self.figures), swap(self.relations))

    def to_json(self) -> dict[str, Any]:
        return _json(self.figures)

    def relations_json(self) -> dict[str, Any]:
        """The relation figures' intervals (`relations.pairs[].intervals` of the JSON)."""
        return _json(self.relations)


def _json(figures: dict[str, FigureInterval]) -> dict[str, Any]:
    return {name: {"estimate": nan_to_none(f.estimate), "ci_low": nan_to_none(f.ci_low),
                   "ci_high": nan_to_none(f.ci_high)} for name, f in figures.items()}


def _ends(f: FigureInterval) -> tuple[float, float, float]:
    return f.estimate, f.ci_low, f.ci_high


def pair_intervals(pair: PairAgreement, settings: ResampleSettings = DEFAULT_SETTINGS, *,
                   interval: str = "percentile", relations: RelationAgreement | None = None,
                   cancelled: CancelCheck | None = None) -> PairIntervals:
    """Document-bootstrap intervals of every figure of `pair` (and of its `relations`, from the same
    draws); same seed, same numbers. `Cancelled` once `cancelled()` turns true (checked between its steps:
    each is a second at 2,000 documents)."""
    from evmeval.compare.relation_intervals import relation_family

    stop_if_cancelled(cancelled)
    families = [pair_family(pair)]
    if relations is not None:
        stop_if_cancelled(cancelled)
        families.append(relation_family(relations))
    stop_if_cancelled(cancelled)
    found = resample(families, settings=settings, interval=interval).intervals
    mentions, *rest = (_defined(f) for f in found)
    return PairIntervals(pair.a_name, pair.b_name, mentions, rest[0] if rest else {})


def _defined(found: tuple[FigureInterval, ...]) -> dict[str, FigureInterval]:
    """Name -> interval; a figure undefined on the corpus keeps undefined ends."""
    figures = {}
    for f in found:
        undefined = math.isnan(f.estimate)
        figures[f.figure] = FigureInterval(f.figure, f.estimate, math.nan if undefined else f.ci_low,
                                           math.nan if undefined else f.ci_high)
    return figures


@dataclass(frozen=True)
class ResamplingRun:
    """Every pair's intervals (i < j) and the settings that drew them."""

    settings: ResampleSettings
    pairs: dict[tuple[int, int], PairIntervals]

    def title(self) -> str:
        """The line that heads a pair's intervals in the text report."""
        s = self.settings
        return (f"{100 * s.confidence:g} % intervals (document bootstrap, percentile; {s.resamples} resamples, "
                f"seed {s.seed}; %)")

    def to_json(self) -> dict[str, Any]:
        s = self.settings
        return {"resamples": s.resamples, "seed": s.seed, "confidence": s.confidence, "unit": "document",
                "interval": "percentile"}


def all_pair_intervals(pairs: dict[tuple[int, int], PairAgreement], settings: ResampleSettings = DEFAULT_SETTINGS,
                       relations: dict[tuple[int, int], RelationAgreement] | None = None, *,
                       cancelled: CancelCheck | None = None) -> ResamplingRun:
    """`pair_intervals` of every pair (i < j), each from the same seed, with its `relations` where given
    (`IaaResult.relations`); `Cancelled` once `cancelled()` turns true (the window stops them when the
    comparison they are for is left)."""
    found = relations or {}
    return ResamplingRun(settings, {key: pair_intervals(pair, settings, relations=found.get(key), cancelled=cancelled)
                                    for key, pair in sorted(pairs.items())})
