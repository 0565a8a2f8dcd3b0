"""The Agreement mode of the main window: N annotators compared, one pair shown in the document views.

`AgreementMode` runs the comparison through the window's one `JobRunner` (progress bar, Cancel), owns
the matrix page (`AgreementPanel`, built the first time it is needed: pyqtgraph is slow to import),
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

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QFrame, QHBoxLayout, QLabel, QPushButton, QTabBar

from core.formats.errors import FormatError
from core.metrics.mention import ScoreResult
from core.report.agreement_csv import write_disagreements_csv
from evmeval_gui.model.agreement_inputs import AgreementRequest, LoadedAgreement, load_and_compare, pair_comparison
from evmeval_gui.agreement.style import chip_html, tag
from evmeval_gui.model.corpus import LoadedCorpus
from evmeval_gui.jobs import JobContext

if TYPE_CHECKING:
    from evmeval_gui.agreement.panel import AgreementPanel
    from evmeval_gui.main_window import MainWindow

AgreementWork = Callable[[AgreementRequest, JobContext], LoadedAgreement]
"""Work function that reads the annotation sets and compares them (replaceable in tests)."""

MATRIX, PAIR = "matrix", "pair"


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


class AgreementMode(QObject):
    """The mode's state and commands; see the module docstring. `work` may be replaced (tests)."""

    agreement_finished = Signal()
    """A comparison was computed and is shown."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.session = window.session
        self.work: AgreementWork = default_work
        self.loaded: LoadedAgreement | None = None
        self.request: AgreementRequest | None = None
        self.pair: tuple[int, int] = (0, 1)
        self.active = False
        self.page = MATRIX
        self.panel: AgreementPanel | None = None
        self._comparisons: dict[tuple[int, int], tuple[LoadedCorpus, ScoreResult]] = {}
        self.tabs = QTabBar()
        self.tabs.setObjectName("agreementTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setExpanding(False)
        self.tabs.addTab("Agreement matrix")
        self.tabs.addTab("Pair")
        self.tabs.setTabToolTip(0, "All annotators: the pairwise F1 matrix, summary figures and documents")
        self.tabs.setTabToolTip(1, "The selected pair in the document list, text view and mapping table")
        self.tabs.hide()
        self.tabs.currentChanged.connect(lambda index: self.show_page(MATRIX if index == 0 else PAIR))
        self.banner = PairBanner()
        self.banner.back_button.clicked.connect(lambda: self.show_page(MATRIX))
        self.banner.swap_button.clicked.connect(self.swap_roles)
        self._lanes_text = window.document_pane.lanes.text()
        self.session.corpus_loaded.connect(self._on_corpus_loaded)
        self.session.combination_changed.connect(self._on_combination_changed)

    # -- starting ---------------------------------------------------------------------------------

    def compare(self, request: AgreementRequest, *, pair: tuple[int, int] = (0, 1), doc_id: str | None = None,
                page: str = MATRIX) -> None:
        """Read and compare the annotation sets in the background; the window keeps what it shows until
        the result is there (Cancel leaves it as it was)."""
        label = f"Comparing {len(request.paths)} annotators"
        work = self.work

        def run(context: JobContext) -> LoadedAgreement:
            return work(request, context)

        def done(loaded: object) -> None:
            assert isinstance(loaded, LoadedAgreement)
            self._install(loaded, pair, doc_id, page)

        self.session.run_job(label, run, done, path=request.paths[0] if request.paths else "")

    def reload(self) -> None:
        """F5: read and compare again, keeping the pair, the page and the document."""
        if self.request is not None:
            self.compare(self.request, pair=self.pair, doc_id=self.session.selection.doc_id, page=self.page)

    def ensure_panel(self) -> AgreementPanel:
        if self.panel is None:
            from evmeval_gui.agreement.panel import AgreementPanel

            self.panel = AgreementPanel()
            self.panel.pair_requested.connect(self.open_pair)
            self.panel.document_requested.connect(self.open_document)
            self.panel.export_requested.connect(self.export_disagreements)
            self.window.stack.addWidget(self.panel)
        return self.panel

    def _install(self, loaded: LoadedAgreement, pair: tuple[int, int], doc_id: str | None, page: str) -> None:
        n = loaded.size
        if not (0 <= pair[0] < n and 0 <= pair[1] < n and pair[0] != pair[1]):
            pair = (0, 1)
        self.loaded = loaded
        self.request = loaded.request
        self._comparisons.clear()
        self.active = True
        self.page = page
        self.pair = pair
        self.ensure_panel().set_agreement(loaded, self.session.combination, pair)
        self.tabs.show()
        self.banner.show()
        self._show_in_session(pair, doc_id)
        self.show_page(page)
        self.agreement_finished.emit()

    # -- pairs and pages --------------------------------------------------------------------------

    def comparison(self, i: int, j: int) -> tuple[LoadedCorpus, ScoreResult]:
        """The pair as a corpus and result for the views (cached while the comparison is shown)."""
        assert self.loaded is not None
        key = (i, j)
        if key not in self._comparisons:
            self._comparisons[key] = pair_comparison(self.loaded, i, j)
        return self._comparisons[key]

    def _show_in_session(self, pair: tuple[int, int], doc_id: str | None) -> None:
        assert self.loaded is not None
        i, j = pair
        names = (self.loaded.names[i], self.loaded.names[j])
        self.tabs.setTabText(1, f"Pair: {tag(i)} {names[0]} (gold role) vs {tag(j)} {names[1]}")
        self.banner.set_roles(i, j, names)
        self.window.document_pane.lanes.setText(f"{tag(i)} ▲ above the words, {tag(j)} ▼ below")
        corpus, result = self.comparison(i, j)
        self.session.show_comparison(corpus, result, roles=names, doc_id=doc_id)

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
        if self.page == MATRIX and self.panel is not None:
            self.window.stack.setCurrentWidget(self.panel)
        else:
            self.window.stack.setCurrentWidget(self.window.workspace)

    # -- leaving and following the session ---------------------------------------------------------

    def _on_corpus_loaded(self) -> None:
        if self.session.roles is None and self.active:
            self.leave()

    def leave(self) -> None:
        """Back to the ordinary gold/system mode (an ordinary corpus was opened)."""
        self.active = False
        self.loaded = None
        self._comparisons.clear()
        self.tabs.hide()
        self.banner.hide()
        self.window.document_pane.lanes.setText(self._lanes_text)
        self.window.export_disagreements_action.setEnabled(False)
        if self.window.stack.currentWidget() is self.panel:
            self.window.stack.setCurrentWidget(self.window.workspace)

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

    def export_disagreements(self, path: str | None = None) -> int | None:
        """Write the selected pair's disagreements (chosen combination) to CSV; asks where when `path` is
        None. Returns the number of rows written (None: nothing written)."""
        if self.loaded is None:
            return None
        if path is None:
            start = os.path.join(os.path.dirname(os.path.abspath(self.loaded.request.paths[0])),
                                 self.default_export_name())
            path, _ = QFileDialog.getSaveFileName(self.window, "Export disagreements", start,
                                                  "CSV files (*.csv);;All files (*)")
            if not path:
                return None
        i, j = self.pair
        try:
            count = write_disagreements_csv(path, self.loaded.pair(i, j), self.session.combination,
                                            inputs=self.loaded.request.paths)
        except FormatError as exc:
            self.window.notifier(exc.problem)
            return None
        self.window.statusBar().showMessage(f"{count} disagreement(s) of {tag(i)} and {tag(j)} written to {path}",
                                            8000)
        return count

