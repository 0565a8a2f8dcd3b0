"""Everything the window shows, as a composition of small parts that announce their own changes (no Qt).

The parts (each in its own module, each with its own `evmeval_gui.model.events.Signal`s):

- `view` (`model.view_options.ViewOptions`): the attribute combination and the chart filter;
- `current` (`model.selection_state.SelectionState`): the one selection;
- `first_document` (`model.first_state.FirstDocumentState`): the document shown while the corpus being
  opened is still scored;
- `corpus_state` (`model.corpus_state.CorpusState`): what is opened, its results per system and mapping,
  the per-document caches, and the background work that changes them (`open`, `set_system`, …).

The session builds them, hands their signals on under the same names (a view may listen to either), and
adds navigation (the next error, find) over the selection. A few much-used reads and actions
(`result`, `corpus`, `doc_result`, `rows`, `open`, `set_mapping`, …) are forwarded to the corpus part so
that views need not know which part holds them; anything else is asked of the part itself. A feature's
state is not among the parts: the window builds it beside the session and hands it the parts it needs.
The session asks `evmeval` for every number (it never scores anything itself).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from evmeval.editing.session import ScoreDelta
from evmeval.mention.outcomes import MappingRow
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.mention.type_names import TypeNames
from evmeval.model import TbfFile

from evmeval_gui.model.corpus import LoadedCorpus, OpenRequest
from evmeval_gui.model.corpus_state import CorpusState, Loader
from evmeval_gui.model.doctext import DocumentMarks, DocumentText, error_rows_in_order, row_position
from evmeval_gui.model.events import Signal
from evmeval_gui.model.filters import ChartFilter
from evmeval_gui.model.find import find_next
from evmeval_gui.model.first_state import FirstDocumentState
from evmeval_gui.model.jobs import MAIN, JobContext, Runner, T
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.selection_state import SelectionState
from evmeval_gui.model.view_options import ViewOptions

__all__ = ["Loader", "Session"]


class Session:
    """The session's parts (view options, selection, first document, corpus) and navigation over them."""

    def __init__(self, runner: Runner, *, loader: Loader | None = None) -> None:
        self.view = ViewOptions()
        """The attribute combination and the chart filter every view shows (its signals are handed on)."""
        self.current = SelectionState()
        """The selection (its signals are handed on: `selecting` just before a change, `selection_changed`)."""
        self.first_document = FirstDocumentState(self.current)
        """The document shown while its corpus is scored (`first_document_shown` is handed on)."""
        self.corpus_state = CorpusState(runner, current=self.current, view=self.view, first=self.first_document,
                                        loader=loader)
        """What is opened and its results (its signals are handed on)."""
        self.type_filter_requested = Signal("type_filter_requested")
        """(canonical type | None): a context menu's "Filter to this type"; the mapping table follows it."""
        self.charts_requested = Signal("charts_requested")
        """(what: "type" | "document", key): a context menu's "Show in charts"; the window shows the charts."""
        self.combination_changed = self.view.combination_changed
        self.filter_changed = self.view.filter_changed
        self.realis_changed = self.view.realis_changed
        self.realis_dropped = self.view.realis_dropped
        self.selection_changed = self.current.selection_changed
        self.selecting = self.current.selecting
        self.first_document_shown = self.first_document.first_document_shown
        data = self.corpus_state
        self.loading_started = data.loading_started
        self.corpus_loaded = data.corpus_loaded
        self.load_failed = data.load_failed
        self.scoring_finished = data.scoring_finished
        self.system_changed = data.system_changed
        self.mapping_changed = data.mapping_changed
        self.result_edited = data.result_edited
        self.text_arrived = data.text_arrived
        """(doc_id): a long document's text, read in the background (`document_text_soon`), is in."""

    # -- the corpus part's much-used reads (see the module docstring) -------------------------------

    @property
    def runner(self) -> Runner:
        """The one runner of background work (the corpus part's; features submit their own jobs to it)."""
        return self.corpus_state.runner

    @property
    def corpus(self) -> LoadedCorpus | None:
        return self.corpus_state.corpus

    @property
    def request(self) -> OpenRequest | None:
        return self.corpus_state.request

    @property
    def result(self) -> ScoreResult | None:
        """The result of the current system, once scored."""
        return self.corpus_state.result

    @property
    def loaded(self) -> bool:
        return self.corpus_state.loaded

    @property
    def system_index(self) -> int:
        return self.corpus_state.system_index

    @property
    def mapping(self) -> str:
        """The mapping strategy the next scoring uses."""
        return self.corpus_state.mapping

    @property
    def roles(self) -> tuple[str, str] | None:
        """Agreement mode: the annotators in the gold and the system role of what is shown (else None)."""
        return self.corpus_state.roles

    @property
    def edit_delta(self) -> ScoreDelta | None:
        """Before → after figures of unsaved edits (None when nothing is edited)."""
        return self.corpus_state.edit_delta

    @property
    def type_names(self) -> TypeNames:
        return self.corpus_state.type_names

    def type_name(self, canonical: str) -> str:
        """One canonical type as first written in the files."""
        return self.corpus_state.type_name(canonical)

    def doc_result(self, doc_id: str) -> DocumentResult | None:
        return self.corpus_state.doc_result(doc_id)

    def link_types(self, *files: TbfFile) -> set[str]:
        """The sequencing link types the files use (those of the files opened found while loading)."""
        return self.corpus_state.link_types(*files)

    def worst_first(self) -> tuple[DocumentResult, ...] | None:
        """The result's documents by F1 worst first, as the load's worker sorted them (None: not sorted so)."""
        return self.corpus_state.worst_first()

    def rows(self, doc_id: str, combination: str | None = None) -> list[MappingRow]:
        """The mapping table of a document (cached)."""
        return self.corpus_state.rows(doc_id, combination)

    def marks(self, doc_id: str, combination: str | None = None) -> DocumentMarks | None:
        return self.corpus_state.marks(doc_id, combination)

    def document_text(self, doc_id: str) -> DocumentText | None:
        """The document's text with its mentions placed (cached)."""
        return self.corpus_state.document_text(doc_id)

    def document_text_soon(self, doc_id: str) -> DocumentText | None:
        """`document_text` for a click: None while a long document's text is read in the background."""
        return self.corpus_state.document_text_soon(doc_id)

    def reading_text(self, doc_id: str) -> bool:
        """Whether the text of `doc_id` is being read in the background (`text_arrived` follows)."""
        return self.corpus_state.reading.pending(doc_id)

    # -- the corpus part's much-used actions ----------------------------------------------------------

    def open(self, request: OpenRequest, *, doc_id: str | None = None, system_index: int = 0) -> None:
        """Read and score `request` in the background (`CorpusState.open`)."""
        self.corpus_state.open(request, doc_id=doc_id, system_index=system_index)

    def set_mapping(self, name: str) -> None:
        """Choose the mapping strategy and rescore with it (`CorpusState.set_mapping`)."""
        self.corpus_state.set_mapping(name)

    def run_job(self, label: str, work: Callable[[JobContext], T], on_done: Callable[[T], None],
                *, path: str = "", key: str = MAIN, on_cancelled: Callable[[], None] | None = None,
                exclusive: bool = False) -> None:
        """Run other background work like opening a corpus (`CorpusState.run_job`)."""
        self.corpus_state.run_job(label, work, on_done, path=path, key=key, on_cancelled=on_cancelled,
                                  exclusive=exclusive)

    # -- view options and selection -----------------------------------------------------------------

    @property
    def combination(self) -> str:
        """The attribute combination every view shows (`view.combination`)."""
        return self.view.combination

    def set_combination(self, name: str) -> None:
        """Choose the attribute combination every view shows."""
        self.view.set_combination(name)

    @property
    def filter(self) -> ChartFilter | None:
        """The chart filter in force (`view.filter`)."""
        return self.view.filter

    def set_filter(self, chart_filter: ChartFilter | None) -> None:
        """Show only what a chart asked for (None: everything again); views follow `filter_changed`."""
        self.view.set_filter(chart_filter)

    @property
    def selection(self) -> Selection:
        """What the user is looking at (`current.selection`)."""
        return self.current.selection

    def select(self, selection: Selection) -> None:
        """Make `selection` the window's selection; every view follows."""
        self.current.select(selection)

    def select_document(self, doc_id: str | None) -> None:
        """Show a document with nothing selected in it (unless it is already shown)."""
        if doc_id == self.selection.doc_id:
            return
        self.select(Selection(doc_id))

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
