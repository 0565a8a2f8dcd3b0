"""The EvmEval Studio main window: an assembler of parts, each in a module of its own.

The window builds one `JobRunner` and one `Session` (`evmeval_gui.model.session`, no Qt: a composition of
small parts that announce their own changes), the features' state beside it, the shared views, then the
window's parts, giving each what it needs in its constructor: `window.workspace` (where the views sit,
the pages), `window.status` (the status bar), `window.commands` (actions, menus, toolbar),
`window.navigation`, `window.loading` (what the window says while loading), `window.port` (the window as
the modes see it), the docks, the modes and the features' installers. It keeps the user's entry points
(open a corpus, the demo, an agreement study) and the window's own state (title, geometry, closing).
Views never talk to each other: they all follow the session. Inputs are only read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from evmeval.io.errors import FormatError, Problem
from PySide6.QtCore import QSettings
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QMainWindow, QMenu

from evmeval_gui.agreement.state import AGREEMENT_ENTRY, AgreementRequest, demo_agreement_request
from evmeval_gui.align.parts import AlignmentParts
from evmeval_gui.align.state import AlignmentFigures
from evmeval_gui.conventions.lazy import LazyConventions
from evmeval_gui.coref.state import Coreference
from evmeval_gui.coref.window import install_coreference
from evmeval_gui.curation.parts import CurationParts
from evmeval_gui.dialogs import OpenCorpusDialog
from evmeval_gui.editing.after_edits import AfterEdits
from evmeval_gui.editing.controller import EditController
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
from evmeval_gui.window.charts_dock import ChartsDock, ChartsFactory, default_charts_factory
from evmeval_gui.window.commands import ShellCommands, WindowCommands
from evmeval_gui.window.dialogs import WindowDialogs
from evmeval_gui.window.dropping import WindowDrops
from evmeval_gui.window.export_controller import ExportController
from evmeval_gui.window.first_document import FirstDocumentParts
from evmeval_gui.window.first_paint import QuietUntilPainted
from evmeval_gui.window.help_actions import WindowHelp
from evmeval_gui.window.lazy_modes import lazy_agreement, lazy_compare, lazy_curation
from evmeval_gui.window.loading import LoadFeedback
from evmeval_gui.window.navigation import WindowNavigation
from evmeval_gui.window.port import ModesPort
from evmeval_gui.window.qt_enums import QtEnumsWarmUp
from evmeval_gui.window.recent import RecentCorpora
from evmeval_gui.window.scoring_mode import ScoringMode
from evmeval_gui.window.screen_fit import fit_to_screen, keep_on_screen
from evmeval_gui.window.session_store import SessionStore
from evmeval_gui.window.status import JobStatus
from evmeval_gui.window.stored_settings import NOTE_MS, StoredSettings, default_settings
from evmeval_gui.window.tab_out import TabOutOfTables
from evmeval_gui.window.warm_up import ChartsWarmUp
from evmeval_gui.window.welcome import APP_NAME, FilterChip, WelcomePage
from evmeval_gui.window.workspace import Workspace

if TYPE_CHECKING:
    from evmeval_gui.agreement.mode import AgreementMode
    from evmeval_gui.compare.mode import CompareMode
    from evmeval_gui.conventions.dock import ConventionsDock
    from evmeval_gui.curation.mode import CurateMode

__all__ = ["APP_NAME", "MainWindow", "default_settings"]

Notifier = Callable[[Problem], None]


class MainWindow(QMainWindow):
    """The whole window. Arguments let tests and the screenshot mode replace what touches the system.

    `settings`: where recent corpora and geometry live (`persist=False`: nothing is written);
    `loader`: the background work that opens a corpus (see `model.corpus_state.Loader`); `notifier`: how a
    bad input is reported (default: a non-blocking message box); `charts_factory`: builds the charts
    panel the first time the Charts dock is shown, given the window's runner (default:
    `evmeval_gui.charts.panel.ChartsPanel`; `use_default_charts=False`: no charts); `warm_charts`: import the
    charts' library in the background once a corpus is first scored (`window.warm_up`).
    """

    def __init__(self, *, settings: QSettings | None = None, persist: bool = True, loader: Loader | None = None,
                 notifier: Notifier | None = None, charts_factory: ChartsFactory | None = None,
                 use_default_charts: bool = True, warm_charts: bool = True) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.settings = settings if settings is not None else default_settings()
        self.persist = persist
        self.notifier: Notifier = notifier or (lambda problem: self.dialogs.show_problem(problem))
        self.setAcceptDrops(True)
        self.setWindowTitle(APP_NAME)
        # the session and the features' state beside it
        self.runner = JobRunner(self)
        self.session = s = Session(self.runner, loader=loader)
        self.coreference = Coreference(s)
        """Coreference scores and clusters of what is shown (computed in the background after scoring)."""
        self.alignment = AlignmentFigures(s)
        self.micro_ci = MicroIntervals(s)  # the summary bar's "F1 [low, high]" tooltip
        self.stored = StoredSettings(self.settings, status=lambda text: self.status.show_message(text, NOTE_MS))
        entries = RecentEntries()
        entries.register(AGREEMENT_ENTRY)  # Open recent holds agreement studies too
        self.recent = RecentCorpora(self.stored, entries, persist=persist, parent=self)
        # the shared views, where they sit, the status bar
        self.summary, self.documents, self.mapping = SummaryBar(s), DocumentList(s), MappingTable(s)
        self.document_pane = DocumentPane(s)
        self.text_view = self.document_pane.view
        self.chip = FilterChip(lambda: s.set_filter(None))
        self.welcome = WelcomePage(on_open=self.show_open_dialog, on_demo=self.open_demo,
                                   on_compare=lambda: self.dialogs.compare_annotators(), on_recent=self.open_recent,
                                   on_new=lambda: self.dialogs.new_document())
        self.workspace = Workspace(self, summary=self.summary, chip=self.chip, documents=self.documents,
                                   document_pane=self.document_pane, mapping=self.mapping, welcome=self.welcome)
        self.lower_tabs = self.workspace.lower_tabs
        self.status = JobStatus(self, s, self.runner, show_warnings=lambda: self.help.show_warnings())
        self.micro_ci.ready.connect(self.summary.set_intervals)
        self.exporter = ExportController(self, s, report=lambda p: self.loading.on_load_failed(p),
                                         message=self.status.show_message)
        self.exporter.coreference = lambda: self.coreference.result  # None while being scored
        self.exporter.ready = lambda then: self.warm_up.when_ready(then)  # charts drawn once imported
        self.exporter.schemes = lambda: (  # MUC/GATE the window already counted for this result: not again
            self.alignment.schemes if self.alignment.schemes_of is s.result else None)
        # the window's parts and the modes
        self.port = ModesPort(s, self.workspace, self.status, dialogs=self, report=lambda p: self.notifier(p),
                              changed=self.update_state,
                              page_shown=lambda applicable: self.charts_dock.set_applicable(applicable))
        self.drops = WindowDrops(message=self.status.show_message,
                                 say_on_welcome=lambda text: self.welcome.set_status(text, error=True),
                                 is_open=lambda: s.loaded, open_dialog=self.show_open_dialog)
        self.help = WindowHelp(self, actions=lambda: self.commands.shortcut_actions(),
                               warnings=lambda: self.status.warnings)
        self.navigation = WindowNavigation(s, self.documents, self.mapping, self.chip, message=self.status.show_message,
                                           open_charts=lambda then: self.charts_dock.open(then))
        self.editing = EditController(self.port, self, text_view=self.text_view, keys_on=self.workspace.page)
        # the Agreement, Compare and Curate modes: imported by a job and built when first wanted (`window.lazy_modes`)
        self.agreement_mode, self.compare_mode = lazy_agreement(self), lazy_compare(self)
        self.scratch = ScratchMode(self.port, is_scratch=lambda: self.editing.scratch is not None,
                                   save=self.editing.save_as)
        self.editing.side_changed.connect(self.scratch.banner.set_side)
        self.summary.run_text = lambda: self.scratch.run_text() if self.scratch.active else None
        self.curation = lazy_curation(self)
        self.dialogs = WindowDialogs(self, open_request=self.open_request, open_agreement=self.open_agreement,
                                     agreement=self.agreement_mode, curation=self.curation, editing=self.editing,
                                     retitle=self.retitle)
        self.scoring = ScoringMode(self.port, others=(self.agreement_mode, self.compare_mode, self.scratch,
                                                      self.curation))
        d = self.dialogs
        shell = ShellCommands(open=self.show_open_dialog, demo=self.open_demo, curate=d.start_curation,
                              new_document=d.new_document, compare_annotators=d.compare_annotators,
                              reload=self.reload, quit=self.close)
        self.commands = WindowCommands(self, s, shell, navigation=self.navigation, text_view=self.text_view,
                                       help=self.help, editing=self.editing, agreement=self.agreement_mode,
                                       compare=self.compare_mode, exporter=self.exporter)
        self.view_menu = self.commands.view_menu
        self.charts_dock = ChartsDock(self, s, self.runner,
                                      charts_factory or (default_charts_factory if use_default_charts else None),
                                      ready=lambda then: self.warm_up.when_ready(then))  # built after the import
        self.commands.add_toolbar_toggle(self.charts_dock.toggle_action())
        # the features' parts: they register with the shared views and the commands
        self.conventions = LazyConventions(self, s, self.text_view, self.mapping, self.runner, self.view_menu,
                                           self.open_request, beside=self.charts_dock)  # built when first wanted
        self.commands.add_view_action(self.conventions.action)
        self.alignment_parts = AlignmentParts(self, self.alignment, summary=self.summary, text_view=self.text_view,
                                              view_menu=self.view_menu, before=self.commands.clear_filter_action)
        self.commands.extra_shortcuts.append(self.alignment_parts.action)
        self.coreference_ui = install_coreference(self, self.coreference)  # clusters, overlay, columns, charts
        self.tab_out = TabOutOfTables(self)  # Tab leaves tables instead of walking their cells
        # corpus-wide figures counted in the background follow the edits once they pause
        self.after_edits = AfterEdits(s, (self.alignment.recount, self.coreference.compute), parent=self)
        self.loading = LoadFeedback(s, self.runner, status=self.status, commands=self.commands, welcome=self.welcome,
                                    documents=self.documents, recent=self.recent, mode=lambda: self.mode,
                                    retitle=self.retitle, update=self.update_state, notify=lambda p: self.notifier(p),
                                    is_active=self.isActiveWindow)
        s.filter_changed.connect(self.navigation.on_filter_changed)
        s.charts_requested.connect(self.navigation.show_in_charts)
        self.editing.modified_changed.connect(self._on_modified)
        # quiet jobs wait for the first paint of a newly scored corpus (evmeval_gui.window.first_paint)
        self.quiet = QuietUntilPainted(self.runner, self.text_view.viewport())
        s.loading_started.connect(lambda _label: self.quiet.arm())
        s.scoring_finished.connect(self.quiet.ready)
        self.runner.job_finished.connect(self.quiet.main_job_finished)
        s.selecting.connect(self.runner.pause_quiet)  # a document switch has the interpreter to itself
        self.warm_up = ChartsWarmUp(s, self.runner, self, enabled=warm_charts)  # pyqtgraph, once a corpus is scored
        self.first_document = FirstDocumentParts(self, self.documents.count_label, self.document_pane,
                                                 self.workspace.right_split, self.workspace.lower_tabs)
        self.qt_enums = QtEnumsWarmUp(self.workspace.stack)  # the Qt enums the first document would make
        self.sequencing = SequencingParts(self)  # arcs, link table, F1 column, figure, menu, chart tab, export
        self.resize(1366, 768)
        keep_on_screen(self)
        if persist:
            self._restore_geometry()
        self.recent.changed.connect(self._refresh_recent)
        self.session_store = SessionStore(self, self.stored, self.recent.entries, persist=persist)
        self.commands.file_menu.insertAction(self.commands.quit_separator, self.session_store.action)
        self.curation_parts = CurationParts(self)  # curations in Open recent and in the restored session
        self._refresh_recent()
        self.update_state()

    # -- what the window shows ----------------------------------------------------------------------

    @property
    def mode(self) -> WindowMode:
        """The active mode (agreement while a comparison is shown, else scoring)."""
        for mode in (self.curation.built, self.compare_mode.built, self.agreement_mode.built, self.scratch):
            if mode is not None and mode.active:
                return mode
        return self.scoring

    @property
    def agreement(self) -> AgreementMode:
        """The Agreement mode (built now if it was not yet: else when a study is first opened)."""
        return self.agreement_mode.ensure()

    @property
    def compare(self) -> CompareMode:
        """The Compare mode (built now if it was not yet: else when it is first opened)."""
        return self.compare_mode.ensure()

    @property
    def curate(self) -> CurateMode:
        """The Curate mode (built now if it was not yet: else when a curation starts)."""
        return self.curation.ensure()

    @property
    def conventions_dock(self) -> ConventionsDock:
        """The Conventions dock (built now if it was not yet)."""
        return self.conventions.ensure()

    def show_message(self, text: str, timeout_ms: int = 8000) -> None:
        self.status.show_message(text, timeout_ms)

    def show_document_page(self) -> None:
        """The document page (a first document shown while its corpus is scored, see FirstDocumentParts)."""
        self.mode.show_current_page()

    def retitle(self) -> None:
        self.setWindowTitle(f"{self.mode.title()}[*] — {APP_NAME}")

    def update_state(self) -> None:
        """Show the mode's page (or the welcome page) and enable the commands that apply."""
        loaded = self.session.loaded
        if loaded:
            self.retitle()
        if loaded or self.agreement_mode.active:
            self.mode.show_current_page()
        else:
            self.workspace.show_welcome()
        self.commands.update(loaded=loaded, can_export=self.mode.can_export_report())

    def _on_modified(self, modified: bool) -> None:
        """Unsaved edits: "*" in the title; the system cannot be switched until they are saved or reverted."""
        self.setWindowModified(modified)
        if self.session.loaded:
            self.retitle()  # a save may have renamed the files
        self.commands.set_modified(modified)

    def createPopupMenu(self) -> QMenu:
        """Right-click on a dock's title bar or the toolbar: the View menu's own dock actions (Qt's toggles closed
        a dock that was a tab behind another instead of bringing it in front)."""
        return self.commands.dock_menu([self.charts_dock.toggle_action(), *self.conventions.dock_actions(),
                                        self.alignment_parts.action])

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
        self.loading.wanted_doc = doc_id
        self.session.open(request, doc_id=doc_id, system_index=system_index)

    def open_files(self, gold: str, systems: Sequence[str], *, token_dir: str | None = None,
                   text_dir: str | None = None, doc_id: str | None = None) -> None:
        """Open paths as given on the command line (folders found automatically when not given)."""
        self.open_request(make_request(gold, list(systems), token_dir=token_dir, text_dir=text_dir), doc_id=doc_id)

    def open_demo(self, doc_id: str | None = None) -> None:
        try:
            request = demo_request()
        except FormatError as exc:
            self.loading.on_load_failed(exc.problem)
            return
        self.open_request(request, doc_id=doc_id)

    def show_open_dialog(self, initial: OpenRequest | None = None) -> OpenCorpusDialog:
        """The Open dialog, non-blocking; accepting it opens the corpus."""
        return self.dialogs.open_corpus(initial or self.session.request, self.recent.corpora())

    def open_agreement(self, request: AgreementRequest, *, doc_id: str | None = None) -> None:
        """Compare annotation sets in the background and show the Agreement mode (see `agreement/mode.py`);
        with `doc_id`, the first pair's document views open at that document."""
        if not self.editing.confirm_discard("comparing annotators"):
            return
        self.navigation.clear_filter()
        page = "matrix" if doc_id is None else "pair"
        self.agreement_mode.when_ready(lambda mode: mode.compare(request, doc_id=doc_id, page=page))

    def open_demo_agreement(self) -> None:
        """The demo's gold.tbf, system_a.tbf and system_b.tbf as three annotators."""
        try:
            request = demo_agreement_request()
        except FormatError as exc:
            self.loading.on_load_failed(exc.problem)
            return
        self.open_agreement(request)

    def reload(self) -> None:
        if not self.editing.confirm_discard("reading the files again"):
            return
        if not self.mode.reload():
            self.status.show_message("Nothing to reload: open a corpus first", 4000)

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

    # -- settings ---------------------------------------------------------------------------------

    def recent_requests(self) -> list[OpenRequest]:
        return self.recent.requests()

    def _refresh_recent(self) -> None:
        self.recent.fill_menu(self.commands.recent_menu, self.open_recent)
        self.welcome.set_recent(self.recent.requests(), self.recent.entries)

    def _restore_geometry(self) -> None:
        restores = {"geometry": self.restoreGeometry, "windowState": self.restoreState, **self.workspace.splitters()}
        for key, restore in restores.items():
            self.stored.layout(key, restore, "the layout this window saved")
        self.workspace.restored()
        fit_to_screen(self)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.editing.confirm_discard("closing"):
            event.ignore()
            return
        self.runner.shutdown()
        if self.curation.built is not None:
            self.curation.built.close()  # the last decisions of a burst, not yet written; the curation's lock given up
        if self.persist:
            self.session_store.save()
            self.settings.setValue("geometry", self.saveGeometry())
            self.settings.setValue("windowState", self.saveState())
            self.workspace.save(self.settings)
            self.settings.sync()
        super().closeEvent(event)

