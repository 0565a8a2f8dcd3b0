"""The charts' library imported while the user reads the first document, not on the click of the first chart.

pyqtgraph (with numpy) costs 0.1-0.3 s of the GUI thread's CPU to import, the Charts dock's modules 0.05 s more.
The launch leaves them out, so that the first document is painted sooner (`qt_import`); the first chart wanted
then paid for them on its click (the Charts dock, the agreement matrix, the threshold curve, an export).
`ChartsWarmUp` imports them once the first corpus is scored, or once the welcome page is painted (the agreement's
matrix, opened from there, is a chart too), as a quiet job: quiet jobs start only after the first document is
painted (`first_paint.QuietUntilPainted`) and run one at a time, so the import waits for the corpus's own
background work. A chart wanted meanwhile (the Charts dock, an export's charts) waits for this job
(`when_ready`, which starts it if need be) instead of importing on the GUI thread.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

from evmeval_gui.jobs import JobRunner
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.model.session import Session
from evmeval_gui.qt_import import pyqtgraph_loaded

WARM_JOB = "warm_charts"
"""The quiet job's key."""


def import_charts(context: JobContext) -> bool:
    """The charts' library and the Charts dock's modules (on a worker thread: they only define classes, see
    `qt_import`); True when imported."""
    context.check()
    from evmeval_gui.qt_import import load_pyqtgraph

    load_pyqtgraph()
    context.check()
    import evmeval_gui.align.schemes_chart
    import evmeval_gui.charts.panel
    import evmeval_gui.export  # noqa: F401

    return True


class ChartsWarmUp(QObject):
    """Imports the charts' library in the background once a corpus is first scored or `welcome` first painted
    (`enabled`; the windowless screenshot mode does not: it may never draw a chart and waits for every job)."""

    def __init__(self, session: Session, runner: JobRunner, welcome: QWidget, *, enabled: bool = True) -> None:
        super().__init__(welcome)
        self.runner = runner
        self.enabled = enabled
        self.done = False
        self._asked = False
        self._waiting: list[Callable[[], None]] = []
        """What waits for the import (`when_ready`): called on the GUI thread when it is done."""
        session.scoring_finished.connect(self.start)
        self._welcome: QWidget | None = welcome
        welcome.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._welcome and event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            self._welcome = None
            QTimer.singleShot(0, self, self._welcome_painted)  # after this paint
        return False

    def _welcome_painted(self) -> None:
        """No corpus: start now. A corpus loading: its `scoring_finished` starts it, after its own jobs."""
        if not self.runner.busy:
            self.start()

    def when_ready(self, then: Callable[[], None]) -> None:
        """Call `then` once the charts' library is imported: at once if it is, else when this job has imported it
        (started now if it has not: a click right after launch). A click never imports it on the GUI thread
        (0.1-0.3 s); without the warm-up (screenshots, most tests) `then` runs at once."""
        if not self.enabled or self._imported():
            then()
            return
        self._waiting.append(then)
        self.start()
        self.runner.hurry(WARM_JOB)  # queued behind the corpus's quiet jobs: started now, the user waits for it

    @staticmethod
    def _imported() -> bool:
        return pyqtgraph_loaded() and "evmeval_gui.charts.panel" in sys.modules

    def start(self, *_args: object) -> None:
        """Submit the import (once: again only if it was cancelled before it ran)."""
        if not self.enabled or self.done or self._asked:
            return
        if self._imported():  # the charts were drawn already
            self._finished(True)
            return
        self._asked = True
        self.runner.submit("Preparing the charts", import_charts, self._finished, on_error=self._failed,
                           on_cancelled=self._cancelled, key=WARM_JOB)

    def _finished(self, _imported: object) -> None:
        self.done = True
        waiting, self._waiting = self._waiting, []
        for then in waiting:
            then()

    def _failed(self, _exc: BaseException) -> None:
        """Not importable here: the first chart says why when it is wanted (the import runs again then)."""
        self._finished(False)

    def _cancelled(self) -> None:
        self._asked = False
        if self._waiting:  # still wanted (a chart waits for it): asked again
            QTimer.singleShot(0, self, self.start)
