"""What a user sees at 1024, 1366 and 1600 pixels (issue 34, polish4): the sequencing chart says where its P and R
values went when only the F1 values fit, and the per-type chart's F1 marks never run together; the Compare pair
page's significance table ends at its last row (no empty scroll bar strip) and its documents list shows every
column, "Below in" once a threshold fills it; the sequencing link table shows every column; a bar chart with no
room for its values says so; the leaderboard's charts mark their 0; the Conventions page's verdicts are in view."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF, QImage, QPainter

from evmeval_gui.charts.bar_labels import HIDDEN_NOTE
from evmeval_gui.compare.conventions_view import PAIR_HEADERS
from evmeval_gui.compare.pair_view import BELOW_COLUMN
from evmeval_gui.coref.charts import CorefScoreBars
from evmeval_gui.sequencing.charts import VALUES_NOTE
from evmeval_gui.sequencing.link_table import FULL, LINE, PUBLISHED, RELATION
from tests.gui.sequencing_corpus import write_sequencing_corpus
from tests.gui.test_compare_conventions_window import GOLD, RUN_A, RUN_B, click_conventions_tab
from tests.gui.test_polish_charts import SIZES, _show_tab, _window
from tests.gui.test_polish_units_and_values import demo_pair_page, sequencing_chart_shown
from tests.gui.test_sequencing_window import open_and_wait

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")
TIMEOUT = 30_000
IDS = [f"{w}x{h}" for w, h in SIZES]


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_sequencing_chart_says_where_its_values_went(qtbot, make_window, tmp_path: Path, size):
    chart = sequencing_chart_shown(qtbot, make_window, tmp_path, size)
    shown = [label for label in chart.value_labels if label.isVisible()]
    title = chart.plot.titleLabel.item
    text = title.toPlainText()
    if len(shown) < len(chart.value_labels):  # values missing from their bars: the chart says which, and where
        assert chart.labels_shown == "f1"
        assert "Values on the F1 bars only" in text and "hover a bar for its P and R" in text
    else:
        assert not any(note and note.split(":")[0] in text for note in VALUES_NOTE.values())
    assert size[0] >= 1366 or chart.labels_shown == "f1"  # 18 bars in a 1024-pixel window's dock: F1 only
    rect = title.mapRectToScene(title.boundingRect())
    assert rect.right() <= chart.plot_widget.width() + 0.5 and rect.left() >= -0.5, "the subtitle is cut"
    view = chart.plot.getViewBox().sceneBoundingRect()
    assert rect.bottom() <= view.top() + 0.5, "the subtitle runs into the bars"


def _pair_page(qtbot, make_window, size):  # type: ignore[no-untyped-def]
    window = demo_pair_page(qtbot, make_window, size)
    panel = window.compare.pair_panel
    qtbot.waitUntil(lambda: bool(panel.significance.tests) and bool(panel.documents.model.rows), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: panel.documents.view.isVisible(), timeout=TIMEOUT)
    return window, panel


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_significance_table_ends_at_its_last_row(qtbot, make_window, size):
    _window, panel = _pair_page(qtbot, make_window, size)
    table = panel.significance
    shown = [r for r in range(table.rowCount()) if not table.isRowHidden(r)]
    last = table.visualRect(table.model().index(shown[-1], 0))
    assert last.bottom() <= table.viewport().height(), "a row is cut off"
    bar = table.horizontalScrollBar()
    header = table.horizontalHeader()
    width = sum(header.sectionSize(c) for c in range(table.columnCount()) if not header.isSectionHidden(c))
    assert bar.isVisible() == (width > table.viewport().width()), "a scroll bar with nothing to scroll, or none"
    below = table.viewport().height() - last.bottom()
    assert below <= 6, f"{below} empty pixels under the last row (an empty scroll bar's strip)"


def _columns_in_view(view, elided: tuple[int, ...] = (0, 1)) -> list[int]:  # type: ignore[no-untyped-def]
    """The columns shown, each past none of the view's right edge, each header whole but `elided`'s (names elided in
    the middle, whole on hover)."""
    header = view.horizontalHeader()
    shown = [c for c in range(view.model().columnCount()) if not header.isSectionHidden(c)]
    for column in shown:
        right = header.sectionViewportPosition(column) + header.sectionSize(column)
        assert right <= view.viewport().width() + 1, f"column {column} is past the list's right edge"
        whole = header.sectionSize(column) >= header.sectionSizeHint(column) - 1
        assert whole or column in elided, f"column {column} is cut"
    assert not view.horizontalScrollBar().isVisible()
    return shown


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_column_of_the_pairs_documents_is_in_view(qtbot, make_window, size):
    _window, panel = _pair_page(qtbot, make_window, size)
    documents = panel.documents
    view = documents.view
    assert BELOW_COLUMN not in _columns_in_view(view), "an empty 'Below in' column takes the room"
    documents.threshold.setFocus()
    documents.threshold.selectAll()
    qtbot.keyClicks(documents.threshold, "95")
    qtbot.keyClick(documents.threshold, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.horizontalHeader().isSectionHidden(BELOW_COLUMN), timeout=TIMEOUT)
    assert BELOW_COLUMN in _columns_in_view(view)
    index = view.model().index(0, BELOW_COLUMN)
    text = view.model().data(index)
    assert text and set(text.split(", ")) <= {"a", "b"}, text
    tip = view.model().data(index, Qt.ItemDataRole.ToolTipRole)
    assert "system_a" in tip or "system_b" in tip  # the run's name on hover
    assert view.fontMetrics().horizontalAdvance(text) <= view.columnWidth(BELOW_COLUMN), "'Below in' is elided"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_per_type_charts_f1_marks_do_not_run_together(qtbot, make_window, size):
    """In a 1024-pixel window the bars have some 25 pixels: 0, 20, … 100 were written over each other."""
    window = _window(make_window, qtbot, size)
    _show_tab(qtbot, window, "Per type")
    chart = window.charts_dock.panel.per_type_combination  # the table that follows the toolbar, shown first
    chart.plot_widget.grab()
    axis = chart.plot.getAxis("bottom")
    assert axis._tickLevels == [chart.ticks] and chart.ticks[-1] == (100, "100")
    metrics = QFontMetricsF(axis.style["tickFont"] or axis.font())
    spans = []
    for value, text in chart.ticks:
        centre = chart.widget_pos(value, 0).x()
        half = metrics.horizontalAdvance(text) / 2
        spans.append((centre - half, centre + half, text))
    for (_, right, a), (left, _, b) in itertools.pairwise(spans):
        assert right < left, f"{a} and {b} run together"
    assert size[0] < 1366 or len(chart.ticks) >= 5, "a wide chart keeps its 20-point marks"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_column_of_the_link_table_is_in_view(qtbot, make_window, tmp_path: Path, size):
    """At 1024 pixels the fixed widths put "Outcome (full closure, ours)" and the tbf line past the right edge."""
    corpus = write_sequencing_corpus(tmp_path / "seq")
    window = make_window(size=size)
    open_and_wait(qtbot, window, corpus / "gold.tbf", corpus / "system.tbf", doc_id="doc1")
    window.sequencing.show_links_tab()
    table = window.sequencing.table.table
    qtbot.waitUntil(lambda: table.isVisible() and table.model().rowCount() > 0, timeout=TIMEOUT)
    _columns_in_view(table)
    model = table.model()
    assert model.headerData(FULL, Qt.Orientation.Horizontal) == "Outcome (ours)"
    assert "full closure, ours" in model.headerData(FULL, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    metrics = table.fontMetrics()
    for row in range(model.rowCount()):  # the relation and the outcomes whole; a long mention elided in the middle
        for column in (RELATION, PUBLISHED, FULL, LINE):
            text = model.data(model.index(row, column))
            assert metrics.horizontalAdvance(text) + 8 <= table.columnWidth(column), f"{text!r} is elided"


def _drawn_ticks(axis) -> list[str]:  # type: ignore[no-untyped-def]
    """The tick texts the axis paints (pyqtgraph leaves out a text that would reach past the plot)."""
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [text for _rect, _flags, text in specs[2]] if specs else []


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_leaderboards_charts_mark_their_zero(qtbot, make_window, size):
    """The Bottlenecks axis started at an unmarked 0 (its first text was "5"): pyqtgraph drops a 0 that reaches
    below the plot."""
    window = make_window(persist=False, size=size)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_demo()
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    board = window.compare.leaderboard
    for chart in (board.chart, board.gaps):
        qtbot.waitUntil(chart.plot_widget.isVisible, timeout=TIMEOUT)
        chart.plot_widget.grab()
        texts = _drawn_ticks(chart.plot.getAxis("left"))
        assert "0" in texts or "0.0" in texts, texts


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_bar_chart_without_its_values_says_so(qtbot, make_window, size):
    """The coreference chart's seven groups of three bars leave no room for values at 1024 pixels: it said nothing,
    and a reader could not tell that the tooltip has them. A report's caption never carries the window's note."""
    window = _window(make_window, qtbot, size)
    panel = window.charts_dock.panel
    for tab, find in (("Scores", lambda: panel.score_bars), ("Schemes", lambda: panel.feature_tabs["schemes"].chart),
                      ("Coreference", lambda: window.findChildren(CorefScoreBars)[0])):
        _show_tab(qtbot, window, tab)
        qtbot.waitUntil(lambda find=find: bool(find().value_labels), timeout=TIMEOUT)  # type: ignore[misc]
        chart = find()
        chart.plot_widget.grab()
        labels = chart.value_labels.values() if isinstance(chart.value_labels, dict) else chart.value_labels
        hidden = not any(label.isVisible() for label in labels)
        text = chart.plot.titleLabel.item.toPlainText()
        assert (HIDDEN_NOTE.split(":")[0] in text) == hidden, (tab, text)
        assert size[0] > 1024 or tab != "Coreference" or hidden  # the case that was silent
        title = chart.plot.titleLabel.item
        rect = title.mapRectToScene(title.boundingRect())
        assert rect.bottom() <= chart.plot.getViewBox().sceneBoundingRect().top() + 0.5, "the note runs into the bars"
    assert not any(HIDDEN_NOTE in caption for caption in panel.chart_titles().values())


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_conventions_pages_verdicts_are_in_view(qtbot, make_window, size):
    """At 1024 pixels (the Conventions dock beside it) the pairs' table scrolled sideways, its verdicts cut."""
    window = make_window(persist=False, size=size)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(GOLD, [RUN_A, RUN_B])
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    click_conventions_tab(qtbot, window)
    table = window.compare.conventions_panel.tests
    qtbot.waitUntil(lambda: table.isVisible() and table.rowCount() > 0, timeout=TIMEOUT)
    qtbot.wait(50)  # the columns fitted to their contents at the first layout
    verdict = len(PAIR_HEADERS) - 1
    _columns_in_view(table, elided=(0, verdict))
    metrics = table.fontMetrics()
    for row in range(table.rowCount()):
        text = table.item(row, verdict).text()
        assert metrics.horizontalAdvance(min(text, "no clear difference", key=len)) + 8 <= table.columnWidth(verdict)
        assert table.item(row, verdict).textAlignment() & Qt.AlignmentFlag.AlignRight == 0  # words, read from the left


def test_a_change_beside_an_undefined_f1_says_it_counts_as_0(qtbot, make_window):
    """system_b marks nothing in demo_factory_opening: its F1 reads "—" and the change is still a number (the
    comparison counts an undefined F1 as 0); hovering both says so, rather than a change from a dash."""
    _window, panel = _pair_page(qtbot, make_window, SIZES[0])
    view = panel.documents.view
    model = view.model()
    header = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    f1_b, delta = header.index("F1 b"), next(c for c, h in enumerate(header) if h.startswith("Δ"))
    rows = {model.data(model.index(r, 1)): r for r in range(model.rowCount())}
    row = rows["demo_factory_opening"]
    assert model.data(model.index(row, f1_b)) == "—"
    assert model.data(model.index(row, delta)).startswith("-97")
    assert "0/0" in model.data(model.index(row, f1_b), Qt.ItemDataRole.ToolTipRole)
    tip = model.data(model.index(row, delta), Qt.ItemDataRole.ToolTipRole)
    assert tip == "F1 b undefined (no true positive): counted as 0 in the change"
    other = rows["demo_council_election"]
    assert not model.data(model.index(other, delta), Qt.ItemDataRole.ToolTipRole)
    assert "counts as 0" in model.headerData(delta, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
