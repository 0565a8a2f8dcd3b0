"""The Agreement mode of the main window: N annotators compared, one pair shown in the document views.

`AgreementMode` is a `WindowMode` and talks to the window only through its `WindowPort`. It runs the
comparison (and the disagreement CSV export) through the window's one `JobRunner` (progress bar,
Cancel), owns
the matrix page (`AgreementPanel`, built when the first comparison arrives: pyqtgraph and the page's modules are
imported by the worker that compares, `warm_imports`),
the tab bar that switches between the matrix and the document views, and the banner over those
views that names who is in the gold role. Showing a pair hands `pair_comparison(...)` to
`Session.show_comparison`, so the document list, text view and mapping table show it unchanged, with
the agreement numbers. Opening an ordinary corpus leaves the mode.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from evmeval.io.errors import FormatError
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.mention.type_names import TypeNames, type_names
from evmeval.model import SpanMode, TbfFile
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QTabBar

from evmeval_gui.agreement.state import AgreementRequest, LoadedAgreement, load_and_compare, pair_comparison
from evmeval_gui.agreement.style import chip_html, tag
from evmeval_gui.model import collector
from evmeval_gui.model.corpus import LoadedCorpus
from evmeval_gui.model.corpus_state import ask_passes
from evmeval_gui.model.document_order import worst_first
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.modes import WindowPort
from evmeval_gui.qt_environment import keep_tab_text_whole
from evmeval_gui.turns import next_turn, release

if TYPE_CHECKING:
    from evmeval.agreement.per_type import TypeAgreement
    from evmeval.agreement.scoring import DocumentAgreement
    from evmeval.compare.agreement import ResamplingRun

    from evmeval_gui.agreement.panel import AgreementPanel

AgreementWork = Callable[[AgreementRequest, JobContext], LoadedAgreement]
"""Work function that reads the annotation sets and compares them (replaceable in tests)."""

MATRIX, PAIR = "matrix", "pair"
INTERVALS_JOB = "agreement_ci"
"""The runner key of the pairs' bootstrap intervals (its own: loading and exports are not disturbed)."""


def warm_imports() -> None:
    """The matrix page's modules, imported on the worker that compares, not on the GUI thread when the page is
    built: pyqtgraph (0.1-0.3 s of CPU; `load_pyqtgraph` waits for the warm-up's import if one is under way) and
    the page's own modules (50 ms). They only define classes (see `qt_import`)."""
    from evmeval_gui.qt_import import load_pyqtgraph

    load_pyqtgraph()
    import evmeval_gui.agreement.panel  # noqa: F401


def default_work(request: AgreementRequest, context: JobContext) -> LoadedAgreement:
    return load_and_compare(request, progress=context.progress, cancelled=context.cancelled, status=context.status)


class PairBanner(QFrame):
    """Over the document views in the Agreement mode: who is in the gold role, swap, back to the matrix."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("pairBanner")
        self.setStyleSheet("#pairBanner { background: #EEF3FA; border: 1px solid #B8C8DD; border-radius: 4px; }")
        self.label = QLabel()
        self.label.setObjectName("pairRoles")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.swap_button = QPushButton("⇄ Swap roles")
        self.swap_button.setObjectName("swapRolesButton")
        self.swap_button.setToolTip("Put the other annotator in the gold role (precision and recall exchange; "
                                    "F1 stays the same)")
        self.back_button = QPushButton("◀ Back to the matrix")
        self.back_button.setObjectName("backToMatrixButton")
        self.back_button.setToolTip("Show the agreement matrix again (Ctrl+Shift+M)")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 3, 8, 3)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.swap_button)
        layout.addWidget(self.back_button)
        self.hide()

    def set_roles(self, i: int, j: int, names: tuple[str, str]) -> None:
        self.label.setText(f"<b>Comparing annotators</b> · gold role: {chip_html(i, names[0])} · compared: "
                           f"{chip_html(j, names[1])} <span style='color:#6B6B6B'>(gold ▲ above the words, "
                           "compared ▼ below)</span>")

    @property
    def text(self) -> str:
        """The banner's words without markup (for tests)."""
        return " ".join(re.sub(r"<[^>]+>", "", self.label.text()).replace("&nbsp;", " ").split())


Comparisons = dict[tuple[int, int], tuple[LoadedCorpus, ScoreResult]]
Primed = tuple["tuple[TypeAgreement, ...]", "list[DocumentAgreement]"]
"""What the comparing job made for the first pair's page: its types' rows, its documents worst first."""
Ready = tuple[TypeNames, tuple[str, tuple[DocumentResult, ...]]]
"""What the comparing job made for the first pair's views: its type names, its documents worst first under the
combination shown (`document_order.worst_first`)."""
"""Pairs of annotators (i in the gold role) as the scoring views show them (`pair_comparison`)."""


def _read_ahead(corpus: LoadedCorpus, doc_id: str | None) -> None:
    """The document the pair's views open at: its token table and text read by the comparing job, into the sources
    the views read them from (kept there), not in the turn that fills the views; unreadable: said there, as before."""
    if doc_id is None:
        return
    inputs = corpus.inputs[0]
    try:
        if inputs.mode is SpanMode.TOKEN:
            inputs.tokens.table(doc_id)
        inputs.texts.text(doc_id)
    except FormatError:
        pass


def _valid_pair(loaded: LoadedAgreement, pair: tuple[int, int]) -> tuple[int, int]:
    """The pair asked for when these annotators have it, else the first two."""
    n = loaded.size
    return pair if 0 <= pair[0] < n and 0 <= pair[1] < n and pair[0] != pair[1] else (0, 1)


class AgreementMode(QObject):
    """The mode's state and commands (a `WindowMode`); see the module docstring. `work` may be replaced
    (tests)."""

    name = "agreement"

    agreement_finished = Signal()
    """A comparison was computed and is shown."""
    disagreements_exported = Signal(str, int)
    """(path, rows): the disagreement CSV was written."""
    intervals_ready = Signal()
    """Every pair's bootstrap intervals were computed and are in the summary's tooltips."""

    def __init__(self, port: WindowPort, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.port = port
        self.session = port.session
        self.work: AgreementWork = default_work
        self.loaded: LoadedAgreement | None = None
        self.request: AgreementRequest | None = None
        self.pair: tuple[int, int] = (0, 1)
        self.active = False
        self.page = MATRIX
        self.reversed_pair: Callable[[Callable[[], tuple[ScoreResult, TbfFile, TbfFile] | None]], None] | None = None
        """What hears of the shown pair with the roles swapped, before it is shown (the window's coreference)."""
        self.panel: AgreementPanel | None = None
        self._arriving: LoadedAgreement | None = None
        """The comparison delivered and shown in the next turn (once the page is built)."""
        self._comparisons: Comparisons = {}
        self.tabs = QTabBar()
        self.tabs.setObjectName("agreementTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setExpanding(False)
        keep_tab_text_whole(self.tabs)  # "Pair: [1] gold.tbf vs [2] system_a.tbf" with its underscore
        self.tabs.addTab("Agreement matrix")
        self.tabs.addTab("Pair")
        self.tabs.setTabToolTip(0, "All annotators: the pairwise F1 matrix, summary figures and documents")
        self.tabs.setTabToolTip(1, "The selected pair in the document list, text view and mapping table")
        self.tabs.hide()
        self.tabs.currentChanged.connect(lambda index: self.show_page(MATRIX if index == 0 else PAIR))
        self.banner = PairBanner()
        self.banner.back_button.clicked.connect(lambda: self.show_page(MATRIX))
        self.banner.swap_button.clicked.connect(self.swap_roles)
        port.add_mode_bar(self.tabs)
        port.add_banner(self.banner)
        # built when first wanted (`window.warm_up.LazyMode`): it leaves before the window's parts ask which mode shows
        self.session.corpus_loaded.connect(self._on_corpus_loaded, first=True)
        self.session.combination_changed.connect(self._on_combination_changed)

    # -- the WindowMode contract --------------------------------------------------------------------

    def status_text(self, took: str) -> str:
        result, roles = self.session.result, self.session.roles
        if result is None or roles is None:
            return ""
        text = f"Agreement: {roles[0]} (gold role) vs {roles[1]}, {len(result.documents)} documents{took}"
        missing = self.loaded.documents_without_tokens() if self.loaded is not None else []
        if missing:
            shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
            text += (f". No token table for {len(missing)} document(s), left out: {shown} (brat files named "
                     "X.tkn.ann? set the brat extension to .tkn.ann)")
        return text

    def remembers_corpus(self) -> bool:
        return False  # a pair of annotators is not a corpus to reopen

    def can_export_report(self) -> bool:
        return False

    # -- starting ---------------------------------------------------------------------------------

    def compare(self, request: AgreementRequest, *, pair: tuple[int, int] = (0, 1), doc_id: str | None = None,
                page: str = MATRIX) -> None:
        """Read and compare the annotation sets in the background; the window keeps what it shows until
        the result is there (Cancel leaves it as it was)."""
        label = f"Comparing {len(request.paths)} annotators"
        work = self.work

        from evmeval.agreement.per_type import per_type_agreement  # the agreement's figures: not at launch

        combination = self.session.combination

        def run(context: JobContext) -> tuple[LoadedAgreement, Comparisons, Primed, Ready]:
            from evmeval_gui.agreement.document_agreement import worst_first as worst_listed

            with collector.paused():  # no collection walks the sets read meanwhile, holding the interpreter
                loaded = work(request, context)
                # the first pair, both ways (the coreference's), made here: a second at 2,000 documents
                first = _valid_pair(loaded, pair)
                context.status("Preparing the pair view…")
                types = per_type_agreement(loaded.pair(*first))
                listed = worst_listed(loaded.pair(*first), combination)  # the page's document list, worst first
                made = {p: pair_comparison(loaded, *p) for p in (first, first[::-1])}
                # the views' type names, 50 ms at 2,000 documents: here, not at the first display
                names = type_names(made[first][1].documents)
                for _corpus, shown in made.values():  # what the views ask of every document, as a corpus load's
                    ask_passes(shown)
                # and the document list's opening order (worst first): 15 ms of the GUI thread's turn otherwise
                order = (combination, worst_first(made[first][1], combination))
                _read_ahead(made[first][0], doc_id or next((d.doc_id for d in order[1][:1]), None))
                warm_imports()
                return loaded, made, (types, listed), (names, order)

        def install(loaded: LoadedAgreement, made: Comparisons, primed: Primed, names: Ready) -> None:
            if self._arriving is not loaded:  # compared again, or another corpus opened, meanwhile
                return
            self._arriving = None
            first, panel = loaded.pair(*_valid_pair(loaded, pair)), self._page()
            panel.types.prime(first, primed[0])
            panel.documents.prime(first, combination, primed[1])
            self._install(loaded, pair, doc_id, page, made, names)

        def done(outcome: object) -> None:
            assert isinstance(outcome, tuple)
            loaded, made, types, names = outcome
            assert isinstance(loaded, LoadedAgreement)
            self._arriving = loaded
            # the page's widgets (15-20 ms of CPU, once) in this turn, filled in the next, its matrix in the ones
            # after (`_install`): built while the comparison ran they took 0.5 s, the worker holding the
            # interpreter; built before it, the GUI thread imported their modules (0.2-0.3 s)
            steps: list[Callable[[], object]] = [] if self.panel is not None else [
                lambda: self._build_panel(chart=False)]
            self._turns([*steps, lambda: install(loaded, made, types, names)], lambda: self._arriving is loaded)

        self._arriving = None
        self.session.run_job(label, run, done, path=request.paths[0] if request.paths else "")

    def _turns(self, steps: list[Callable[[], object]], wanted: Callable[[], bool],
               owner: QObject | None = None) -> None:
        """The first step now, each next one in a later turn of the event loop while `wanted()` (and `owner` is
        there)."""
        steps[0]()
        if len(steps) > 1:
            self._later(steps[1:], wanted, owner)

    def _later(self, steps: list[Callable[[], object]], wanted: Callable[[], bool],
               owner: QObject | None = None) -> None:
        """Each step in a later turn of the event loop of its own while `wanted()` (and `owner` is there)."""
        next_turn(lambda: self._turns(steps, wanted, owner) if wanted() else None, owner)

    def reload(self) -> bool:
        """F5: read and compare again, keeping the pair, the page and the document."""
        if self.request is None:
            return False
        self.compare(self.request, pair=self.pair, doc_id=self.session.selection.doc_id, page=self.page)
        return True

    def ensure_panel(self) -> AgreementPanel:
        """The matrix page, with its matrix."""
        panel = self._build_panel(chart=True)
        panel.add_chart()
        return panel

    def _page(self) -> AgreementPanel:
        """The matrix page, its matrix not made if it is not there yet (`show_current_page` makes it)."""
        return self._build_panel(chart=False)

    def _build_panel(self, *, chart: bool) -> AgreementPanel:
        if self.panel is None:
            warm_imports()  # done by the comparing worker: at once here
            from evmeval_gui.agreement.panel import AgreementPanel

            self.panel = AgreementPanel(chart=chart)
            self.panel.pair_requested.connect(self.open_pair)
            self.panel.document_requested.connect(self.open_document)
            self.panel.export_requested.connect(self.export_disagreements)
            self.port.add_page(self.panel)
        return self.panel

    def _install(self, loaded: LoadedAgreement, pair: tuple[int, int], doc_id: str | None, page: str,
                 made: Comparisons, names: Ready | None = None) -> None:
        pair = _valid_pair(loaded, pair)
        self.loaded = loaded
        self.request = loaded.request
        self._comparisons.clear()
        self._comparisons.update(made)
        self.active = True
        self.page = page
        self.pair = pair
        self.tabs.show()
        self.banner.show()

        def matrix() -> None:
            self._page().set_agreement(loaded, self.session.combination, self.pair)

        def views() -> None:  # the pair the user chose meanwhile, if any (a matrix cell clicked)
            self._show_in_session(self.pair, doc_id, names if self.pair == pair else None)

        # turns of the event loop, 10-25 ms each at 2,000 documents: the page's part filled while hidden (the
        # matrix page's chart made and drawn in three more), shown, painted in the next (its matrix in the one
        # after), then the other part; in one turn, the show and the two paints took 45-60 ms
        first, second = (matrix, views) if page == MATRIX else (views, matrix)
        first()

        def show() -> None:
            panel = self.panel if self.page == MATRIX else None  # a tab clicked meanwhile: that page
            held = panel.hold_first_paint() if panel is not None and not panel.isVisible() else []
            self.show_page(self.page)
            self._later([*held, finish], lambda: True, panel)  # the page's paints let go whatever comes next

        def finish() -> None:
            if self.loaded is not loaded:  # left, or compared again, meanwhile
                return
            second()
            self.agreement_finished.emit()
            self._start_intervals(loaded)

        panel = self.panel
        chart = panel.chart_steps() if page == MATRIX and panel is not None and not panel.has_chart else []
        self._later([*chart, show], lambda: self.loaded is loaded)

    def _start_intervals(self, loaded: LoadedAgreement) -> None:
        """Every pair's document-bootstrap intervals (relation figures too), off the GUI thread (0.5 s for the
        demo's three pairs)."""
        from evmeval.compare.agreement import all_pair_intervals
        from evmeval.compare.significance import DEFAULT_SETTINGS

        def work(context: JobContext) -> ResamplingRun:
            context.check()
            return all_pair_intervals(loaded.result.pairs, DEFAULT_SETTINGS, loaded.result.relations,
                                      cancelled=context.cancelled)

        def done(run: ResamplingRun) -> None:
            if self.loaded is loaded and self.panel is not None:
                self.panel.set_intervals(run)
                self.intervals_ready.emit()

        self.session.runner.submit("Agreement intervals", work, done, on_error=lambda _exc: None,
                                   key=INTERVALS_JOB)

    # -- pairs and pages --------------------------------------------------------------------------

    def comparison(self, i: int, j: int) -> tuple[LoadedCorpus, ScoreResult]:
        """The pair as a corpus and result for the views (cached while the comparison is shown)."""
        assert self.loaded is not None
        key = (i, j)
        if key not in self._comparisons:
            self._comparisons[key] = pair_comparison(self.loaded, i, j)
        return self._comparisons[key]

    def _show_in_session(self, pair: tuple[int, int], doc_id: str | None, names: Ready | None = None) -> None:
        """The pair in the document views; `names`: its type names and the list's order, when made with it."""
        assert self.loaded is not None
        i, j = pair
        roles = (self.loaded.names[i], self.loaded.names[j])
        self.tabs.setTabText(1, f"Pair: {tag(i)} {roles[0]} (gold role) vs {tag(j)} {roles[1]}")
        self.banner.set_roles(i, j, roles)
        self.port.set_lanes_text(f"{tag(i)} ▲ above the words, {tag(j)} ▼ below")
        corpus, result = self.comparison(i, j)
        if self.reversed_pair is not None:  # coreference agreement, both ways
            self.reversed_pair(lambda: self._swapped(j, i))
        self.session.corpus_state.show_comparison(corpus, result, roles=roles, doc_id=doc_id,
                                                  type_names=names[0] if names is not None else None,
                                                  order=names[1] if names is not None else None)

    def _swapped(self, i: int, j: int) -> tuple[ScoreResult, TbfFile, TbfFile] | None:
        """Annotator i in the gold role against j (result, gold-role file, other file), or None."""
        if self.loaded is None:
            return None
        corpus, result = self.comparison(i, j)
        return result, corpus.inputs[0].gold, corpus.inputs[0].system

    def select_pair(self, i: int, j: int, *, doc_id: str | None = None) -> None:
        """Make (i, j) the pair the views show, i in the gold role (the page stays)."""
        if self.loaded is None or i == j:
            return
        if (i, j) == self.pair and self.session.roles is not None:
            if doc_id is not None:
                self.session.select_document(doc_id)
            return
        self.pair = (i, j)
        if self.panel is not None:
            self.panel.set_pair(self.pair)
        self._show_in_session(self.pair, doc_id if doc_id is not None else self.session.selection.doc_id)

    def open_pair(self, i: int, j: int) -> None:
        """A matrix cell was clicked: that pair in the document views."""
        self.select_pair(i, j)
        self.show_page(PAIR)

    def open_document(self, doc_id: str) -> None:
        """A document of the agreement list was clicked: it, in the document views."""
        self.select_pair(*self.pair, doc_id=doc_id)
        self.session.select_document(doc_id)
        self.show_page(PAIR)

    def swap_roles(self) -> None:
        self.select_pair(self.pair[1], self.pair[0])

    def show_page(self, page: str) -> None:
        """The matrix or the document views (the tab bar follows)."""
        if not self.active:
            return
        self.page = page
        self.tabs.blockSignals(True)
        self.tabs.setCurrentIndex(0 if page == MATRIX else 1)
        self.tabs.blockSignals(False)
        self.show_current_page()

    def show_current_page(self) -> None:
        """The page of `page`; the matrix is made the first time its page is shown (opened at a pair's document
        views, the comparison made no chart)."""
        matrix = self.page == MATRIX and self.panel is not None
        if matrix:
            self.ensure_panel()
        self.port.show_page(self.panel if matrix else None)

    # -- leaving and following the session ---------------------------------------------------------

    def _on_corpus_loaded(self) -> None:
        if self.session.roles is None:
            self._arriving = None  # an ordinary corpus opened as a comparison arrived: it is not shown
            if self.active:
                self.leave()

    def leave(self) -> None:
        """Back to the ordinary gold/system mode (an ordinary corpus was opened, or a curation shown). The
        intervals still being drawn are stopped: they are for this comparison only, and would hold the
        interpreter against the window's next work (a curation's batch stalled the window for 0.3 s)."""
        self.active = False
        self.loaded = self._arriving = None
        self.session.runner.cancel(INTERVALS_JOB)
        release(list(self._comparisons.values()))  # freed a pair per later turn, not in the curation's show
        self._comparisons.clear()
        self.tabs.hide()
        self.banner.hide()
        self.port.set_lanes_text(None)
        if self.panel is not None and self.port.current_page() is self.panel:
            self.port.show_page(None)
        self.port.commands_changed()

    def _on_combination_changed(self, name: str) -> None:
        if self.active and self.panel is not None:
            self.panel.set_combination(name)

    def title(self) -> str:
        """The window title's first part."""
        names = self.loaded.names if self.loaded is not None else ()
        return f"Agreement: {', '.join(names)}"

    # -- export -----------------------------------------------------------------------------------

    def default_export_name(self) -> str:
        assert self.loaded is not None
        i, j = self.pair

        def clean(name: str) -> str:
            return re.sub(r"[^A-Za-z0-9_.-]+", "_", os.path.splitext(name)[0]).strip("_") or "annotator"

        return f"disagreements_{clean(self.loaded.names[i])}_vs_{clean(self.loaded.names[j])}_" \
               f"{self.session.combination.replace('+', '_')}.csv"

    def export_disagreements(self, path: str | None = None) -> bool:
        """Write the selected pair's disagreements (chosen combination) to CSV, in the background; asks
        where when `path` is None. `disagreements_exported(path, rows)` follows; False: nothing started."""
        if self.loaded is None:
            return False
        if path is None:
            start = os.path.join(os.path.dirname(os.path.abspath(self.loaded.request.paths[0])),
                                 self.default_export_name())
            path = self.port.choose_save_path("Export disagreements", start, "CSV files (*.csv);;All files (*)")
            if not path:
                return False
        i, j = self.pair
        loaded, combination, target = self.loaded, self.session.combination, path

        def work(context: JobContext) -> int:
            from evmeval.report.agreement_csv import write_disagreements_csv  # with the agreement scoring: late

            return write_disagreements_csv(target, loaded.pair(i, j), combination, inputs=loaded.request.paths)

        def done(count: object) -> None:
            assert isinstance(count, int)
            self.port.show_message(f"{count} disagreement(s) of {tag(i)} and {tag(j)} written to {target}", 8000)
            self.disagreements_exported.emit(target, count)

        self.session.run_job("Exporting disagreements", work, done, path=target)
        return True
