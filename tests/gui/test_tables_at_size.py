"""The window at a real project's size: columns that matter stay in view, filters keep your place.

Driven with resizes, keys and clicks on the real window (pytest-qt, offscreen). The layout tests open
the bundled demo with the real charts dock at the sizes users have (1024x640, 1366x768); the filter
tests a generated corpus of 60 documents, enough that the document list scrolls:
  doc00         E1 attacked, E2 killed, E3 guards: all exact, types agree (F1 100 under every combination)
  doc01..doc29  E1, E2 exact spans, E2's type differs (Life_Injure): F1 100 under span only, 50 with type
  doc30..doc59  as doc01.., plus E3 guards that the system missed
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.mention.outcomes import Outcome
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QLabel, QToolTip

from evmeval_gui.agreement.state import make_agreement_request
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request
from evmeval_gui.views.mapping_table import G_ID, G_TEXT, OUTCOME, MappingFilter
from tests.gui.corpus_factory import token_table
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")

TIMEOUT = 30_000
TEXT = "Rebels attacked the town and killed two guards .\n"


def write_many(folder: Path) -> Path:
    (folder / "tkn").mkdir(parents=True)
    (folder / "txt").mkdir()
    gold, system = [], []
    for n in range(60):
        doc = f"doc{n:02d}"
        (folder / "tkn" / f"{doc}.tab").write_text(token_table(TEXT), encoding="utf-8")
        (folder / "txt" / f"{doc}.txt").write_text(TEXT, encoding="utf-8")
        kind = "Life_Die" if n == 0 else "Life_Injure"
        gold += [f"#BeginOfDocument {doc}", f"g\t{doc}\tE1\tt2\tattacked\tConflict_Attack\tActual",
                 f"g\t{doc}\tE2\tt6\tkilled\tLife_Die\tActual"]
        system += [f"#BeginOfDocument {doc}", f"s\t{doc}\tS1\tt2\tattacked\tConflict_Attack\tActual",
                   f"s\t{doc}\tS2\tt6\tkilled\t{kind}\tActual"]
        if n == 0 or n >= 30:
            gold.append(f"g\t{doc}\tE3\tt8\tguards\tLife_Injure\tActual")
        if n == 0:
            system.append(f"s\t{doc}\tS3\tt8\tguards\tLife_Injure\tActual")
        gold.append("#EndOfDocument")
        system.append("#EndOfDocument")
    (folder / "gold.tbf").write_text("\n".join(gold) + "\n", encoding="utf-8")
    (folder / "system.tbf").write_text("\n".join(system) + "\n", encoding="utf-8")
    return folder


def _window(qtbot, tmp_path: Path, size: tuple[int, int], charts: bool) -> MainWindow:
    window = shown_window(qtbot, tmp_path, size, charts=charts)
    window.activateWindow()
    return window


@pytest.fixture
def many(qtbot, tmp_path) -> MainWindow:
    corpus = write_many(tmp_path / "many")
    window = _window(qtbot, tmp_path, (1024, 640), charts=False)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    window.session.select_document("doc00")
    QApplication.processEvents()
    return window


def _demo(qtbot, tmp_path: Path, size: tuple[int, int]) -> MainWindow:
    window = _window(qtbot, tmp_path, size, charts=True)
    window.charts_dock.show()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_request(demo_request())
    window.session.select_document("demo_border_clash")
    qtbot.waitUntil(lambda: window.charts_dock.panel is not None, timeout=TIMEOUT)
    for _ in range(3):
        QApplication.processEvents()
    return window


def _in_view(table, index) -> bool:
    rect = table.visualRect(index)
    return rect.isValid() and table.viewport().rect().contains(rect)


# -- columns by priority ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1024, 640), (1366, 768)])
def test_outcome_and_ids_stay_in_view_with_the_charts_open(qtbot, tmp_path, size):
    window = _demo(qtbot, tmp_path, size)
    table = window.mapping.table
    header = table.horizontalHeader()
    viewport = table.viewport().width()
    for column in (G_ID, OUTCOME):
        assert not table.isColumnHidden(column)
        left = header.sectionViewportPosition(column)
        assert left >= 0 and left + header.sectionSize(column) <= viewport, (column, left, viewport)
    outcome = header.sectionSize(OUTCOME)
    assert outcome >= table.fontMetrics().horizontalAdvance("≠ wrong attribute")  # not squeezed to "…"
    assert table.horizontalScrollBar().maximum() == 0  # nothing left to scroll to
    # a wide table gets every column back
    window.charts_dock.hide()
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: not table.isColumnHidden(G_TEXT))


def test_a_hidden_columns_values_are_in_the_ids_tooltip(qtbot, tmp_path):
    window = _demo(qtbot, tmp_path, (1024, 640))
    table = window.mapping.table
    assert table.isColumnHidden(G_TEXT)  # the text columns yielded first
    index = window.mapping.proxy.index(0, G_ID)
    row = index.data(Qt.ItemDataRole.UserRole + 2)
    centre = table.visualRect(index).center()
    event = QHelpEvent(QEvent.Type.ToolTip, centre, table.viewport().mapToGlobal(centre))
    QApplication.sendEvent(table.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible)
    assert row.gold.mention_id in QToolTip.text() and f"“{row.gold.text}”" in QToolTip.text()


# -- the summary bar wraps ------------------------------------------------------------------------

def test_at_1024_the_charts_dock_gets_its_share_and_the_summary_wraps(qtbot, tmp_path):
    window = _demo(qtbot, tmp_path, (1024, 640))
    assert window.width() == 1024
    assert window.charts_dock.width() >= 300  # was a 170-pixel sliver
    summary = window.summary
    assert summary.width() + window.charts_dock.width() <= 1024
    qtbot.waitUntil(lambda: all(w.isVisible() for w in summary._extras), timeout=TIMEOUT)  # coref, sequencing
    qtbot.waitUntil(lambda: all(w.width() >= w.sizeHint().width() for w in summary._extras))
    assert summary.lines() == 3
    for widget in summary._extras:  # every part of the summary whole and inside the bar
        assert summary.rect().contains(widget.geometry())
    # wide again: two lines
    window.charts_dock.hide()
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: summary.lines() == 2)


@pytest.mark.parametrize("size", [(1366, 768), (1600, 1000)])
def test_on_first_launch_the_summary_counts_are_whole(qtbot, tmp_path, size):
    """Issue 32 item 11: at the default size the counts line read "6 documents (6 with …tem mentions counted":
    the parts after it kept only a short width for it. They wrap to a third line first now."""
    window = _window(qtbot, tmp_path, size, charts=False)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_request(demo_request())
    summary = window.summary
    qtbot.waitUntil(lambda: all(w.isVisible() for w in summary._extras), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: summary.counts.text() == summary.counts.full_text(), timeout=TIMEOUT)
    assert summary.counts.text().startswith("6 documents (6 with gold mentions) · 240 gold, 233 system mentions")
    qtbot.waitUntil(lambda: all(w.width() >= w.sizeHint().width() for w in summary._extras), timeout=TIMEOUT)
    assert summary.counts.text() == summary.counts.full_text()
    for widget in summary._extras:
        assert summary.rect().contains(widget.geometry())


# -- filters keep your place ----------------------------------------------------------------------

def _selected_index(window: MainWindow):
    rows = window.documents.table.selectionModel().selectedRows(0)
    assert len(rows) == 1
    return rows[0]


def test_an_attribute_switch_keeps_the_shown_document_in_the_list(qtbot, many):
    documents = many.documents
    documents.table.scrollTo(_selected_index(many))  # the user has the shown document in view
    assert _in_view(documents.table, _selected_index(many))
    qtbot.keyClick(many, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)  # span + type: doc00 sorts last
    assert many.session.combination != "plain"
    index = _selected_index(many)
    assert index.data(Qt.ItemDataRole.DisplayRole) == "doc00"
    assert index.row() == documents.proxy.rowCount() - 1
    assert _in_view(documents.table, index)


def test_a_chart_filter_jumps_to_the_first_document_with_matching_rows(qtbot, many):
    many.navigation.apply_filter("missed gold", None, lambda doc_id, row: row.outcome == Outcome.MISSED)
    first = many.documents.visible_doc_ids()[0]
    assert first == "doc30"
    assert many.session.selection.doc_id == first
    count = many.mapping.count_label.text()
    assert count.startswith("1 of 3 rows shown"), count
    assert f"showing {first}" in many.statusBar().currentMessage()
    assert _in_view(many.documents.table, _selected_index(many))


def test_find_says_k_of_n_and_skips_rows_the_errors_filter_hides(qtbot, many):
    combo = many.mapping.outcome_combo
    combo.setCurrentIndex(combo.findData(MappingFilter.ERRORS))
    qtbot.keyClick(many, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(many.navigation.find_edit, "guards")
    qtbot.keyClick(many.navigation.find_edit, Qt.Key.Key_Return)
    # doc00's guards is an exact match, hidden by "Errors only": the next is doc30's missed one
    selection = many.session.selection
    assert (selection.doc_id, selection.gold_ids) == ("doc30", frozenset({"E3"}))
    assert len(many.mapping.table.selectionModel().selectedRows(0)) == 1  # a row the table shows
    message = many.statusBar().currentMessage()
    assert "match 1 of 30" in message and "1 more in rows the table's filters hide" in message
    qtbot.keyClick(many.navigation.find_edit, Qt.Key.Key_Return)
    assert many.session.selection.doc_id == "doc31"
    assert "match 2 of 30" in many.statusBar().currentMessage()


# -- long ids in the Agreement mode ---------------------------------------------------------------

def _drawn_text(table, index) -> str:
    """The text the view's delegate draws in a cell: its elision in the cell's text rectangle."""
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    option.rect = table.visualRect(index)
    table.itemDelegateForIndex(index).initStyleOption(option, index)
    style = table.style()
    rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, table)
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    return option.fontMetrics.elidedText(option.text, option.textElideMode, rect.width() - 2 * margin)


def test_agreement_documents_with_long_ids_keep_both_ends(qtbot, tmp_path):
    folder = tmp_path / "long"
    (folder / "tkn").mkdir(parents=True)
    sets: dict[str, list[str]] = {f"annotations-bolt-eng-discussion-forum-round-{k}.tbf": [] for k in (1, 2)}
    for n in range(12):
        doc = f"bolt-eng-DF-170-181103-88827{n:02d}"
        (folder / "tkn" / f"{doc}.tab").write_text(token_table(TEXT), encoding="utf-8")
        for name, lines in sets.items():
            lines += [f"#BeginOfDocument {doc}", f"{name}\t{doc}\tE1\tt2\tattacked\tConflict_Attack\tActual"]
            if name.endswith("1.tbf") or n % 2:
                lines.append(f"{name}\t{doc}\tE2\tt6\tkilled\tLife_Die\tActual")
            lines.append("#EndOfDocument")
    for name, lines in sets.items():
        (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    window = _window(qtbot, tmp_path, (1024, 640), charts=False)
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=TIMEOUT):
        window.open_agreement(make_agreement_request([str(folder / name) for name in sets]))
    QApplication.processEvents()
    documents = window.agreement.panel.documents
    table = documents.table
    shown = [_drawn_text(table, table.model().index(r, 0)) for r in range(table.model().rowCount())]
    ids = documents.visible_doc_ids()
    assert len(set(shown)) == 12  # every row tells its document apart
    for text, doc_id in zip(shown, ids, strict=True):
        assert text.startswith("bolt-") and text.endswith(doc_id[-2:]), text
    annotators = window.agreement.panel.annotators.table
    names = [_drawn_text(annotators, annotators.model().index(r, 0)) for r in range(2)]
    assert names[0] != names[1] and names[0].endswith("1.tbf") and names[1].endswith("2.tbf"), names


def _hover(table, index) -> None:
    centre = table.visualRect(index).center()
    QApplication.sendEvent(table.viewport(), QHelpEvent(QEvent.Type.ToolTip, centre,
                                                        table.viewport().mapToGlobal(centre)))


def test_an_elided_cell_shows_its_whole_text_on_hover(qtbot):
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QTableView

    from evmeval_gui.table_fit import elide_in_the_middle

    model = QStandardItemModel(0, 2)
    model.appendRow([QStandardItem("bolt-eng-DF-170-181103-8882762"), QStandardItem("ok")])
    table = QTableView()
    qtbot.addWidget(table)
    table.setModel(model)
    elide_in_the_middle(table)
    table.setColumnWidth(0, 90)
    table.resize(300, 120)
    table.show()
    qtbot.waitExposed(table)
    QToolTip.hideText()
    _hover(table, model.index(0, 0))
    qtbot.waitUntil(QToolTip.isVisible)
    assert QToolTip.text() == "bolt-eng-DF-170-181103-8882762"
    assert _drawn_text(table, model.index(0, 0)).endswith("762")
    QToolTip.hideText()
    qtbot.waitUntil(lambda: not QToolTip.isVisible())
    _hover(table, model.index(0, 1))  # whole already: no tooltip
    QApplication.processEvents()
    assert not QToolTip.isVisible()


# -- nothing scrolls sideways, nothing is cut ------------------------------------------------------

def _sideways(root) -> list[str]:
    """The scroll areas under `root` that show a horizontal scroll bar now."""
    from PySide6.QtWidgets import QAbstractScrollArea

    return [f"{type(a).__name__} {a.objectName()}" for a in root.findChildren(QAbstractScrollArea)
            if a.isVisible() and a.horizontalScrollBar().isVisible()]


def test_at_1024_no_chart_and_no_list_scrolls_sideways(qtbot, tmp_path):
    window = _demo(qtbot, tmp_path, (1024, 640))
    dock = window.charts_dock
    assert _sideways(window.documents) == []
    # the ids stay legible: the counts (in the document's header too) and extra figures gave way first
    from evmeval_gui.charts.base import ChartWidget
    from evmeval_gui.views.document_list import ID, LEGIBLE_ID_WIDTH

    assert window.documents.table.horizontalHeader().sectionSize(ID) >= LEGIBLE_ID_WIDTH
    tabs = dock.panel.tabs
    bar = tabs.tabBar()
    for k in range(tabs.count()):  # every chart, chosen with the mouse as a user does
        if not bar.tabRect(k).isValid() or not bar.rect().contains(bar.tabRect(k).center()):
            tabs.setCurrentIndex(k - 1)  # the bar scrolls: bring the tab into view as its arrows would
            QApplication.processEvents()
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(k).center())
        qtbot.waitUntil(lambda k=k: tabs.currentIndex() == k)
        QApplication.processEvents()
        assert _sideways(dock) == [], tabs.tabText(k)
        for chart in dock.findChildren(ChartWidget):  # nothing drawn past a chart's right edge (legend, axes)
            if chart.isVisible():
                least = chart.plot_widget.ci.effectiveSizeHint(Qt.SizeHint.MinimumSize).width()
                assert least <= chart.width(), (tabs.tabText(k), type(chart).__name__, least, chart.width())
        panel = dock.panel
        assert panel.width() <= dock.widget().viewport().width()  # the panel is not cut at the right either


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_the_no_sequencing_links_note_fits_whole_in_the_summary(qtbot, tmp_path, size):
    window = _demo(qtbot, tmp_path, size)
    note = window.findChild(QLabel, "sequencingNoLinks")
    qtbot.waitUntil(note.isVisible, timeout=TIMEOUT)  # the demo's system file has no @After / @Subevent line
    QApplication.processEvents()
    figure = note.parentWidget()
    summary = window.summary
    # the note lies inside its figure, the figure inside the bar and left of the micro/macro figures
    assert figure.rect().contains(note.geometry()), (note.geometry(), figure.rect())
    right = figure.mapTo(summary, figure.rect().topRight()).x()
    assert right <= summary._grid.geometry().left() or figure.mapTo(summary, figure.rect().topLeft()).y() \
        >= summary._grid.geometry().bottom()
    top_left = figure.mapTo(summary, figure.rect().topLeft())
    assert summary.rect().contains(figure.rect().translated(top_left))
    # whole, or elided with the whole text on hover: never a word cut at an edge
    assert note.text() == note.full_text() or note.text().endswith("…")
    assert note.full_text().startswith("(no sequencing links in")


def test_with_room_the_chart_choosers_show_their_words_whole(qtbot, tmp_path):
    window = _demo(qtbot, tmp_path, (1600, 1000))
    panel = window.charts_dock.panel
    for box in (panel.scope_box, panel.average_box):
        assert box.width() == box.maximumWidth()  # as wide as its longest entry: "Current document", "Micro"
