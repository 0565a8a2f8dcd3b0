"""Bar charts at the three window sizes (issue 34): each bar's value can be read off it (at 1024 pixels the
score chart's values were all hidden, 12 bars in 210 pixels), group names of several lines stay apart and
above the axis title ("Span + type" ran into its neighbour's "+ realis"), and the sequencing chart's
"v1.8" / "ours" under its bars are drawn whole (they were cut at the plot's bottom)."""

from __future__ import annotations

from itertools import combinations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QImage, QPainter

from evmeval_gui.charts.base import ChartWidget
from evmeval_gui.main_window import MainWindow
from evmeval_gui.sequencing.charts import SequencingBarsChart
from tests.gui.test_polish_charts import SIZES, _show_tab, _window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")

@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def window(request, make_window, qtbot) -> MainWindow:  # type: ignore[no-untyped-def]
    return _window(make_window, qtbot, request.param)


def _chart(qtbot, window: MainWindow, tab: str) -> ChartWidget:  # type: ignore[no-untyped-def]
    tabs = window.charts_dock.panel.tabs
    _show_tab(qtbot, window, tab)
    charts = [c for c in tabs.currentWidget().findChildren(ChartWidget) if c.isVisible() and c._data_call]
    if tab == "Sequencing":
        charts = [c for c in charts if isinstance(c, SequencingBarsChart)]
    assert charts, tab
    charts[0].plot_widget.grab()  # drawn as on screen: a TextItem turns to its angle when painted
    return charts[0]


def _drawn_name_lines(chart: ChartWidget) -> list[tuple[QRectF, str]]:
    """Each line of the bottom axis' names as pyqtgraph draws it (names it drops for want of room are not
    drawn), in scene coordinates, one rect the height of a line."""
    axis = chart.plot.getAxis("bottom")
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        _, _, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    metrics = QFontMetricsF(axis.style["tickFont"])
    lines = []
    for rect, _flags, text in texts:
        for i, line in enumerate(text.split("\n")):
            if not line:
                continue
            width = metrics.horizontalAdvance(line)
            local = QRectF(rect.center().x() - width / 2, rect.top() + i * metrics.lineSpacing(), width,
                           metrics.height())
            lines.append((axis.mapRectToScene(local), line))
    return lines


def _title_top(chart: ChartWidget) -> float:
    label = chart.plot.getAxis("bottom").label
    return label.mapRectToScene(label.boundingRect()).top() + label.document().documentMargin()


def _apart(rects: list[tuple[QRectF, str]]) -> None:
    for (a, text_a), (b, text_b) in combinations(rects, 2):
        assert not a.adjusted(0.5, 0.5, -0.5, -0.5).intersects(b), (text_a, text_b)


@pytest.mark.parametrize(("tab", "names"), [
    ("Scores", ["Span only", "Span", "+ type", "Span", "+ realis", "Span", "+ type", "+ realis"]),
    ("Schemes", ["Dice", "MUC", "GATE", "strict", "GATE", "lenient", "GATE", "average"]),
    ("Sequencing", ["v1.8", "ours", "v1.8", "ours", "v1.8", "ours", "Subevent", "After", "All"]),
])
def test_group_names_are_drawn_whole_apart_and_above_the_axis_title(qtbot, window, tab, names):
    chart = _chart(qtbot, window, tab)
    lines = _drawn_name_lines(chart)
    assert sorted(text for _, text in lines) == sorted(names), "a name is missing (dropped for want of room)"
    _apart(lines)
    title = _title_top(chart)
    shown = chart.plot_widget.mapToScene(chart.plot_widget.viewport().rect()).boundingRect()
    for rect, text in lines:
        assert rect.bottom() <= title + 0.5, f"{text!r} runs into the axis title"
        assert shown.contains(rect), f"{text!r} is cut off"


@pytest.mark.parametrize("tab", ["Scores", "Schemes"])
def test_every_bar_says_its_value_over_it_without_touching_another(qtbot, window, tab):
    chart = _chart(qtbot, window, tab)
    labels = list(chart.value_labels.values()) if isinstance(chart.value_labels, dict) else chart.value_labels
    assert labels and all(label.isVisible() for label in labels), "values hidden: they cannot be read off the bars"
    view = chart.plot.getViewBox()
    plot_area = view.sceneBoundingRect()
    rects = []
    for label in labels:
        rect = label.textItem.mapRectToScene(label.textItem.boundingRect())
        assert plot_area.contains(rect), f"{label.toPlainText()} is cut off at the plot's edge"
        bar_top = view.mapViewToScene(label.pos()).y()
        assert rect.bottom() <= bar_top + 0.5, f"{label.toPlainText()} is drawn over its bar"
        rects.append((rect, label.toPlainText()))
    _apart(rects)



@pytest.mark.parametrize("tab", ["Type confusion", "Realis confusion"])
def test_no_tick_mark_pokes_into_a_heatmap_cell(qtbot, window, tab):
    """An inward tick mark at the first column's left edge made its count read as negative ("-172")."""
    chart = _chart(qtbot, window, tab)
    cells = chart.plot.getViewBox().sceneBoundingRect()
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    for name in ("left", "bottom"):
        axis = chart.plot.getAxis(name)
        painter = QPainter(image)
        try:
            _, ticks, _ = axis.generateDrawSpecs(painter)
        finally:
            painter.end()
        for _pen, start, end in ticks:
            line = QRectF(axis.mapToScene(start), axis.mapToScene(end)).normalized()
            assert not cells.adjusted(1, 1, -1, -1).intersects(line.adjusted(-0.5, -0.5, 0.5, 0.5)), name


def test_the_compare_chart_says_each_bars_f1_over_its_whisker(qtbot, make_window):
    window = make_window(persist=False, size=(1024, 640))
    with qtbot.waitSignal(window.session.scoring_finished, timeout=30_000):
        window.open_demo()
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=30_000):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    chart = window.compare.leaderboard.chart
    chart.plot_widget.grab()
    offsets = chart._offsets()
    keys = [(index, c) for c in offsets for index in chart.order]  # the order the bars are drawn in
    assert len(chart.value_labels) == len(keys) == 8
    plot_area = chart.plot.getViewBox().sceneBoundingRect()
    rects = []
    for (index, c), label in zip(keys, chart.value_labels, strict=True):
        assert label.isVisible()
        tooltip_f1 = float(chart.describe((index, c)).split("F1 ")[1].split(" %")[0])
        assert abs(float(label.toPlainText()) - tooltip_f1) <= 0.05 + 1e-9, (index, c)
        rect = label.textItem.mapRectToScene(label.textItem.boundingRect())
        assert plot_area.contains(rect), f"{label.toPlainText()} is cut off"
        rects.append((rect, label.toPlainText()))
    _apart(rects)
