"""A relaunch never restores the text pane to a couple of lines, and the window always fits its screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest

from evmeval_gui.main_window import MainWindow

TEXT_SHARE_FLOOR = 0.4  # the text pane's smallest share (evmeval_gui.window.split_shares)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _window(qtbot, settings: QSettings, *, size: tuple[int, int] | None = None) -> MainWindow:
    window = MainWindow(settings=settings, persist=True, use_default_charts=False)
    qtbot.addWidget(window)
    if size is not None:
        window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    QTest.qWait(20)
    return window


def test_a_squeezed_text_pane_is_not_restored(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    first = _window(qtbot, settings, size=(760, 560))
    total = sum(first.workspace.right_split.sizes())
    first.workspace.right_split.setSizes([30, total - 30])  # the user dragged the table up to the text's last lines
    first.close()
    again = _window(qtbot, settings)
    split = again.workspace.right_split
    qtbot.waitUntil(lambda: split.sizes()[0] >= TEXT_SHARE_FLOOR * sum(split.sizes()) - 2)
    assert again.document_pane.height() >= 150


def test_the_window_fits_its_screen(qtbot, tmp_path):
    # the offscreen platform's screen is no one's, so the window fits it only when asked (a real screen: on show)
    from evmeval_gui.window.screen_fit import fit_to_screen

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = _window(qtbot, settings)
    area = window.screen().availableGeometry()
    window.resize(area.width() * 2, area.height() * 2)  # a size saved on a larger monitor (or at scale 2)
    window.move(area.width(), 0)
    window.close()
    again = _window(qtbot, settings)
    fit_to_screen(again)
    assert again.frameGeometry().width() <= area.width() and again.frameGeometry().height() <= area.height()
    assert area.contains(again.frameGeometry().topLeft())
