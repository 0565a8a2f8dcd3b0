"""The docks' right-click menu (issue 34): Qt's own list (`QMainWindow.createPopupMenu`) held each dock's
`toggleViewAction()`, which CLOSED the Charts when they were a tab behind the Conventions. The menu now holds
the View menu's own actions: the entry brings a dock in front, checked only while it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from evmeval_gui.main_window import MainWindow
from tests.gui.test_dock_layout import LOAD_TIMEOUT, _dock_tabs, behind, in_front, opened, tab_titles
from tests.gui.windows import POPUP_WARNINGS
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def entry(menu: QMenu, text: str) -> QAction:
    """The entry of `menu` a user reads as `text` (its mnemonic's "&" left out)."""
    found = [a for a in menu.actions() if a.text().replace("&", "") == text]
    assert len(found) == 1, [a.text() for a in menu.actions()]
    return found[0]


def click_entry(qtbot, win: MainWindow, text: str) -> None:  # type: ignore[no-untyped-def]
    """Right-click menu of the docks, opened, and its entry `text` clicked."""
    menu = win.createPopupMenu()
    menu.popup(win.mapToGlobal(win.rect().center()))
    qtbot.waitUntil(menu.isVisible, timeout=LOAD_TIMEOUT)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(entry(menu, text)).center())


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_the_right_click_menu_brings_the_charts_forward_from_behind_a_tab(qtbot, tmp_path: Path) -> None:
    win = opened(qtbot, tmp_path, "textee_gold.jsonl", "textee_pred.jsonl", (1024, 640))
    dock = win.conventions_dock
    win.charts_dock.toggle_action().trigger()
    qtbot.waitUntil(lambda: in_front(win.charts_dock) and behind(dock), timeout=LOAD_TIMEOUT)
    bar = _dock_tabs(win)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tab_titles(bar).index("Conventions")).center())
    qtbot.waitUntil(lambda: in_front(dock) and behind(win.charts_dock), timeout=LOAD_TIMEOUT)
    menu = win.createPopupMenu()
    docks = {dock.toggleViewAction(), win.charts_dock.toggleViewAction()}
    assert not docks & set(menu.actions())  # none of Qt's toggles
    assert not entry(menu, "Charts").isChecked() and entry(menu, "Conventions").isChecked()
    assert entry(menu, "Toolbar").isChecked()  # the toolbar's own toggle stays
    click_entry(qtbot, win, "Charts")
    qtbot.waitUntil(lambda: in_front(win.charts_dock) and behind(dock), timeout=LOAD_TIMEOUT)
    assert not win.charts_dock.isHidden() and entry(win.createPopupMenu(), "Charts").isChecked()
    click_entry(qtbot, win, "Charts")  # in front: the entry hides them, as the toolbar's button does
    qtbot.waitUntil(lambda: win.charts_dock.isHidden() and in_front(dock), timeout=LOAD_TIMEOUT)
    assert not entry(win.createPopupMenu(), "Charts").isChecked()


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_the_threshold_tab_is_brought_forward_not_closed(qtbot, make_window) -> None:
    win: MainWindow = make_window(persist=False, size=(1024, 640))
    with qtbot.waitSignal(win.session.scoring_finished, timeout=LOAD_TIMEOUT):
        win.open_files(str(EXAMPLES / "dygiepp_gold.jsonl"), [str(EXAMPLES / "dygiepp_pred.jsonl")])
    qtbot.waitUntil(lambda: win.conventions.built, timeout=LOAD_TIMEOUT)
    threshold = win.conventions_dock.threshold_dock
    assert threshold is not None
    qtbot.waitUntil(lambda: not threshold.isHidden() and threshold.chart is not None, timeout=LOAD_TIMEOUT)
    win.conventions_dock.raise_()
    qtbot.waitUntil(lambda: behind(threshold), timeout=LOAD_TIMEOUT)
    assert not entry(win.createPopupMenu(), "Threshold (DyGIE++)").isChecked()
    click_entry(qtbot, win, "Threshold (DyGIE++)")
    qtbot.waitUntil(lambda: in_front(threshold), timeout=LOAD_TIMEOUT)
    assert not threshold.isHidden() and entry(win.createPopupMenu(), "Threshold (DyGIE++)").isChecked()
