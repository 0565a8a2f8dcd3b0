"""Work on the GUI thread split into turns of the event loop (issue 34: a click's work over 50 ms is split or moved).

The Compare mode's opening builds and fills four pages: 250-450 ms of GUI CPU at 2,000 documents in one go, the
window frozen meanwhile. `Turns` runs such work as steps, one per turn of the event loop (a zero-delay timer
between them), so that paints and the user's input are handled between two steps; a step the user needs now
(a click on a page not built yet) has the rest run at once (`finish`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QTimer

Step = Callable[[], None]


class Turns(QObject):
    """Steps run one per turn of the event loop; a new `start` drops the steps of the one before."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._steps: list[Step] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next)

    @property
    def running(self) -> bool:
        """Whether steps are still to run."""
        return bool(self._steps)

    def start(self, steps: Iterable[Step]) -> None:
        """Run the steps, each in a turn of its own from the next one on (the caller's turn has its own work: the
        Compare mode's is a job's result handed over, 10-15 ms)."""
        self._steps = list(steps)
        self._timer.start()

    def finish(self) -> None:
        """Run every step still to run, now."""
        self._timer.stop()
        while self._steps:
            self._steps.pop(0)()

    def cancel(self) -> None:
        """Drop the steps still to run."""
        self._timer.stop()
        self._steps = []

    def _next(self) -> None:
        if self._steps:
            self._steps.pop(0)()
        if self._steps:
            self._timer.start()
