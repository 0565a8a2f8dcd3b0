"""Charts in a 1024-pixel window (issue 34): the type-confusion matrix keeps readable cells (it collapsed to a
5-pixel strip with its names printed over each other), the schemes chart's names do not run into each other and
its five groups show, an axis name shortened to fit says itself whole on hover, and no two names shorten alike."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QFontMetricsF
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolTip

from evmeval_gui.charts.base import PLOT_MINIMUM_HEIGHT, ChartWidget, elided_names
from evmeval_gui.charts.confusion_heatmap import MIN_CELL, ConfusionHeatmap
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")

SIZES = [(1024, 640), (1366, 768), (1600, 1000)]


def _window(make_window, qtbot, size: tuple[int, int]) -> MainWindow:  # type: ignore[no-untyped-def]
    w = make_window(persist=False, use_default_charts=True, size=size)
    w.charts_dock.show()
    with qtbot.waitSignal(w.session.scoring_finished, timeout=30_000):
        w.open_request(demo_request())
    qtbot.waitUntil(lambda: w.runner.idle, timeout=30_000)
    return w


def _show_tab(qtbot, window: MainWindow, label: str) -> None:  # type: ignore[no-untyped-def]
    tabs = window.charts_dock.panel.tabs
    tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabBar().tabData(i) == label))  # whole name
    qtbot.waitUntil(lambda: window.runner.idle, timeout=30_000)
    QTest.qWait(30)


def _inside(chart: ChartWidget) -> None:
    """The plot is no wider than the chart (nothing drawn past its right edge)."""
    assert chart.plot_widget.ci.geometry().width() <= chart.plot_widget.width() + 0.5
    view = chart.plot.getViewBox().sceneBoundingRect()
    assert view.right() <= chart.plot_widget.width() + 0.5


@pytest.mark.parametrize("size", SIZES)
def test_type_confusion_cells_can_be_read(qtbot, make_window, size):
    window = _window(make_window, qtbot, size)
    _show_tab(qtbot, window, "Type confusion")
    chart: ConfusionHeatmap = window.charts_dock.panel.type_confusion
    top, below = chart.widget_pos(0, 0), chart.widget_pos(0, 1)
    left, right = chart.widget_pos(0, 0), chart.widget_pos(1, 0)
    assert below.y() - top.y() >= MIN_CELL, "rows squeezed"
    assert right.x() - left.x() >= MIN_CELL, "columns squeezed"
    _inside(chart)
    rows = [text for _, text in chart.plot.getAxis("left")._tickLevels[0]]
    columns = [text for _, text in chart.plot.getAxis("bottom")._labels]
    assert len(set(rows)) == len(rows) and len(set(columns)) == len(columns)


@pytest.mark.parametrize("size", SIZES)
def test_schemes_names_do_not_overlap_and_every_group_shows(qtbot, make_window, size):
    window = _window(make_window, qtbot, size)
    _show_tab(qtbot, window, "Schemes")
    chart = window.charts_dock.panel.feature_tabs["schemes"].chart
    _inside(chart)
    axis = chart.plot.getAxis("bottom")
    metrics = QFontMetricsF(axis.style["tickFont"])
    ticks = axis._tickLevels[0]
    assert len(ticks) == 5
    widths = [max(metrics.horizontalAdvance(line) for line in text.split("\n")) for _, text in ticks]
    centres = [chart.widget_pos(x, 0).x() for x, _ in ticks]
    for i in range(4):
        assert centres[i + 1] - centres[i] >= (widths[i] + widths[i + 1]) / 2 + 2, (ticks[i], ticks[i + 1])
    last = chart.widget_pos(4.45, 0).x()
    assert last <= chart.plot_widget.viewport().width(), "the fifth group is cut"


def test_a_shortened_axis_name_says_itself_whole_on_hover(qtbot, make_window):
    window = _window(make_window, qtbot, (1024, 640))
    _show_tab(qtbot, window, "Type confusion")
    chart: ConfusionHeatmap = window.charts_dock.panel.type_confusion
    assert chart.matrix is not None
    names = [chart._name(v) for v in chart.matrix.labels]
    row = next(i for i, (_, text) in enumerate(chart.plot.getAxis("left")._tickLevels[0]) if "…" in text)
    cell = chart.widget_pos(-0.5, row)
    QTest.mouseMove(chart.plot_widget.viewport(), QPoint(cell.x() - 30, cell.y()))
    qtbot.waitUntil(lambda: chart.hover_text != "", timeout=3000)
    assert chart.hover_text == names[row]
    QTest.mouseMove(chart.plot_widget.viewport(), QPoint(cell.x() - 30, cell.y()))
    qtbot.waitUntil(lambda: QToolTip.isVisible() and QToolTip.text() == names[row], timeout=3000)


def test_no_two_names_shorten_alike(qapp):
    names = ["Personnel_End-Position", "Personnel_Start-Position", "personnel.end-position",
             "personnel.start-position", "Life_Die"]
    shown = elided_names(names)
    assert len(set(shown)) == len(shown)
    assert shown[-1] == "Life_Die"
    assert any("…" in s for s in shown)
    twins = ["A" * 40 + "1A", "A" * 44 + "1A"]
    assert len(set(elided_names(twins))) == 2


@pytest.mark.parametrize("size", SIZES[:2])
def test_every_chart_keeps_its_plot_and_legend_whole(qtbot, make_window, size):
    """The sequencing bars were a 40-pixel strip at 1024 pixels; grown to fit, a chart's plot kept its old
    height and cut its legend off."""
    window = _window(make_window, qtbot, size)
    tabs = window.charts_dock.panel.tabs
    for index in range(tabs.count()):
        _show_tab(qtbot, window, tabs.tabBar().tabData(index))
        for chart in tabs.widget(index).findChildren(ChartWidget):
            if not chart.isVisible() or chart._data_call is None:
                continue
            name = f"{tabs.tabText(index)}: {chart.title}"
            assert chart.plot_widget.height() == chart.height(), name
            assert chart.plot.getViewBox().height() >= PLOT_MINIMUM_HEIGHT - 1, name
            legend = chart.legend.sceneBoundingRect()
            assert legend.bottom() <= chart.plot_widget.height() + 0.5, name


def test_a_shortened_slanted_name_says_itself_whole_on_hover(qtbot, make_window):
    import math

    from PySide6.QtCore import QPointF

    window = _window(make_window, qtbot, (1024, 640))
    _show_tab(qtbot, window, "Type confusion")
    chart: ConfusionHeatmap = window.charts_dock.panel.type_confusion
    axis = chart.plot.getAxis("bottom")
    assert axis.whole, "no column name was shortened"
    position, whole = axis.whole[0]
    tick = axis.mapFromScene(chart.plot.getViewBox().mapViewToScene(QPointF(position, 0)))
    along = 25.0  # pixels down the slanted text from its end at the tick
    slant = math.radians(axis.angle)
    local = QPointF(tick.x() - along * math.cos(slant), 8 + along * math.sin(slant))
    point = chart.plot_widget.mapFromScene(axis.mapToScene(local))
    QTest.mouseMove(chart.plot_widget.viewport(), point)
    qtbot.waitUntil(lambda: chart.hover_text == whole, timeout=3000)
