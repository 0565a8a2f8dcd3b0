"""The Conventions dock's layout at 1366x768 and 1024x640: the flips, the ladder and the pathologies as tabs
(each shown only when it has content), each list tall enough to read, no empty band for a hint."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QTabBar, QTreeWidget, QTreeWidgetItemIterator, QWidget

from evmeval_gui.main_window import MainWindow
from tests.gui.windows import POPUP_WARNINGS, click_tab, shown_window
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LOAD_TIMEOUT = 20_000
ROWS = 5
"""Rows of each list wholly visible at 1366x768 (before: the flips and the ladder showed about four lines)."""


def opened(qtbot, tmp_path: Path, gold: str, pred: str, size: tuple[int, int]) -> MainWindow:  # type: ignore[no-untyped-def]
    win = shown_window(qtbot, tmp_path, size)
    with qtbot.waitSignal(win.session.scoring_finished, timeout=LOAD_TIMEOUT):
        win.open_files(str(EXAMPLES / gold), [str(EXAMPLES / pred)])
    qtbot.waitUntil(win.conventions_dock.isVisible, timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: win.runner.idle, timeout=LOAD_TIMEOUT)  # the quiet jobs' end resizes the dock
    return win


def whole_rows(tree: QTreeWidget) -> int:
    """Items whose whole row lies inside the tree's viewport, as a user sees them."""
    area = tree.viewport().rect()
    it, count = QTreeWidgetItemIterator(tree), 0
    while (item := it.value()) is not None:
        rect = tree.visualItemRect(item)
        count += rect.isValid() and area.contains(rect)
        it += 1
    return count


def tab_titles(bar: QTabBar) -> list[str]:
    return [bar.tabText(k) for k in range(bar.count()) if bar.isTabVisible(k)]


def test_each_list_shows_its_rows_at_1366x768(qtbot, tmp_path: Path) -> None:
    win = opened(qtbot, tmp_path, "textee_gold.jsonl", "strings_pred.jsonl", (1366, 768))
    dock = win.conventions_dock
    bar = dock.tabs.tabBar()
    assert tab_titles(bar) == ["Flips", "Ladder", "Pathologies"]
    assert dock.flips.isVisible() and whole_rows(dock.flips) >= ROWS
    # the hint is the tab's tooltip and the detail's placeholder, not a band of empty lines between lists
    assert "Click a flip" in bar.tabToolTip(0) and dock.detail.text() == "Click a flip to see it on the text."
    assert dock.detail.palette().color(QPalette.ColorRole.WindowText) == dock.palette().color(
        QPalette.ColorRole.PlaceholderText)
    assert not dock.pathologies.tree.isVisible() and not dock.ladder.isVisible()  # behind their tabs
    table = dock.table
    shown = [r for r in range(table.rowCount()) if table.rowViewportPosition(r) >= 0
             and table.rowViewportPosition(r) + table.rowHeight(r) <= table.viewport().height()]
    assert len(shown) >= 6  # two comparable rows' P, R and F1 at least
    click_tab(qtbot, dock.tabs, "Ladder")
    assert dock.ladder.isVisible() and whole_rows(dock.ladder) >= ROWS
    assert dock.detail.text() == "Click a promoted prediction to see it on the text."
    click_tab(qtbot, dock.tabs, "Pathologies")
    tree = dock.pathologies.tree
    assert tree.isVisible() and whole_rows(tree) == 5  # everything: three conventions, two pathologies
    assert not dock.pathologies.detail.isVisible() and not dock.detail.isVisible()  # no empty band under it
    assert "Click a pathology" in bar.tabToolTip(bar.currentIndex())
    item = tree.topLevelItem(0).child(0)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    assert dock.pathologies.detail.isVisible() and "placed nowhere" in dock.pathologies.detail.text()


def test_a_click_shows_the_flip_in_place_of_the_hint(qtbot, tmp_path: Path) -> None:
    win = opened(qtbot, tmp_path, "textee_gold.jsonl", "strings_pred.jsonl", (1366, 768))
    dock = win.conventions_dock
    tree = dock.flips
    item = tree.topLevelItem(0).child(0).child(0)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    assert dock.detail.isVisible() and "Why:" in dock.detail.text()
    assert dock.detail.palette().color(QPalette.ColorRole.WindowText) == dock.palette().color(
        QPalette.ColorRole.WindowText)
    assert whole_rows(tree) >= ROWS


def test_dygiepp_has_no_ladder_tab_and_reads_at_1024x640(qtbot, tmp_path: Path) -> None:
    win = opened(qtbot, tmp_path, "dygiepp_gold.jsonl", "dygiepp_pred.jsonl", (1024, 640))
    dock = win.conventions_dock
    bar = dock.tabs.tabBar()
    assert tab_titles(bar) == ["Flips", "Pathologies"]
    assert whole_rows(dock.flips) >= 3
    click_tab(qtbot, dock.tabs, "Pathologies")
    assert whole_rows(dock.pathologies.tree) >= 3


def in_front(dock: QWidget) -> bool:
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def behind(dock: QWidget) -> bool:
    """A tab behind another: Qt keeps it visible, placed where none of it shows."""
    return not dock.isHidden() and dock.visibleRegion().isEmpty()


def _dock_tabs(win: MainWindow) -> QTabBar:
    """The tab bar Qt puts under the docks sharing the right side (one tab a dock)."""
    bars = [bar for bar in win.findChildren(QTabBar) if bar.isVisible() and "Conventions" in tab_titles(bar)]
    assert len(bars) == 1
    return bars[0]


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)  # the View menu, clicked
def test_charts_and_conventions_share_the_side_as_tabs_at_1024x640(qtbot, tmp_path: Path) -> None:
    """Stacked, each had half of 640 pixels and the score chart was cut to its top bars; as tabs each has the
    side's whole height. The Charts button brings the charts in front, and a click on a tab its dock."""
    win = opened(qtbot, tmp_path, "textee_gold.jsonl", "textee_pred.jsonl", (1024, 640))
    dock = win.conventions_dock
    assert dock.isVisible() and not win.charts_dock.isVisible()  # an event corpus: its conventions, alone
    assert dock.height() > win.height() // 2
    qtbot.mouseClick(win.commands.toolbar.widgetForAction(win.charts_dock.toggle_action()), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(win.charts_dock.isVisible, timeout=LOAD_TIMEOUT)
    bar = _dock_tabs(win)
    assert tab_titles(bar) == ["Charts", "Conventions"] and bar.tabText(bar.currentIndex()) == "Charts"
    qtbot.waitUntil(lambda: behind(dock), timeout=LOAD_TIMEOUT)
    assert win.charts_dock.isVisible() and win.commands.toolbar.widgetForAction(
        win.charts_dock.toggle_action()).isChecked()
    assert win.charts_dock.height() > win.height() // 2  # the side's whole height, not half of it
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tab_titles(bar).index("Conventions")).center())
    qtbot.waitUntil(lambda: in_front(dock) and behind(win.charts_dock), timeout=LOAD_TIMEOUT)
    assert dock.height() > win.height() // 2 and whole_rows(dock.flips) >= 3
    button = win.commands.toolbar.widgetForAction(win.charts_dock.toggle_action())
    assert not button.isChecked()  # the charts are behind a tab: the button brings them forward, not away
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: in_front(win.charts_dock) and behind(dock), timeout=LOAD_TIMEOUT)
    assert button.isChecked()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # in front: the button hides them
    qtbot.waitUntil(lambda: win.charts_dock.isHidden() and in_front(dock), timeout=LOAD_TIMEOUT)
    assert not button.isChecked()
    qtbot.keyClick(win, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: in_front(win.charts_dock) and behind(dock), timeout=LOAD_TIMEOUT)  # Ctrl+Shift+C
    menu = win.commands.view_menu  # View > Conventions: brought forward from behind its tab, not closed
    menu.popup(win.mapToGlobal(win.rect().center()))
    qtbot.waitUntil(menu.isVisible, timeout=LOAD_TIMEOUT)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(win.conventions.action).center())
    qtbot.waitUntil(lambda: in_front(dock) and behind(win.charts_dock), timeout=LOAD_TIMEOUT)
    assert win.conventions.action.isChecked()
