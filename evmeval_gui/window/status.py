"""The window's status bar: a progress bar and Cancel while work runs, the warnings button, messages.

It follows the job runner (progress, status text, a job finished) and the session's corpus part (a load
started or failed, a result scored or edited). Other parts never touch its widgets: a feature whose own
job should show the busy bar asks `show_busy` / `hide_busy` and adds to Cancel with `on_cancel`.
Esc that no part of the window uses itself (a search field with text, a word selection, an open editor, a menu or
a dialog keep theirs) does what Cancel does while Cancel is shown (`EscapeCancels`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QChildEvent, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QProgressBar, QPushButton, QToolButton, QWidget

from evmeval_gui.jobs import JobRunner
from evmeval_gui.model.formatting import plural
from evmeval_gui.model.session import Session


class JobStatus:
    """The status bar's busy bar, Cancel button and warnings button, built into `window`'s status bar."""

    def __init__(self, window: QMainWindow, session: Session, runner: JobRunner, *,
                 show_warnings: Callable[[], object]) -> None:
        self.session = session
        self.runner = runner
        self.bar = window.statusBar()
        self.warnings: list[str] = []
        """The shown result's input problems and scorer warnings (what the warnings button lists)."""
        self.progress = QProgressBar()
        self.progress.setObjectName("jobProgress")
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.setToolTip("Cancel (Esc): stop loading, scoring or exporting; the window keeps what it "
                                      "showed before")
        self._cancels: list[Callable[[], object]] = [session.corpus_state.cancel]
        self.cancel_button.clicked.connect(lambda _=False: self.cancel())
        self.escape = EscapeCancels(window, self.cancel, offered=lambda: not self.cancel_button.isHidden())
        self.warnings_button = QToolButton()
        self.warnings_button.setObjectName("warningsButton")
        self.warnings_button.setAutoRaise(True)
        self.warnings_button.clicked.connect(lambda _=False: show_warnings())
        self.bar.addPermanentWidget(self.warnings_button)
        self.bar.addPermanentWidget(self.progress)
        self.bar.addPermanentWidget(self.cancel_button)
        self.progress.hide()
        self.cancel_button.hide()
        self.warnings_button.hide()
        # no lower than as the window opens: the warnings button's text made it 1 px lower (28 to 27), so
        # the corpus's arrival laid out and repainted the whole window (issue 34: 49 ms of GUI CPU at MAVEN-ERE)
        self.bar.setMinimumHeight(self.bar.sizeHint().height())
        self._started = 0.0
        runner.job_progress.connect(self._on_job_progress)
        self._job_text = ""
        runner.job_status.connect(self._on_job_status)
        runner.job_finished.connect(self._on_job_finished)
        session.result_edited.connect(self.refresh_warnings)

    def _on_job_status(self, text: str) -> None:
        self._job_text = text
        self.bar.showMessage(text)

    def _on_job_finished(self, *_args: object) -> None:
        """A job's own line ("Finding the disagreements…") is said while it runs: gone when it ends, unless
        something has been said since."""
        if self._job_text and self.bar.currentMessage() == self._job_text:
            self.bar.clearMessage()
        self._job_text = ""

    def show_message(self, text: str, timeout_ms: int = 8000) -> None:
        self.bar.showMessage(text, timeout_ms)

    # -- busy -------------------------------------------------------------------------------------

    def show_busy(self) -> None:
        """A busy bar (no amount known) and Cancel."""
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.show()

    def hide_busy(self) -> None:
        self.progress.hide()
        self.cancel_button.hide()

    def on_cancel(self, cancel: Callable[[], object]) -> None:
        """Cancel stops `cancel`'s work too (a feature's own background job)."""
        self._cancels.append(cancel)

    def cancel(self) -> None:
        """What Cancel (the button, or Esc) does: the main job and the features' own work stop."""
        for cancel in self._cancels:
            cancel()

    def started(self, label: str) -> None:
        """A load or scoring started: busy, and its label until it reports."""
        self._started = time.perf_counter()
        self.show_busy()
        self.bar.showMessage(label + "…")

    def took(self) -> str:
        """How long the work since `started` took, in words (" in 1.2 s"; "" when nothing was timed)."""
        elapsed = time.perf_counter() - self._started if self._started else 0.0
        self._started = 0.0
        return f" in {elapsed:.1f} s" if elapsed >= 1 else f" in {elapsed * 1000:.0f} ms" if elapsed else ""

    def _on_job_progress(self, done: int, total: int) -> None:
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        else:
            self.progress.setRange(0, 0)

    # -- warnings ---------------------------------------------------------------------------------

    def refresh_warnings(self, *args: object) -> bool:
        """The warnings button for the shown result (an edit can end a document's warning); False: none."""
        result, corpus = self.session.result, self.session.corpus
        if result is None or corpus is None:
            return False
        self.warnings = corpus.warnings_for(self.session.system_index) + list(result.warnings)
        count = len(self.warnings)
        self.warnings_button.setText(f"⚠ {plural(count, 'warning')}")
        self.warnings_button.setToolTip("Input problems and scorer warnings (they do not stop scoring)")
        self.warnings_button.setVisible(count > 0)
        return True


class EscapeCancels(QObject):
    """Esc reaching `window` (or one of its floating docks) unused by the focused part cancels while `offered()`.

    A key press goes to the focused widget, then to its parents until one accepts it: a widget that uses Esc
    accepts it, so this sees only the Esc nobody used, and only the window's own events (not the application's)."""

    def __init__(self, window: QMainWindow, cancel: Callable[[], object], *, offered: Callable[[], bool]) -> None:
        super().__init__(window)
        self.window = window
        self.cancel = cancel
        self.offered = offered
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ChildPolished and watched is self.window:
            assert isinstance(event, QChildEvent)
            child = event.child()
            if isinstance(child, QDockWidget):  # a dock floated out is a window of its own
                child.installEventFilter(self)
            return False
        if kind != QEvent.Type.KeyPress or not isinstance(watched, QWidget) or not watched.isWindow():
            return False
        assert isinstance(event, QKeyEvent)
        if event.key() != Qt.Key.Key_Escape or event.modifiers() != Qt.KeyboardModifier.NoModifier:
            return False
        if not self.offered():
            return False
        self.cancel()
        event.accept()
        return True
