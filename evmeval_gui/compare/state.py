"""The Compare mode's data and its one selection, without Qt.

The window compares the systems of the open corpus with `evmeval.compare.runs.compare_results` (every figure
is the core's); this module only adds what the views need on top: which pair and document is shown,
which mentions are selected across the three lanes (system a, gold, system b), the document and case
lists of a pair filtered the way the user asked, and the background work that scores the systems not
scored yet before comparing them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.compare.significance import DEFAULT_SETTINGS, ResampleSettings
from evmeval.io.errors import FormatError
from evmeval.mention.cases import Case, CaseKind
from evmeval.mention.outcomes import MappingRow
from evmeval.mention.scoring import ScoreResult

from evmeval_gui.model.corpus import LoadedCorpus, score_system
from evmeval_gui.model.events import Signal
from evmeval_gui.model.jobs import JobContext

if TYPE_CHECKING:  # the conventions load when the Conventions page is first shown; the comparison's
    # modules when a comparison is first made (not at the window's launch)
    from evmeval.compare.convention_runs import ConventionComparison
    from evmeval.compare.runs import Comparison, DocumentDelta, PairComparison
    from evmeval.compare.seeds import SeedComparison, SeedSystem

ALL_TYPES = ""
"""The type filter value that keeps every type."""


@dataclass(frozen=True)
class CompareSelection:
    """A document and, in it, the selected mentions of each lane (indices into the document's gold,
    system-a and system-b mention tuples). Indices, not ids: two runs may use the same mention ids."""

    doc_id: str | None = None
    gold: frozenset[int] = field(default_factory=frozenset)
    a: frozenset[int] = field(default_factory=frozenset)
    b: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def of_case(cls, case: Case) -> CompareSelection:
        """A case's gold mention with what each run has in its place."""
        return cls.of_rows(case.doc_id, case.row_a, case.row_b)

    @classmethod
    def of_rows(cls, doc_id: str, row_a: MappingRow | None, row_b: MappingRow | None) -> CompareSelection:
        """A gold mention (or a false alarm) with what each run has in its place (a case's, a change's)."""
        def side(row: MappingRow | None) -> frozenset[int]:
            return frozenset() if row is None or row.system_index is None else frozenset({row.system_index})

        gold_row = row_a or row_b
        gold = frozenset() if gold_row is None or gold_row.gold_index is None else frozenset({gold_row.gold_index})
        return cls(doc_id, gold, side(row_a), side(row_b))

    @property
    def empty(self) -> bool:
        """Whether no mention is selected (a document may be)."""
        return not (self.gold or self.a or self.b)

    def selects(self, case: Case) -> bool:
        """Whether `case` is what is selected."""
        return case.doc_id == self.doc_id and CompareSelection.of_case(case) == self


def selection_around(doc_id: str, rows_a: Sequence[MappingRow], rows_b: Sequence[MappingRow], lane: str,
                     index: int) -> CompareSelection:
    """What clicking mention `index` of `lane` ("a", "gold" or "b") selects: the mention, the gold mention
    its run mapped it to (if any) and what the other run has for that gold mention."""
    gold: set[int] = set()
    if lane == "gold":
        gold.add(index)
    else:
        own = rows_a if lane == "a" else rows_b
        row = next((r for r in own if r.system_index == index), None)
        if row is not None and row.gold_index is not None:
            gold.add(row.gold_index)

    def partners(rows: Sequence[MappingRow]) -> frozenset[int]:
        return frozenset(r.system_index for r in rows if r.gold_index in gold and r.system_index is not None)

    a = partners(rows_a) | ({index} if lane == "a" else set())
    b = partners(rows_b) | ({index} if lane == "b" else set())
    return CompareSelection(doc_id, frozenset(gold), frozenset(a), frozenset(b))


def documents_worst_first(pair: PairComparison, combination: str, *, counted_only: bool = True) -> list[DocumentDelta]:
    """The pair's documents, worst regression first (the core's order); by default those that count."""
    return [d for d in pair.regressions_first(combination) if d.counted or not counted_only]


def below_threshold_documents(comparison: Comparison, pair: PairComparison, combination: str,
                              threshold: float) -> dict[str, tuple[str, ...]]:
    """Document id -> the runs of the pair whose P or R is below `threshold` there, by their role ("a", "b":
    as the Pair page names its runs, and short enough for a narrow list), from the core's
    `Comparison.below_threshold`."""
    out: dict[str, list[str]] = {}
    for entry in comparison.below_threshold(threshold):
        if entry.combination == combination and entry.system in (pair.a, pair.b):
            roles = out.setdefault(entry.doc_id, [])
            for role, system in (("a", pair.a), ("b", pair.b)):
                if entry.system == system and role not in roles:
                    roles.append(role)
    return {doc_id: tuple(sorted(roles)) for doc_id, roles in out.items()}


def filter_cases(cases: Iterable[Case], *, kinds: Iterable[CaseKind] | None = None,
                 mention_type: str = ALL_TYPES, doc_id: str | None = None) -> list[Case]:
    """The cases of the chosen kinds (None: all), of one type (ALL_TYPES: any), in one document (None: all)."""
    wanted = set(kinds) if kinds is not None else set(CaseKind)
    return [c for c in cases if c.kind in wanted and (not mention_type or c.mention_type == mention_type)
            and (doc_id is None or c.doc_id == doc_id)]


def case_types(cases: Iterable[Case]) -> list[str]:
    """The types the cases have, sorted (for the type filter)."""
    return sorted({c.mention_type for c in cases if c.mention_type})


def gold_kinds(cases: Iterable[Case], doc_id: str) -> dict[int, CaseKind]:
    """Gold mention index -> its case kind in one document (gold mentions right in both runs: absent)."""
    out: dict[int, CaseKind] = {}
    for case in cases:
        if case.doc_id != doc_id or case.gold is None:
            continue
        row = case.row_a or case.row_b
        if row is not None and row.gold_index is not None:
            out[row.gold_index] = case.kind
    return out


def compare_corpus(corpus: LoadedCorpus, scored: Mapping[int, ScoreResult], context: JobContext, *,
                   settings: ResampleSettings = DEFAULT_SETTINGS, mapping: str = DEFAULT_STRATEGY,
                   topics: str | None = None) -> Comparison:
    """Background work of opening the Compare mode: score the systems not scored yet (as `evmeval-score`
    does), then compare them all with the core; `topics` (a topics file) adds cross-document coreference, as
    `evmeval-compare --cross-document --topics` does."""
    results: list[ScoreResult] = []
    total = len(corpus.inputs)
    for index in range(total):
        context.check()
        result = scored.get(index)
        if result is None:
            result = score_system(corpus, index, cancelled=context.cancelled, status=context.status, mapping=mapping)
        results.append(result)
        context.progress(index + 1, total + 1)
    context.check()
    context.status(f"Comparing {total} systems ({settings.resamples:,} resamples; coreference and sequencing "
                   "when the gold file has such links)…")
    cross = None
    if topics is not None:
        from evmeval.compare.cross_document import topics_of

        cross = topics_of(topics, corpus.gold)
    from evmeval.compare.runs import compare_results

    comparison = compare_results(results, settings=settings, cross_topics=cross,
                                 **relation_inputs(corpus, range(total)))
    context.progress(total + 1, total + 1)
    return comparison


def relation_inputs(corpus: LoadedCorpus, runs: Iterable[int]) -> dict[str, Any]:
    """What `compare_results` needs for the coreference and sequencing figures of these runs, as
    `evmeval-compare` passes them (`compare_files`): the gold and the runs' files as scored, whether a white
    list was applied, and the sequencing scorer."""
    from evmeval.sequencing.scoring import published_awareness

    return {"files": (corpus.gold, [corpus.inputs[i].system for i in runs]),
            "whitelisted": corpus.white_list_types is not None, "sequencing_of": published_awareness}


def corpus_conventions(corpus: LoadedCorpus) -> tuple[str, ...]:
    """The conventions the Conventions page offers: those the library compares the open event corpus's runs
    under (`compared_conventions`); none for a tbf corpus or a single run."""
    if not corpus.events or len(corpus.inputs) < 2:
        return ()
    from evmeval.compare.convention_runs import compared_conventions

    first = corpus.events[0]
    return compared_conventions(first.format, strings_given=first.grounding is not None)


def compare_under(corpus: LoadedCorpus, convention: str, context: JobContext, *,
                  settings: ResampleSettings = DEFAULT_SETTINGS,
                  options: tuple[tuple[str, str], ...] | None = None) -> ConventionComparison | FormatError:
    """Background work of the Conventions page: the corpus's files compared under `convention` by the library's
    one function (`evmeval-compare --convention`'s), the runs named as that command names them, with the
    convention's options among `options` (`OpenRequest.options`' form; None: the request's); bad input (or
    an option the convention refuses) is returned, to be said on the page."""
    from evmeval.compare.convention_runs import compare_convention, run_names
    from evmeval.conventions.cli import read_input
    from evmeval.conventions.options import options_for, options_from

    request = corpus.request
    context.status(f"Comparing {len(request.systems)} runs under {convention} ({settings.resamples:,} resamples)…")
    cache: dict[str, bytes] = {}
    try:
        gold = read_input(request.gold, cache)
        systems = [read_input(path, cache) for path in request.systems]
        given = options_from(dict(request.options if options is None else options), request.grounding)
        return compare_convention(convention, gold, systems, options=options_for(convention, given),
                                  names=run_names(request.systems), settings=settings, progress=context.progress,
                                  cancelled=context.cancelled)
    except FormatError as exc:
        return exc
    except ValueError as exc:
        return FormatError(request.gold, 0, str(exc), "")


def seed_pair(seeds: SeedComparison | None, a: int, b: int) -> tuple[SeedSystem, SeedSystem] | None:
    """The systems (seeds) runs a and b belong to, when they are two different ones (None otherwise)."""
    if seeds is None:
        return None
    of = {run: s for s in seeds.systems for run in s.runs}
    if a not in of or b not in of or of[a] == of[b]:
        return None
    return of[a], of[b]


def argument_rows(corpus: LoadedCorpus | None) -> tuple[str, ...]:
    """The argument rows whose changes the Changes tab offers: a TextEE or DyGIE++ corpus's (their
    conventions name each argument by role, span and trigger); none for other corpora."""
    from evmeval.conventions.argument_changes import ARGUMENT_CONVENTIONS, ARGUMENT_ROWS

    if corpus is None or not corpus.events or corpus.events[0].format not in ARGUMENT_CONVENTIONS:
        return ()
    return tuple(ARGUMENT_ROWS)


def trigger_rows(corpus: LoadedCorpus | None) -> tuple[str, ...]:
    """The trigger rows whose changes the Changes tab offers: an event corpus's whose convention (its format's)
    has per-occurrence outcomes (TextEE, DyGIE++); none for other corpora."""
    from evmeval.compare.convention_runs import has_trigger_changes
    from evmeval.conventions.trigger_changes import TRIGGER_ROWS

    if corpus is None or not corpus.events or not has_trigger_changes(corpus.events[0].format):
        return ()
    return tuple(TRIGGER_ROWS)


def corpus_event_changes(corpus: LoadedCorpus, a: int, b: int, context: JobContext) -> dict[str, tuple[object, ...]]:
    """Background work of the Changes tab's trigger and argument kinds: for every row `trigger_rows` and
    `argument_rows` offer, the items whose outcome changed from run a to run b, as `evmeval-compare --convention`
    lists them. One job for all of them: the files are read again (outcomes need them), which is most of the time."""
    from evmeval.conventions import REGISTRY
    from evmeval.conventions.argument_changes import argument_changes, run_arguments
    from evmeval.conventions.base import Input
    from evmeval.conventions.trigger_changes import run_triggers, trigger_changes
    from evmeval.io.reading import read_bytes

    outcomes = REGISTRY[corpus.events[0].format].outcomes
    assert outcomes is not None, "argument_rows and trigger_rows offer only conventions with outcomes"
    triggers, arguments = trigger_rows(corpus), argument_rows(corpus)
    request = corpus.request
    total = 3
    context.status(f"Finding what changed from {os.path.basename(request.systems[a])} to "
                   f"{os.path.basename(request.systems[b])} (reading the files again)…")
    context.progress(0, total)
    gold = Input(request.gold, read_bytes(request.gold))
    runs = []
    for step, path in enumerate((request.systems[a], request.systems[b]), start=1):
        context.check()
        runs.append(outcomes(gold, Input(path, read_bytes(path))))
        context.progress(step, total)
    found: dict[str, tuple[object, ...]] = {}
    if triggers:
        trigger_runs = run_triggers(runs[0]), run_triggers(runs[1])
        for row in triggers:
            context.check()
            found[row] = trigger_changes(*trigger_runs, row)
    if arguments:
        argument_runs = run_arguments(runs[0]), run_arguments(runs[1])
        for row in arguments:
            context.check()
            found[row] = argument_changes(*argument_runs, row)
    context.progress(total, total)
    return found


def seed_view(comparison: Comparison) -> SeedComparison | None:
    """The runs grouped into systems by the core's naming rule (`seed_groups`: `tagger_seed1`,
    `tagger_seed2`, …) and compared as systems; None when no two runs share a name stem."""
    from evmeval.compare.seeds import compare_seeds, seed_groups

    groups = seed_groups([s.name for s in comparison.systems])
    if all(len(g.runs) < 2 for g in groups):
        return None
    return compare_seeds(comparison, groups)


class CompareState:
    """What the Compare mode shows: the comparison, the pair (a, b), and the one selection.

    Signals: `comparison_changed()`, `pair_changed((a, b))`, `selection_changed(CompareSelection)`,
    `cases_ready((a, b, combination))`, `changes_ready(key)`, `changes_cancelled(key)` (a `ChangeKey`).
    """

    def __init__(self) -> None:
        self.comparison_changed = Signal("comparison_changed")
        self.pair_changed = Signal("pair_changed")
        self.selection_changed = Signal("selection_changed")
        self.cases_ready = Signal("cases_ready")
        self.changes_ready = Signal("changes_ready")
        self.changes_cancelled = Signal("changes_cancelled")
        self.comparison: Comparison | None = None
        self.seeds: SeedComparison | None = None
        """The runs grouped into systems (`seed_view`), when some share a name stem."""
        self.pair: tuple[int, int] = (0, 1)
        self.selection = CompareSelection()
        self.extra_pairs: dict[tuple[int, int], PairComparison] = {}

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.comparison.systems] if self.comparison is not None else []

    def set_comparison(self, comparison: Comparison | None, *, pair: tuple[int, int] = (0, 1),
                       seeds: SeedComparison | None = None) -> None:
        self.comparison = comparison
        self.seeds = seeds
        self.extra_pairs = {}
        count = len(comparison.systems) if comparison is not None else 0
        self.pair = pair if valid_pair(pair, count) else (0, 1)
        self.selection = CompareSelection()
        self.comparison_changed.emit()
        self.pair_changed.emit(self.pair)
        self.selection_changed.emit(self.selection)

    def set_pair(self, a: int, b: int) -> None:
        """Compare run b against run a (any two different runs, either order)."""
        if self.comparison is None or (a, b) == self.pair or not valid_pair((a, b), len(self.comparison.systems)):
            return
        self.pair = (a, b)
        self.pair_changed.emit(self.pair)
        self.select(CompareSelection(self.selection.doc_id))

    def pair_comparison(self) -> PairComparison | None:
        """The core's comparison of the current pair; None while a reversed pair (a given after b) is
        still being computed (see `reversed_pair`)."""
        if self.comparison is None:
            return None
        try:
            return self.comparison.pair(*self.pair)
        except KeyError:
            return self.extra_pairs.get(self.pair)

    def add_pair(self, pair: PairComparison) -> None:
        """A reversed pair computed in the background: shown if it is still the current one."""
        self.extra_pairs[(pair.a, pair.b)] = pair
        if (pair.a, pair.b) == self.pair:
            self.pair_changed.emit(self.pair)

    def select(self, selection: CompareSelection) -> None:
        if selection == self.selection:
            return
        self.selection = selection
        self.selection_changed.emit(selection)

    def select_document(self, doc_id: str | None) -> None:
        if doc_id != self.selection.doc_id:
            self.select(CompareSelection(doc_id))


def valid_pair(pair: tuple[int, int], count: int) -> bool:
    a, b = pair
    return 0 <= a < count and 0 <= b < count and a != b


def reversed_pair(comparison: Comparison, a: int, b: int) -> PairComparison:
    """Run b against run a when the core compared them the other way round (it compares each pair
    once, earlier run first): the core's tests run on (a, b) alone. A pair's figures do not depend on
    which other runs are compared with the same settings (`evmeval.compare.significance`), so these are
    exactly what `evmeval-compare -s A -s B` reports."""
    from evmeval.compare.runs import PairComparison, compare_results

    runs = [comparison.systems[a], comparison.systems[b]]
    core_pair = compare_results([r.result for r in runs], names=[r.name for r in runs],
                                settings=comparison.settings).pairs[0]
    return PairComparison(a, b, core_pair.tests, core_pair.documents)


Work = Callable[[LoadedCorpus, Mapping[int, ScoreResult], JobContext], "Comparison"]
