"""View > Conventions, built the first time it is wanted: its module and the library's conventions
(~35 ms of imports) and its widgets stay out of the launch until an event corpus opens or the user
asks for the dock (issue 26: the first document is on screen sooner).

The menu's action is the window's own (checked while the dock is not hidden, as a dock's toggle
action is); the dock (`evmeval_gui.conventions.dock.ConventionsDock`) is made on the action's
first use, or when a loaded corpus has event conventions to show, and then keeps itself up to date.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow

from evmeval_gui.model.session import Session
from evmeval_gui.turns import Steps
from evmeval_gui.views.text_view import TextView

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from evmeval_gui.conventions.dock import ConventionsDock
    from evmeval_gui.jobs import JobRunner
    from evmeval_gui.views.mapping_table import MappingTable


DOCK_MODULE = "evmeval_gui.conventions.dock"
IMPORT_JOB = "conventions_import"
"""The job that imports the dock's module for an event corpus (only defines classes: safe off the GUI thread)."""


class LazyConventions(QObject):
    """The Conventions action of `window`, and its dock once built (`dock`, or `ensure()`)."""

    def __init__(self, window: QMainWindow, session: Session, text_view: TextView, mapping: MappingTable,
                 runner: JobRunner, view_menu: QMenu, reopen: Callable[..., object] | None = None,
                 beside: QDockWidget | None = None) -> None:
        """What the dock will need, given by the window: where it goes, the views it adds to, the runner
        of its threshold dock and the menu of that dock's toggle; `beside`: the dock it shares a place with, one
        tab each (the Charts: stacked, each had half the height, and at 1024x640 a chart was cut to its top)."""
        super().__init__(window)
        self.window = window
        self.session = session
        self.text_view = text_view
        self.mapping = mapping
        self.runner = runner
        self.view_menu = view_menu
        self.reopen = reopen
        """Opens the corpus again with new convention options (the window's `open_request`)."""
        self.beside = beside
        self._front = False
        """The dock in front of the user (`_front_changed`)."""
        self._dock: ConventionsDock | None = None
        self._filled = False
        """Whether the dock was asked to show the session's corpus since it was made."""
        self.action = QAction("Con&ventions", window)
        self.action.setCheckable(True)
        self.action.setStatusTip("Show or hide the scoring conventions side by side and what flips")
        self.action.triggered.connect(self._toggled)
        session.corpus_loaded.connect(self._on_corpus_loaded)
        self._later = Steps(self)
        """The building's next step, in a later turn of the event loop (a new corpus drops the one pending)."""

    @property
    def built(self) -> bool:
        """Whether the dock exists yet (a tbf corpus never needs it unless asked)."""
        return self._dock is not None

    def dock_actions(self) -> list[QAction]:
        """The View menu's actions for the Conventions and (once built, for DyGIE++) the Threshold dock."""
        threshold = self._dock.threshold_action if self._dock is not None else None
        return [self.action] if threshold is None else [self.action, threshold]

    def ensure(self) -> ConventionsDock:
        """The dock, built now if it was not: it shows the current corpus at once."""
        if self._dock is None:
            self._build()
        if not self._filled:
            self._show_corpus()
        assert self._dock is not None
        return self._dock

    def _build(self) -> None:
        from evmeval_gui.conventions.dock import ConventionsDock

        dock = ConventionsDock(self.window, self.session, self.text_view, mapping=self.mapping,
                               runner=self.runner, view_menu=self.view_menu, reopen=self.reopen)
        self._dock = dock
        if self.beside is not None:  # a tab beside the Charts (built after the window's saved layout was restored,
            self.window.tabifyDockWidget(self.beside, dock)  # the dock is not put back where a session left it)
            if dock.threshold_dock is not None:  # DyGIE++'s threshold stays the conventions' tab
                self.window.tabifyDockWidget(dock, dock.threshold_dock)
        dock.visibilityChanged.connect(self._front_changed)
        self._filled = False

    def _show_corpus(self) -> None:
        """The built dock shows the session's corpus (and takes its place in the window)."""
        assert self._dock is not None
        self._filled = True
        if self.session.corpus is not None:
            charts_shown = self.beside is not None and self.beside.isVisible()
            self._dock.refresh()
            if charts_shown and self.beside is not None:
                self.beside.raise_()  # the charts the user opened stay in front: the dock arrives as the next tab
            layout = self.window.layout()
            if layout is not None:
                layout.activate()  # its place in the window now: the table fits its real width
        self._sync()

    def _front_changed(self, front: bool) -> None:
        """Qt's word for in front (as the Charts' toggle reads it): shown, and the current tab when it is one."""
        self._front = front
        self._sync()

    def _toggled(self, checked: bool) -> None:
        dock = self.ensure()
        behind = not dock.isHidden() and not self._front  # a tab behind the Charts: brought forward, not closed
        dock.setVisible(checked or behind)
        if checked or behind:
            dock.raise_()
        self._sync()

    def _on_corpus_loaded(self) -> None:
        corpus = self.session.corpus
        if self._dock is None and corpus is not None and corpus.events:
            # it shows itself for an event corpus: imported by a job (the module and the library's conventions,
            # 12-15 ms of the GUI thread's turn otherwise), then built and filled in turns of the event loop of
            # their own, not in the one that takes the corpus in (together 40-50 ms at 4,480 documents)
            if DOCK_MODULE in sys.modules:
                self._later.start([self._build_for_events])
                return
            self._later.cancel()
            self.runner.submit("Importing the conventions", lambda _context: importlib.import_module(DOCK_MODULE),
                               lambda _module: self._later.start([self._build_for_events]),
                               on_error=lambda _exc: self._later.start([self._build_for_events]), key=IMPORT_JOB)

    def _build_for_events(self) -> None:
        """The next step of building the dock for the event corpus shown, a turn of the event loop each
        (`turns.Steps`): its module imported, its widgets made, the corpus shown in it."""
        corpus = self.session.corpus
        if (self._dock is not None and self._filled) or corpus is None or not corpus.events:
            return
        if self._dock is None and DOCK_MODULE not in sys.modules:
            importlib.import_module(DOCK_MODULE)  # (its import failed on the job: a turn of its own here)
        elif self._dock is None:
            self._build()
        else:
            self._show_corpus()
            return
        self._later.start([self._build_for_events])

    def _sync(self) -> None:
        shown = self._dock is not None and not self._dock.isHidden()
        if self.action.isChecked() != shown:
            self.action.blockSignals(True)
            self.action.setChecked(shown)
            self.action.blockSignals(False)
