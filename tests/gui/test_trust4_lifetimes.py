"""No callback outlives the widget it touches (issue 31, trust round 4, item 14).

A coreference callback (`QTimer.singleShot(0, ...)` after every selection change) ran after its window
was deleted and touched the deleted text view: `RuntimeError: Internal C++ object already deleted`, a
test failing only under load. The window is deleted here while such callbacks are pending, then the
event loop runs them (or, now, drops them with their receiver).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from evmeval_gui.agreement.state import AgreementRequest
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request
from tests.gui.test_curation_view import NAMES, corpus, press

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")

TIMEOUT = 30_000
__all__ = ["corpus"]


def _demo_window(qtbot, tmp_path: Path) -> MainWindow:
    """A shown window with the demo scored, coreference ready and the charts dock open; not given to
    qtbot (the test deletes it)."""
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
                        persist=False)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_request(demo_request())
    qtbot.keyClick(window, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: window.runner.idle and window.coreference.state == "ready", timeout=TIMEOUT)
    QTest.qWait(20)
    return window


def _click_document(qtbot, window: MainWindow, row: int) -> None:
    table = window.documents.table
    rect = table.visualRect(table.model().index(row, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_callbacks_pending_when_the_window_is_deleted_are_dropped(qtbot, tmp_path):
    window = _demo_window(qtbot, tmp_path)
    with qtbot.captureExceptions() as exceptions:
        _click_document(qtbot, window, 3)  # the coreference line, the charts and the splitters follow later
        assert window.session.selection.doc_id is not None
        window.resize(1200, 700)          # the splitter shares follow after the resize
        window.close()
        shiboken6.delete(window)           # gone before the event loop runs again
        QTest.qWait(50)
    assert [str(e[1]) for e in exceptions] == []



def test_a_curation_save_pending_when_the_window_is_deleted_is_dropped(qtbot, tmp_path, corpus):
    """The autosave timer (300 ms after a decision) had no parent: it fired on the deleted Curate panel."""
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
                        use_default_charts=False)
    window.show()
    qtbot.waitExposed(window)
    request = AgreementRequest(tuple(str(corpus / n) for n in NAMES), str(corpus / "tkn"), str(corpus / "txt"))
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=TIMEOUT):
        window.open_agreement(request)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: window.curate.active)
    with qtbot.captureExceptions() as exceptions:
        press(qtbot, window, Qt.Key.Key_2)  # a decision: saved once the burst of key presses is over
        assert window.curate.save_timer.isActive()
        shiboken6.delete(window)
        QTest.qWait(400)
    assert [str(e[1]) for e in exceptions] == []
