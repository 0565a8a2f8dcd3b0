"""Editing, continued: merging mentions from the text view, the mapping table after edits (updated row by
row, it must show what a fresh load shows), the charts following unsaved edits, and every figure the
window shows after edits against `evmeval-score` on the saved files."""

from __future__ import annotations

import pytest
from evmeval.mention.outcomes import Outcome
from PySide6.QtCore import QPoint, Qt

from evmeval_gui import colours
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.text_layout import GOLD, SYSTEM
from evmeval_gui.views.mapping_table import DICE, HEADERS, OUTCOME, MappingFilter, MappingTableModel
from tests.gui.test_editing_window import (
    COMBINATIONS,
    FakePrompts,
    activate,
    click_mention,
    corpus,
    doc_row,
    drag_words,
    key,
    mention_index,
    new_document,
    pick,
    published,
    shown_per_combination,
    window,
)
from tests.gui.test_main_window import LOAD_TIMEOUT, bar_centre

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "window"]  # fixtures shared with the other editing tests


def ctrl_click_mention(qtbot, window: MainWindow, layer: int, mention_id: str) -> None:
    qtbot.mouseClick(window.text_view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                     pos=bar_centre(window, layer, mention_index(window, layer, mention_id)))


def system_spans(window: MainWindow) -> dict[str, tuple]:
    return {m.mention_id: m.span for m in window.session.doc_result("doc1").system}


def table_cells(window: MainWindow) -> list[list[str]]:
    """Every cell the mapping table shows, in its order."""
    proxy = window.mapping.proxy
    return [[proxy.index(r, c).data() for c in range(len(HEADERS))] for r in range(proxy.rowCount())]


def fresh_cells(window: MainWindow) -> list[list[str]]:
    """The cells a table loaded from scratch shows for the same document, filter and sort."""
    model = MappingTableModel(window.session)
    model.sort(window.mapping.model.sort_column, window.mapping.model.sort_order)
    model.set_document(window.session.selection.doc_id)
    proxy = MappingFilter(model)
    shown = window.mapping.proxy
    proxy.set_outcome(shown.outcome)
    proxy.set_type(shown.mention_type)
    proxy.set_predicate(shown.predicate)
    return [[proxy.index(r, c).data() for c in range(len(HEADERS))] for r in range(proxy.rowCount())]


class ViewMirror:
    """What a view knows of a model when it rereads cells only when the model says so (reset, rows
    inserted or removed, data changed): after an edit it must equal the model's cells, else the table
    would show stale text."""

    def __init__(self, model: MappingTableModel) -> None:
        self.model = model
        self.cells = self._read(0, model.rowCount() - 1)
        model.modelReset.connect(lambda: setattr(self, "cells", self._read(0, model.rowCount() - 1)))
        model.layoutChanged.connect(lambda *_: setattr(self, "cells", self._read(0, model.rowCount() - 1)))
        model.rowsRemoved.connect(lambda _parent, first, last: self.cells.__delitem__(slice(first, last + 1)))
        model.rowsInserted.connect(lambda _parent, first, last: self.cells.__setitem__(
            slice(first, first), self._read(first, last)))
        model.dataChanged.connect(self._changed)

    def _read(self, first: int, last: int) -> list[list[str]]:
        return [[self.model.index(r, c).data() for c in range(len(HEADERS))] for r in range(first, last + 1)]

    def _changed(self, top_left, bottom_right, _roles=()) -> None:
        for r in range(top_left.row(), bottom_right.row() + 1):
            for c in range(top_left.column(), bottom_right.column() + 1):
                self.cells[r][c] = self.model.index(r, c).data()

    def stale(self) -> list[tuple[int, list[str]]]:
        """The rows whose announced text is not what the model holds."""
        now = self._read(0, self.model.rowCount() - 1)
        return [(r, row) for r, row in enumerate(self.cells) if r >= len(now) or row != now[r]] + \
            [(r, now[r]) for r in range(len(self.cells), len(now))]


def outcome_of(window: MainWindow, gold_id: str) -> str:
    for cells in table_cells(window):
        if cells[1] == gold_id:
            return cells[OUTCOME]
    raise AssertionError(gold_id)


# -- merging ------------------------------------------------------------------------------------------


def test_ctrl_click_two_system_mentions_and_m_merges_them_undoably(qtbot, window, corpus, tmp_path):
    edit_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    merge = next(a for a in edit_menu.actions() if a.text() == "&Merge selected mentions")
    assert merge.shortcut().toString() == "M"
    click_mention(qtbot, window, SYSTEM, "S4")  # "picked": gold E4 is "picked … up", the system split it
    assert not merge.isEnabled()
    ctrl_click_mention(qtbot, window, SYSTEM, "S5")  # "up"
    assert window.session.selection.system_ids == {"S4", "S5"}
    assert merge.isEnabled()
    assert outcome_of(window, "E4") == colours.style(Outcome.PARTIAL).short
    key(qtbot, window, Qt.Key.Key_M)
    spans = system_spans(window)
    assert spans["S4"] == ("t16", "t19") and "S5" not in spans
    assert doc_row(window, "doc1")[2] == "5"
    assert outcome_of(window, "E4") == colours.style(Outcome.EXACT).short  # the same span as gold now
    assert window.editing.undo_action.text() == "&Undo Merge S5 into S4 (system)"
    assert window.summary.change_text("micro_f1") == window.session.edit_delta.micro("plain", "f1").text()
    # what the window shows is what evmeval-score computes from the saved file
    window.editing.prompts = FakePrompts(paths=[str(tmp_path / "merged.tbf")])
    key(qtbot, window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    data = published(tmp_path, corpus, corpus / "gold.tbf", tmp_path / "merged.tbf")
    assert shown_per_combination(qtbot, window) == {c: f"{100 * data['micro'][c]['f1']:.2f} %" for c in COMBINATIONS}
    assert window.summary.figure_text("macro_f1") == f"{100 * data['macro']['plain']['f1']:.2f} %"
    doc1 = next(d for d in data["documents"] if d["doc_id"] == "doc1")
    assert doc_row(window, "doc1")[3:] == [f"{100 * doc1['scores']['plain'][m]:.2f}" for m in ("precision", "recall",
                                                                                                 "f1")]
    # undo: S5 is back, with its outcome
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert system_spans(window)["S5"] == ("t19",) and system_spans(window)["S4"] == ("t16",)
    assert outcome_of(window, "E4") == colours.style(Outcome.PARTIAL).short


def test_ctrl_click_toggles_a_mention_and_merge_needs_two_of_the_edited_side(qtbot, window):
    click_mention(qtbot, window, SYSTEM, "S4")
    ctrl_click_mention(qtbot, window, GOLD, "E5")  # a gold mention: not one the system side can merge
    assert window.session.selection.system_ids == {"S4"} and "E5" in window.session.selection.gold_ids
    assert not window.editing.merge_action.isEnabled()
    key(qtbot, window, Qt.Key.Key_M)
    assert "S4" in system_spans(window) and window.editing.stack.count() == 0
    ctrl_click_mention(qtbot, window, GOLD, "E5")  # again: it leaves the selection
    assert "E5" not in window.session.selection.gold_ids


def test_two_rows_selected_in_the_mapping_table_merge_too(qtbot, window):
    table = window.mapping.table

    def row_rect(system_id: str):
        number = next(r for r, cells in enumerate(table_cells(window)) if cells[5] == system_id)
        return table.visualRect(window.mapping.proxy.index(number, 5)).center()

    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=row_rect("S4"))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                     pos=row_rect("S5"))
    assert window.session.selection.system_ids == {"S4", "S5"}
    key(qtbot, window, Qt.Key.Key_M)
    assert system_spans(window)["S4"] == ("t16", "t19") and "S5" not in system_spans(window)


@pytest.mark.qt_log_ignore("This plugin does not support")
def test_a_right_click_in_a_selection_keeps_it_and_offers_merge(qtbot, window):
    from PySide6.QtGui import QContextMenuEvent

    click_mention(qtbot, window, SYSTEM, "S4")
    ctrl_click_mention(qtbot, window, SYSTEM, "S5")
    view = window.text_view
    pos = bar_centre(window, SYSTEM, mention_index(window, SYSTEM, "S5"))
    view.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos)))
    menu = window.editing.menu
    qtbot.waitUntil(menu.isVisible)
    assert window.session.selection.system_ids == {"S4", "S5"}
    entries = {a.text().replace("&", ""): a for a in menu.actions() if not a.isSeparator()}
    assert entries["Merge selected mentions"].isEnabled()
    entries["Merge selected mentions"].trigger()  # what a click on the entry does
    menu.close()
    assert system_spans(window)["S4"] == ("t16", "t19")


# -- the mapping table after edits -------------------------------------------------------------------------


def test_the_mapping_table_after_each_edit_shows_what_a_fresh_load_shows(qtbot, window):
    mirror = ViewMirror(window.mapping.model)
    assert table_cells(window) == fresh_cells(window)
    drag_words(qtbot, window, "t4", "t4")  # "town": a new spurious mention, a row more
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Conflict_Attack")
    assert table_cells(window) == fresh_cells(window)
    assert mirror.stale() == []
    assert len(table_cells(window)) == 7 + 1
    assert "8 rows" in window.mapping.count_label.text()
    click_mention(qtbot, window, SYSTEM, "S6")  # "guards": a row less
    key(qtbot, window, Qt.Key.Key_Delete)
    assert table_cells(window) == fresh_cells(window)
    assert mirror.stale() == []
    assert not any(cells[5] == "S6" for cells in table_cells(window))
    # sorted by Dice (a click on its header), then edited: still in the table's order
    header = window.mapping.table.horizontalHeader()
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(DICE) + 5, header.height() // 2))
    assert window.mapping.model.sort_column == DICE
    click_mention(qtbot, window, SYSTEM, "S2")
    key(qtbot, window, Qt.Key.Key_T)
    pick(qtbot, window, "Life_Die")
    assert table_cells(window) == fresh_cells(window)
    assert mirror.stale() == []
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert table_cells(window) == fresh_cells(window)
    assert mirror.stale() == []
    # with "Errors only" chosen (keyboard, in the outcome box): a fixed row leaves, a new error comes in
    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)  # span + type: S2's type counts
    assert window.session.combination == "mention_type"
    combo = window.mapping.outcome_combo
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == MappingFilter.ERRORS
    assert table_cells(window) == fresh_cells(window)
    assert any(cells[5] == "S2" for cells in table_cells(window))
    click_mention(qtbot, window, SYSTEM, "S2")  # wrong type: fixed, its row leaves the errors
    key(qtbot, window, Qt.Key.Key_T)
    pick(qtbot, window, "Life_Die")
    assert table_cells(window) == fresh_cells(window)
    assert not any(cells[5] == "S2" for cells in table_cells(window))
    drag_words(qtbot, window, "t13", "t13")  # "the": a spurious mention, a new error row
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Conflict_Attack")
    assert table_cells(window) == fresh_cells(window)
    assert mirror.stale() == []
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    # the edited mention stays selected in the table
    click_mention(qtbot, window, SYSTEM, "S3")
    key(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
    selected = [window.mapping.proxy.index(i.row(), 5).data()
                for i in window.mapping.table.selectionModel().selectedRows(0)]
    assert selected == ["S3"]


# -- charts follow edits -------------------------------------------------------------------------------


def test_the_charts_show_the_edited_figures_before_saving(qtbot, make_window, corpus):
    window = make_window(use_default_charts=True)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], doc_id="doc1")
    qtbot.waitUntil(lambda: window.text_view.layout_data is not None)
    window.editing.prompts = FakePrompts()
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dock = window.charts_dock
    qtbot.waitUntil(lambda: dock.panel is not None and dock.panel.result is window.session.result, timeout=LOAD_TIMEOUT)
    bars = window.charts_dock.panel.score_bars

    def shown_f1() -> str:
        return bars.value_labels[("plain", "f1")].toPlainText()

    before = shown_f1()
    assert before == f"{100 * window.session.result.micro['plain'].f1:.1f}"
    click_mention(qtbot, window, SYSTEM, "S6")  # spurious: deleting it raises precision
    key(qtbot, window, Qt.Key.Key_Delete)
    after = f"{100 * window.session.result.micro['plain'].f1:.1f}"
    assert after != before
    qtbot.waitUntil(lambda: shown_f1() == after, timeout=LOAD_TIMEOUT)
    assert window.isWindowModified()  # not saved: the charts show the live figures
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: shown_f1() == before, timeout=LOAD_TIMEOUT)
    # the documents' scatter (its tab clicked): the edited document's point moves, the others stay
    panel = window.charts_dock.panel
    tabs = panel.tabs
    documents_tab = next(i for i in range(tabs.count()) if tabs.tabBar().tabData(i) == "Documents")
    qtbot.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton, pos=tabs.tabBar().tabRect(documents_tab).center())
    scatter = panel.doc_scatter

    def point(doc_id: str) -> tuple[float, float]:
        x, y = scatter.scatter.getData()
        k = list(scatter.scatter.data["data"]).index(doc_id)
        return round(float(x[k]), 6), round(float(y[k]), 6)

    qtbot.waitUntil(lambda: scatter.scatter is not None, timeout=LOAD_TIMEOUT)
    doc2 = point("doc2")
    click_mention(qtbot, window, SYSTEM, "S6")
    key(qtbot, window, Qt.Key.Key_Delete)
    scores = window.session.result.document("doc1").scores[window.session.combination]
    moved = (round(100 * scores.recall, 6), round(100 * scores.precision, 6))
    qtbot.waitUntil(lambda: point("doc1") == moved, timeout=LOAD_TIMEOUT)
    assert point("doc2") == doc2



# -- a new document's warnings follow its mentions ------------------------------------------------------


def test_a_new_documents_no_gold_warning_goes_once_a_gold_mention_is_marked(qtbot, make_window):
    window = make_window()
    new_document(qtbot, window, "Rebels attacked the town .")
    assert window.status.warnings_button.isVisible() and window.status.warnings_button.text() == "⚠ 1 warning"
    key(qtbot, window, Qt.Key.Key_G)  # the gold side
    drag_words(qtbot, window, "t2", "t2")
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Conflict_Attack")
    assert not window.status.warnings_button.isVisible()
    key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undone: the warning is back
    assert window.status.warnings_button.text() == "⚠ 1 warning" and window.status.warnings_button.isVisible()


# -- the document list after an edit -------------------------------------------------------------------


def test_the_document_list_settles_after_an_edit_at_any_width_with_legible_ids(qtbot, window):
    """Widening F1 for before → after once made the list refit itself endlessly at some widths (P and R
    hidden, then shown because a hidden column's width reads 0, the horizontal scroll bar with them)."""
    documents = window.documents
    table = documents.table
    fits = []
    original = documents._fit_id_column
    documents._fit_id_column = lambda: (fits.append(1), original())[1]
    click_mention(qtbot, window, SYSTEM, "S6")
    key(qtbot, window, Qt.Key.Key_Delete)
    shown = doc_row(window, "doc1")[5]
    assert "→" in shown
    for width in range(1000, 1700, 20):
        window.resize(width, 700)
        qtbot.wait(20)
        fits.clear()
        qtbot.wait(40)
        assert len(fits) < 3, f"still refitting at width {width}"
        assert table.columnWidth(0) >= 110
        assert table.columnWidth(5) >= table.fontMetrics().horizontalAdvance(shown)


def test_muc_and_gate_are_counted_again_after_the_edits_pause(qtbot, window):
    from evmeval.mention.schemes import scheme_scores

    from evmeval_gui.model.formatting import percent

    line = window.alignment_parts.summary_line.schemes

    def expected() -> str:
        schemes = scheme_scores(window.session.result)
        c = window.session.combination
        return f"MUC {percent(schemes.muc[c].f1)} · GATE {percent(schemes.gate[c].average().f1)}"

    qtbot.waitUntil(lambda: line.text() == expected(), timeout=LOAD_TIMEOUT)
    before = line.text()
    click_mention(qtbot, window, SYSTEM, "S6")  # guards: spurious
    key(qtbot, window, Qt.Key.Key_Delete)
    assert line.text() == "MUC / GATE: counting…"  # not the saved files' figures any more
    qtbot.waitUntil(lambda: line.text() == expected(), timeout=LOAD_TIMEOUT)
    assert line.text() != before


def test_coreference_is_scored_again_after_the_edits_pause(qtbot, window):
    coreference = window.coreference
    qtbot.waitUntil(lambda: coreference.state == "ready", timeout=LOAD_TIMEOUT)
    model = window.documents.model
    coref_column = next(c for c in range(model.columnCount()) if model.header_text(c).startswith("Coref"))

    def coref_cell() -> str:
        return window.documents.proxy.index(window.documents._proxy_row("doc1"), coref_column).data()

    assert coref_cell() != ""
    click_mention(qtbot, window, SYSTEM, "S6")
    key(qtbot, window, Qt.Key.Key_Delete)
    assert coreference.result is None and coref_cell() == ""  # the saved files' figures no longer hold
    qtbot.waitUntil(lambda: coreference.state == "ready", timeout=LOAD_TIMEOUT)
    assert coref_cell() != "" and coreference.result is not None


def test_the_type_confusion_follows_edits_and_keeps_its_drawing_when_its_counts_stay(qtbot, make_window, corpus):
    from evmeval.mention.confusion import confusion

    window = make_window(use_default_charts=True)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], doc_id="doc1")
    qtbot.waitUntil(lambda: window.text_view.layout_data is not None)
    window.editing.prompts = FakePrompts()
    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dock = window.charts_dock
    qtbot.waitUntil(lambda: dock.panel is not None and dock.panel.result is window.session.result, timeout=LOAD_TIMEOUT)
    panel = window.charts_dock.panel
    tabs = panel.tabs
    index = next(i for i in range(tabs.count()) if tabs.tabBar().tabData(i) == "Type confusion")
    qtbot.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton, pos=tabs.tabBar().tabRect(index).center())
    heatmap = panel.type_confusion

    def shown_counts() -> list[int]:
        return sorted(int(v) for v in heatmap.counts_item.labels.values()) if heatmap.counts_item else []

    def core_counts() -> list[int]:
        matrix = confusion(window.session.result.documents, "mention_type", window.session.combination)
        return sorted(c for row in matrix.counts for c in row if c)

    qtbot.waitUntil(lambda: heatmap.counts_item is not None and shown_counts() == core_counts(), timeout=LOAD_TIMEOUT)
    drawn = heatmap.counts_item
    click_mention(qtbot, window, SYSTEM, "S3")  # a realis: the type confusion counts stay
    key(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: panel.result is window.session.result, timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: heatmap.matrix is not None and heatmap.matrix.counts == confusion(
        window.session.result.documents, "mention_type", window.session.combination).counts, timeout=LOAD_TIMEOUT)
    assert heatmap.counts_item is drawn and shown_counts() == core_counts()  # kept, not drawn again
    click_mention(qtbot, window, SYSTEM, "S6")  # a spurious Life_Die goes: one count less
    before = shown_counts()
    key(qtbot, window, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: shown_counts() == core_counts() != before, timeout=LOAD_TIMEOUT)
