"""DyGIE++ with probabilities on the first open (issue 34): the Threshold dock showed "open a file with predicted
probabilities" and appeared only after F5, as the Conventions dock is built once the corpus has loaded."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDockWidget

from evmeval_gui.main_window import MainWindow
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_threshold_dock_shows_on_the_first_open(qtbot, make_window) -> None:
    window: MainWindow = make_window(persist=False, size=(1024, 640))
    assert window.findChild(QDockWidget, "thresholdDock") is None  # the conventions are not built at launch
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(EXAMPLES / "dygiepp_gold.jsonl"), [str(EXAMPLES / "dygiepp_pred.jsonl")])
    qtbot.waitUntil(lambda: window.findChild(QDockWidget, "thresholdDock") is not None, timeout=20_000)
    dock = window.findChild(QDockWidget, "thresholdDock")
    qtbot.waitUntil(lambda: not dock.isHidden() and dock.chart is not None, timeout=20_000)
    assert "Open a DyGIE++ file" not in dock.note.text()
    assert dock.note.text().startswith("DyGIE++ probabilities")
    qtbot.waitUntil(lambda: dock.table.item(1, 0) is not None and dock.table.item(1, 0).text() != "", timeout=20_000)
