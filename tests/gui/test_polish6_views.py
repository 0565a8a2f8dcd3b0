"""What a user sees at 1024, 1366 and 1600 pixels, round six (issue 34, polish6): every Charts tab in view at 1600
(short names, whole on hover) and every chart a click away in the bar's list where they do not fit; the sequencing
bars above a legend of two lines at most, not a strip under five; the coreference scatter's diagonal named in its
legend, never over a point or the ring; the Curate page's title on one line."""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtWidgets import QToolButton

from evmeval_gui.charts.tab_bar import TAB_WORDS, tab_named
from evmeval_gui.coref.charts import DIAGONAL_NAME, CorefDocScatter
from evmeval_gui.sequencing.charts import SequencingBarsChart
from tests.gui.test_curation_list_columns import _curate_demo
from tests.gui.test_polish_charts import SIZES, _show_tab
from tests.gui.test_polish_charts import _window as _charts_window
from tests.gui.windows import POPUP_WARNINGS

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints", POPUP_WARNINGS)
TIMEOUT = 30_000
IDS = [f"{w}x{h}" for w, h in SIZES]


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_chart_tab_is_in_view_at_1600_and_in_the_list_where_not(qtbot, make_window, size):
    """At 1600 pixels the bar scrolled past Documents (eight whole names needed 738 of its 472 pixels)."""
    window = _charts_window(make_window, qtbot, size)
    tabs = window.charts_dock.panel.tabs
    bar = tabs.tabBar()
    qtbot.waitUntil(lambda: tabs.count() == len(TAB_WORDS), timeout=TIMEOUT)  # the features' pages added
    metrics = bar.fontMetrics()
    for index in range(bar.count()):
        whole = bar.tabData(index)
        assert tabs.tabToolTip(index).startswith(f"{whole}: "), "the whole name on hover"
        assert metrics.horizontalAdvance(bar.tabText(index)) + 8 <= bar.tabRect(index).width(), bar.tabText(index)
    arrows = [b for b in bar.findChildren(QToolButton) if b.isVisible()]
    every = tabs.cornerWidget(Qt.Corner.TopRightCorner)
    if size[0] >= 1600:
        assert arrows == [], "the bar scrolls"
        assert all(bar.rect().contains(bar.tabRect(i)) for i in range(bar.count()))
        assert not every.isVisible()
        return
    assert every.isVisible()  # narrower: every chart by its whole name, one click away
    current = bar.tabData(tabs.currentIndex())
    seen: list[str] = []
    checked: list[str] = []

    def choose() -> None:  # in the menu the click opened
        menu = every.menu()
        try:
            qtbot.waitUntil(menu.isVisible, timeout=TIMEOUT)
            seen.extend(action.text() for action in menu.actions())
            checked.extend(action.text() for action in menu.actions() if action.isChecked())
            documents = next(action for action in menu.actions() if action.text() == "Documents")
            qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(documents).center())
        finally:
            menu.close()

    QTimer.singleShot(0, choose)
    qtbot.mouseClick(every, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(seen), timeout=TIMEOUT)  # PySide6 6.12 opens the menu without a nested loop
    assert seen == list(TAB_WORDS)
    assert checked == [current]
    qtbot.waitUntil(lambda: tabs.currentIndex() == tab_named(tabs, "Documents"), timeout=TIMEOUT)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_sequencing_bars_are_not_a_strip_under_their_legend(qtbot, make_window, size):
    """At 1024 pixels the legend's five lines (two of them the closures, "full closure, ours (hatched)") left the
    bars 140 pixels; the legend says the colours (the subtitle and the words under the bars say the closures)."""
    window = _charts_window(make_window, qtbot, size)
    _show_tab(qtbot, window, "Sequencing")
    chart = next(c for c in window.charts_dock.panel.tabs.currentWidget().findChildren(SequencingBarsChart)
                 if c.isVisible())
    legend = chart.legend
    assert [label.text for _, label in legend.items] == ["Precision", "Recall", "F1"]
    rows = -(-len(legend.items) // legend.columnCount)
    assert rows <= 2, f"{rows} legend lines"
    view = chart.plot.getViewBox()
    assert view.height() >= SequencingBarsChart.plot_minimum_height - 1
    assert legend.sceneBoundingRect().top() >= view.sceneBoundingRect().bottom()
    assert legend.sceneBoundingRect().bottom() <= chart.plot_widget.height() + 0.5, "the legend is cut off"
    assert "(solid)" in chart.subtitle and "(hatched)" in chart.subtitle


def _ring_rect(chart: CorefDocScatter) -> QRectF:
    """The current document's ring in scene coordinates (its pixel size around its centre)."""
    marker = chart.current_marker
    assert marker is not None
    x, y = marker.getData()
    assert len(x) == 1, "no ring drawn"
    centre = chart.plot.getViewBox().mapViewToScene(pg.Point(float(x[0]), float(y[0])))
    size = float(marker.opts["size"]) + 4  # its pen
    return QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_coreference_diagonal_is_named_in_the_legend_not_over_the_ring(qtbot, make_window, size):
    """"coreference = mentions" was written at the diagonal's top end, over the best documents and the ring."""
    window = _charts_window(make_window, qtbot, size)
    _show_tab(qtbot, window, "Coreference")
    chart = next(c for c in window.findChildren(CorefDocScatter) if c._data_call is not None)
    qtbot.waitUntil(lambda: chart.current_marker is not None and len(chart.current_marker.getData()[0]) == 1,
                    timeout=TIMEOUT)
    assert DIAGONAL_NAME in [label.text for _, label in chart.legend.items]
    view = chart.plot.getViewBox()
    words = [item for item in view.addedItems if isinstance(item, pg.TextItem) and item.isVisible()
             and item.toPlainText()]
    assert words == [], "words drawn among the points"
    ring = _ring_rect(chart)
    assert not chart.legend.sceneBoundingRect().intersects(ring)
    assert not chart.legend.sceneBoundingRect().intersects(view.sceneBoundingRect())


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_curate_title_is_one_line(qtbot, make_window, size):
    """At 1024 pixels "Curation of 3 annotators: [1] gold.tbf, [2] system_a.tbf, [3] system_b.tbf" wrapped to three
    lines beside the buttons; the names give way where they do not fit (the tooltip has them)."""
    window = make_window(persist=False, size=size)
    _curate_demo(qtbot, window)
    title = window.curate.panel.title
    whole = "Curation of 3 annotators: [1] gold.tbf, [2] system_a.tbf, [3] system_b.tbf"
    assert title.toolTip() == whole
    metrics = title.fontMetrics()
    assert title.height() < 2 * metrics.lineSpacing(), "more than one line"
    assert metrics.horizontalAdvance(title.text()) <= title.contentsRect().width()
    assert title.text() == (whole if metrics.horizontalAdvance(whole) + 2 <= title.width()
                            else "Curation of 3 annotators")
    if size[0] >= 1366:
        assert title.text() == whole


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_versions_table_ends_at_its_last_row(qtbot, make_window, size):
    """At 1600 pixels a quarter of the split was the versions table's: some 45 white pixels under its four rows, which
    the text above could have had."""
    window = make_window(persist=False, size=size)
    _curate_demo(qtbot, window)
    versions = window.curate.panel.versions
    qtbot.waitUntil(lambda: versions.rowCount() == 4, timeout=TIMEOUT)
    last = versions.visualRect(versions.model().index(versions.rowCount() - 1, 0))
    below = versions.viewport().height() - last.bottom() - 1
    assert 0 <= below <= 6, f"{below} white pixels under the curated row"
    assert not versions.verticalScrollBar().isVisible()
