"""A step of GUI-thread work put off to the event loop's next turn (issue 34: no click's work over 50 ms in one go).

`QTimer.singleShot(0, call)` is a posted call in Qt 6: it runs in the same pass of the event loop as the work that
posted it, before the window's timers, input and painting, so two halves of a long piece of work still froze the
window as one. A 1 ms timer lets all of them come in between.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer

NEXT_TURN_MS = 1
"""How long a step waits: a timer, not a posted call (see the module)."""


def next_turn(call: Callable[[], None]) -> None:
    """Run `call` in a later turn of the event loop, after what is pending (what was drawn so far is painted)."""
    QTimer.singleShot(NEXT_TURN_MS, call)
