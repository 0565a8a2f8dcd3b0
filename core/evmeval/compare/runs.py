"""Comparing runs on one gold: did run b beat run a, where, and is the difference significant?

Every run is scored by `evmeval.mention.scoring.score_files`, exactly as `evmeval-score` scores it (same
micro and macro figures, all four combinations). On top of that, for every pair (a, b) of runs, a
earlier than b in the order given:
- per combination, F1(b) − F1(a) with the paired bootstrap's interval and the p-values of the
  bootstrap and of approximate randomization (`evmeval.compare.significance`, which defines them);
- per document, both runs' F1 and the delta, marked up / down / same (GATE's benchmarking marks);
- on demand, the case list (`evmeval.mention.cases`): what b fixed, broke, and what both got wrong.
Each run also gets the bootstrap interval of its own micro F1. Undefined figures (0/0) stay NaN in
the scores, as published; a delta counts an undefined F1 as 0.

Every micro figure (precision, recall and F1 of each combination) also gets its interval and paired
test from `evmeval.compare.resampling` (`SystemScores.figures`, `PairComparison.figures`), and each
figure's randomization p-values over all pairs are adjusted together (`evmeval.compare.multiple`,
Holm by default): ten runs make 45 comparisons of each figure, not one. McNemar's test on the gold
mentions one run got exactly right and the other did not (`Comparison.mcnemar`) is the per-item view.
Coreference and sequencing figures, when the gold file has such links, get the same
(`evmeval.compare.relations`: `SystemScores.relations`, `PairComparison.relations`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING

from evmeval._util.lazy_import import lazy_module
from evmeval.align import COMBINATIONS
from evmeval.compare.link_changes import (
    COREFERENCE,
    LINK_KINDS,
    ItemTally,
    LinkChange,
    RunLinks,
    coreference_links,
    link_changes,
    sequencing_links,
)
from evmeval.compare.multiple import DEFAULT_CORRECTION, McNemar, adjust, mcnemar_counts
from evmeval.compare.relations import RELATION_MAPPING, RelationFigures, adjusted_over_pairs, relation_figures
from evmeval.compare.resampling import FigureInterval, FigureTest, mention_family, resample
from evmeval.compare.significance import (
    DEFAULT_SETTINGS,
    TIE_TOLERANCE,
    Counts,
    F1Interval,
    PairTest,
    ResampleSettings,
    comparable_f1,
    significance_tests,
)
from evmeval.mention.cases import Case, CaseKind, case_counts, document_cases
from evmeval.mention.changes import Change, Tally, document_changes, tally
from evmeval.mention.outcomes import MappingRow, mapping_rows
from evmeval.mention.prf import Score
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.model import SpanMode, TbfFile

if TYPE_CHECKING:
    import numpy as np

    from evmeval.compare.relations import SequencingOf
    from evmeval.compare.resampling import AwarenessCounts
    from evmeval.coref.scoring import CorefResult
else:
    np = lazy_module("numpy")

ATTRIBUTE_GAPS = ("mention_type", "realis_status", "mention_type+realis_status")
"""The combinations whose F1 is subtracted from span F1 to show where a run loses points (the paper's
bottleneck reading)."""

CASE_COMBINATIONS: tuple[str, ...] = ("mention_type+realis_status",)
"""The combination whose case lists the reports hold by default: it shows span and attribute errors alike,
and the lists of all four would be four times as long."""

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]


class Mark(str, Enum):
    """How a document's F1 moved from run a to run b."""

    UP = "up"
    DOWN = "down"
    SAME = "same"

    @property
    def symbol(self) -> str:
        return {Mark.UP: "↑", Mark.DOWN: "↓", Mark.SAME: "="}[self]


def mark_of(delta: float) -> Mark:
    """UP / DOWN beyond the tie tolerance, SAME otherwise."""
    if delta > TIE_TOLERANCE:
        return Mark.UP
    if delta < -TIE_TOLERANCE:
        return Mark.DOWN
    return Mark.SAME


@dataclass(frozen=True)
class SystemScores:
    """One run: its name in tables, its full score result and its micro F1 intervals."""

    name: str
    result: ScoreResult
    micro_ci: dict[str, F1Interval]
    figures: dict[str, tuple[FigureInterval, ...]] = field(default_factory=dict)
    """combination -> micro precision, recall and F1 with their intervals"""
    relations: dict[str, tuple[FigureInterval, ...]] = field(default_factory=dict)
    """kind (`relations.KIND_LABELS`: coreference, sequencing ...) -> its figures with their intervals"""
    gap_intervals: dict[str, FigureInterval] = field(default_factory=dict)
    """combination of `ATTRIBUTE_GAPS` -> span F1 minus its F1 with the interval of that difference
    (paired within the run: the same drawn documents); NaN for an empty run, as `bottlenecks`"""

    @property
    def path(self) -> str:
        return self.result.system_path

    @property
    def empty(self) -> bool:
        """No system mention in any document with gold mentions: every figure is 0 or undefined, and a
        "+0.00" gap or a 0.0 bar would read as a result. Reports and the window flag such a run."""
        return self.result.micro["plain"].num_system == 0

    def bottlenecks(self) -> dict[str, float]:
        """Span micro F1 minus the F1 with each attribute (undefined F1 as 0): the points each costs.
        An empty run has nothing to lose: its gaps are undefined (NaN), not 0."""
        if self.empty:
            return dict.fromkeys(ATTRIBUTE_GAPS, float("nan"))
        span = comparable_f1(self.result.micro["plain"])
        return {c: span - comparable_f1(self.result.micro[c]) for c in ATTRIBUTE_GAPS}


@dataclass(frozen=True)
class DocumentDelta:
    """One document's F1 in runs a and b under one combination (NaN: undefined) and the change."""

    doc_id: str
    counted: bool
    f1_a: float
    f1_b: float
    delta_f1: float
    mark: Mark


@dataclass(frozen=True)
class PairComparison:
    """Run b against run a (indices into `Comparison.systems`): tests and document deltas per combination."""

    a: int
    b: int
    tests: dict[str, PairTest]
    documents: dict[str, tuple[DocumentDelta, ...]]
    figures: dict[str, tuple[FigureTest, ...]] = field(default_factory=dict)
    """combination -> paired tests of micro precision, recall and F1 (p adjusted over the pairs)"""
    relations: dict[str, tuple[FigureTest, ...]] = field(default_factory=dict)
    """kind -> paired tests of its coreference or sequencing figures (p adjusted over the pairs)"""

    def regressions_first(self, combination: str) -> list[DocumentDelta]:
        """The documents, worst regression first (ties in document order)."""
        return sorted(self.documents[combination], key=lambda d: d.delta_f1)

    def marks(self, combination: str) -> dict[Mark, int]:
        """How many counted documents went up, down or stayed the same."""
        counts = dict.fromkeys(Mark, 0)
        for d in self.documents[combination]:
            if d.counted:
                counts[d.mark] += 1
        return counts


@dataclass(frozen=True)
class BelowThreshold:
    """A counted document in which a run's precision or recall is below the threshold (GATE's verbose mode)."""

    system: int
    doc_id: str
    combination: str
    score: Score


@dataclass(frozen=True)
class LinkInputs:
    """What the changed links are read from: each run's coreference and sequencing as the figures scored them
    (`relations.RelationFigures`)."""

    coreference: tuple[CorefResult, ...]
    sequencing: tuple[Mapping[str, Sequence[AwarenessCounts]], ...]


@dataclass(frozen=True)
class Comparison:
    """Everything the compare report and the window's compare mode show."""

    gold_path: str
    mode: SpanMode
    systems: tuple[SystemScores, ...]
    pairs: tuple[PairComparison, ...]
    settings: ResampleSettings
    warnings: tuple[str, ...] = ()
    correction: str = DEFAULT_CORRECTION
    interval: str = "percentile"
    unit: str = "document"
    """What is resampled: "document", or "topic" (documents grouped by `compare_results`' `topics`)."""
    num_units: int | None = None
    """How many units were resampled (None: the documents with gold mentions)."""
    relation_units: dict[str, int] = field(default_factory=dict)
    """kind -> how many units its coreference or sequencing figures resampled (no key: not scored)."""
    _rows: dict[tuple[int, str], list[list[MappingRow]]] = field(default_factory=dict, repr=False, compare=False)
    _cases: dict[tuple[int, int, str], tuple[Case, ...]] = field(default_factory=dict, repr=False, compare=False)
    _changes: dict[tuple[int, int, str], tuple[Change, ...]] = field(default_factory=dict, repr=False,
                                                                     compare=False)
    _link_inputs: LinkInputs | None = field(default=None, repr=False, compare=False)
    _links: dict[int, dict[str, RunLinks]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def carries_realis(self) -> bool:
        """Whether a run's files carry realis (`ScoreResult.carries_realis`; else the realis combinations repeat the
        figures of the others)."""
        return any(s.result.carries_realis for s in self.systems)

    def pair(self, a: int, b: int) -> PairComparison:
        """The comparison of run b against run a; raises `KeyError` for a pair not compared."""
        for p in self.pairs:
            if (p.a, p.b) == (a, b):
                return p
        raise KeyError((a, b))

    def rows(self, system: int, combination: str) -> list[list[MappingRow]]:
        """A run's mapping rows, per document in the scored order (computed once, then kept)."""
        key = (system, combination)
        if key not in self._rows:
            self._rows[key] = [mapping_rows(d, combination) for d in self.systems[system].result.documents]
        return self._rows[key]

    def cases(self, a: int, b: int, combination: str) -> tuple[Case, ...]:
        """The case list of b against a under `combination` (any two runs, in either order), computed
        on first use and kept: the window asks for one pair at a time, reports for several."""
        key = (a, b, combination)
        if key not in self._cases:
            docs = self.systems[a].result.documents
            rows_a, rows_b = self.rows(a, combination), self.rows(b, combination)
            out: list[Case] = []
            for doc, ra, rb in zip(docs, rows_a, rows_b, strict=True):
                out.extend(document_cases(ra, rb, doc.doc_id, combination))
            self._cases[key] = tuple(out)
        return self._cases[key]

    def changes(self, a: int, b: int, combination: str) -> tuple[Change, ...]:
        """Only the items whose outcome changed from run a to run b under `combination`, with reason codes
        (`evmeval.mention.changes`); computed on first use and kept."""
        key = (a, b, combination)
        if key not in self._changes:
            docs = self.systems[a].result.documents
            rows_a, rows_b = self.rows(a, combination), self.rows(b, combination)
            out: list[Change] = []
            for doc, ra, rb in zip(docs, rows_a, rows_b, strict=True):
                out.extend(document_changes(ra, rb, doc.doc_id))
            self._changes[key] = tuple(out)
        return self._changes[key]

    @property
    def link_kinds(self) -> tuple[str, ...]:
        """The kinds of links whose changes can be listed: those with figures (`relation_units`)."""
        return tuple(k for k in self.relation_units if k in LINK_KINDS)

    def _run_links(self, system: int, kind: str) -> RunLinks:
        if kind not in self.link_kinds:
            raise KeyError(kind)
        inputs = self._link_inputs
        assert inputs is not None
        runs = self._links.setdefault(system, {})
        if kind not in runs:
            result = self.systems[system].result
            if kind == COREFERENCE:
                runs[kind] = coreference_links(result, inputs.coreference[system])
            else:
                runs.update(sequencing_links(result, inputs.sequencing[system], combination=RELATION_MAPPING))
        return runs[kind]

    def link_changes(self, a: int, b: int, kind: str) -> tuple[LinkChange, ...]:
        """The coreference or sequencing links (`kind`: one of `link_kinds`) whose outcome changed from run a
        to run b, with reason codes (`evmeval.compare.link_changes`); each run's links computed once."""
        return link_changes(self._run_links(a, kind), self._run_links(b, kind), kind)

    def link_tally(self, system: int, kind: str) -> ItemTally:
        """A run's link counts of `kind` (the figures' own: BLANC's coreference links, temporal awareness)."""
        return self._run_links(system, kind).tally()

    def tally(self, system: int, combination: str) -> Tally:
        """A run's true positives, misses and false alarms under `combination` (what the changes reconcile)."""
        total = Tally()
        for rows in self.rows(system, combination):
            total = total + tally(rows)
        return total

    def mcnemar(self, a: int, b: int, combination: str) -> McNemar:
        """McNemar's exact test on the gold mentions right (exact under `combination`) in one run only:
        broken by b (right in a only) against fixed by b (right in b only)."""
        counts = case_counts(self.cases(a, b, combination))
        return mcnemar_counts(counts[CaseKind.BROKEN], counts[CaseKind.FIXED])

    def below_threshold(self, threshold: float) -> list[BelowThreshold]:
        """Counted documents whose P or R is below `threshold` (an undefined P counts as 0), per run
        and combination, in run, document and combination order."""
        out = []
        for index, system in enumerate(self.systems):
            for doc in system.result.documents:
                if not doc.counted:
                    continue
                for c in COMBINATIONS:
                    s = doc.scores[c]
                    precision = 0.0 if s.num_system == 0 else s.precision
                    if precision < threshold or s.recall < threshold:
                        out.append(BelowThreshold(index, doc.doc_id, c, s))
        return out


def system_names(paths: Sequence[str]) -> list[str]:
    """Short unique names: the file name without `.tbf`; a repeated name gets ` (2)`, ` (3)`, ..."""
    names = []
    seen: dict[str, int] = {}
    for path in paths:
        base = os.path.basename(path)
        base = base[:-4] if base.lower().endswith(".tbf") and len(base) > 4 else base
        seen[base] = seen.get(base, 0) + 1
        names.append(base if seen[base] == 1 else f"{base} ({seen[base]})")
    return names


def all_pairs(count: int) -> list[tuple[int, int]]:
    """Every (a, b) with a before b in the order the runs were given."""
    return [(a, b) for a in range(count) for b in range(a + 1, count)]


def _document_deltas(a: ScoreResult, b: ScoreResult, combination: str) -> tuple[DocumentDelta, ...]:
    out = []
    for doc_a, doc_b in zip(a.documents, b.documents, strict=True):
        sa, sb = doc_a.scores[combination], doc_b.scores[combination]
        delta = comparable_f1(sb) - comparable_f1(sa)
        out.append(DocumentDelta(doc_a.doc_id, doc_a.counted, sa.f1, sb.f1, delta, mark_of(delta)))
    return tuple(out)


def compare_results(
    results: Sequence[ScoreResult],
    *,
    names: Sequence[str] | None = None,
    pairs: Sequence[tuple[int, int]] | None = None,
    settings: ResampleSettings = DEFAULT_SETTINGS,
    warnings: Sequence[str] = (),
    correction: str = DEFAULT_CORRECTION,
    interval: str = "percentile",
    topics: Mapping[str, str] | None = None,
    files: tuple[TbfFile, Sequence[TbfFile]] | None = None,
    whitelisted: bool = False,
    sequencing_of: SequencingOf | None = None,
    cross_topics: Mapping[str, str] | None = None,
) -> Comparison:
    """Compare runs already scored against the same gold file (same documents).

    `pairs` defaults to every pair in the given order; `names` to `system_names` of the paths. One set
    of resamples serves every run, pair and combination. `correction` ("holm", "bh", "none") adjusts each
    figure's randomization p over the pairs; `interval` ("percentile", "bca") shapes `figures`' intervals.
    `topics` (document id -> topic) makes topics the resampled unit: a topic's documents are drawn together.
    `files` (the gold and the runs' tbf files, as scored) adds the coreference and sequencing figures the
    gold file has links for (`relations.relation_figures`; `whitelisted`: a type white list was applied;
    `sequencing_of`: `evmeval.sequencing.scoring.published_awareness`, for the sequencing figures;
    `cross_topics`: document id -> topic, for the cross-document coreference figures, topics resampled).
    """
    if not results:
        raise ValueError("nothing to compare")
    names = list(names) if names is not None else system_names([r.system_path for r in results])
    pairs = list(pairs) if pairs is not None else all_pairs(len(results))
    counts = [Counts.from_result(r, c) for r in results for c in COMBINATIONS]

    def at(system: int, combination: int) -> int:
        return system * len(COMBINATIONS) + combination

    test_pairs = [(at(a, k), at(b, k)) for a, b in pairs for k in range(len(COMBINATIONS))]
    groups = None if topics is None else topic_groups(results[0], topics)
    intervals, tests = significance_tests(counts, test_pairs, settings, groups)
    adjusted = _adjusted_f1(tests, len(pairs), correction)
    # each run's span F1 against its F1 with each attribute, in the same draws (a pair's draws do not
    # depend on the other pairs): the bottlenecks' intervals
    gap_pairs = [(at(i, COMBINATIONS.index("plain")), at(i, COMBINATIONS.index(c)))
                 for i in range(len(results)) for c in ATTRIBUTE_GAPS]
    figures = resample([mention_family(c) for c in counts], [*test_pairs, *gap_pairs], settings=settings,
                       interval=interval, groups=groups)
    figure_tests = _adjusted_figures(figures.tests[:len(test_pairs)], len(pairs), correction)
    gaps = [_gap_interval(t, r) for t, r in zip(figures.tests[len(test_pairs):],
                                                 (r for r in results for _ in ATTRIBUTE_GAPS), strict=True)]
    relations = RelationFigures() if files is None else relation_figures(
        results, files[0], files[1], pairs, settings=settings, correction=correction, interval=interval,
        topics=topics, whitelisted=whitelisted, sequencing_of=sequencing_of, cross_topics=cross_topics)
    systems = tuple(
        SystemScores(name, r, {c: intervals[at(i, k)] for k, c in enumerate(COMBINATIONS)},
                     {c: figures.intervals[at(i, k)] for k, c in enumerate(COMBINATIONS)},
                     relations.intervals[i] if relations.intervals else {},
                     dict(zip(ATTRIBUTE_GAPS, gaps[i * len(ATTRIBUTE_GAPS):], strict=False)))
        for i, (name, r) in enumerate(zip(names, results, strict=True)))
    pair_results = []
    for n, (a, b) in enumerate(pairs):
        pair_tests = {c: adjusted[n * len(COMBINATIONS) + k] for k, c in enumerate(COMBINATIONS)}
        pair_figures = {c: figure_tests[n * len(COMBINATIONS) + k] for k, c in enumerate(COMBINATIONS)}
        documents = {c: _document_deltas(results[a], results[b], c) for c in COMBINATIONS}
        pair_results.append(PairComparison(a, b, pair_tests, documents, pair_figures,
                                           relations.tests[n] if relations.tests else {}))
    return Comparison(results[0].gold_path, results[0].mode, systems, tuple(pair_results), settings,
                      (*warnings, *relations.warnings), correction, interval,
                      "document" if groups is None else "topic",
                      None if groups is None else int(groups.max()) + 1 if len(groups) else 0, relations.units,
                      _link_inputs=LinkInputs(relations.coreference_runs, relations.sequencing_runs))


def _gap_interval(tests: tuple[FigureTest, ...], result: ScoreResult) -> FigureInterval:
    """Span F1 minus F1 with an attribute, from the paired test of F1(attribute) − F1(span) on one run."""
    f1 = next(t for t in tests if t.figure == "f1")
    if result.micro["plain"].num_system == 0:  # an empty run: no gap, as `SystemScores.bottlenecks`
        nan = float("nan")
        return FigureInterval("f1", nan, nan, nan)
    return FigureInterval("f1", -f1.delta, -f1.ci_high, -f1.ci_low)


def topic_groups(result: ScoreResult, topics: Mapping[str, str]) -> np.ndarray:
    """Each counted document's unit: topics numbered in order of first appearance. Raises `KeyError` with
    the first document id that has no topic."""
    numbers: dict[str, int] = {}
    out = []
    for doc in result.documents:
        if doc.counted:
            out.append(numbers.setdefault(topics[doc.doc_id], len(numbers)))
    return np.array(out, dtype=np.intp)


def _adjusted_f1(tests: Sequence[PairTest], num_pairs: int, correction: str) -> list[PairTest]:
    """Each combination's F1 tests with their randomization p adjusted over the pairs (one family each)."""
    out = list(tests)
    width = len(COMBINATIONS)
    for k in range(width):
        family = [n * width + k for n in range(num_pairs)]
        for n, p in zip(family, adjust([tests[n].p_value_randomization for n in family], correction), strict=True):
            out[n] = replace(tests[n], p_value_adjusted=p)
    return out


def _adjusted_figures(tests: Sequence[tuple[FigureTest, ...]], num_pairs: int,
                      correction: str) -> list[tuple[FigureTest, ...]]:
    """Every (combination, figure)'s tests with their randomization p adjusted over the pairs."""
    out = list(tests)
    width = len(COMBINATIONS)
    for k in range(width):
        family = [n * width + k for n in range(num_pairs)]
        for n, adjusted in zip(family, adjusted_over_pairs([tests[n] for n in family], correction), strict=True):
            out[n] = adjusted
    return out


def compare_files(
    gold: TbfFile,
    systems: Sequence[TbfFile],
    *,
    type_whitelist: Collection[str] | None = None,
    settings: ResampleSettings = DEFAULT_SETTINGS,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    correction: str = DEFAULT_CORRECTION,
    interval: str = "percentile",
    topics: Mapping[str, str] | None = None,
    sequencing_of: SequencingOf | None = None,
    cross_topics: Mapping[str, str] | None = None,
) -> Comparison:
    """Score every run against `gold` as `evmeval-score` does, then compare them (`compare_results`).

    `progress(done, total)` counts scored documents over all runs; `cancelled()` is checked between
    documents (raises `ScoringCancelled`). Each run's scoring warnings are kept, prefixed by its name.
    """
    names = system_names([s.path for s in systems])
    total = len(gold.documents) * len(systems)
    results = []
    warnings: list[str] = []
    for number, (name, system) in enumerate(zip(names, systems, strict=True)):
        done = number * len(gold.documents)
        step = None if progress is None else (lambda k, _n, done=done: progress(done + k, total))
        result = score_files(gold, system, type_whitelist=type_whitelist, progress=step, cancelled=cancelled)
        warnings.extend(f"{name}: {w}" for w in result.warnings)
        results.append(result)
    return compare_results(results, names=names, settings=settings, warnings=warnings, correction=correction,
                           interval=interval, topics=topics, files=(gold, systems),
                           whitelisted=type_whitelist is not None, sequencing_of=sequencing_of,
                           cross_topics=cross_topics)
