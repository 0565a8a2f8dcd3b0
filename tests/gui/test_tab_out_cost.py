"""Tab leaves tables (tests/gui/test_wording.py) without a call into Python for every event of the window (issue 34):
an application-wide event filter doubled the cost of building a page (the agreement's: 26 -> 53 ms of the GUI
thread) and, while a worker held the interpreter, waited for it at each event. The filter sits on the item views
that take the focus."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel, QTableWidget, QVBoxLayout, QWidget

from evmeval_gui.window import tab_out

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_building_and_painting_widgets_calls_no_python_filter(qtbot, make_window, monkeypatch) -> None:
    calls: list[int] = []
    real = tab_out.TabOutOfTables.eventFilter

    def counting(self, watched, event):  # type: ignore[no-untyped-def]
        calls.append(int(event.type()))
        return real(self, watched, event)

    monkeypatch.setattr(tab_out.TabOutOfTables, "eventFilter", counting)  # before the window: its calls look it up
    window = make_window()
    calls.clear()
    page = QWidget(window)
    layout = QVBoxLayout(page)
    for k in range(40):
        layout.addWidget(QLabel(f"label {k}"))
    page.show()
    page.repaint()
    assert calls == []


def test_a_table_made_after_the_window_still_lets_tab_out(qtbot, window) -> None:
    page = QWidget(window)
    layout = QVBoxLayout(page)
    table = QTableWidget(3, 3)
    after = QLabel("after")
    after.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    layout.addWidget(table)
    layout.addWidget(after)
    page.setGeometry(0, 0, 400, 300)
    page.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert QApplication.focusWidget() is table
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is after
