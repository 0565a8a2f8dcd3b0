"""Everything the window shows, in one observable object: inputs, results, combination, selection.

No Qt: views read from the session and listen to its signals (`evmeval_gui.model.events.Signal`);
user actions go through its methods. The session asks `evmeval` for every number (it never scores
anything itself) and runs loading and scoring through a `Runner` (the window's one Qt `JobRunner`, or
`ImmediateRunner` without a window), which calls back on the thread that owns the session.

Signals: `loading_started(label)`, `corpus_loaded()`, `load_failed(problem)`, `scoring_finished()`,
`combination_changed(name)`, `system_changed(index)`, `selection_changed(Selection)`,
`filter_changed(ChartFilter | None)`, `mapping_changed(name)` (the mapping strategy, see `set_mapping`),
`result_edited(doc_ids)` (an edit rescored some documents: `edit_delta` holds the before → after
figures until the edits are saved or reverted), `first_document_shown(FirstDocument | None)` (a document
is shown while its corpus is still being scored, see `open`; None: it was withdrawn, the load failed or
was cancelled).

The session is becoming a composition of small parts that announce their own changes: `view`
(`model.view_options.ViewOptions`: the combination and the chart filter) and `current`
(`model.selection_state.SelectionState`: the selection), whose signals the session hands on. A
feature's state is not among them: the window builds it beside the session.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

from evmeval.align.strategies import DEFAULT_STRATEGY, mapping_strategy
from evmeval.editing.session import ScoreDelta
from evmeval.io.errors import FormatError, Problem
from evmeval.mention.outcomes import MappingRow, mapping_rows
from evmeval.mention.scoring import DocumentResult, ResultKind, ScoreResult
from evmeval.mention.type_names import SpellingCache, TypeNames
from evmeval.model import SpanMode

from evmeval_gui.model import collector
from evmeval_gui.model.corpus import LoadedCorpus, OpenRequest, load_and_score, score_system
from evmeval_gui.model.doctext import (
    DocumentMarks,
    DocumentText,
    document_marks,
    error_rows_in_order,
    read_document_text,
    row_position,
    with_mentions,
)
from evmeval_gui.model.events import Signal
from evmeval_gui.model.filters import ChartFilter
from evmeval_gui.model.find import find_next
from evmeval_gui.model.first_document import FirstDocument, first_document
from evmeval_gui.model.jobs import MAIN, JobContext, Runner
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.selection_state import SelectionState
from evmeval_gui.model.view_options import ViewOptions

Loader = Callable[[OpenRequest, int, JobContext], "tuple[LoadedCorpus, ScoreResult]"]
"""Work function that opens a corpus and scores one of its systems (replaceable in tests)."""

_TEXT_CACHE = 48
FIRST_PAINT_WAIT_S = 0.5
"""How long the corpus load waits for the first document's paint (a hidden window never paints)."""
_ROWS_CACHE = 256


def default_loader(request: OpenRequest, system_index: int, context: JobContext, *,
                   mapping: str = DEFAULT_STRATEGY,
                   preread: dict[str, bytes] | None = None) -> tuple[LoadedCorpus, ScoreResult]:
    """Read and score with the core functions, reporting through the job context."""
    return load_and_score(request, system_index, progress=context.progress, cancelled=context.cancelled,
                          status=context.status, mapping=mapping, preread=preread)


def problem_of(exc: BaseException, request: OpenRequest | None = None) -> Problem:
    """The `Problem` to show for a failure: the format error's own, or the exception in words."""
    if isinstance(exc, FormatError):
        return exc.problem
    path = request.gold if request is not None else ""
    return Problem(path, 0, f"unexpected {type(exc).__name__}: {exc}", "")


class _LRU(OrderedDict):
    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def put(self, key: object, value: object) -> None:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


class Session:
    """The loaded corpus, its results per system, the chosen combination, the one selection and filter."""

    def __init__(self, runner: Runner, *, loader: Loader | None = None) -> None:
        self.loading_started = Signal("loading_started")
        self.corpus_loaded = Signal("corpus_loaded")
        self.load_failed = Signal("load_failed")
        self.scoring_finished = Signal("scoring_finished")
        self.system_changed = Signal("system_changed")
        self.mapping_changed = Signal("mapping_changed")
        self.type_filter_requested = Signal("type_filter_requested")
        """(canonical type | None): a context menu's "Filter to this type"; the mapping table follows it."""
        self.charts_requested = Signal("charts_requested")
        """(what: "type" | "document", key): a context menu's "Show in charts"; the window shows the charts."""
        self.result_edited = Signal("result_edited")
        self.first_document_shown = Signal("first_document_shown")
        self.view = ViewOptions()
        """The attribute combination and the chart filter every view shows (its signals are handed on)."""
        self.combination_changed = self.view.combination_changed
        self.filter_changed = self.view.filter_changed
        self.current = SelectionState()
        """The selection (its signals are handed on: `selecting` just before a change, `selection_changed`)."""
        self.selection_changed = self.current.selection_changed
        self.selecting = self.current.selecting
        self.edit_delta: ScoreDelta | None = None
        """Before → after figures of unsaved edits (set by the editing layer, None when nothing is edited)."""
        self.runner = runner
        self.loader: Loader = loader or default_loader
        self.corpus: LoadedCorpus | None = None
        self.request: OpenRequest | None = None
        self.system_index = 0
        self.mapping = DEFAULT_STRATEGY
        """The mapping strategy the next scoring uses (`result.mapping` is the one the shown result used)."""
        self.last_problem: Problem | None = None
        self.roles: tuple[str, str] | None = None
        """Agreement mode: the annotators in the gold and the system role of what is shown (else None)."""
        self._results: dict[int, ScoreResult] = {}
        self._scored: dict[tuple[int, str], ScoreResult] = {}
        """Every result of the corpus made so far, by (system index, mapping strategy)."""
        self._texts: _LRU = _LRU(_TEXT_CACHE)
        self._rows: _LRU = _LRU(_ROWS_CACHE)
        self._type_names: tuple[ScoreResult, TypeNames] | None = None
        self._spellings = SpellingCache()  # an edit's result shares all but one document with the last
        self.first: FirstDocument | None = None
        """The document shown while the corpus being opened is scored (`open`); None otherwise."""
        self.show_first_document = False
        """Whether `open` shows a first document before the corpus is scored: a window that sets
        `first_painted` once it painted it turns this on (without one the load would wait for nothing)."""
        self.first_painted = threading.Event()
        """Set by the window once the first document is on screen: the corpus load starts then (a
        worker thread would otherwise share the interpreter with that paint and slow it)."""

    # -- state ------------------------------------------------------------------------------------

    @property
    def result(self) -> ScoreResult | None:
        """The result of the current system, once scored."""
        return self._results.get(self.system_index)

    @property
    def loaded(self) -> bool:
        return self.corpus is not None and self.result is not None

    def scored_results(self) -> dict[int, ScoreResult]:
        """The systems of the corpus scored so far with the chosen mapping, by index (the Compare mode
        scores the others)."""
        return {k: r for k, r in self._results.items() if r.mapping == self.mapping}

    @property
    def type_names(self) -> TypeNames:
        """How to show each canonical type of the current result: as first written (`evmeval.mention.type_names`)."""
        result = self.result
        if result is None:  # while scoring: the first document's types as the whole files spell them
            return self.first.type_names if self.first is not None else TypeNames()
        if self._type_names is None or self._type_names[0] is not result:
            self._type_names = (result, self._spellings.type_names(result.documents))
        return self._type_names[1]

    def type_name(self, canonical: str) -> str:
        """One canonical type as first written in the files."""
        return self.type_names.name(canonical)

    @property
    def scoring_corpus(self) -> bool:
        """Whether a first document is shown while its corpus is still being read and scored."""
        return self.first is not None

    def doc_result(self, doc_id: str) -> DocumentResult | None:
        result = self.result
        if result is None:
            first = self.first
            return first.document if first is not None and first.doc_id == doc_id else None
        try:
            return result.document(doc_id)
        except KeyError:
            return None

    # -- opening ----------------------------------------------------------------------------------

    def open(self, request: OpenRequest, *, doc_id: str | None = None, system_index: int = 0) -> None:
        """Read and score `request` in the background; the current corpus stays until it succeeds.

        With nothing shown yet, one document (`doc_id`, else the gold file's first) is read and scored
        on its own first and shown at once (`first_document_shown`), while the corpus loads; the corpus
        result then takes its place, keeping the selection."""
        label = f"Opening {request.name}"
        self.loading_started.emit(label)

        mapping = self.mapping
        first = self._show_first(request, system_index, doc_id)
        preread = first.preread if first is not None else None

        def work(context: JobContext) -> tuple[LoadedCorpus, ScoreResult]:
            if first is not None:
                self.first_painted.wait(FIRST_PAINT_WAIT_S)
                context.check()
            if self.loader is default_loader:
                return default_loader(request, system_index, context, mapping=mapping, preread=preread)
            corpus, result = self.loader(request, system_index, context)
            if result.mapping != mapping and result.kind is ResultKind.SCORING:
                result = score_system(corpus, system_index, mapping=mapping, cancelled=context.cancelled)
            return corpus, result

        def done(value: tuple[LoadedCorpus, ScoreResult]) -> None:
            corpus, result = value
            self.roles = None
            self._install(corpus, result, system_index, doc_id)

        def failed(exc: BaseException) -> None:
            self._withdraw_first()
            self.last_problem = problem_of(exc, request)
            self.load_failed.emit(self.last_problem)

        self.runner.submit(label, work, done, on_error=failed, on_cancelled=self._withdraw_first)

    def _show_first(self, request: OpenRequest, system_index: int, doc_id: str | None) -> FirstDocument | None:
        """Show one document before the corpus is scored (see `open`), when nothing is shown and the
        core's usual loader runs; the bytes it read go on to the corpus load."""
        self._withdraw_first()  # a first document of an earlier open that is still loading
        if not self.show_first_document or self.corpus is not None or self.loader is not default_loader:
            return None
        try:
            first = first_document(request, system_index, doc_id=doc_id, mapping=self.mapping)
        except FormatError:
            return None  # the corpus load words it, as always
        if first is None:
            return None
        self.first = first
        self.first_painted.clear()
        self.selection = Selection(first.doc_id)
        self.first_document_shown.emit(first)
        if self.first is first and self.selection.doc_id == first.doc_id:
            self.selection_changed.emit(self.selection)
        return first

    def _withdraw_first(self) -> None:
        """The corpus of the first document will not come (failed, cancelled): stop showing it."""
        if self.first is None:
            return
        self.first = None
        self._texts.clear()
        self._rows.clear()
        self.selection = Selection()
        self.first_document_shown.emit(None)
        self.selection_changed.emit(self.selection)

    def reload(self) -> None:
        """Read the files again and rescore (F5), keeping the document and the combination."""
        if self.request is None:
            return
        self.open(self.request, doc_id=self.selection.doc_id, system_index=self.system_index)

    def cancel(self) -> None:
        self.runner.cancel()

    # -- chart filters ----------------------------------------------------------------------------

    @property
    def selection(self) -> Selection:
        """What the user is looking at (`current.selection`)."""
        return self.current.selection

    @selection.setter
    def selection(self, selection: Selection) -> None:
        self.current.put(selection)  # announced by whoever sets it, after what it belongs to

    @property
    def combination(self) -> str:
        """The attribute combination every view shows (`view.combination`)."""
        return self.view.combination

    @property
    def filter(self) -> ChartFilter | None:
        """The chart filter in force (`view.filter`)."""
        return self.view.filter

    def set_filter(self, chart_filter: ChartFilter | None) -> None:
        """Show only what a chart asked for (None: everything again); views follow `filter_changed`."""
        self.view.set_filter(chart_filter)

    # -- other work and ready-made comparisons (the Agreement mode) ---------------------------------

    def run_job(self, label: str, work: Callable[[JobContext], object], on_done: Callable[[object], None],
                *, path: str = "", key: str = MAIN) -> None:
        """Run other background work like opening a corpus: same error dialog (`load_failed(problem)`),
        and on the main key the same progress bar and Cancel button (`loading_started`). Work that must
        not supersede the main job, nor be superseded by it (e.g. sequencing after scoring, while the
        compare mode compares), runs under its own `key`."""
        if key == MAIN:
            self.loading_started.emit(label)

        def failed(exc: BaseException) -> None:
            self.last_problem = problem_of(exc)
            if not isinstance(exc, FormatError) and path:
                self.last_problem = Problem(path, 0, self.last_problem.message, "")
            self.load_failed.emit(self.last_problem)

        self.runner.submit(label, work, on_done, on_error=failed, key=key)

    def show_comparison(self, corpus: LoadedCorpus, result: ScoreResult, *, roles: tuple[str, str],
                        doc_id: str | None = None) -> None:
        """Show a comparison computed elsewhere (two annotators, `roles` = who is in the gold and the
        system role) in every view, as if it had been opened; nothing runs in the background."""
        self.roles = roles
        self._install(corpus, result, 0, doc_id)

    def _install(self, corpus: LoadedCorpus, result: ScoreResult, system_index: int, doc_id: str | None) -> None:
        first, self.first = self.first, None
        kept = self._texts.get(first.doc_id) if first is not None else None
        with collector.swapping():  # the previous corpus may be collected, this one stays (see collector)
            self.corpus = corpus
            self.request = corpus.request
            self.system_index = min(system_index, len(corpus.inputs) - 1)
            self._results = {self.system_index: result}
            self._scored = {(self.system_index, result.mapping): result}
            self.clear_caches()
        if first is not None and kept is not None:
            self._texts.put(first.doc_id, kept)  # the same files, the same mentions: the text stays
        self.edit_delta = None
        self.last_problem = None
        # the first document's selection (the user may have clicked in it meanwhile) carries over
        kept_selection = self.selection if first is not None and self.selection.doc_id is not None else None
        self._announce(doc_id, corpus_changed=True, selection=kept_selection)

    def show_loaded(self, corpus: LoadedCorpus, result: ScoreResult, *, doc_id: str | None = None) -> None:
        """Show a corpus built elsewhere (a new document from scratch) as if it had been opened."""
        self.roles = None
        self._install(corpus, result, 0, doc_id)

    def show_edited(self, result: ScoreResult, delta: ScoreDelta | None, doc_ids: Sequence[str],
                    corpus: LoadedCorpus | None = None) -> None:
        """An edit rescored `doc_ids` (`evmeval.editing.EditSession.apply`): the new result (and `corpus`,
        holding the edited files) replaces the current one, their cached texts and rows are dropped, and
        the views follow `result_edited`."""
        if corpus is not None:
            self.corpus = corpus
        self._results[self.system_index] = result
        # results under other mappings were scored from the files, not the edited annotation: forgotten
        self._scored = {k: v for k, v in self._scored.items() if k[0] != self.system_index}
        self._scored[(self.system_index, result.mapping)] = result
        for doc_id in doc_ids:
            text = self._texts.pop(doc_id, None)
            doc = result.document(doc_id) if text is not None and self.corpus is not None else None
            kept = with_mentions(text, doc.gold, doc.system) if text is not None and doc is not None else None
            if kept is not None and self.corpus is not None and self.corpus.mode is SpanMode.TOKEN:
                self._texts.put(doc_id, kept)  # the same words: only the mentions are placed again
            for key in [k for k in self._rows if k[1] == doc_id]:
                del self._rows[key]
        self.edit_delta = delta if delta is not None and delta.changed else None
        self.result_edited.emit(tuple(doc_ids))

    def _announce(self, doc_id: str | None, *, corpus_changed: bool, selection: Selection | None = None) -> None:
        """Tell the views: new corpus and/or result, then the selection (a listener may have moved it);
        `selection` is kept when its document is in the new result."""
        if selection is not None and selection.doc_id is not None and self.doc_result(selection.doc_id) is not None:
            doc_id = selection.doc_id
        else:
            selection = Selection(doc_id if doc_id is not None and self.doc_result(doc_id) is not None else None)
        self.selection = selection
        if corpus_changed:
            self.corpus_loaded.emit()
        else:
            self.system_changed.emit(self.system_index)
        self.scoring_finished.emit()
        if self.selection is selection:
            self.selection_changed.emit(selection)

    def set_system(self, index: int) -> None:
        """Show another system of the corpus; scores it in the background the first time."""
        if self.corpus is None or not 0 <= index < len(self.corpus.inputs) or index == self.system_index:
            return
        corpus = self.corpus
        known = self._scored.get((index, self.mapping))
        if known is not None:
            self._results[index] = known
            self._switch_system(index)
            return
        label = f"Scoring {corpus.system_names[index]}"
        mapping = self.mapping

        def work(context: JobContext) -> ScoreResult:
            return score_system(corpus, index, progress=context.progress, cancelled=context.cancelled,
                                status=context.status, mapping=mapping)

        def done(result: ScoreResult) -> None:
            if self.corpus is corpus:
                self._results[index] = result
                self._scored[(index, result.mapping)] = result
                self._switch_system(index)

        def failed(exc: BaseException) -> None:
            self.last_problem = problem_of(exc, corpus.request)
            self.load_failed.emit(self.last_problem)

        self.loading_started.emit(label)
        self.runner.submit(label, work, done, on_error=failed)

    def _switch_system(self, index: int) -> None:
        with collector.swapping():  # the new result stays too (see _install)
            self.system_index = index
            self.clear_caches()
        self._announce(self.selection.doc_id, corpus_changed=False)

    def set_combination(self, name: str) -> None:
        """Choose the attribute combination every view shows."""
        self.view.set_combination(name)

    def set_mapping(self, name: str) -> None:
        """Choose the mapping strategy (`evmeval.align.strategies`) and rescore the shown system with it in
        the background (at once when it was scored so before); every view follows `scoring_finished`.
        A cancelled or failed rescoring puts the choice back to the shown result's strategy."""
        mapping_strategy(name)  # ValueError naming the valid ones
        if name == self.mapping:
            return
        self.mapping = name
        self.mapping_changed.emit(name)
        corpus, shown = self.corpus, self.result
        if corpus is None or shown is None or self.roles is not None or shown.mapping == name:
            return
        index = self.system_index
        known = self._scored.get((index, name))
        if known is not None:
            self._show_mapping(index, known)
            return
        label = f"Rescoring with the {name} mapping"

        def work(context: JobContext) -> ScoreResult:
            return score_system(corpus, index, progress=context.progress, cancelled=context.cancelled,
                                status=context.status, mapping=name)

        def done(result: ScoreResult) -> None:
            if self.corpus is corpus and self.system_index == index:
                self._scored[(index, name)] = result
                if self.mapping == name:
                    self._show_mapping(index, result)

        def undo() -> None:
            if self.mapping == name and self.result is not None:
                self.mapping = self.result.mapping
                self.mapping_changed.emit(self.mapping)

        def failed(exc: BaseException) -> None:
            undo()
            self.last_problem = problem_of(exc, corpus.request)
            self.load_failed.emit(self.last_problem)

        self.loading_started.emit(label)
        self.runner.submit(label, work, done, on_error=failed, on_cancelled=undo)

    def _show_mapping(self, index: int, result: ScoreResult) -> None:
        """Show `result` (another strategy's) for the current system; other systems are rescored on demand."""
        with collector.swapping():
            self._results = {index: result}
            self.clear_caches()
        self._announce(self.selection.doc_id, corpus_changed=False)

    def scored(self, index: int, mapping: str) -> ScoreResult | None:
        """The result of system `index` under `mapping`, if it was made already."""
        return self._scored.get((index, mapping))

    def remember(self, index: int, result: ScoreResult) -> None:
        """Keep a result made elsewhere for this corpus (the mapping-differences view scores every strategy)."""
        if self.corpus is not None and result.kind is ResultKind.SCORING:
            self._scored[(index, result.mapping)] = result

    # -- selection --------------------------------------------------------------------------------

    def select(self, selection: Selection) -> None:
        """Make `selection` the window's selection; every view follows."""
        self.current.select(selection)

    def select_document(self, doc_id: str | None) -> None:
        """Show a document with nothing selected in it (unless it is already shown)."""
        if doc_id == self.selection.doc_id:
            return
        self.select(Selection(doc_id))

    # -- per document -----------------------------------------------------------------------------

    def clear_caches(self) -> None:
        """Forget the document texts and mapping rows built so far (they are rebuilt on demand)."""
        self._texts.clear()
        self._rows.clear()

    def rows(self, doc_id: str, combination: str | None = None) -> list[MappingRow]:
        """The mapping table of a document (cached), from `evmeval.mention.outcomes.mapping_rows`."""
        combination = combination or self.combination
        key = (self.system_index, doc_id, combination)
        cached = self._rows.get(key)
        if cached is None:
            doc = self.doc_result(doc_id)
            events = self.corpus.events if self.corpus is not None else ()  # string predictions placed nowhere:
            unplaced = events[self.system_index].unplaced_rows(doc_id) if 0 <= self.system_index < len(events) else ()
            cached = (mapping_rows(doc, combination) if doc is not None else []) + list(unplaced)  # rows, last
            self._rows.put(key, cached)
        return cached

    def marks(self, doc_id: str, combination: str | None = None) -> DocumentMarks | None:
        doc = self.doc_result(doc_id)
        if doc is None:
            return None
        combination = combination or self.combination
        return document_marks(doc, combination, self.rows(doc_id, combination))

    def document_text(self, doc_id: str) -> DocumentText | None:
        """The document's text with its mentions placed (cached); reads token table and text lazily."""
        cached = self._texts.get(doc_id)
        if cached is not None:
            self._texts.move_to_end(doc_id)
            return cached
        doc = self.doc_result(doc_id)
        if doc is None:
            return None
        if self.corpus is not None:
            inputs = self.corpus.inputs[self.system_index]
        elif self.first is not None:
            inputs = self.first.corpus.inputs[0]
        else:
            return None
        # The core's sources keep the last few documents' tables and texts only: memory stays flat.
        built = read_document_text(inputs, doc_id, doc.gold, doc.system)
        self._texts.put(doc_id, built)
        return built

    # -- navigation -------------------------------------------------------------------------------

    def _current_row_index(self, marks: DocumentMarks) -> int | None:
        for number, row in enumerate(marks.rows):
            if self.selection.matches(row):
                return number
        return None

    def _error_order(self, doc_id: str) -> tuple[DocumentMarks, list[int], list[tuple[tuple, int]]] | None:
        """The document's marks, its error rows in reading order, and (reading-order key, row) of each."""
        marks, text = self.marks(doc_id), self.document_text(doc_id)
        if marks is None or text is None:
            return None
        order = error_rows_in_order(marks, text)
        return marks, order, [((row_position(marks.rows[i], text), i), i) for i in order]

    def error_position(self) -> tuple[int, int] | None:
        """(n, total): the selection is the n-th of the document's `total` errors (reading order); None
        when no error is selected."""
        doc_id = self.selection.doc_id
        found = self._error_order(doc_id) if doc_id is not None else None
        if found is None:
            return None
        marks, order, _ = found
        current = self._current_row_index(marks)
        if current is None or current not in order:
            return None
        return order.index(current) + 1, len(order)

    def step_error(self, forward: bool = True, *, wrap: bool = True) -> bool:
        """Select the next (or previous) error of the document in reading order.

        At the last (first) error it wraps around, or with `wrap=False` stays and returns False. Returns
        False too when the document has no error to go to.
        """
        doc_id = self.selection.doc_id
        found = self._error_order(doc_id) if doc_id is not None else None
        if doc_id is None or found is None or not found[1]:
            return False
        marks, order, keyed = found
        current = self._current_row_index(marks)
        if current is None:
            target: int | None = order[0] if forward else order[-1]
        else:
            text = self.document_text(doc_id)
            assert text is not None
            here = (row_position(marks.rows[current], text), current)
            after = [i for key, i in keyed if key > here] if forward else [i for key, i in keyed if key < here]
            target = (after[0] if forward else after[-1]) if after else None
            if target is None and wrap:
                target = order[0] if forward else order[-1]
        if target is None:
            return False
        self.select(Selection.of_rows(doc_id, [marks.rows[target]]))
        return True

    def has_errors(self, doc_id: str) -> bool:
        """Whether a document has an error under the current combination."""
        return any(r.outcome.is_error for r in self.rows(doc_id))

    def find(self, query: str, doc_order: Sequence[str]) -> bool:
        """Select the next mention whose id or text contains `query`, from the current selection on
        (`evmeval_gui.model.find.find_next`, which also says "k of n"). False when nothing matches."""
        return find_next(self, query, doc_order) is not None
