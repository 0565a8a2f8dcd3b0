"""Tab names drawn whole (issue 34, 1024-1600 px screenshots): Fusion drew an unselected tab's text 2 px low and
cut off what reaches below the baseline, so the Agreement mode's "Pair: [1] gold.tbf vs [2] system_a.tbf" tab
read "system a.tbf"; the window's style keeps it where a selected tab's text is."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTabWidget, QWidget

from evmeval_gui.qt_environment import keep_tab_text_whole


@pytest.fixture
def window_style(qapp):  # type: ignore[no-untyped-def]
    original = qapp.style().name()
    keep_tab_text_whole(qapp)
    yield
    qapp.setStyle(original)


def _ink(tabs: QTabWidget, index: int) -> int:
    """Dark (text) pixels inside tab `index`, its frame left out."""
    bar = tabs.tabBar()
    image = bar.grab().toImage()
    rect = bar.tabRect(index).adjusted(3, 3, -3, -2)
    return sum(QColor(image.pixel(x, y)).lightness() < 110
               for x in range(rect.left(), rect.right() + 1) for y in range(rect.top(), rect.bottom() + 1))


def test_an_unselected_tab_shows_the_underscores_of_a_file_name(qtbot, window_style):
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QWidget(), "Agreement matrix")
    tabs.addTab(QWidget(), "______")
    tabs.resize(400, 80)
    tabs.show()
    qtbot.waitExposed(tabs)
    assert tabs.currentIndex() == 0
    assert _ink(tabs, 1) >= 20, "the underscores are cut off"
