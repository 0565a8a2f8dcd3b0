"""The first document of a newly opened corpus is painted before any quiet background job starts.

Opening a corpus installs it and selects its first document on the GUI thread while chart,
coreference, interval and editing jobs are being submitted; started at once, their threads take
Python's interpreter lock from that first paint (measured: about a second on a 2000-document
corpus). `QuietUntilPainted` holds those jobs in the one `JobRunner` from the moment a corpus starts
loading until the text view has painted the selected document (or a short fallback delay passes,
e.g. for a hidden window), then lets them run. The `MAIN` job (loading, scoring) is never held.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

from evmeval_gui.jobs import JobRunner

FALLBACK_MS = 400
"""Release the held jobs this long after scoring finished even if nothing was painted."""


class QuietUntilPainted(QObject):
    """Holds quiet jobs from `arm()` until the first paint of `viewport` after `ready()`."""

    def __init__(self, runner: JobRunner, viewport: QWidget) -> None:
        super().__init__(viewport)
        self.runner = runner
        self._state = "idle"  # idle → holding (loading) → ready (installed, waiting for a paint)
        viewport.installEventFilter(self)

    def arm(self) -> None:
        """A corpus starts loading: hold quiet jobs."""
        self._state = "holding"
        self.runner.hold_quiet()

    def ready(self) -> None:
        """The corpus is installed and its document selected: release after the next paint."""
        if self._state != "holding":
            return
        self._state = "ready"
        QTimer.singleShot(FALLBACK_MS, self, self.release)

    def main_job_finished(self, *_args: object) -> None:
        """A `MAIN` job ended (its `on_done` runs right after): a load that installed nothing (failed,
        cancelled, or an export) releases at once."""
        QTimer.singleShot(0, self, self._after_main_job)

    def _after_main_job(self) -> None:
        if self._state == "holding":
            self.release()

    def release(self) -> None:
        if self._state == "idle":
            return
        self._state = "idle"
        self.runner.release_quiet()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._state == "ready" and event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self, self.release)  # after this paint has reached the screen
        return False
