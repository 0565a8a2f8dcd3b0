"""Intervals and paired tests of a convention's figures (TextEE, DyGIE++) over several runs, resampling
windows or documents.

TextEE's and DyGIE++'s figures are ratios of sums over windows (sentences): match / pred, match / gold.
Each run's per-unit counts (`evmeval.conventions.base.UnitCounts`, passed here as plain columns) become one
`resampling.mention_family` per metric; one `resampling.resample` call gives every run's intervals and
every pair's tests, each figure's randomization p adjusted over the pairs (`relations.adjusted_over_pairs`).

The unit: `document` (default) draws and swaps a document's windows together — the windows of one
document share its text, its entities and its annotator, so they are not independent; `window` draws
each window (sentence) on its own, as if they were, and gives narrower intervals.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from evmeval._util.lazy_import import lazy_module
from evmeval.compare.multiple import DEFAULT_CORRECTION
from evmeval.compare.relations import adjusted_over_pairs
from evmeval.compare.resampling import Family, FigureInterval, FigureTest, mention_family, resample
from evmeval.compare.runs import all_pairs
from evmeval.compare.significance import DEFAULT_SETTINGS, Counts, ResampleSettings
from evmeval.compare.unit_rules import RULES

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_module("numpy")

UNITS = ("document", "window")
CONVENTIONS = ("textee", "dygiepp", "maven", "maven-ere", "evmeval", "rams", "gen-arg", "uie", "maven-arg", "bionlp",
               "strings", "paie", "omnievent")
"""The conventions `evmeval-compare --convention` compares: their figures are functions of sums over units."""
WINDOWED = ("textee", "dygiepp", "strings")
"""The conventions whose units are windows (sentences) of documents; the others' units are documents."""
Columns = Sequence[Sequence[float]]
"""One metric's columns per unit: (match, pred, gold), or as its rule reads them (`unit_rules.RULES`)."""


@dataclass(frozen=True)
class UnitComparison:
    """Runs of one convention compared: per run, metric -> (P, R, F1) intervals; per pair (a, b), metric ->
    paired tests of P, R and F1 (b − a)."""

    convention: str
    names: tuple[str, ...]
    metrics: dict[str, str]
    """metric -> the scorer's own label"""
    unit: str
    num_units: int
    num_windows: int
    settings: ResampleSettings
    correction: str
    interval: str
    intervals: tuple[dict[str, tuple[FigureInterval, ...]], ...]
    pairs: tuple[tuple[int, int], ...]
    tests: tuple[dict[str, tuple[FigureTest, ...]], ...]
    unit_names: str = "documents"
    """What the units drawn with `unit="document"` are called: documents (a windowed convention's too), RAMS'
    examples, UIE's instances, … (`UnitCounts.unit`, plural)."""

    def figure_rows(self) -> Iterator[tuple[str, str, list[FigureInterval]]]:
        """(metric, figure, each run's interval), metric after metric in the scorer's order: the order of
        every table of these figures (text, HTML, CSV, the window)."""
        for m in self.metrics:
            for j, i in enumerate(self.intervals[0][m]):
                yield m, i.figure, [r[m][j] for r in self.intervals]

    def test_rows(self) -> Iterator[tuple[str, str, str, FigureTest]]:
        """(run a, run b, metric, test), pair after pair (each once, earlier run first), then metric by metric."""
        for (a, b), tests in zip(self.pairs, self.tests, strict=True):
            for m in self.metrics:
                for t in tests[m]:
                    yield self.names[a], self.names[b], m, t


def document_groups(documents: Sequence[str]) -> np.ndarray:
    """Each window's document, numbered in order of first appearance."""
    numbers: dict[str, int] = {}
    return np.array([numbers.setdefault(d, len(numbers)) for d in documents], dtype=np.intp)


def _family(columns: Columns, rule: str | None, given: Sequence[float] | None = None) -> Family:
    """One metric's family: the mention micro one for (match, pred, gold), else its rule's (with the scorer's
    own figures as its point estimates when `given`; undefined ones count 0, as in every resample)."""
    if rule is None:
        return mention_family(Counts(np.asarray(columns[0], dtype=np.float64), np.asarray(columns[2], dtype=np.float64),
                                     np.asarray(columns[1], dtype=np.float64)))
    names, figures_of = RULES[rule]
    point = None if given is None else np.nan_to_num(np.asarray(given, dtype=np.float64), nan=0.0)
    return Family(rule, names, np.column_stack([np.asarray(c, dtype=np.float64) for c in columns]), figures_of,
                  point)


def compare_units(convention: str, names: Sequence[str], runs: Sequence[Mapping[str, Columns]],
                  documents: Sequence[str], labels: Mapping[str, str], *, unit: str = "document",
                  settings: ResampleSettings = DEFAULT_SETTINGS, correction: str = DEFAULT_CORRECTION,
                  interval: str = "percentile", rules: Mapping[str, str] | None = None,
                  given: Sequence[Mapping[str, Sequence[float]]] = (), unit_names: str = "documents"
                  ) -> UnitComparison:
    """Every pair of `runs` (each: metric -> its per-window columns, the windows in the gold's order, the
    same for every run), `documents[i]` being window i's document; `rules`: metric -> how its columns give
    its figures (`unit_rules.RULES`; absent: TextEE's ratio of (match, pred, gold)); `given`: per run, metric ->
    the scorer's own corpus figures where they are not the sums divided (`UnitCounts.given`); `unit_names`: what
    the units are called (examples, items, …). Raises `ValueError` for an
    unknown unit or runs of different windows."""
    if unit not in UNITS:
        raise ValueError(f"unit must be one of {', '.join(UNITS)}, not {unit!r}")
    metrics = list(labels)
    if any(len(run[m][0]) != len(documents) for run in runs for m in metrics):
        raise ValueError("every run must give the counts of every window")
    own = list(given) or [{} for _ in runs]
    families = [_family(run[m], (rules or {}).get(m), own[r].get(m)) for r, run in enumerate(runs) for m in metrics]
    width = len(metrics)
    pairs = all_pairs(len(runs))
    groups = document_groups(documents) if unit == "document" else None
    done = resample(families, [(a * width + k, b * width + k) for a, b in pairs for k in range(width)],
                    settings=settings, interval=interval, groups=groups)
    intervals = tuple({m: done.intervals[r * width + k] for k, m in enumerate(metrics)} for r in range(len(runs)))
    tests: list[dict[str, tuple[FigureTest, ...]]] = [{} for _ in pairs]
    for k, m in enumerate(metrics):
        for n, adjusted in enumerate(adjusted_over_pairs([done.tests[n * width + k] for n in range(len(pairs))],
                                                         correction)):
            tests[n][m] = adjusted
    num_units = len(documents) if groups is None else len(set(documents))
    return UnitComparison(convention, tuple(names), dict(labels), unit, num_units, len(documents), settings,
                          correction, interval, intervals, tuple(pairs), tuple(tests), unit_names)
