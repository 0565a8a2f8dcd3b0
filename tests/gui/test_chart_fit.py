"""Charts at a real window's size: each fits the Charts dock, says its exact figures on hover, floats in one click."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QScrollArea, QToolButton, QToolTip

from evmeval_gui.charts.confusion_heatmap import ConfusionHeatmap
from evmeval_gui.coref.charts import CorefScoreBars
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")


@pytest.fixture
def window(make_window, qtbot):
    w = make_window(persist=False, use_default_charts=True)
    w.charts_dock.show()
    with qtbot.waitSignal(w.session.scoring_finished, timeout=30_000):
        w.open_request(demo_request())
    qtbot.waitUntil(lambda: w.runner.idle, timeout=30_000)
    return w


def _show_tab(qtbot, window: MainWindow, index: int) -> None:
    panel = window.charts_dock.panel
    panel.tabs.setCurrentIndex(index)
    qtbot.waitUntil(lambda: window.runner.idle, timeout=30_000)
    QTest.qWait(20)


def test_every_chart_fits_the_dock_at_its_default_width(qtbot, window):
    panel = window.charts_dock.panel
    outer = window.findChild(QScrollArea, "chartsScroller")
    for index in range(panel.tabs.count()):
        _show_tab(qtbot, window, index)
        page = panel.tabs.widget(index)
        areas = [page] if isinstance(page, QScrollArea) else page.findChildren(QScrollArea)
        for area in (a for a in areas if a.isVisible()):
            name = panel.tabs.tabText(index)
            assert area.widget().minimumWidth() <= area.viewport().width(), name
            assert not area.horizontalScrollBar().isVisible(), name
        assert not outer.horizontalScrollBar().isVisible(), (panel.tabs.tabText(index), panel.minimumSizeHint().width())


def test_type_confusion_draws_the_busiest_types_that_fit_and_all_when_floated(qtbot, window):
    chart: ConfusionHeatmap = window.charts_dock.panel.type_confusion
    _show_tab(qtbot, window, 2)
    everything = len(chart.full_matrix.labels)
    assert everything > 20
    drawn = len(chart.matrix.labels)
    assert 3 <= drawn < everything
    assert f"the {drawn} busiest of {everything} event type values" in chart.subtitle
    button = window.charts_dock.findChild(QToolButton, "chartsFloatButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.charts_dock.isFloating() and button.text() == "Dock"
    window.charts_dock.resize(1500, 900)
    qtbot.waitUntil(lambda: len(chart.matrix.labels) == everything)
    assert "busiest" not in chart.subtitle
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not window.charts_dock.isFloating() and button.text() == "Own window"


def test_hovering_a_bar_shows_its_exact_figures(qtbot, window):
    chart = window.charts_dock.panel.per_type_combination
    _show_tab(qtbot, window, 1)
    first = chart.rows[0]
    QTest.mouseMove(chart.plot_widget.viewport(), chart.widget_pos(30, 0))
    qtbot.waitUntil(lambda: QToolTip.isVisible(), timeout=3000)
    assert "F1 " in QToolTip.text() and f"{first.num_gold} gold" in QToolTip.text()


def test_crowded_value_labels_give_way_to_the_tooltip(qtbot, window):
    chart = window.findChild(CorefScoreBars)
    _show_tab(qtbot, window, window.charts_dock.panel.tabs.indexOf(
        next(w for w in (window.charts_dock.panel.tabs.widget(i) for i in range(window.charts_dock.panel.tabs.count()))
             if w.isAncestorOf(chart))))
    qtbot.waitUntil(lambda: bool(chart.value_labels))
    assert not any(label.isVisible() for label in chart.value_labels.values())  # 7 groups in 400 px: no "58.154.4"
    window.charts_dock.setFloating(True)
    window.charts_dock.resize(1500, 900)
    qtbot.waitUntil(lambda: all(label.isVisible() for label in chart.value_labels.values()))
