"""The EvmEval Studio main window: it assembles the views, the modes and the window's parts.

The window owns one `JobRunner` and one `Session` (`evmeval_gui.model.session`, no Qt); it builds the
views, menus and toolbar, turns user commands into session calls, and asks the active mode
(`evmeval_gui.modes`: scoring or agreement, each talking to the window through `WindowPort`) for its
title, status line and page. Views never talk to each other: they all follow the session (selection,
chart filter, combination). Its parts are small classes of their own: `window.welcome` (welcome page,
filter chip), `window.recent` (Open recent), `window.charts_dock` (Charts) and
`window.export_controller` (Export report). Inputs are only read.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from evmeval.align import COMBINATIONS
from evmeval.io.errors import FormatError, Problem
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui.agreement.mode import AgreementMode
from evmeval_gui.agreement.state import AGREEMENT_ENTRY, AgreementRequest, demo_agreement_request
from evmeval_gui.align.parts import AlignmentParts
from evmeval_gui.align.state import AlignmentFigures
from evmeval_gui.compare.mode import CompareMode
from evmeval_gui.conventions.lazy import LazyConventions
from evmeval_gui.coref.state import Coreference
from evmeval_gui.coref.window import install_coreference
from evmeval_gui.curation.mode import CurateMode
from evmeval_gui.curation.parts import CurationParts
from evmeval_gui.dialogs import OpenCorpusDialog, show_load_error
from evmeval_gui.editing.after_edits import AfterEdits
from evmeval_gui.editing.controller import EditController
from evmeval_gui.editing.new_document import NewDocumentDialog
from evmeval_gui.editing.scratch_mode import ScratchMode
from evmeval_gui.jobs import JobRunner
from evmeval_gui.model.corpus import OpenRequest, demo_request, make_request
from evmeval_gui.model.micro_ci import MicroIntervals
from evmeval_gui.model.recent import RecentEntries
from evmeval_gui.model.session import Loader, Session
from evmeval_gui.modes import WindowMode
from evmeval_gui.sequencing.parts import SequencingParts
from evmeval_gui.views.document_list import DocumentList
from evmeval_gui.views.document_pane import DocumentPane
from evmeval_gui.views.mapping_table import MappingTable
from evmeval_gui.views.summary_bar import SummaryBar
from evmeval_gui.window.charts_dock import ChartsDock, ChartsFactory, ChartsView, default_charts_factory
from evmeval_gui.window.commands import WindowCommands
from evmeval_gui.window.dropping import WindowDrops
from evmeval_gui.window.export_controller import ExportController
from evmeval_gui.window.first_document import FirstDocumentParts
from evmeval_gui.window.first_paint import QuietUntilPainted
from evmeval_gui.window.help_actions import WindowHelp
from evmeval_gui.window.navigation import WindowNavigation
from evmeval_gui.window.recent import RecentCorpora
from evmeval_gui.window.scoring_mode import ScoringMode
from evmeval_gui.window.screen_fit import fit_to_screen, keep_on_screen
from evmeval_gui.window.session_store import SessionStore
from evmeval_gui.window.split_shares import TEXT_SHARE_FLOOR, SplitShares
from evmeval_gui.window.stored_settings import NOTE_MS, StoredSettings, curation_folder, default_settings
from evmeval_gui.window.tab_out import TabOutOfTables
from evmeval_gui.window.welcome import APP_NAME, FilterChip, WelcomePage

if TYPE_CHECKING:
    from evmeval_gui.conventions.dock import ConventionsDock

__all__ = ["APP_NAME", "MainWindow", "default_settings"]

Notifier = Callable[[Problem], None]



class MainWindow(WindowCommands, QMainWindow):
    """The whole window. Arguments let tests and the screenshot mode replace what touches the system.

    `settings`: where recent corpora and geometry live (`persist=False`: nothing is written);
    `loader`: the background work that opens a corpus (see `model.session.Loader`); `notifier`: how a bad
    input is reported (default: a non-blocking message box); `charts_factory`: builds the charts
    panel the first time the Charts dock is shown, given the window's runner (default:
    `evmeval_gui.charts.panel.ChartsPanel`; `use_default_charts=False`: no charts).
    The window is the modes' `WindowPort`.
    """

    def __init__(self, *, settings: QSettings | None = None, persist: bool = True, loader: Loader | None = None,
                 notifier: Notifier | None = None, charts_factory: ChartsFactory | None = None,
                 use_default_charts: bool = True) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.settings = settings if settings is not None else default_settings()
        self.persist = persist
        self.runner = JobRunner(self)
        self._session = Session(self.runner, loader=loader)
        self.coreference = Coreference(self._session)
        """Coreference scores and clusters of what is shown (computed in the background after scoring)."""
        self.alignment = AlignmentFigures(self._session)
        self.stored = StoredSettings(self.settings, status=lambda text: self.show_message(text, NOTE_MS))
        entries = RecentEntries()
        entries.register(AGREEMENT_ENTRY)  # Open recent holds agreement studies too
        self.recent = RecentCorpora(self.stored, entries, persist=persist, parent=self)
        self.exporter = ExportController(self, self._session, report=self._on_load_failed,
                                         message=self.show_message)
        self.exporter.coreference = lambda: self.coreference.result  # None while being scored
        self.exporter.schemes = lambda: (  # MUC/GATE the window already counted for this result: not again
            self.alignment.schemes if self.alignment.schemes_of is self._session.result else None)
        self.notifier: Notifier = notifier or self._show_problem
        self.error_box: QMessageBox | None = None
        self.open_dialog: OpenCorpusDialog | None = None
        self.compare_dialog: QWidget | None = None
        self._load_started = 0.0
        self._warnings: list[str] = []
        self._wanted_doc: str | None = None
        self.setAcceptDrops(True)
        self.setWindowTitle(APP_NAME)

        self._build_views()
        self.drops = WindowDrops(message=self.show_message,
                                 say_on_welcome=lambda text: self.welcome.set_status(text, error=True),
                                 is_open=lambda: self._session.loaded, open_dialog=self.show_open_dialog)
        self.help = WindowHelp(self, actions=self.shortcut_actions, warnings=lambda: self._warnings)
        self.navigation = WindowNavigation(self._session, self.documents, self.mapping, self.chip,
                                           message=self.show_message, open_charts=lambda: self.charts_dock.open())
        self.editing = EditController(self, self)  # editing: actions, undo stack, saving (evmeval_gui/editing)
        self.new_document_dialog: NewDocumentDialog | None = None
        self.agreement = AgreementMode(self, self)
        self.agreement.reversed_pair = self.coreference.follow_reverse
        self.compare = CompareMode(self, self)
        self.scratch = ScratchMode(self, is_scratch=lambda: self.editing.scratch is not None,
                                   save=self.editing.save_as)
        self.editing.side_changed.connect(self.scratch.banner.set_side)
        self.summary.run_text = lambda: self.scratch.run_text() if self.scratch.active else None
        self.curate = CurateMode(self, open_scoring=self.open_request, choose_folder=self._choose_folder,
                                 save_folder=curation_folder(self.settings) if persist else None)
        self.scoring = ScoringMode(self, others=(self.agreement, self.compare, self.scratch, self.curate))
        self.micro_ci = MicroIntervals(self._session)  # the summary bar's "F1 [low, high]" tooltip
        self.micro_ci.ready.connect(self.summary.set_intervals)
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._build_status_bar()
        self.charts_dock = ChartsDock(self, self._session, self.runner,
                                      charts_factory or (default_charts_factory if use_default_charts else None))
        self._build_charts_action()
        # event JSONL corpora: the switchboard, the flips, arguments on the text
        self.conventions = LazyConventions(self, self._session, self.text_view, self.mapping, self.runner,
                                           self.view_menu)  # built when first wanted
        self.conventions_action = self.conventions.action
        self.view_menu.insertAction(self.clear_filter_action, self.conventions_action)
        self.alignment_parts = AlignmentParts(self, self.alignment, summary=self.summary, text_view=self.text_view,
                                              view_menu=self.view_menu, before=self.clear_filter_action)
        # clusters, overlay, columns, summary, charts tab
        self.coreference_ui = install_coreference(self, self.coreference)
        self.tab_out = TabOutOfTables(self)  # Tab leaves tables instead of walking their cells
        # corpus-wide figures counted in the background follow the edits once they pause
        self.after_edits = AfterEdits(self._session, (self.alignment.recount, self.coreference.compute),
                                      parent=self)
        self._connect_session()
        self.sequencing = SequencingParts(self)  # arcs, link table, F1 column, figure, menu, chart tab, export
        self.resize(1366, 768)
        keep_on_screen(self)
        if persist:
            self._restore_geometry()
        self.recent.changed.connect(self._refresh_recent)
        self.agreement.agreement_finished.connect(self._remember_agreement)
        self.session_store = SessionStore(self, self.stored, self.recent.entries, persist=persist)
        self.file_menu.insertAction(self.quit_separator, self.session_store.action)
        self.curation_parts = CurationParts(self)  # curations in Open recent and in the restored session
        self._refresh_recent()
        self._update_state()

    # -- the modes' WindowPort ----------------------------------------------------------------------

    @property
    def session(self) -> Session:
        return self._session

    @property
    def conventions_dock(self) -> ConventionsDock:
        """The Conventions dock (built now if it was not yet)."""
        return self.conventions.ensure()

    @property
    def mode(self) -> WindowMode:
        """The active mode (agreement while a comparison is shown, else scoring)."""
        if self.curate.active:
            return self.curate
        if self.compare.active:
            return self.compare
        if self.agreement.active:
            return self.agreement
        return self.scratch if self.scratch.active else self.scoring

    def add_page(self, page: QWidget) -> None:
        self.stack.addWidget(page)

    def show_page(self, page: QWidget | None) -> None:
        self.stack.setCurrentWidget(page if page is not None else self.workspace)
        self.charts_dock.set_applicable(page is None)

    def current_page(self) -> QWidget | None:
        current = self.stack.currentWidget()
        return None if current is self.workspace else current

    def add_mode_bar(self, bar: QWidget) -> None:
        self.mode_layout.insertWidget(0, bar)

    def add_banner(self, banner: QWidget) -> None:
        self.workspace_layout.insertWidget(0, banner)

    def set_lanes_text(self, text: str | None) -> None:
        self.document_pane.lanes.setText(text if text is not None else self._lanes_text)

    def show_message(self, text: str, timeout_ms: int = 8000) -> None:
        self.statusBar().showMessage(text, timeout_ms)

    def report_problem(self, problem: Problem) -> None:
        self.notifier(problem)

    def choose_save_path(self, title: str, start: str, file_filter: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(self, title, start, file_filter)
        return path or None

    def commands_changed(self) -> None:
        self._update_state()

    # -- construction -----------------------------------------------------------------------------

    def _build_views(self) -> None:
        s = self.session
        self.summary = SummaryBar(s)
        self.documents = DocumentList(s)
        self.document_pane = DocumentPane(s)
        self.text_view = self.document_pane.view
        self._lanes_text = self.document_pane.lanes.text()
        self.mapping = MappingTable(s)
        self.chip = FilterChip(lambda: self._session.set_filter(None))
        self.right_split = QSplitter(Qt.Orientation.Vertical)
        self.right_split.setObjectName("textTableSplitter")
        self.right_split.addWidget(self.document_pane)
        self.lower_tabs = QTabWidget()
        """The mapping table's tabs: features add theirs beside it (coreference clusters and scores, links)."""
        self.lower_tabs.setObjectName("lowerTabs")
        self.lower_tabs.setDocumentMode(True)
        self.lower_tabs.addTab(self.mapping, "Mappings")
        self.right_split.addWidget(self.lower_tabs)
        self.right_split.setStretchFactor(0, 3)
        self.right_split.setStretchFactor(1, 2)
        self.right_split.setChildrenCollapsible(False)
        self.main_split = QSplitter(Qt.Orientation.Horizontal)
        self.main_split.setObjectName("listSplitter")
        self.main_split.addWidget(self.documents)
        self.main_split.addWidget(self.right_split)
        self.main_split.setStretchFactor(0, 1)
        self.main_split.setStretchFactor(1, 3)
        self.main_split.setChildrenCollapsible(False)
        self.main_split.setSizes([420, 940])
        self.right_split.setSizes([400, 260])
        # a short window keeps the text its share, and the text keeps at least 40 % (a restored layout)
        self.right_shares = SplitShares(self.right_split, floor=TEXT_SHARE_FLOOR)
        workspace = QWidget()
        workspace.setObjectName("workspace")
        self.workspace = workspace
        layout = QVBoxLayout(workspace)
        self.workspace_layout = layout
        layout.setContentsMargins(6, 6, 6, 2)
        layout.setSpacing(5)
        layout.addWidget(self.summary)
        layout.addWidget(self.chip)
        layout.addWidget(self.main_split, 1)
        self.welcome = WelcomePage(on_open=self.show_open_dialog, on_demo=self.open_demo,
                                   on_compare=self.show_compare_dialog, on_recent=self.open_recent,
                                   on_new=self.show_new_document_dialog)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.welcome)
        self.stack.addWidget(workspace)
        central = QWidget()
        central.setObjectName("central")
        self.mode_layout = QVBoxLayout(central)  # the Agreement mode's tab bar goes above the stack
        self.mode_layout.setContentsMargins(0, 0, 0, 0)
        self.mode_layout.setSpacing(0)
        self.mode_layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)

    def _build_charts_action(self) -> None:
        toggle = self.charts_dock.toggleViewAction()
        toggle.setText("&Charts")
        toggle.setShortcut(QKeySequence("Ctrl+Shift+C"))
        toggle.setStatusTip("Show or hide the charts (score bars, per-type scores, confusions, documents)")
        self.charts_action = toggle
        self.view_menu.insertAction(self.clear_filter_action, toggle)
        self.toolbar.insertAction(self.system_label_action, toggle)
        self.toolbar.insertSeparator(self.system_label_action)

    @property
    def charts_panel(self) -> ChartsView | None:
        """The charts panel, once the dock was first shown."""
        return self.charts_dock.panel

    def ensure_charts(self) -> ChartsView | None:
        """Build the charts panel now (if it can be built); returns it."""
        return self.charts_dock.ensure_panel()

    def _remember_agreement(self) -> None:
        if self.agreement.request is not None and self.persist:
            self.recent.remember(self.agreement.request)

    def _connect_session(self) -> None:
        s = self.session
        s.loading_started.connect(self._on_loading_started)
        s.corpus_loaded.connect(self._on_corpus_loaded)
        s.scoring_finished.connect(self._on_scoring_finished)
        s.result_edited.connect(self._refresh_warnings)
        s.load_failed.connect(self._on_load_failed)
        s.combination_changed.connect(self._on_combination_changed)
        s.system_changed.connect(self._on_system_changed)
        s.filter_changed.connect(self.navigation.on_filter_changed)
        s.charts_requested.connect(self.navigation.show_in_charts)
        self.editing.modified_changed.connect(self._on_modified)
        self.runner.job_progress.connect(self._on_job_progress)
        self.runner.job_status.connect(self.statusBar().showMessage)
        self.runner.job_finished.connect(self._on_job_finished)
        # quiet jobs wait for the first paint of a newly scored corpus (evmeval_gui.window.first_paint)
        self.quiet = QuietUntilPainted(self.runner, self.text_view.viewport())
        s.loading_started.connect(lambda _label: self.quiet.arm())
        s.scoring_finished.connect(self.quiet.ready)
        self.runner.job_finished.connect(self.quiet.main_job_finished)
        s.selecting.connect(self.runner.pause_quiet)  # a document switch has the interpreter to itself
        self.first_document = FirstDocumentParts(self, self.documents.count_label,
                                                 self.text_view.viewport())  # shown while the corpus scores

    # -- opening ----------------------------------------------------------------------------------

    def open_recent(self, request: OpenRequest | AgreementRequest) -> None:
        """A recent entry (corpus or agreement set): opened, or (its files are gone) a box that says so and
        offers to remove it."""
        self.recent.open(request, self._open_entry, self)

    def _open_entry(self, request: OpenRequest | AgreementRequest) -> None:
        if isinstance(request, AgreementRequest):
            self.open_agreement(request)
        else:
            self.open_request(request)

    def open_request(self, request: OpenRequest, *, doc_id: str | None = None, system_index: int = 0) -> None:
        """Open a corpus in the background (the current one stays until the new one is ready)."""
        if not self.editing.confirm_discard("opening another corpus"):
            return
        self.navigation.clear_filter()
        self._wanted_doc = doc_id
        self.session.open(request, doc_id=doc_id, system_index=system_index)

    def open_files(self, gold: str, systems: Sequence[str], *, token_dir: str | None = None,
                   text_dir: str | None = None, doc_id: str | None = None) -> None:
        """Open paths as given on the command line (folders found automatically when not given)."""
        self.open_request(make_request(gold, list(systems), token_dir=token_dir, text_dir=text_dir), doc_id=doc_id)

    def open_demo(self, doc_id: str | None = None) -> None:
        try:
            request = demo_request()
        except FormatError as exc:
            self._on_load_failed(exc.problem)
            return
        self.open_request(request, doc_id=doc_id)

    def show_open_dialog(self, initial: OpenRequest | None = None) -> OpenCorpusDialog:
        """The Open dialog, non-blocking; accepting it opens the corpus."""
        dialog = OpenCorpusDialog(self, initial=initial or self.session.request, recent=self.recent.corpora())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self.open_request(dialog.request()))
        self.open_dialog = dialog
        dialog.open()
        return dialog

    def open_agreement(self, request: AgreementRequest, *, doc_id: str | None = None) -> None:
        """Compare annotation sets in the background and show the Agreement mode (see `agreement/mode.py`);
        with `doc_id`, the first pair's document views open at that document."""
        if not self.editing.confirm_discard("comparing annotators"):
            return
        self.navigation.clear_filter()
        self.agreement.compare(request, doc_id=doc_id, page="matrix" if doc_id is None else "pair")

    def open_demo_agreement(self) -> None:
        """The demo's gold.tbf, system_a.tbf and system_b.tbf as three annotators."""
        try:
            request = demo_agreement_request()
        except FormatError as exc:
            self._on_load_failed(exc.problem)
            return
        self.open_agreement(request)

    def show_compare_dialog(self) -> QWidget:
        """File > Compare annotators…, non-blocking; accepting it starts the comparison."""
        from evmeval_gui.agreement.dialog import CompareAnnotatorsDialog

        dialog = CompareAnnotatorsDialog(self, initial=self.agreement.request)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self.open_agreement(dialog.request()))
        self.compare_dialog = dialog
        dialog.open()
        return dialog

    def reload(self) -> None:
        if not self.editing.confirm_discard("reading the files again"):
            return
        if not self.mode.reload():
            self.statusBar().showMessage("Nothing to reload: open a corpus first", 4000)

    # -- drag and drop ----------------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        # any local file or folder is taken: one without tbf files gets a message saying why, not silence
        if event.mimeData().hasUrls() and any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        event.acceptProposedAction()
        self.drops.drop(event.mimeData().urls())

    # -- session events ---------------------------------------------------------------------------

    def _on_loading_started(self, label: str) -> None:
        self._load_started = time.perf_counter()
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()
        self.statusBar().showMessage(label + "…")
        if not self.session.loaded:
            self.welcome.set_status(label + "…")

    def _on_job_progress(self, done: int, total: int) -> None:
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        else:
            self.progress.setRange(0, 0)

    def _on_job_finished(self, label: str, outcome: str) -> None:
        if self.runner.busy:
            return
        self.progress.hide()
        self.cancel_button.hide()
        if self.session.loaded:  # a cancelled or failed system switch: show the system still shown
            self.system_combo.setCurrentIndex(self.session.system_index)
        if outcome == "cancelled":
            self.statusBar().showMessage(f"Cancelled: {label}", 6000)
            if not self.session.loaded:
                self.welcome.set_status("Cancelled.")

    def _on_corpus_loaded(self) -> None:
        corpus = self.session.corpus
        assert corpus is not None
        if self.mode.remembers_corpus():
            self.recent.remember(corpus.request)
        self.system_combo.blockSignals(True)
        self.system_combo.clear()
        for name in corpus.system_names:
            self.system_combo.addItem(name)
        self.system_combo.setCurrentIndex(self.session.system_index)
        self.system_combo.blockSignals(False)
        several = len(corpus.system_names) > 1
        self.system_label_action.setVisible(several)
        self.system_combo_action.setVisible(several)
        self.setWindowTitle(f"{self.mode.title()}[*] — {APP_NAME}")
        self.welcome.set_status("")

    def _refresh_warnings(self, *args: object) -> bool:
        """The warnings button for the shown result (an edit can end a document's warning); False: none."""
        result = self.session.result
        corpus = self.session.corpus
        if result is None or corpus is None:
            return False
        self._warnings = corpus.warnings_for(self.session.system_index) + list(result.warnings)
        count = len(self._warnings)
        self.warnings_button.setText(f"⚠ {count} warning{'s' if count != 1 else ''}")
        self.warnings_button.setToolTip("Input problems and scorer warnings (they do not stop scoring)")
        self.warnings_button.setVisible(count > 0)
        return True

    def _on_scoring_finished(self) -> None:
        if not self._refresh_warnings():
            return
        elapsed = time.perf_counter() - self._load_started if self._load_started else 0.0
        self._load_started = 0.0
        took = f" in {elapsed:.1f} s" if elapsed >= 1 else f" in {elapsed * 1000:.0f} ms" if elapsed else ""
        message = self.mode.status_text(took)
        if self._wanted_doc is not None and self.session.doc_result(self._wanted_doc) is None:
            message = f"Document {self._wanted_doc!r} is not in the gold file; showing the worst document. " + message
        self._wanted_doc = None
        self.statusBar().showMessage(message, 10000)
        self._update_state()
        if self.session.selection.doc_id is None:
            first = self.documents.neighbour(None, 1)
            if first is not None:
                self.session.select_document(first)
        if QApplication.focusWidget() in (None, self.documents.filter_edit) or not self.isActiveWindow():
            self.documents.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_load_failed(self, problem: Problem) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        self.statusBar().showMessage(f"Could not open: {problem}", 10000)
        if not self.session.loaded:
            self.welcome.set_status(f"Could not open the corpus: {problem}", error=True)
        self.notifier(problem)

    def _show_problem(self, problem: Problem) -> None:
        if self.error_box is not None:
            self.error_box.close()
        self.error_box = show_load_error(self, problem)
        self.error_box.destroyed.connect(self._forget_error_box)

    def _forget_error_box(self, *args: object) -> None:
        self.error_box = None

    def _on_combination_changed(self, name: str) -> None:
        self.combination_combo.setCurrentIndex(COMBINATIONS.index(name))
        self.combination_actions[name].setChecked(True)

    def _on_system_changed(self, index: int) -> None:
        self.system_combo.setCurrentIndex(index)

    def show_document_page(self) -> None:
        """The document page (a first document shown while its corpus is scored, see FirstDocumentParts)."""
        self.mode.show_current_page()

    def update_state(self) -> None:
        self._update_state()

    def _update_state(self) -> None:
        loaded = self.session.loaded
        self.compare_systems_action.setEnabled(self.compare.active or self.compare.available())
        self.compare_systems_action.setChecked(self.compare.active)
        self.export_comparison_action.setEnabled(self.compare.active)
        if loaded:
            self.setWindowTitle(f"{self.mode.title()}[*] — {APP_NAME}")
        if loaded or self.agreement.active:
            self.mode.show_current_page()
        else:
            self.stack.setCurrentWidget(self.welcome)
        self.matrix_action.setEnabled(self.agreement.active)
        self.export_disagreements_action.setEnabled(self.agreement.active)
        for action in (self.reload_action, self.find_action, self.next_error_action, self.prev_error_action,
                       self.next_doc_action, self.prev_doc_action, self.charts_action):
            action.setEnabled(loaded)
        self.export_action.setEnabled(loaded and self.mode.can_export_report())
        self.find_edit.setEnabled(loaded)
        self.combination_combo.setEnabled(loaded)
        self.mapping_combo.setEnabled(loaded and not self.agreement.active)
        if not loaded:
            self.system_label_action.setVisible(False)
            self.system_combo_action.setVisible(False)

    # navigation, chart filters (window.navigation), help (window.help_actions), construction of the
    # commands (window.commands) and drops (window.dropping): inherited

    # -- settings ---------------------------------------------------------------------------------

    def recent_requests(self) -> list[OpenRequest]:
        return self.recent.requests()

    def _refresh_recent(self) -> None:
        self.recent.fill_menu(self.recent_menu, self.open_recent)
        self.welcome.set_recent(self.recent.requests(), self.recent.entries)

    def _restore_geometry(self) -> None:
        for key, restore in (("geometry", self.restoreGeometry), ("windowState", self.restoreState),
                             ("listSplitter", self.main_split.restoreState),
                             ("textTableSplitter", self.right_split.restoreState)):
            self.stored.layout(key, restore, "the layout this window saved")
        self.right_shares.remember()
        fit_to_screen(self)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.editing.confirm_discard("closing"):
            event.ignore()
            return
        self.runner.shutdown()
        self.curate.close()  # the last decisions of a burst, not yet written; the curation's lock given up
        if self.persist:
            self.session_store.save()
            self.settings.setValue("geometry", self.saveGeometry())
            self.settings.setValue("windowState", self.saveState())
            self.settings.setValue("listSplitter", self.main_split.saveState())
            self.settings.setValue("textTableSplitter", self.right_split.saveState())
            self.settings.sync()
        super().closeEvent(event)
