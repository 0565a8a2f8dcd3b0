"""The Python enums of the Qt types a first document's turns use, made while the window waits for that document.

PySide makes a Qt type's Python enum classes the first time the type is used from Python, ~0.1-1 ms each (Python's
`enum` machinery). The first document's turns were the first to use 67 of them (issue 34: 34 of a 103 ms turn,
profiled, on TextEE): the style's option classes, all of them at once when a tab bar's style (`qt_environment.
keep_tab_text_whole`, a Python `QProxyStyle`) is first handed an option and PySide tells its class by trying each,
and `QGradient`'s (its `Preset` alone has ~180 members), when the text view's `fillRect` is first matched against
its overloads. `QtEnumsWarmUp` makes them once the window has first painted, a few per turn of the event loop, in
the idle turns before a corpus's first document is read (0.5 s and more) or on the welcome page: the empty window
stays as it was (0.5 MB more at its peak; no module imported). Nothing depends on it having run: a type not made yet
is made where it is first used, as before.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

WARM_MS = 1
"""The wait between two steps: a timer, so that painting, input and timers come in between (`evmeval_gui.turns`);
no job waits for these steps (they are not the user's: `turns.next_turn` would hold them)."""
PER_STEP = 3
"""Option classes made per step (~0.5 ms each, more on a loaded machine)."""

Step = Callable[[], None]


def _touch(module: object, names: list[str]) -> Step:
    def step() -> None:
        for name in names:
            getattr(module, name)  # PySide makes the class, and its enums, on first use

    return step


def _gradient() -> None:
    gradient = QtGui.QGradient
    for name in ("Type", "Spread", "CoordinateMode", "InterpolationMode", "Preset"):
        getattr(gradient, name)


def warm_steps() -> list[Step]:
    """The steps, each a few ms at most: every style option class (PySide tries each to tell an option's class),
    a few per step, then `QGradient`'s enums."""
    names = sorted(name for name in dir(QtWidgets) if name.startswith("QStyleOption"))
    steps = [_touch(QtWidgets, names[k:k + PER_STEP]) for k in range(0, len(names), PER_STEP)]
    return [*steps, _gradient]


class QtEnumsWarmUp(QObject):
    """Runs `warm_steps`, one per turn of the event loop, from `painted`'s first paint on (`done` once all ran)."""

    def __init__(self, painted: QWidget) -> None:
        super().__init__(painted)
        self._painted = painted
        self._steps: list[Step] = []
        self.started = False
        painted.installEventFilter(self)

    @property
    def done(self) -> bool:
        """Whether every step ran."""
        return self.started and not self._steps

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.started and event.type() == QEvent.Type.Paint:
            self.started = True
            self._steps = warm_steps()
            self._painted.removeEventFilter(self)
            QTimer.singleShot(WARM_MS, self, self._next)  # after this paint
        return False

    def _next(self) -> None:
        if self._steps:
            self._steps.pop(0)()
        if self._steps:
            QTimer.singleShot(WARM_MS, self, self._next)
