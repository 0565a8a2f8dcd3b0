"""Tab names drawn whole (issue 34, 1024-1600 px screenshots): Fusion drew an unselected tab's text 2 px low and
cut off what reaches below the baseline, so the Agreement mode's "Pair: [1] gold.tbf vs [2] system_a.tbf" tab
read "system a.tbf" and the Charts dock's "Per type" lost its tails."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QStyle, QTabBar, QTabWidget, QWidget

from evmeval_gui.model.corpus import demo_request
from evmeval_gui.qt_environment import keep_tab_text_whole

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")


def _ink(bar: QTabBar, index: int) -> int:
    """Dark (text) pixels inside tab `index`, its frame left out."""
    image = bar.grab().toImage()
    rect = bar.tabRect(index).adjusted(3, 3, -3, -2)
    return sum(QColor(image.pixel(x, y)).lightness() < 110
               for x in range(rect.left(), rect.right() + 1) for y in range(rect.top(), rect.bottom() + 1))


@pytest.mark.parametrize("whole", [True, False])
def test_an_unselected_tab_shows_the_underscores_of_a_file_name(qtbot, whole):
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    if whole:
        keep_tab_text_whole(tabs.tabBar())
    tabs.addTab(QWidget(), "Agreement matrix")
    tabs.addTab(QWidget(), "______")
    tabs.resize(400, 80)
    tabs.show()
    qtbot.waitExposed(tabs)
    assert tabs.currentIndex() == 0
    if whole:
        assert _ink(tabs.tabBar(), 1) >= 20, "the underscores are cut off"
    elif tabs.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabShiftVertical) > 0:
        assert _ink(tabs.tabBar(), 1) < 20  # what the style does alone: the check above can fail


def test_the_windows_tab_bars_with_names_keep_them_whole(qtbot, make_window):
    window = make_window(persist=False, use_default_charts=True)
    window.charts_dock.show()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=30_000):
        window.open_request(demo_request())
    bars = [window.charts_dock.panel.tabs.tabBar(), window.workspace.lower_tabs.tabBar(), window.agreement.tabs]
    for bar in bars:
        assert bar.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabShiftVertical, None, bar) == 0, bar.objectName()
