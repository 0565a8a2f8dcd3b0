"""Tab and Ctrl+Tab leave a table instead of walking its cells (issue: Tab was trapped inside tables).

Qt's item views take Tab to move from cell to cell, so a keyboard user who tabs into the document list
or the mapping table never gets out. One filter gives every table of the window, including those a mode builds
later, the ordinary focus chain: Tab / Ctrl+Tab to the next widget, Shift+Tab / Ctrl+Shift+Tab to the previous one.
The arrow keys still move within the table. The filter is put on each item view as it takes the focus (the
application's `focusChanged`), not on the application: there it was a call into Python for every event of every
widget, which doubled the cost of building a page (the agreement's: 26 to 53 ms of the GUI thread) and, while a
worker held the interpreter, waited for it at each event (issue 34).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget


class TabOutOfTables(QObject):
    """Moves the focus out of an item view of `window` on Tab / Backtab (with or without Ctrl)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
            self._focus_changed(None, QApplication.focusWidget())

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        """An item view of the window took the focus: its key presses pass through `eventFilter` (installed once:
        Qt moves a filter installed again to the front rather than adding it twice)."""
        if isinstance(new, QAbstractItemView) and new.window() is self.window:
            new.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(watched, QAbstractItemView):
            return False
        assert isinstance(event, QKeyEvent)
        if event.key() not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) or watched.window() is not self.window:
            return False
        if watched.state() == QAbstractItemView.State.EditingState:
            return False
        backward = event.key() == Qt.Key.Key_Backtab or bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        target = _next_focus(watched, backward)
        if target is not None:
            target.setFocus(Qt.FocusReason.BacktabFocusReason if backward else Qt.FocusReason.TabFocusReason)
        return True

    def detach(self) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.disconnect(self._focus_changed)


def _next_focus(view: QWidget, backward: bool) -> QWidget | None:
    """The next (previous) widget in the focus chain that takes Tab focus and is not inside `view`."""
    widget = view
    for _ in range(10_000):  # the chain is a ring; stop at the view itself
        step = widget.previousInFocusChain() if backward else widget.nextInFocusChain()
        if step is None or step is view:
            return None
        widget = step
        if view.isAncestorOf(widget) or not widget.isVisible() or not widget.isEnabled():
            continue
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.window() is view.window():
            return widget
    return None
