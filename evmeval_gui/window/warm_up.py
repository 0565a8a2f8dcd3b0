"""The charts' library imported while the user reads the first document, not on the click of the first chart.

pyqtgraph (with numpy) costs 0.1-0.3 s of the GUI thread's CPU to import, the Charts dock's modules 0.05 s more.
The launch leaves them out, so that the first document is painted sooner (`qt_import`); the first chart wanted
then paid for them on its click (the Charts dock, the agreement matrix, the threshold curve, an export).
`ChartsWarmUp` imports them once the first corpus is scored, as a quiet job: quiet jobs start only after the first
document is painted (`first_paint.QuietUntilPainted`) and run one at a time, so the import waits for the corpus's
own background work. A chart wanted meanwhile (the Charts dock, an export's charts) waits for this job
(`when_ready`, which starts it if need be) instead of importing on the GUI thread. The empty window does not
import them (issue 34: 25 MB of its 106 before anything is opened): nothing on the welcome page draws a chart,
and the agreement's matrix, the one chart opened from there without a scored corpus, has its comparing job
import them (`agreement.mode.warm_imports`).

`BackgroundImport` is that job for any modules, without the warm-up's triggers: `LazyMode` (a mode built the first
time it is wanted) waits on one for its module (issue 34: the Curate mode's modules stay out of a scoring user's
memory until a curation is started).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QObject, QTimer

from evmeval_gui.jobs import JobRunner
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.model.session import Session
from evmeval_gui.modes import WindowMode
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


class BackgroundImport(QObject):
    """Modules imported once by a quiet job (`work`, on a worker thread: they only define classes); what waits for
    them (`when_ready`) runs on the GUI thread once they are. `imported` says whether they are already (`enabled`
    False: never waited for, `then` runs at once and imports them where it uses them)."""

    def __init__(self, runner: JobRunner, parent: QObject, *, label: str, key: str,
                 work: Callable[[JobContext], bool], imported: Callable[[], bool], enabled: bool = True) -> None:
        super().__init__(parent)
        self.runner = runner
        self.enabled = enabled
        self.done = False
        self._label = label
        self._key = key
        self._work = work
        self._imported = imported
        self._asked = False
        self._waiting: list[Callable[[], object]] = []
        """What waits for the import (`when_ready`): called on the GUI thread when it is done."""

    def when_ready(self, then: Callable[[], object]) -> None:
        """Call `then` once the modules are imported: at once if they are, else when this job has imported them
        (started now if it has not: a click right after launch). A click never imports them on the GUI thread
        (the charts' library: 0.1-0.3 s); without the warm-up (screenshots, most tests) `then` runs at once."""
        if not self.enabled or self._imported():
            then()
            return
        self._waiting.append(then)
        if self.done:  # imported once, then taken out of sys.modules (a test's spy): imported again
            self.done = self._asked = False
        self.start()
        self.runner.hurry(self._key)  # queued behind the corpus's quiet jobs: started now, the user waits for it

    def start(self, *_args: object) -> None:
        """Submit the import (once: again only if it was cancelled before it ran)."""
        if not self.enabled or self.done or self._asked:
            return
        if self._imported():  # imported already (used meanwhile)
            self._finished(True)
            return
        self._asked = True
        self.runner.submit(self._label, self._work, self._finished, on_error=self._failed,
                           on_cancelled=self._cancelled, key=self._key)

    def _finished(self, _imported: object) -> None:
        self.done = True
        waiting, self._waiting = self._waiting, []
        for then in waiting:
            then()

    def _failed(self, _exc: BaseException) -> None:
        """Not importable here: what waits says why when it imports them itself (the import runs again then)."""
        self._finished(False)

    def _cancelled(self) -> None:
        self._asked = False
        if self._waiting:  # still wanted: asked again
            QTimer.singleShot(0, self, self.start)


class ChartsWarmUp(BackgroundImport):
    """Imports the charts' library in the background once a corpus is first scored (`enabled`; the windowless
    screenshot mode does not: it may never draw a chart and waits for every job)."""

    def __init__(self, session: Session, runner: JobRunner, parent: QObject, *, enabled: bool = True) -> None:
        super().__init__(runner, parent, label="Preparing the charts", key=WARM_JOB, work=import_charts,
                         imported=lambda: pyqtgraph_loaded() and "evmeval_gui.charts.panel" in sys.modules,
                         enabled=enabled)
        session.scoring_finished.connect(self.start)


Mode = TypeVar("Mode", bound=WindowMode)


class LazyMode(QObject, Generic[Mode]):
    """A mode whose module is imported by a `BackgroundImport` and which is then built (`build`: a cheap
    constructor, its page is built when first shown) the first time it is wanted; `built` is None until then."""

    def __init__(self, runner: JobRunner, parent: QObject, module: str, build: Callable[[], Mode], *,
                 label: str) -> None:
        """`label`: what the status bar says while the module is imported."""
        super().__init__(parent)
        self.built: Mode | None = None
        self._build = build
        self._import = BackgroundImport(runner, self, label=label, key=f"import {module}",
                                        work=lambda _context: importlib.import_module(module) is not None,
                                        imported=lambda: module in sys.modules)

    @property
    def active(self) -> bool:
        """Whether the mode is what the window shows (never before it is built)."""
        return self.built is not None and self.built.active

    def ensure(self) -> Mode:
        """The mode, built now if it was not (its module imported here if need be: for what cannot wait)."""
        if self.built is None:
            self.built = self._build()
        return self.built

    def when_ready(self, then: Callable[[Mode], object]) -> None:
        """Call `then` with the mode: at once once built, else after its module is imported off the GUI thread."""
        if self.built is not None:
            then(self.built)
            return
        self._import.when_ready(lambda: then(self.ensure()))
