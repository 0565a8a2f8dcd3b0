"""Statistics and wording that must not contradict themselves, seen in the real window (demo corpus)."""

from __future__ import annotations

import pytest
from evmeval.align import COMBINATIONS
from PySide6.QtCore import Qt

from evmeval_gui.compare.style import SAME_COLOUR
from evmeval_gui.main_window import MainWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 30_000


@pytest.fixture
def demo(window, qtbot) -> MainWindow:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_demo()
    return window


@pytest.fixture
def pair_page(demo, qtbot) -> MainWindow:
    with qtbot.waitSignal(demo.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(demo, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    tabs = demo.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(1).center())
    qtbot.waitUntil(lambda: demo.compare.state.pair_comparison() is not None, timeout=TIMEOUT)
    return demo


def test_six_documents_get_no_verdict_and_no_red_interval(pair_page):
    # The demo's Span-only interval [-38.86, -6.38] was drawn red beside p = 0.11 and 0.06. With 6
    # documents the window now says the test has little power and draws no interval as a verdict.
    panel = pair_page.compare.pair_panel
    for row in range(len(COMBINATIONS)):
        texts = panel.significance.row_texts(row)
        assert texts[-1] == "too few documents"
        assert panel.significance.row_colour(row) == SAME_COLOUR
    note = panel.picker.note.text()
    assert "6 documents" in note and "little power" in note


def test_an_empty_run_is_flagged_not_scored_zero(window, qtbot, tmp_path):
    from tests.gui.corpus_factory import write_corpus

    corpus = write_corpus(tmp_path / "corpus")
    (corpus / "empty.tbf").write_text("#BeginOfDocument doc1\n#EndOfDocument\n", encoding="utf-8")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf"), str(corpus / "empty.tbf")],
                          token_dir=str(corpus / "tkn"))
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    board = window.compare.leaderboard
    table = board.table
    row = table.system_order().index("empty (empty run: no system mention)")
    assert [table.cell_text(row, column) for column in (6, 7, 8)] == ["—", "—", "—"]
    assert "+0.00" not in [table.cell_text(row, column) for column in (6, 7, 8)]
    ticks = board.gaps.plot.getAxis("bottom")._tickLevels[0]
    assert "empty (empty)" in [name for _, name in ticks]


def test_the_cases_list_shows_types_as_written(pair_page, qtbot):
    panel = pair_page.compare.pair_panel
    tabs = panel.tabs
    qtbot.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton, pos=tabs.tabBar().tabRect(1).center())
    qtbot.waitUntil(lambda: panel.cases.cases is not None and panel.cases.model.rowCount() > 0, timeout=TIMEOUT)
    shown = {panel.cases.model.row_texts(row)[3] for row in range(panel.cases.model.rowCount())} - {""}
    assert shown and all(name == pair_page.session.type_name(name.lower().replace("_", "").replace("-", ""))
                         for name in shown)
    assert any("_" in name for name in shown)  # "Conflict_Attack", not "conflictattack"
    combo = panel.cases.type
    assert all("_" in combo.itemText(k) for k in range(1, combo.count()))


def test_the_welcome_page_starts_a_new_document(window, qtbot):
    assert window.workspace.stack.currentWidget() is window.welcome
    button = window.welcome.new_button
    assert button.isVisible() and button.text() == "New document…"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.dialogs.new_document_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    qtbot.keyClicks(dialog.text, "Rebels attacked the town .")
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.workspace.stack.currentWidget() is not window.welcome, timeout=TIMEOUT)
    assert window.editing.scratch is not None


def test_dropping_a_folder_without_tbf_files_says_why(window, qtbot, tmp_path):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "readme.txt").write_text("no tbf here", encoding="utf-8")
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(folder))])
    point = window.rect().center()
    args = (Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    try:  # PySide6 6.12 takes a QPointF (and deprecates the QPoint form); earlier versions take only a QPoint
        enter = QDragEnterEvent(QPointF(point), *args)
    except TypeError:
        enter = QDragEnterEvent(point, *args)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(point), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window, drop)
    status = window.welcome.status.text()
    assert "notes" in status and "no .tbf file" in status
    assert window.welcome.status.isVisible()


def test_f1_lists_every_shortcut_a_user_needs(demo, qtbot):
    from PySide6.QtWidgets import QApplication, QDialog, QTableWidget

    qtbot.keyClick(demo, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: any(isinstance(w, QDialog) and w.isVisible() and w.windowTitle() == "Keyboard shortcuts"
                                for w in QApplication.topLevelWidgets()))
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if isinstance(w, QDialog) and w.isVisible() and w.windowTitle() == "Keyboard shortcuts")
    table = dialog.findChild(QTableWidget)
    keys = {table.item(row, 0).text(): table.item(row, 1).text() for row in range(table.rowCount())}
    assert "Ctrl+Shift+D" in keys and "Mapping differences" in keys["Ctrl+Shift+D"]
    assert "Ctrl+C" in keys and "Copy" in keys["Ctrl+C"]
    assert any("Tab" in key for key in keys)
    dialog.close()


def test_tab_leaves_a_table(demo, qtbot):
    from PySide6.QtWidgets import QAbstractItemView, QApplication

    tables = [w for w in demo.findChildren(QAbstractItemView)
              if w.isVisible() and w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.model() is not None
              and w.model().rowCount() > 1]
    assert tables
    for table in tables:
        first_cell = table.visualRect(table.model().index(0, 0)).center()
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=first_cell)
        assert QApplication.focusWidget() is table
        qtbot.keyClick(table, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is not table, table.objectName()
        assert not table.isAncestorOf(QApplication.focusWidget())
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=first_cell)
        qtbot.keyClick(table, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
        assert QApplication.focusWidget() is not table, table.objectName()


def test_coref_figure_without_links_says_so(window, qtbot, tmp_path):
    from PySide6.QtWidgets import QLabel, QWidget

    from tests.gui.corpus_factory import write_corpus

    corpus = write_corpus(tmp_path / "corpus")  # no @Coreference line anywhere
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], token_dir=str(corpus / "tkn"))
    summary = window.findChild(QWidget, "corefSummary")
    qtbot.waitUntil(lambda: window.coreference.result is not None, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: summary.published.text() not in ("…", "—"), timeout=TIMEOUT)
    note = summary.findChild(QLabel, "corefNoLinks")
    assert note.isVisible() and note.text() == "(no coreference links in these files)"
    assert summary.published.text() == f"{window.coreference.result.published_average():.2f}"  # v1.8's
