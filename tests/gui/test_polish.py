"""Issue 10, the window as a demanding user finds it: clicks and keys on the real window (pytest-qt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.mention.outcomes import Outcome
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMenu

from evmeval_gui import colours
from evmeval_gui.app import _request, build_parser
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.doctext import char_document
from evmeval_gui.model.text_layout import GOLD, layout_document
from evmeval_gui.views.mapping_table import G_TYPE, MappingFilter
from tests.gui.corpus_factory import write_corpus
from tests.gui.windows import right_click

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")

LOAD_TIMEOUT = 20_000
MERGED_TEXT = "Police arrested and charged him on Friday .\n"
MERGED_GOLD = """#BeginOfDocument m1
gold\tm1\tE1\t7,15\tarrested\tJustice_Arrest-Jail\tActual
gold\tm1\tE2\t20,27\tcharged\tJustice_Charge-Indict\tActual
#EndOfDocument
"""
MERGED_SYSTEM = """#BeginOfDocument m1
sys\tm1\tS1\t7,27\tarrested and charged\tJUSTICE.ARREST_JAIL\tActual
#EndOfDocument
"""


def _open(qtbot, window: MainWindow, gold: Path, system: Path, **kwargs) -> None:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(system)], **kwargs)


@pytest.fixture
def window(qtbot, make_window, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    w = make_window(persist=False)
    _open(qtbot, w, corpus / "gold.tbf", corpus / "system.tbf")
    w.session.select_document("doc1")
    return w


@pytest.fixture
def merged_window(qtbot, make_window, tmp_path):
    folder = tmp_path / "merged"
    (folder / "txt").mkdir(parents=True)
    (folder / "txt" / "m1.txt").write_text(MERGED_TEXT, encoding="utf-8")
    (folder / "gold.tbf").write_text(MERGED_GOLD, encoding="utf-8")
    (folder / "system.tbf").write_text(MERGED_SYSTEM, encoding="utf-8")
    w = make_window(persist=False)
    _open(qtbot, w, folder / "gold.tbf", folder / "system.tbf")
    w.session.select_document("m1")
    return w


def _row_of(window: MainWindow, gold_id: str | None = None, system_id: str | None = None) -> int:
    for r, row in enumerate(window.mapping.visible_rows()):
        if (gold_id and row.gold is not None and row.gold.mention_id == gold_id) or \
                (system_id and row.system is not None and row.system.mention_id == system_id):
            return r
    raise AssertionError("row not shown")


def _click_row(qtbot, window: MainWindow, row: int, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    table = window.mapping.table
    rect = table.visualRect(window.mapping.proxy.index(row, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())


def _menu_action(menu: QMenu, starts: str):
    return next(a for a in menu.actions() if a.text().replace("&", "").startswith(starts))


# -- names, labels, numbers ------------------------------------------------------------------------

def test_merged_gold_is_its_own_outcome_with_a_filter_a_legend_entry_and_a_partner(qtbot, merged_window):
    w = merged_window
    outcomes = [row.outcome for row in w.mapping.visible_rows()]
    assert sorted(outcomes) == sorted([Outcome.PARTIAL, Outcome.MERGED])
    assert w.document_pane.legend.label_text(Outcome.MERGED) == f"{colours.style(Outcome.MERGED).glyph} merged gold 1"
    combo = w.mapping.outcome_combo
    combo.setFocus()
    combo.setCurrentIndex(combo.findData("merged"))
    assert [r.gold.mention_id for r in w.mapping.visible_rows()] == ["E2"]
    # the type is shown as first written: the gold file's spelling, not the system's
    assert w.mapping.proxy.index(0, G_TYPE).data() == "Justice_Charge-Indict"
    # right click on the merged row: Go to partner selects the system mention that swallowed it
    rect = w.mapping.table.visualRect(w.mapping.proxy.index(0, 1))
    right_click(w.mapping.table.viewport(), rect.center())
    menu = w.mapping.menu
    assert menu is not None and menu.isVisible()
    _menu_action(menu, "Go to partner").trigger()
    assert w.session.selection.system_ids == {"S1"}


def test_event_types_show_as_written_with_the_full_name_on_hover(window):
    rows = window.mapping.visible_rows()
    r = next(i for i, row in enumerate(rows) if row.gold is not None and row.gold.mention_id == "E4")
    index = window.mapping.proxy.index(r, G_TYPE)
    assert index.data() == "Movement_Transport-Person"
    assert index.data(Qt.ItemDataRole.ToolTipRole).startswith("Movement_Transport-Person (compared as")


def test_counts_read_as_words_one_row_one_error(qtbot, merged_window):
    w = merged_window
    combo = w.mapping.outcome_combo
    combo.setCurrentIndex(combo.findData("merged"))
    assert w.mapping.count_label.text() == "1 of 2 rows shown · 2 errors"
    w.mapping.type_combo.setCurrentIndex(w.mapping.type_combo.findData("justiceargh"))  # not there: stays
    combo.setCurrentIndex(0)
    assert w.mapping.count_label.text() == "2 rows · 2 errors"
    assert w.documents.count_label.text().startswith("1 document ·")


# -- tables and navigation -------------------------------------------------------------------------

def test_ctrl_c_copies_the_selected_rows_as_tsv_with_a_header(qtbot, window):
    first, second = _row_of(window, gold_id="E1"), _row_of(window, gold_id="E3")
    _click_row(qtbot, window, first)
    _click_row(qtbot, window, second, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.mapping.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    lines = QApplication.clipboard().text().splitlines()
    # the document id first: rows pasted from several documents say where each came from
    assert lines[0].split("\t") == ["Document", "#", "Gold id", "Gold text", "Gold type", "Gold realis", "System id",
                                    "System text", "System type", "System realis", "Dice", "Outcome"]
    assert [line.split("\t")[0] for line in lines[1:]] == ["doc1", "doc1"]
    assert [line.split("\t")[2] for line in lines[1:]] == ["E1", "E3"]
    assert lines[2].split("\t")[4] == "Justice_Arrest-Jail" and lines[2].split("\t")[10] == "0.67"


def test_right_click_filters_the_table_to_a_type(qtbot, window):
    r = _row_of(window, gold_id="E3")
    rect = window.mapping.table.visualRect(window.mapping.proxy.index(r, 1))
    right_click(window.mapping.table.viewport(), rect.center())
    _menu_action(window.mapping.menu, "Filter to type Justice_Arrest-Jail").trigger()
    assert window.mapping.type_combo.currentText() == "Justice_Arrest-Jail"
    assert {row.gold.mention_id for row in window.mapping.visible_rows() if row.gold} == {"E3"}


def test_document_list_menu_copies_the_row(qtbot, window):
    table = window.documents.table
    row = window.documents.visible_doc_ids().index("doc1")
    rect = table.visualRect(window.documents.proxy.index(row, 0))
    right_click(table.viewport(), rect.center())
    menu = window.documents.menu
    assert [a.text().replace("&", "") for a in menu.actions()] == ["Copy", "Show in charts"]
    _menu_action(menu, "Copy").trigger()
    header, line = QApplication.clipboard().text().splitlines()
    assert header.startswith("Document\tGold\tSys") and line.startswith("doc1\t5\t6\t")


def test_text_view_right_click_offers_the_same_commands(qtbot, window):
    view = window.text_view
    layout = view.layout_data
    bar = next(b for b in layout.mention_bars[(GOLD, 2)] if not b.connector)  # E3 "arrested"
    pos = QPoint(int((bar.x0 + bar.x1) / 2), int((bar.y0 + bar.y1) / 2 - view.verticalScrollBar().value()))
    from PySide6.QtGui import QContextMenuEvent
    QApplication.sendEvent(view.viewport(), QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos,
                                                              view.viewport().mapToGlobal(pos)))
    texts = [a.text().replace("&", "") for a in view.menu.actions()]
    assert texts[0] == "Copy mention" and texts[1] == "Filter to type Justice_Arrest-Jail"
    assert "Go to partner" in texts and window.session.selection.gold_ids == {"E3"}


def test_n_says_which_error_and_moves_on_to_the_next_document_with_errors(qtbot, window):
    order = window.documents.visible_doc_ids()
    with_errors = [d for d in order if window.session.has_errors(d)]
    start = with_errors[0]
    window.session.select_document(start)
    total = sum(1 for r in window.session.rows(start) if r.outcome.is_error)
    window.text_view.setFocus()
    for n in range(1, total + 1):
        qtbot.keyClick(window.text_view, Qt.Key.Key_N)
        assert window.statusBar().currentMessage().endswith(f"error {n} of {total}")
    qtbot.keyClick(window.text_view, Qt.Key.Key_N)
    following = with_errors[1]
    assert window.session.selection.doc_id == following
    message = window.statusBar().currentMessage()
    assert f"now in {following}" in message and message.endswith("error 1 of "
                                                                  f"{window.session.error_position()[1]}")


def test_errors_only_keeps_the_selected_row_in_view_else_the_top(qtbot, window):
    window.resize(1366, 500)
    r = _row_of(window, gold_id="E5")
    _click_row(qtbot, window, r)
    combo = window.mapping.outcome_combo
    combo.setCurrentIndex(combo.findData(MappingFilter.ERRORS))
    table = window.mapping.table
    selected = table.selectionModel().selectedRows(0)
    assert selected and table.viewport().rect().intersects(table.visualRect(selected[0]))
    combo.setCurrentIndex(combo.findData(Outcome.EXACT.value))   # the selection is filtered out
    assert table.verticalScrollBar().value() == 0


def test_the_warning_list_is_the_clis(qtbot, make_window, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    system = corpus / "system.tbf"
    system.write_text(system.read_text(encoding="utf-8").replace("\tt19\tup", "\tt99\tup"), encoding="utf-8")
    from evmeval.io.input_checks import input_warnings
    from evmeval.io.loading import load_inputs
    from evmeval.mention.scoring import score_files
    inputs = load_inputs(str(corpus / "gold.tbf"), str(system), token_dir=str(corpus / "tkn"))
    expected = input_warnings(inputs) + list(score_files(inputs.gold, inputs.system).warnings)
    assert any("t99" in w for w in expected)
    w = make_window(persist=False)
    _open(qtbot, w, corpus / "gold.tbf", system)
    assert w.status.warnings == expected
    assert w.status.warnings_button.text() == f"⚠ {len(expected)} warning{'s' if len(expected) != 1 else ''}"


def test_open_dialog_elides_paths_in_the_middle_and_takes_a_white_list(qtbot, make_window, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    (corpus / "types.txt").write_text("Conflict_Attack\n", encoding="utf-8")
    w = make_window(persist=False)
    qtbot.mouseClick(w.welcome.open_button, Qt.MouseButton.LeftButton)
    dialog = w.dialogs.open_dialog
    assert dialog is not None and dialog.isVisible()
    assert w.workspace.stack.currentWidget() is w.welcome and w.welcome.isVisible()   # not blank behind the dialog
    assert dialog.systems.textElideMode() == Qt.TextElideMode.ElideMiddle
    dialog.gold.edit.setText(str(corpus / "gold.tbf"))
    dialog.systems.addItems([str(corpus / "system.tbf")])
    assert dialog.systems.item(0).toolTip() == str(corpus / "system.tbf")
    qtbot.keyClicks(dialog.white_list.edit, str(corpus / "types.txt"))
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Open), Qt.MouseButton.LeftButton)
    assert w.session.request.white_list == str(corpus / "types.txt")
    assert "types: 1 in the white list types.txt" in w.summary.description()
    assert w.session.result.micro["plain"].num_gold == 1                 # only Conflict_Attack is scored


def test_command_line_white_list(tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    (corpus / "types.txt").write_text("Conflict_Attack\n", encoding="utf-8")
    args = build_parser().parse_args(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"),
                                      "-wl", str(corpus / "types.txt")])
    assert _request(args).white_list == str(corpus / "types.txt")


def test_summary_bar_is_two_lines_at_1024(qtbot, window):
    window.resize(1024, 640)
    window.charts_dock.show()
    QApplication.processEvents()
    line = window.summary.fontMetrics().height()
    assert window.summary.height() <= 2 * line + 30
    assert window.summary.run.toolTip().startswith("system.tbf vs gold.tbf")


def test_compare_annotators_dialog_has_the_brat_extension(qtbot, make_window, tmp_path):
    w = make_window(persist=False)
    qtbot.mouseClick(w.welcome.compare_button, Qt.MouseButton.LeftButton)
    dialog = w.dialogs.compare_dialog
    assert w.commands.compare_action.text().replace("&", "") == "Compare annotators…"
    dialog.extension.clear()
    qtbot.keyClicks(dialog.extension, ".tkn.ann")
    assert dialog.request().ann_extension == ".tkn.ann"
    args = build_parser().parse_args(["--agreement", str(tmp_path), str(tmp_path), "-ae", ".tkn.ann"])
    assert _request(args).ann_extension == ".tkn.ann"


def test_tkn_ann_files_are_matched_to_tab_tables_and_missing_tables_named(tmp_path):
    from evmeval_gui.agreement.state import AgreementRequest, load_and_compare
    corpus = write_corpus(tmp_path / "corpus")
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "doc1.tkn.ann").write_text("T1\tAttack 7 15\tattacked\nE1\tAttack:T1\n", encoding="utf-8")
        (folder / "doc9.tkn.ann").write_text("T1\tAttack 0 4\tTalk\nE1\tAttack:T1\n", encoding="utf-8")
    loaded = load_and_compare(AgreementRequest((str(tmp_path / "a"), str(tmp_path / "b")),
                                               str(corpus / "tkn"), None, ".tkn.ann"))
    assert "doc1" in loaded.files[0].documents
    assert loaded.documents_without_tokens() == ["doc9"]


def test_session_comes_back_on_the_next_launch_unless_turned_off(qtbot, make_window, tmp_path, settings):
    corpus = write_corpus(tmp_path / "corpus")
    first = make_window()
    _open(qtbot, first, corpus / "gold.tbf", corpus / "system.tbf")
    first.session.select_document("doc2")
    qtbot.keyClick(first, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    first.close()
    assert json.loads(settings.value("lastSession"))["doc"] == "doc2"
    second = make_window()
    with qtbot.waitSignal(second.session.scoring_finished, timeout=LOAD_TIMEOUT):
        assert second.session_store.restore()
    assert (second.session.selection.doc_id, second.session.combination) == ("doc2", "mention_type")
    second.session_store.action.trigger()          # File › Restore last session on launch: off
    second.close()
    third = make_window()
    assert not third.session_store.restore() and settings.value("lastSession") is None


def test_agreement_sets_are_in_open_recent(qtbot, make_window, tmp_path):
    from evmeval_gui.agreement.state import make_agreement_request
    corpus = write_corpus(tmp_path / "corpus")
    w = make_window()
    request = make_agreement_request([str(corpus / "gold.tbf"), str(corpus / "system.tbf")])
    with qtbot.waitSignal(w.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        w.open_agreement(request)
    names = [a.text() for a in w.commands.recent_menu.actions()]
    assert names[0] == "Agreement: gold.tbf, system.tbf"
    assert not w.charts_dock.isVisible()            # the matrix page has no use for the charts


# -- text view -------------------------------------------------------------------------------------

def test_a_two_part_mention_without_text_is_two_bars():
    from evmeval.io.tbf import parse_tbf
    from evmeval.model import SpanMode
    gold, _ = parse_tbf("#BeginOfDocument d\ng\td\tE1\t0,6;7,9\tpicked up\tMovement\tActual\n#EndOfDocument\n",
                        path="g.tbf", mode=SpanMode.CHAR)
    mentions = gold.documents["d"].mentions
    doc = char_document("d", mentions, (), None)
    layout = layout_document(doc, lambda t: 8.0 * len(t), 600.0)
    bars = layout.mention_bars[(GOLD, 0)]
    assert len([b for b in bars if not b.connector]) == 2 and any(b.connector for b in bars)


def test_type_labels_toggle_from_the_view_menu_and_bars_have_a_minimum_width(qtbot, window):
    view = window.text_view
    pitch = view.layout_data.metrics.lane_pitch
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert window.commands.type_labels_action.isChecked() and view.type_labels
    assert view.layout_data.metrics.lane_pitch > pitch          # taller lanes carry the labels
    from evmeval_gui.views.text_view import MIN_BAR, short_type_label
    assert short_type_label("Conflict_Attack") == "Attack" and MIN_BAR >= 8


def test_the_ruler_turns_into_a_density_view_when_errors_crowd(qtbot, window):
    view = window.text_view
    ruler = view._ruler
    ruler.resize(ruler.width(), 20)                 # a tiny ruler: every error falls in few bins
    bins = ruler.density()
    assert sum(count for count, _ in bins.values()) == len(view.error_ticks())
    assert max(count for count, _ in bins.values()) > 1
