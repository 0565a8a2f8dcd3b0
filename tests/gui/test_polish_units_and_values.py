"""What a user reads at 1024, 1366 and 1600 pixels (issue 34): the sequencing chart's values drawn on its bars (every
value where they fit, the F1 bars' where all would run together, never hidden at 1024), the Sequencing tab of a
JSONL corpus saying why it is empty in that format's own terms, and the Compare pair page saying in its headers that
a difference of F1s is in points, with its drawing's axis ends, every header whole."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QStyle

from evmeval_gui.compare.significance import DRAW_COLUMN, VERDICT_COLUMN, YIELDING, nice_scale
from evmeval_gui.main_window import MainWindow
from evmeval_gui.sequencing.charts import SequencingBarsChart
from tests.gui.sequencing_corpus import write_sequencing_corpus
from tests.gui.test_compare_mode import open_pair_tab
from tests.gui.test_polish_charts import SIZES, _show_tab
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")
TIMEOUT = 30_000
IDS = [f"{w}x{h}" for w, h in SIZES]


def _charts_window(make_window, qtbot, size: tuple[int, int], gold: str, system: str) -> MainWindow:  # type: ignore[no-untyped-def]
    window = make_window(persist=False, use_default_charts=True, size=size)
    window.charts_dock.show()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(gold, [system])
    qtbot.waitUntil(lambda: window.runner.idle, timeout=TIMEOUT)
    return window


def demo_pair_page(qtbot, make_window, size: tuple[int, int]) -> MainWindow:  # type: ignore[no-untyped-def]
    """A window at `size` with the demo compared (Ctrl+Shift+R) and its Pair tab open."""
    window = make_window(persist=False, size=size)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_demo()
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    open_pair_tab(qtbot, window)
    return window


def sequencing_chart_shown(qtbot, make_window, tmp_path: Path, size: tuple[int, int]) -> SequencingBarsChart:  # type: ignore[no-untyped-def]
    """The Sequencing tab's bar chart of a scored sequencing corpus, at `size`, drawn as on screen (a TextItem
    turns to its angle when painted)."""
    corpus = write_sequencing_corpus(tmp_path / "seq")
    window = _charts_window(make_window, qtbot, size, str(corpus / "gold.tbf"), str(corpus / "system.tbf"))
    qtbot.waitUntil(lambda: window.sequencing.model.result is not None, timeout=TIMEOUT)
    _show_tab(qtbot, window, "Sequencing")
    chart = window.sequencing.charts_page.bars
    assert isinstance(chart, SequencingBarsChart)
    chart.plot_widget.grab()
    return chart


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_sequencing_bars_say_their_values_on_them(qtbot, make_window, tmp_path: Path, size):
    chart = sequencing_chart_shown(qtbot, make_window, tmp_path, size)
    shown = [label for label in chart.value_labels if label.isVisible()]
    expected = 18 if size[0] >= 1366 else 6  # 18 bars in 220 pixels at 1024: the F1 bars' values, three bars apart
    assert len(shown) == expected, "values hidden: they cannot be read off the bars"
    assert chart.labels_shown == ("all" if expected == 18 else "f1")
    view = chart.plot.getViewBox()
    plot_area = view.sceneBoundingRect()
    rects = []
    for label in shown:
        x = label.pos().x()
        key = chart.element_at(x, 1.0)
        assert key is not None, "a value off its bar"
        closure, name, metric = key
        assert expected == 18 or metric == "f1"
        in_tooltip = chart.describe(key).split(": ")[1].split(" %")[0]  # the tooltip keeps each value
        assert label.toPlainText() == f"{float(in_tooltip):.1f}", (closure, name, metric)
        rect = label.textItem.mapRectToScene(label.textItem.boundingRect())
        assert plot_area.contains(rect), f"{label.toPlainText()} is cut off"
        assert rect.bottom() <= view.mapViewToScene(label.pos()).y() + 0.5, "drawn over its bar"
        rects.append((rect, label.toPlainText()))
    for (a, text_a), (b, text_b) in combinations(rects, 2):
        assert not a.adjusted(0.5, 0.5, -0.5, -0.5).intersects(b), (text_a, text_b)


def test_a_maven_ere_corpus_says_why_it_has_no_sequencing_in_its_own_terms(qtbot, make_window):
    window = _charts_window(make_window, qtbot, (1024, 640), str(EXAMPLES / "maven_ere_gold.jsonl"),
                            str(EXAMPLES / "maven_ere_pred.jsonl"))
    _show_tab(qtbot, window, "Sequencing")
    text = window.sequencing.charts_page.bars.message.toPlainText()
    assert "MAVEN-ERE's temporal (BEFORE, OVERLAP, …), causal (PRECONDITION, CAUSE)" in text
    assert "subevent relations" in text and "Conventions tab" in text
    assert "the files have no @After" not in text  # tbf's wording, wrong for a JSONL corpus
    assert window.sequencing.charts_page.bars.message.isVisible()


def test_a_textee_corpus_names_its_format_and_a_tbf_one_its_lines(qtbot, make_window, tmp_path: Path):
    window = _charts_window(make_window, qtbot, (1366, 768), str(EXAMPLES / "textee_gold.jsonl"),
                            str(EXAMPLES / "textee_pred.jsonl"))
    _show_tab(qtbot, window, "Sequencing")
    text = window.sequencing.charts_page.bars.message.toPlainText()
    assert text.startswith("No event sequencing: TextEE/OneIE window JSONL carries no event-order or subevent")
    corpus = write_sequencing_corpus(tmp_path / "seq")  # then a tbf corpus without system links: its own words
    (corpus / "bare.tbf").write_text("\n".join(line for line in (corpus / "system.tbf").read_text().splitlines()
                                              if not line.startswith("@")) + "\n")
    (corpus / "gold_bare.tbf").write_text("\n".join(line for line in (corpus / "gold.tbf").read_text().splitlines()
                                                   if not line.startswith("@")) + "\n")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold_bare.tbf"), [str(corpus / "bare.tbf")])
    qtbot.waitUntil(lambda: window.runner.idle, timeout=TIMEOUT)
    text = window.sequencing.charts_page.bars.message.toPlainText()
    assert text == "No event sequencing: the files have no @After or @Subevent links."


def _header_whole(view, column: int) -> None:  # type: ignore[no-untyped-def]
    header = view.horizontalHeader()
    text = str(view.model().headerData(column, Qt.Orientation.Horizontal))
    metrics = QFontMetricsF(header.font())
    widest = max(metrics.horizontalAdvance(line) for line in text.split("\n"))
    margins = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin)
    assert header.sectionSize(column) >= widest + 2 * margins, f"{text!r} is cut"
    assert header.sectionSize(column) >= header.sectionSizeHint(column) - 1 or column == 0, f"{text!r} is cut"
    lines = text.count("\n") + 1
    if lines > 1 and header.textElideMode() != Qt.TextElideMode.ElideNone:  # Qt elides the lines as one
        assert header.sectionSize(column) >= metrics.horizontalAdvance(text.replace("\n", " ")) + 2 * margins
    assert header.height() >= lines * metrics.lineSpacing(), f"{text!r} has lines cut"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_pair_page_says_its_differences_are_points(qtbot, make_window, size):
    panel = demo_pair_page(qtbot, make_window, size).compare.pair_panel
    table = panel.significance
    qtbot.waitUntil(lambda: bool(table.tests), timeout=TIMEOUT)
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers[1:5] == ["F1 a (%)", "F1 b (%)", "Δ F1 (points)", "Interval (points)"]
    end = max(max(abs(t.ci_low), abs(t.ci_high), abs(t.delta_f1)) for t in table.tests.values())
    scale = nice_scale(end * 1.1)
    assert table.scale == scale
    assert headers[DRAW_COLUMN] == f"Δ F1 (points)\n−{100 * scale:g} … 0 … +{100 * scale:g}"
    qtbot.waitUntil(lambda: table.isVisible() and table.viewport().width() > 600, timeout=TIMEOUT)
    verdict = table.visualRect(table.model().index(0, VERDICT_COLUMN))
    assert verdict.right() <= table.viewport().width(), "the verdict is scrolled out of view"
    assert all(table.isColumnHidden(c) == (size[0] < 1366) for c in YIELDING[0])  # p adj and the tooltip stay
    tip = table.item(0, 0).toolTip()
    assert "(bootstrap)" in tip and "(randomization)" in tip and "documents ↑ / ↓ / =:" in tip
    for column in range(table.columnCount()):
        if not table.isColumnHidden(column):
            _header_whole(table, column)
    shown = [r for r in range(table.rowCount()) if not table.isRowHidden(r)]
    last = table.visualRect(table.model().index(shown[-1], 0))
    assert last.bottom() <= table.viewport().height(), "a row is cut off"
    documents = panel.documents.view
    assert documents.model().headerData(4, Qt.Orientation.Horizontal) == "Δ (points)"
    for column in (2, 3, 4):
        _header_whole(documents, column)


@pytest.mark.parametrize(("value", "end"), [(0.4275, 0.5), (0.1, 0.1), (0.0123, 0.02), (0.25, 0.25), (0.026, 0.05),
                                            (0.11, 0.2)])
def test_the_drawings_axis_ends_at_a_round_figure_at_or_past_every_interval(value, end):
    assert nice_scale(value) == pytest.approx(end)
    assert nice_scale(value) >= value


def test_one_conventions_figures_get_the_docks_room_over_its_empty_flips(qtbot, make_window):
    """MAVEN-ERE alone reads its files: no flips can be, and its 27 rows (temporal, causal, subevent among them)
    were scrolled six at a time over an empty flips list at 1024 pixels."""
    window = make_window(persist=False, size=(1024, 640))
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(EXAMPLES / "maven_ere_gold.jsonl"), [str(EXAMPLES / "maven_ere_pred.jsonl")])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.runner.idle, timeout=TIMEOUT)
    table = dock.table
    rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()
    assert rows >= 10, f"{rows} rows of {table.rowCount()} in view"
    table_part, lists_part = dock.lists.sizes()
    assert table_part > lists_part
