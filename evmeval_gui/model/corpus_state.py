"""What is opened and its results, as a small part that announces its own changes (no Qt).

The corpus part of the session: the corpus loaded (`corpus`, `request`), the system shown and the results
made so far per system and mapping strategy, the caches of document texts and mapping rows, and the
work that changes them (`open`, `reload`, `cancel`, `set_system`, `set_mapping`, `run_job`, the ready-made
`show_*`). It asks `evmeval` for every number and runs loading and scoring through a `Runner`.

Signals: `loading_started(label)`, `corpus_loaded()`, `load_failed(problem)`, `scoring_finished()`,
`system_changed(index)`, `mapping_changed(name)` (the strategy the next scoring uses, see `set_mapping`),
`result_edited(doc_ids)` (an edit rescored some documents: `edit_delta` holds the before → after figures
until the edits are saved or reverted).

It holds the parts it needs: the selection (`SelectionState`: a new corpus or result is announced, then
the selection it keeps), the view options (the combination of `rows` and `marks`) and the first document
(`FirstDocumentState`: shown by `open` while the corpus is scored, its result stands in until then).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from evmeval.align.strategies import DEFAULT_STRATEGY, mapping_strategy
from evmeval.editing.session import ScoreDelta
from evmeval.io.errors import FormatError, Problem
from evmeval.mention.outcomes import MappingRow, mapping_rows
from evmeval.mention.scoring import DocumentResult, ResultKind, ScoreResult
from evmeval.mention.type_names import SpellingCache, TypeNames
from evmeval.model import SpanMode, TbfFile, carries_realis, kept_mentions
from evmeval.rules import Combination
from evmeval.sequencing.links import link_types_of, relation_kinds_in

from evmeval_gui.model import collector
from evmeval_gui.model.corpus import LoadedCorpus, OpenRequest, load_and_score, score_system
from evmeval_gui.model.doctext import DocumentMarks, DocumentText, document_marks, with_mentions
from evmeval_gui.model.document_order import worst_first
from evmeval_gui.model.events import Signal
from evmeval_gui.model.first_document import FirstDocument
from evmeval_gui.model.first_state import FirstDocumentState
from evmeval_gui.model.jobs import MAIN, JobContext, Runner, T
from evmeval_gui.model.lru import LRU
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.selection_state import SelectionState
from evmeval_gui.model.text_reading import TextReading, reads_long
from evmeval_gui.model.view_options import ViewOptions

Loader = Callable[[OpenRequest, int, JobContext], "tuple[LoadedCorpus, ScoreResult]"]
"""Work function that opens a corpus and scores one of its systems (replaceable in tests)."""

_TEXT_CACHE = 16
"""How many documents' texts (words and mentions placed) are kept, the latest shown last: one shown again after is
read again at its place in the file (1-3 ms); 48 kept 1.7 MB of a MAVEN-ERE corpus after 20 switches (issue 34)."""
TAKEN_CHECK_S = 0.05
"""While the GUI thread has not taken the first document in, the load's worker checks this often for a cancel."""
_ROWS_CACHE = 256


def default_loader(request: OpenRequest, system_index: int, context: JobContext, *,
                   mapping: str = DEFAULT_STRATEGY) -> tuple[LoadedCorpus, ScoreResult]:
    """Read and score with the core functions, reporting through the job context."""
    return load_and_score(request, system_index, progress=context.progress, cancelled=context.cancelled,
                          status=context.status, mapping=mapping)


def problem_of(exc: BaseException, request: OpenRequest | None = None) -> Problem:
    """The `Problem` to show for a failure: the format error's own, or the exception in words."""
    if isinstance(exc, FormatError):
        return exc.problem
    path = request.gold if request is not None else ""
    return Problem(path, 0, f"unexpected {type(exc).__name__}: {exc}", "")


@dataclass(frozen=True)
class Arrival:
    """What showing a corpus result needs besides it, made by the load's worker rather than on the GUI
    thread when the result arrives (0.3 s of its CPU at 4,480 documents): the result's type spellings
    (the cache that keeps them for edits, and the names) and the relation kinds of the system's two files
    (the sequencing link types, and whether there is any coreference); and the documents worst first by F1
    under the combination shown when the load started (the document list's opening order)."""

    spellings: SpellingCache
    type_names: TypeNames
    relation_kinds: dict[int, tuple[TbfFile, frozenset[str]]]
    worst_first: tuple[str, tuple[DocumentResult, ...]]


def ask_passes(result: ScoreResult) -> None:
    """What the views ask of every document of a result when it is shown (its documents by id, the averages'
    count, whether it carries realis), asked once by the job that made it: each answer is kept by the result, and
    each is a pass over the corpus the GUI thread would otherwise make in the turn that shows it."""
    if result.documents:
        result.document(result.documents[0].doc_id)
        _ = result.averages_note
    _ = result.carries_realis


def _unchecked() -> None:
    return None


def arrival(corpus: LoadedCorpus, result: ScoreResult, system_index: int, combination: str,
            check: Callable[[], None] = _unchecked) -> Arrival:
    """The `Arrival` of `result`, scored for system `system_index` of `corpus`, to be shown under `combination`.
    `check` (the job's `JobContext.check`) between its passes: each is 10-250 ms of the worker's CPU at 4,480
    documents, and the jobs' gate holds a worker only at a check (a click while they ran shared the interpreter)."""
    check()
    spellings = SpellingCache()
    names = spellings.type_names(result.documents)
    files: tuple[TbfFile, ...] = ()
    if corpus.inputs:
        inputs = corpus.inputs[min(max(system_index, 0), len(corpus.inputs) - 1)]
        files = (corpus.gold, inputs.gold, inputs.system)
    kinds = {}
    for tbf in files:
        check()
        kinds[id(tbf)] = (tbf, frozenset(relation_kinds_in((tbf,))))
    check()
    ask_passes(result)
    check()
    if not result.carries_realis:  # (found here, off the GUI thread) the window shows the realis-free twin
        combination = Combination(combination).without_realis.value
    return Arrival(spellings, names, kinds, (combination, worst_first(result, combination)))


class CorpusState:
    """The loaded corpus, its results per system and mapping, the per-document caches."""

    def __init__(self, runner: Runner, *, current: SelectionState, view: ViewOptions, first: FirstDocumentState,
                 loader: Loader | None = None) -> None:
        self.loading_started = Signal("loading_started")
        self.corpus_loaded = Signal("corpus_loaded")
        self.load_failed = Signal("load_failed")
        self.scoring_finished = Signal("scoring_finished")
        self.system_changed = Signal("system_changed")
        self.mapping_changed = Signal("mapping_changed")
        self.result_edited = Signal("result_edited")
        self.current = current
        self.view = view
        self.first = first
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
        self._texts: LRU = LRU(_TEXT_CACHE)
        self.reading = TextReading(runner)
        self.text_arrived = self.reading.arrived
        self._rows: LRU = LRU(_ROWS_CACHE)
        self._type_names: tuple[ScoreResult, TypeNames] | None = None
        self._spellings = SpellingCache()  # an edit's result shares all but one document with the last
        self._relation_kinds: dict[int, tuple[TbfFile, frozenset[str]]] = {}
        self._worst_first: tuple[ScoreResult, str, tuple[DocumentResult, ...]] | None = None
        """`link_types` known, by the file's id (the file kept: an id is not reused while it is here)."""

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
            shown = self.first.other(self.current.selection.doc_id or "", self.mapping)
            shown = shown or self.first.document  # the document shown, spelt as the whole files spell it
            return shown.type_names if shown is not None else TypeNames()
        if self._type_names is None or self._type_names[0] is not result:
            self._type_names = (result, self._spellings.type_names(result.documents))
        return self._type_names[1]

    def type_name(self, canonical: str) -> str:
        """One canonical type as first written in the files."""
        return self.type_names.name(canonical)

    def link_types(self, *files: TbfFile) -> set[str]:
        """The sequencing link types the files use (`evmeval.sequencing.links.link_types_in`)."""
        return link_types_of(self.relation_kinds(*files))

    def worst_first(self) -> tuple[DocumentResult, ...] | None:
        """The current result's documents by F1 worst first under the combination shown, when the load's
        worker sorted them so (None: sort them)."""
        ready = self._worst_first
        if ready is None or ready[0] is not self.result or ready[1] != self.view.combination:
            return None
        return ready[2]

    def relation_kinds(self, *files: TbfFile) -> set[str]:
        """Every relation kind the files use, once per file: those of the files opened were found by the
        load's worker (a pass over every relation of the corpus)."""
        found: set[str] = set()
        for tbf in files:
            known = self._relation_kinds.get(id(tbf))
            if known is None or known[0] is not tbf:
                known = self._relation_kinds[id(tbf)] = (tbf, frozenset(relation_kinds_in((tbf,))))
            found |= known[1]
        return found

    @property
    def scoring_corpus(self) -> bool:
        """Whether a first document is shown while its corpus is still being read and scored."""
        return self.first.document is not None

    def doc_result(self, doc_id: str) -> DocumentResult | None:
        result = self.result
        if result is None:  # while the corpus is scored: any of its documents, scored on its own
            first = self.first.other(doc_id, self.mapping)
            return first.document if first is not None else None
        try:
            return result.document(doc_id)
        except KeyError:
            return None

    # -- opening ----------------------------------------------------------------------------------

    def open(self, request: OpenRequest, *, doc_id: str | None = None, system_index: int = 0) -> None:
        """Read and score `request` in the background; the current corpus stays until it succeeds.

        With nothing shown yet, one document (`doc_id`, else the gold file's first) is read and scored
        on its own first by the load's worker and shown as soon as it is (`first_document_shown`), while the
        corpus loads; the corpus result then takes its place, keeping the selection."""
        label = f"Opening {request.name}"
        self.loading_started.emit(label)

        mapping, combination = self.mapping, self.view.combination
        wants_first = self._wants_first()
        shown: list[FirstDocument] = []  # the first document this open showed (by `on_partial`)
        taken = threading.Event()  # the GUI thread took the first document in (shown or not)

        def work(context: JobContext) -> tuple[LoadedCorpus, ScoreResult, Arrival]:
            first = self.first.read(request, system_index, doc_id, mapping=mapping) if wants_first else None
            if first is not None:
                context.deliver(first)  # shown on the GUI thread; the load goes on once it is painted
                while not taken.wait(TAKEN_CHECK_S):
                    context.check()
                if shown:
                    self.first.wait_painted()
                context.check()
            if self.loader is default_loader:
                corpus, result = default_loader(request, system_index, context, mapping=mapping)
            else:
                corpus, result = self.loader(request, system_index, context)
                if result.mapping != mapping and result.kind is ResultKind.SCORING:
                    result = score_system(corpus, system_index, mapping=mapping, cancelled=context.cancelled)
            return corpus, result, arrival(corpus, result, system_index, combination, context.check)

        def show_first(first: FirstDocument) -> None:
            if self.corpus is None:  # (a corpus shown meanwhile, e.g. an agreement: it stays)
                shown.append(first)
                # what the window made since it started and the document read: out of the collector's walks (a
                # full collection that the list's rows set off in this turn walked them: 17 ms; see collector)
                collector.freeze_survivors()
                self.first.put(first)
            taken.set()

        def done(value: tuple[LoadedCorpus, ScoreResult, Arrival]) -> None:
            corpus, result, ready = value
            self.roles = None
            self._spellings, self._type_names = ready.spellings, (result, ready.type_names)
            self._relation_kinds = dict(ready.relation_kinds)
            self._worst_first = (result, *ready.worst_first)
            self._install(corpus, result, system_index, doc_id)

        def failed(exc: BaseException) -> None:
            self._withdraw_first()
            self.last_problem = problem_of(exc, request)
            self.load_failed.emit(self.last_problem)

        def cancelled() -> None:
            if shown and self.first.document is shown[0]:  # not the first document of the open that superseded it
                self._withdraw_first()

        self.runner.submit(label, work, done, on_error=failed, on_cancelled=cancelled, on_partial=show_first)

    def _wants_first(self) -> bool:
        """Whether `open` shows one document before the corpus is scored: when nothing is shown and the
        core's usual loader runs (the corpus load reads the files itself: their bytes are not held)."""
        self._withdraw_first()  # a first document of an earlier open that is still loading
        if self.corpus is not None or self.loader is not default_loader or not self.first.enabled:
            return False
        self.first.painted.clear()  # (before the worker waits for the paint of the one it reads)
        return True

    def _withdraw_first(self) -> None:
        """The corpus of the first document will not come (failed, cancelled): stop showing it."""
        if self.first.document is not None:
            self.clear_caches()
            self.first.withdraw()

    def reload(self) -> None:
        """Read the files again and rescore (F5), keeping the document and the combination."""
        if self.request is None:
            return
        self.open(self.request, doc_id=self.current.selection.doc_id, system_index=self.system_index)

    def cancel(self) -> None:
        self.runner.cancel()

    # -- other work and ready-made comparisons (the Agreement mode) ---------------------------------

    def run_job(self, label: str, work: Callable[[JobContext], T], on_done: Callable[[T], None],
                *, path: str = "", key: str = MAIN, on_cancelled: Callable[[], None] | None = None,
                exclusive: bool = False) -> None:
        """Run other background work like opening a corpus: same error dialog (`load_failed(problem)`),
        and on the main key the same progress bar and Cancel button (`loading_started`). Work that must
        not supersede the main job, nor be superseded by it (e.g. sequencing after scoring, while the
        compare mode compares), runs under its own `key`. `on_cancelled`: the user cancelled it (what it
        still delivers is dropped). `exclusive`: quiet jobs wait while it runs (`JobRunner.submit`)."""
        if key == MAIN:
            self.loading_started.emit(label)

        def failed(exc: BaseException) -> None:
            self.last_problem = problem_of(exc)
            if not isinstance(exc, FormatError) and path:
                self.last_problem = Problem(path, 0, self.last_problem.message, "")
            self.load_failed.emit(self.last_problem)

        self.runner.submit(label, work, on_done, on_error=failed, on_cancelled=on_cancelled, key=key,
                           exclusive=exclusive)

    def show_comparison(self, corpus: LoadedCorpus, result: ScoreResult, *, roles: tuple[str, str],
                        doc_id: str | None = None, type_names: TypeNames | None = None,
                        order: tuple[str, tuple[DocumentResult, ...]] | None = None) -> None:
        """Show a comparison computed elsewhere (two annotators, `roles` = who is in the gold and the
        system role) in every view, as if it had been opened; nothing runs in the background. `type_names`:
        the result's (`evmeval.mention.type_names.type_names`), and `order` its documents worst first under a
        combination (`worst_first`), when made off the GUI thread with it."""
        self.roles = roles
        if type_names is not None:
            self._type_names = (result, type_names)
        if order is not None:
            self._worst_first = (result, *order)
        self._install(corpus, result, 0, doc_id)

    def _offer_realis(self, result: ScoreResult) -> None:
        """Whether `result`'s files carry realis (found by the job that made it: `score_system`, `arrival`), told
        before it is shown: a realis combination's twin then replaces it while the views still show what they
        did (the new result is drawn once, under the twin)."""
        self.view.set_realis(result.carries_realis)

    def _install(self, corpus: LoadedCorpus, result: ScoreResult, system_index: int, doc_id: str | None) -> None:
        self._offer_realis(result)
        unchanged = self.first.changed is None
        first = self.first.take()
        # the texts shown while this corpus was scored: the same files, the same mentions (unless a file changed
        # on disk meanwhile: then the first document's only, as read before the change). Read again, the shown
        # one cost the turn that takes the corpus in 15-20 ms, and its words laid out again as many (issue 34).
        kept = [] if first is None else list(self._texts.items()) if unchanged else [
            (first.doc_id, text) for text in [self._texts.get(first.doc_id)] if text is not None]
        if self._worst_first is not None and self._worst_first[0] is not result:
            self._worst_first = None  # an earlier corpus's order: not kept alive with it
        with collector.swapping():  # the previous corpus may be collected, this one stays (see collector)
            self.corpus = corpus
            self.request = corpus.request
            self.system_index = min(system_index, len(corpus.inputs) - 1)
            self._results = {self.system_index: result}
            self._scored = {(self.system_index, result.mapping): result}
            self.clear_caches()
        for kept_id, text in kept:
            self._texts.put(kept_id, text)
        self.edit_delta = None
        self.last_problem = None
        # the first document's selection (the user may have clicked in it meanwhile) carries over
        held = self.current.selection
        kept_selection = held if first is not None and held.doc_id is not None else None
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
        if not self.view.realis and any(carries_realis(kept_mentions(d, "gold"), kept_mentions(d, "system"))
                                        for d in map(result.document, doc_ids)):
            self.view.set_realis(True)  # a realis written by the edit: the realis combinations differ now
        self.result_edited.emit(tuple(doc_ids))

    def _announce(self, doc_id: str | None, *, corpus_changed: bool, selection: Selection | None = None) -> None:
        """Tell the views: new corpus and/or result, then the selection (a listener may have moved it);
        `selection` is kept when its document is in the new result."""
        if selection is not None and selection.doc_id is not None and self.doc_result(selection.doc_id) is not None:
            doc_id = selection.doc_id
        else:
            selection = Selection(doc_id if doc_id is not None and self.doc_result(doc_id) is not None else None)
        self.current.put(selection)
        if corpus_changed:
            self.corpus_loaded.emit()
        else:
            self.system_changed.emit(self.system_index)
        self.scoring_finished.emit()
        if self.current.selection is selection:
            self.current.announce()

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
        self._offer_realis(self._results[index])
        with collector.swapping():  # the new result stays too (see _install)
            self.system_index = index
            self.clear_caches()
        self._announce(self.current.selection.doc_id, corpus_changed=False)

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
            if self.runner.running(MAIN):  # superseded (an open scores with the choice): the choice stays
                return
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
        self._offer_realis(result)
        with collector.swapping():
            self._results = {index: result}
            self.clear_caches()
        self._announce(self.current.selection.doc_id, corpus_changed=False)

    def scored(self, index: int, mapping: str) -> ScoreResult | None:
        """The result of system `index` under `mapping`, if it was made already."""
        return self._scored.get((index, mapping))

    def remember(self, index: int, result: ScoreResult) -> None:
        """Keep a result made elsewhere for this corpus (the mapping-differences view scores every strategy)."""
        if self.corpus is not None and result.kind is ResultKind.SCORING:
            self._scored[(index, result.mapping)] = result

    # -- per document -----------------------------------------------------------------------------

    def clear_caches(self) -> None:
        """Forget the document texts and mapping rows built so far (they are rebuilt on demand)."""
        self._texts.clear()
        self._rows.clear()
        self.reading.forget()

    def rows(self, doc_id: str, combination: str | None = None) -> list[MappingRow]:
        """The mapping table of a document (cached), from `evmeval.mention.outcomes.mapping_rows`."""
        combination = combination or self.view.combination
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
        combination = combination or self.view.combination
        return document_marks(doc, combination, self.rows(doc_id, combination))

    def _keep_text(self, doc: DocumentResult, built: DocumentText) -> None:
        if self.doc_result(doc.doc_id) is doc:
            self._texts.put(doc.doc_id, built)

    def document_text(self, doc_id: str) -> DocumentText | None:
        """The document's text with its mentions placed (cached); reads token table and text lazily."""
        return self._text(doc_id, soon=False)

    def document_text_soon(self, doc_id: str) -> DocumentText | None:
        """`document_text`, but a long one not read yet is read in the background (`text_reading`): None until
        `text_arrived(doc_id)`."""
        return self._text(doc_id, soon=True)

    def _text(self, doc_id: str, *, soon: bool) -> DocumentText | None:
        """(The core's sources keep the last few documents' tables and texts only: memory stays flat.)"""
        cached = self._texts.get(doc_id)
        if cached is not None:
            self._texts.move_to_end(doc_id)
            return cached
        doc = self.doc_result(doc_id)
        if doc is None:
            return None
        if self.corpus is not None:
            inputs = self.corpus.inputs[self.system_index]
        elif self.first.document is not None:  # the document's own inputs (an event corpus's hold only it)
            inputs = (self.first.other(doc_id, self.mapping) or self.first.document).corpus.inputs[0]
        else:
            return None
        if soon and reads_long(inputs, doc):  # kept only while the document's result is the shown one
            self.reading.start(inputs, doc, lambda built: self._keep_text(doc, built))
            return self._texts.get(doc_id)  # (an immediate runner has read it already)
        built = self.reading.read(inputs, doc)
        self._texts.put(doc_id, built)
        return built
