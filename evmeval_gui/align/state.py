"""The figures behind the mapping selector: other scoring schemes and the mapping differences. No Qt.

Both follow the session's shown result and are computed by the core in the background (through the
session's runner, under their own job keys, so they never stop a loading): the MUC/ANNALIST and GATE
figures (`evmeval.mention.schemes`, about a second for 2000 documents) whenever a result arrives, the
mapping differences (`evmeval.mention.mapping_diff`: the corpus scored under every strategy, seconds)
only once a view asks for them. `focus` is the one difference being looked at: the text view draws
both of its links, and the session's selection shows its mentions.

Signals: `schemes_ready()`, `differences_ready()`, `differences_started()`, `focus_changed(PairChange | None)`.
"""

from __future__ import annotations

from evmeval.align.strategies import STRATEGY_NAMES
from evmeval.mention.mapping_diff import MappingDifferences, PairChange, mapping_differences, score_strategies
from evmeval.mention.schemes import SchemeResult, SchemeTally
from evmeval.mention.scoring import ResultKind, ScoreResult

from evmeval_gui.model.events import Signal
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session

SCHEMES_JOB = "schemes"


def counted_schemes(result: ScoreResult, context: JobContext) -> SchemeResult:
    """`scheme_scores` in a job, a document at a time with a cancel check between documents: a quiet job
    pauses there while the user switches documents; without checks it held the interpreter for its whole
    run (2 s of CPU at MAVEN-ERE's size), slowing the switches meanwhile (issue 26)."""
    # the corpus's figures only: a document's are counted again when shown (`schemes_chart.scheme_figures`), an
    # export's files count them all in its job (each document's, kept, were 6.4 MB at 4,480 documents, issue 34)
    tally = SchemeTally(result, keep_documents=False)
    for doc in result.documents:
        context.check()
        tally.add(doc)
    return tally.result()
DIFFERENCES_JOB = "mapping-differences"


class AlignmentFigures:
    """Scheme figures of the shown result, and (on request) its mapping differences for the combination."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.schemes_ready = Signal("schemes_ready")
        self.differences_started = Signal("differences_started")
        self.differences_ready = Signal("differences_ready")
        self.focus_changed = Signal("focus_changed")
        self.schemes: SchemeResult | None = None
        self.schemes_of: ScoreResult | None = None
        """The result `schemes` were counted from (the export reuses them only for that very result)."""
        self.differences: MappingDifferences | None = None
        self.focus: PairChange | None = None
        self.wanted = False
        """Whether a view shows the differences (only then are the other strategies scored)."""
        self._results: dict[str, ScoreResult] | None = None
        self._results_of: tuple[object, int] | None = None
        session.scoring_finished.connect(self._on_result)
        session.combination_changed.connect(self._on_combination)
        session.selection_changed.connect(self._on_selection)
        session.corpus_loaded.connect(self._forget_results)
        session.result_edited.connect(lambda _ids: self.edited())

    # -- schemes ----------------------------------------------------------------------------------

    def _on_result(self) -> None:
        self.set_focus(None)
        if self.recount() and self.wanted:
            self.request_differences()

    def recount(self) -> bool:
        """Count the scheme figures of the shown result in the background; False when none is shown."""
        result = self.session.result
        self.schemes = None
        if result is None:
            self.schemes_ready.emit()
            return False

        def done(schemes: SchemeResult) -> None:
            if self.session.result is result:
                self.schemes, self.schemes_of = schemes, result
                self.schemes_ready.emit()

        self.session.runner.submit("MUC and GATE figures", lambda context: counted_schemes(result, context), done,
                                   key=SCHEMES_JOB)
        return True

    def edited(self) -> None:
        """An edit changed the shown result: the figures shown are the saved files' until `recount` (which
        the window calls once the edits pause, `evmeval_gui.editing.after_edits`: a second of counting per
        key press would slow them)."""
        if self.schemes is not None:
            self.schemes = None
            self.schemes_ready.emit()

    # -- differences ------------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """Whether the shown result can be compared across strategies (a scored system, not two annotators)."""
        result = self.session.result
        return result is not None and result.kind is ResultKind.SCORING and self.session.roles is None

    def _forget_results(self) -> None:
        self._results = None
        self._results_of = None

    def request_differences(self) -> None:
        """Compute the differences of the shown system (scoring the missing strategies in the background)."""
        self.wanted = True
        session = self.session
        if not self.available or session.corpus is None:
            self.differences = None
            self.differences_ready.emit()
            return
        key = (session.corpus, session.system_index)
        if self._results is not None and self._results_of == key:
            self._compare()
            return
        scored = session.corpus_state.scored
        known = {n: r for n in STRATEGY_NAMES if (r := scored(session.system_index, n)) is not None}
        inputs = session.corpus.inputs[session.system_index]
        index = session.system_index

        def work(context: JobContext) -> dict[str, ScoreResult]:
            return score_strategies(inputs.gold, inputs.system, known=known, progress=context.progress,
                                    cancelled=context.cancelled)

        def done(results: dict[str, ScoreResult]) -> None:
            if (session.corpus, session.system_index) != key:
                return
            for result in results.values():
                session.corpus_state.remember(index, result)
            self._results, self._results_of = results, key
            self._compare()

        self.differences = None
        self.differences_started.emit()
        session.runner.submit("Scoring every mapping strategy", work, done, key=DIFFERENCES_JOB)

    def _compare(self) -> None:
        assert self._results is not None
        self.differences = mapping_differences(self._results, self.session.combination)
        self.differences_ready.emit()

    def _on_combination(self, _name: str) -> None:
        self.set_focus(None)
        if self._results is not None and self.wanted and self.available:
            self._compare()

    # -- the difference looked at -----------------------------------------------------------------

    def set_focus(self, change: PairChange | None) -> None:
        if change == self.focus:
            return
        self.focus = change
        self.focus_changed.emit(change)

    def show_change(self, change: PairChange) -> None:
        """Look at one difference: its gold mention and both partners are selected, both links drawn."""
        doc = self.session.doc_result(change.doc_id)
        if doc is None:
            return
        partners = {i for i in (change.greedy_system, change.other_system) if i is not None}
        self.set_focus(change)
        self.session.select(Selection(change.doc_id, frozenset({change.gold_id}),
                                      frozenset(doc.system[i].mention_id for i in partners)))

    def _on_selection(self, selection: Selection) -> None:
        focus = self.focus
        if focus is not None and (selection.doc_id != focus.doc_id or focus.gold_id not in selection.gold_ids):
            self.set_focus(None)
