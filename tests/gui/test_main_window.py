"""The real main window, driven with clicks, keys and signals (pytest-qt, offscreen)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from evmeval.mention.outcomes import Outcome
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl, Signal
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from evmeval_gui import colours
from evmeval_gui.dialogs import ERROR_DIALOG_NAME
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import OpenRequest, load_and_score, make_request
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.text_layout import GOLD, SYSTEM
from evmeval_gui.views.mapping_table import OUTCOME, MappingFilter
from tests.gui.corpus_factory import write_corpus
from tests.gui.windows import POPUP_WARNINGS, choose

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LOAD_TIMEOUT = 20_000


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "corpus")


def open_corpus(qtbot, window: MainWindow, corpus: Path, *systems: str, doc_id: str | None = None) -> None:
    names = systems or ("system.tbf",)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / n) for n in names], doc_id=doc_id)


@pytest.fixture
def window(make_window, qtbot, corpus) -> MainWindow:
    w = make_window()
    open_corpus(qtbot, w, corpus)
    return w


def click_row(qtbot, table, row: int) -> None:
    rect = table.visualRect(table.model().index(row, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def row_of(window: MainWindow, gold_id: str | None = None, system_id: str | None = None) -> int:
    for r, row in enumerate(window.mapping.visible_rows()):
        if (gold_id is None or (row.gold and row.gold.mention_id == gold_id)) and (
                system_id is None or (row.system and row.system.mention_id == system_id)):
            return r
    raise AssertionError(f"no row for {gold_id}/{system_id}")


def bar_centre(window: MainWindow, layer: int, mention: int) -> QPoint:
    view = window.text_view
    bar = next(b for b in view.layout_data.mention_bars[(layer, mention)] if not b.connector)
    y = (bar.y0 + bar.y1) / 2 - view.verticalScrollBar().value()
    return QPoint(int((bar.x0 + bar.x1) / 2), int(y))


# -- opening ---------------------------------------------------------------------------------------


def test_empty_window_offers_open_and_demo(make_window):
    window = make_window()
    assert window.workspace.stack.currentWidget() is window.welcome
    assert window.welcome.open_button.isVisible() and window.welcome.demo_button.isVisible()
    assert not window.commands.next_error_action.isEnabled()


def test_open_lists_worst_first_and_keeps_the_first_document_shown(window, corpus, settings):
    session = window.session
    assert session.request == OpenRequest(str(corpus / "gold.tbf"), (str(corpus / "system.tbf"),),
                                          str(corpus / "tkn"), str(corpus / "txt"))
    # doc3 has no system output (F1 undefined: worst), doc1 has errors, doc2 is perfect
    assert window.documents.visible_doc_ids() == ["doc3", "doc1", "doc2"]
    # the gold file's first document was shown while the corpus was scored (issue 16), and stays
    assert session.selection == Selection("doc1")
    assert window.document_pane.doc_id == "doc1"
    assert "system.tbf vs gold.tbf" in window.windowTitle()
    assert window.workspace.stack.currentWidget() is not window.welcome
    recent = window.recent_requests()
    assert recent and recent[0] == session.request
    assert settings.value("recent")


def test_document_list_shows_counts_and_percentages(window):
    model = window.documents.proxy
    rows = {model.index(r, 0).data(): [model.index(r, c).data() for c in range(6)]
            for r in range(model.rowCount())}
    # doc1 plain: TP = 1 + 1 + 2/3 + 2/3 = 10/3; P = (10/3)/6, R = (10/3)/5
    assert rows["doc1"] == ["doc1", "5", "6", f"{100 * (10 / 3) / 6:.2f}", f"{100 * (10 / 3) / 5:.2f}",
                            f"{100 * 2 * (5 / 9) * (2 / 3) / (5 / 9 + 2 / 3):.2f}"]
    assert rows["doc3"][3] == "—" and rows["doc3"][5] == "—"
    index = model.index(window.documents.visible_doc_ids().index("doc3"), 3)
    assert "0/0" in index.data(Qt.ItemDataRole.ToolTipRole)


def test_summary_bar_shows_corpus_micro_and_macro(window):
    result = window.session.result
    micro = result.micro["plain"]
    assert window.summary.figure_text("micro_precision") == f"{100 * micro.precision:.2f} %"
    assert window.summary.figure_text("macro_f1") == f"{100 * result.macro['plain'].f1:.2f} %"


def test_text_without_text_file_is_rebuilt_from_tokens(window):
    window.session.select_document("doc3")
    assert window.document_pane.doc_id == "doc3"
    doc = window.text_view.doc
    assert doc.source == "token table"
    assert "rebuilt from the token table" in window.document_pane.notice.text()
    assert [s.text for s in doc.segments if s.unit >= 0][:2] == ["Floods", "displaced"]


# -- one selection for the whole window ------------------------------------------------------------


def test_clicking_documents_and_rows_selects_everywhere(window, qtbot):
    documents = window.documents
    click_row(qtbot, documents.table, documents.visible_doc_ids().index("doc1"))
    assert window.session.selection == Selection("doc1")
    assert window.document_pane.doc_id == "doc1"
    assert len(window.mapping.visible_rows()) == 7

    click_row(qtbot, window.mapping.table, row_of(window, "E3"))
    assert window.session.selection == Selection("doc1", frozenset({"E3"}), frozenset({"S3"}))
    gold, system = window.text_view.selected_indices
    assert gold == {2} and system == {2}  # E3 is the third gold mention, S3 the third system one
    top, bottom = window.text_view.visible_band()
    assert top <= window.text_view.layout_data.mention_top(GOLD, 2) <= bottom


def test_clicking_a_mention_in_the_text_selects_its_row(window, qtbot):
    window.session.select_document("doc1")
    qtbot.mouseClick(window.text_view.viewport(), Qt.MouseButton.LeftButton, pos=bar_centre(window, SYSTEM, 5))
    assert window.session.selection == Selection("doc1", frozenset(), frozenset({"S6"}))
    rows = window.mapping.selected_rows()
    assert [(r.system.mention_id, r.outcome) for r in rows] == [("S6", Outcome.SPURIOUS)]


def test_discontinuous_mention_is_one_mention_with_a_connector(window, qtbot):
    window.session.select_document("doc1")
    bars = window.text_view.layout_data.mention_bars[(GOLD, 3)]  # E4 "picked … up"
    assert [b.connector for b in bars] == [False, True, False]
    qtbot.mouseClick(window.text_view.viewport(), Qt.MouseButton.LeftButton, pos=bar_centre(window, GOLD, 3))
    assert window.session.selection == Selection("doc1", frozenset({"E4"}), frozenset({"S4"}))


def test_tooltip_names_id_type_realis_dice_and_partner(window):
    window.session.select_document("doc1")
    text = window.text_view.hits.tooltip_at(QPointF(bar_centre(window, GOLD, 2)))
    for expected in ("Gold E3", "Justice_Arrest-Jail", "Actual", "Dice 0.67", "system <b>S3</b>", "partial span"):
        assert expected in text


def test_n_and_p_step_through_errors_in_reading_order(window, qtbot):
    window.session.select_document("doc1")
    window.text_view.setFocus()
    qtbot.keyClick(window.text_view, Qt.Key.Key_N)
    assert window.session.selection == Selection("doc1", frozenset(), frozenset({"S6"}))  # "guards", t8
    qtbot.keyClick(window.text_view, Qt.Key.Key_N)
    assert window.session.selection == Selection("doc1", frozenset({"E3"}), frozenset({"S3"}))  # t10-t11
    assert [r.gold.mention_id for r in window.mapping.selected_rows()] == ["E3"]
    qtbot.keyClick(window.text_view, Qt.Key.Key_P)
    assert window.session.selection.system_ids == {"S6"}


def test_ctrl_down_and_up_follow_the_document_list(window, qtbot):
    order = window.documents.visible_doc_ids()
    window.session.select_document(order[0])
    qtbot.keyClick(window.text_view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert window.session.selection.doc_id == order[1]
    qtbot.keyClick(window.text_view, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    assert window.session.selection.doc_id == order[0]


def test_find_mention_by_id_or_text(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.navigation.find_edit.hasFocus()
    qtbot.keyClicks(window.navigation.find_edit, "praised")
    qtbot.keyClick(window.navigation.find_edit, Qt.Key.Key_Return)
    assert window.session.selection == Selection("doc1", frozenset({"E5"}), frozenset())
    window.navigation.find_edit.setText("nothing like this")
    qtbot.keyClick(window.navigation.find_edit, Qt.Key.Key_Return)
    assert window.session.selection.gold_ids == {"E5"}
    assert "No mention matches" in window.statusBar().currentMessage()


def test_menus_show_the_shortcuts(window):
    keys = dict(window.help.shortcut_map())
    for key in ("N", "P", "Ctrl+Down", "Ctrl+Up", "Ctrl+O", "F5", "Ctrl+F"):
        assert key in keys
    go_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Go")
    assert {a.shortcut().toString() for a in go_menu.actions() if not a.isSeparator()} >= {"N", "P"}


# -- attribute combinations and filters ------------------------------------------------------------


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_choosing_a_combination_changes_table_list_and_summary(window, qtbot):
    window.session.select_document("doc1")
    before = window.summary.figure_text("micro_f1")
    combo = window.commands.combination_combo
    choose(qtbot, combo, combo.findData("mention_type"))
    assert window.session.combination == "mention_type"
    row = window.mapping.visible_rows()[row_of(window, "E2")]
    assert (row.system.mention_id, row.outcome) == ("S2", Outcome.ATTRIBUTE)
    assert window.mapping.model.index(row_of(window, "E2"), OUTCOME).data() == colours.style(Outcome.ATTRIBUTE).short
    assert window.summary.figure_text("micro_f1") != before
    assert window.document_pane.legend.label_text(Outcome.ATTRIBUTE).endswith(" 1")
    assert window.commands.combination_actions["mention_type"].isChecked()


def test_outcome_and_type_filters(window):
    window.session.select_document("doc1")
    table = window.mapping
    table.outcome_combo.setCurrentIndex(table.outcome_combo.findData(MappingFilter.ERRORS))
    assert {r.outcome for r in table.visible_rows()} == {Outcome.PARTIAL, Outcome.MISSED, Outcome.SPLIT,
                                                         Outcome.SPURIOUS}
    table.outcome_combo.setCurrentIndex(table.outcome_combo.findData(Outcome.MISSED.value))
    assert [r.gold.mention_id for r in table.visible_rows()] == ["E5"]
    table.outcome_combo.setCurrentIndex(0)
    table.type_combo.setCurrentIndex(table.type_combo.findData("lifedie"))
    assert [(r.gold and r.gold.mention_id, r.system.mention_id) for r in table.visible_rows()] == [
        ("E2", "S2"), (None, "S6")]
    assert "2 of 7 rows" in table.count_label.text()


def test_sorting_the_mapping_table_by_dice(window):
    window.session.select_document("doc1")
    window.mapping.table.sortByColumn(9, Qt.SortOrder.DescendingOrder)
    dices = [r.dice for r in window.mapping.visible_rows()]
    assert dices[:4] == [1.0, 1.0, pytest.approx(2 / 3), pytest.approx(2 / 3)]
    assert dices[4:] == [None, None, None]


# -- several systems, charts ------------------------------------------------------------------------


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_system_switcher_appears_for_several_systems(make_window, qtbot, corpus):
    window = make_window()
    open_corpus(qtbot, window, corpus, "system.tbf", "system_b.tbf")
    assert window.commands.system_combo_action.isVisible()
    assert [window.commands.system_combo.itemText(i) for i in range(2)] == ["system.tbf", "system_b.tbf"]
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        choose(qtbot, window.commands.system_combo, 1)
    assert window.session.result.run_name == "system_b.tbf"
    assert "system_b.tbf" in window.summary.run.text()


class FakeCharts(QWidget):
    """Stands in for the charts panel: records what the window feeds it."""

    filter_requested = Signal(str, object, object)

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, object]] = []

    def set_result(self, result) -> None:
        self.calls.append(("result", result.run_name))

    def set_document(self, doc_id) -> None:
        self.calls.append(("document", doc_id))

    def set_combination(self, name) -> None:
        self.calls.append(("combination", name))


def test_charts_are_fed_and_their_filters_show_a_chip(make_window, qtbot, corpus):
    window = make_window(charts_factory=lambda runner: FakeCharts())
    open_corpus(qtbot, window, corpus)
    assert window.charts_dock.panel is None  # built when first shown
    window.charts_dock.show()
    panel = window.charts_dock.panel
    assert isinstance(panel, FakeCharts)
    qtbot.waitUntil(lambda: ("result", "system.tbf") in panel.calls)
    assert ("document", "doc1") in panel.calls  # the shown document
    window.session.set_combination("realis_status")
    qtbot.waitUntil(lambda: ("combination", "realis_status") in panel.calls)

    panel.filter_requested.emit("partial spans", {"doc1"}, lambda doc_id, row: row.outcome is Outcome.PARTIAL)
    assert window.documents.visible_doc_ids() == ["doc1"]
    assert window.session.selection.doc_id == "doc1"
    assert {r.outcome for r in window.mapping.visible_rows()} == {Outcome.PARTIAL}
    assert window.chip.isVisible() and "Filtered: partial spans" in window.chip.button.text()
    qtbot.mouseClick(window.chip.button, Qt.MouseButton.LeftButton)
    assert not window.chip.isVisible()
    assert len(window.documents.visible_doc_ids()) == 3 and len(window.mapping.visible_rows()) == 7


# -- bad input, cancelling, drag and drop, settings -------------------------------------------------


def test_malformed_file_shows_a_dialog_and_keeps_the_window(window, qtbot, corpus):
    bad = corpus / "bad.tbf"
    bad.write_text("#BeginOfDocument doc1\nsys\tdoc1\tS1\tt2\n#EndOfDocument\n", encoding="utf-8")
    before = bad.read_bytes()
    with qtbot.waitSignal(window.session.load_failed, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(bad)])
    box = window.findChild(QMessageBox, ERROR_DIALOG_NAME)
    assert box is not None and box.isVisible()
    assert "bad.tbf, line 2" in box.text()
    assert "mention line has too few fields (4)" in box.informativeText()
    assert "Expected: 7 or 8 tab-separated fields" in box.informativeText()
    assert window.session.result.run_name == "system.tbf"  # the previous corpus is still shown
    assert window.workspace.stack.currentWidget() is not window.welcome
    assert bad.read_bytes() == before
    box.close()


def test_cancel_a_load(make_window, qtbot, corpus):
    release = threading.Event()
    worker_saw_cancel = threading.Event()

    def slow_loader(request: OpenRequest, system_index: int, context: JobContext):
        context.progress(1, 10)
        release.wait(10)
        if context.cancelled():
            worker_saw_cancel.set()
        return load_and_score(request, system_index)

    window = make_window(loader=slow_loader)
    with qtbot.waitSignal(window.runner.job_progress, timeout=LOAD_TIMEOUT):
        window.open_request(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]))
    assert window.status.cancel_button.isVisible() and window.status.progress.isVisible()
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.runner.busy
    assert not window.status.cancel_button.isVisible()
    assert "Cancelled" in window.statusBar().currentMessage()
    release.set()
    assert window.runner.shutdown(10)
    assert worker_saw_cancel.is_set()
    QApplication.processEvents()  # delivers what the joined worker posted: it must be dropped
    assert not window.session.loaded
    assert window.workspace.stack.currentWidget() is window.welcome


def test_dropping_tbf_files_fills_the_open_dialog(make_window, qtbot, corpus):
    window = make_window()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(corpus / "system.tbf")), QUrl.fromLocalFile(str(corpus / "gold.tbf"))])
    event = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    dialog = window.dialogs.open_dialog
    assert dialog is not None and dialog.isVisible()
    request = dialog.request()
    assert request.gold == str(corpus / "gold.tbf")
    assert request.systems == (str(corpus / "system.tbf"),)
    assert request.token_dir == str(corpus / "tkn") and request.text_dir == str(corpus / "txt")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        dialog.accept()
    assert window.session.loaded


def test_a_drop_without_tbf_files_says_so_on_the_status_bar_and_the_welcome_page(make_window, tmp_path):
    window = make_window()
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "readme.txt").write_text("no annotations here\n", encoding="utf-8")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(tmp_path / "notes"))])
    event = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    said = ("Nothing opened: the folder notes holds no .tbf file (expected a gold .tbf file and system .tbf files, "
            "with tkn/ and txt/ beside them)")
    assert window.statusBar().currentMessage() == said
    assert window.welcome.status.text() == said and window.dialogs.open_dialog is None


def test_recent_corpora_survive_a_restart(window, make_window, corpus):
    window.close()
    again = make_window()
    assert again.recent_requests()[0].gold == str(corpus / "gold.tbf")
    assert again.commands.recent_menu.actions()[0].text() == again.recent_requests()[0].name


def test_reload_rescores_and_keeps_the_document(window, qtbot):
    window.session.select_document("doc1")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        qtbot.keyClick(window.text_view, Qt.Key.Key_F5)
    assert window.session.selection.doc_id == "doc1"
