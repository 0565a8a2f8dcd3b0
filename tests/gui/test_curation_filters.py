"""The Curate view's filters (what differs, document, type; "k of n shown"; the item under review kept) and
"accept annotator k for every open item shown / like this one": one step, one Ctrl+Z, saved."""

from __future__ import annotations

import pytest
from evmeval.agreement import curation as cur
from evmeval.agreement.curation_save import read_decisions
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.model.formatting import percent
from tests.gui.test_curation_view import NAMES, cells, corpus, files, press, window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")
__all__ = ["corpus", "window"]


def choose(qtbot, combo, text: str) -> None:
    """Pick an entry of a combo box with the mouse: open it, click the entry."""
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    qtbot.wait(QApplication.doubleClickInterval() + 50)  # a popup ignores a release that quick: a double click
    rect = view.visualRect(view.model().index(combo.findText(text), 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not view.isVisible())
    assert combo.currentText() == text


def test_typing_into_a_filter_never_decides_an_item(qtbot, window):
    panel = window.curate.panel
    panel.filters.document.setFocus()
    qtbot.keyClicks(panel.filters.document, "doc3")
    assert panel.filters.document.currentText() == "doc3"
    assert shown(panel) == [("doc3", "1")]
    assert panel.progress.text().startswith("<b>0 of ")


def click_row(qtbot, view, row: int) -> None:
    rect = view.visualRect(view.model().index(row, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def shown(panel) -> list[tuple[str, str]]:
    return [tuple(cells(panel.list, r)[:2]) for r in range(panel.list.model().rowCount())]


def current(panel) -> tuple[str, str]:
    rows = panel.list.selectionModel().selectedRows()
    assert len(rows) == 1
    return tuple(cells(panel.list, rows[0].row())[:2])


def test_filters_combine_count_and_keep_the_item_under_review(qtbot, window, corpus):
    panel = window.curate.panel
    all_items = cur.curate(files(corpus), NAMES).disagreements
    assert panel.filters.shown.text() == f"<b>{len(all_items)} of {len(all_items)}</b> shown"
    # the item under review (doc1 item 2) is not "marked by 1 of 3": the first open one shown is reviewed
    choose(qtbot, panel.filters.differs, "marked by 1 of 3")
    expected = [(d.doc_id, str(d.item + 1)) for d in all_items if "marked by 1 of 3" in cur.differs_in(d)]
    assert shown(panel) == expected and len(expected) < len(all_items)
    assert panel.filters.shown.text() == f"<b>{len(expected)} of {len(all_items)}</b> shown"
    assert current(panel) == expected[0]
    assert panel.item_label.text().startswith(f"<b>{expected[0][0]}</b>, item {expected[0][1]}")
    click_row(qtbot, panel.list, 2)
    assert current(panel) == ("doc1", "7")
    # combined with a document and a type; the item under review stays while the filters keep it
    choose(qtbot, panel.filters.document, "doc1")
    assert shown(panel) == [("doc1", "5"), ("doc1", "6"), ("doc1", "7")]
    assert current(panel) == ("doc1", "7")
    choose(qtbot, panel.filters.mention_type, "Life_Die")
    assert shown(panel) == [("doc1", "7")]
    assert panel.filters.shown.text() == f"<b>1 of {len(all_items)}</b> shown"
    choose(qtbot, panel.filters.differs, "any")
    assert shown(panel) == [("doc1", "2"), ("doc1", "7")]
    assert current(panel) == ("doc1", "7")


def test_a_decision_moves_to_the_next_open_item_the_filter_shows(qtbot, window):
    panel = window.curate.panel
    choose(qtbot, panel.filters.mention_type, "Movement_Transport-Person")
    assert shown(panel) == [("doc1", "4"), ("doc1", "6"), ("doc3", "1")]
    assert current(panel) == ("doc1", "4")
    press(qtbot, window, Qt.Key.Key_1)
    # doc1 item 5 comes next in the whole list, but the filter does not show it
    assert current(panel) == ("doc1", "6")
    assert cells(panel.list, 0)[2] == "annotator 1"


def test_accept_for_every_open_item_shown_is_one_step(qtbot, window, corpus):
    panel = window.curate.panel
    state = window.curate.state
    total = panel.list.model().rowCount()
    choose(qtbot, panel.filters.mention_type, "Movement_Transport-Person")
    press(qtbot, window, Qt.Key.Key_Delete)  # decided before: the batch leaves it as it is
    assert panel.bulk.shown_button.text() == "all shown (2)"
    choose(qtbot, panel.bulk.annotator, "[2] system.tbf")
    qtbot.mouseClick(panel.bulk.shown_button, Qt.MouseButton.LeftButton)
    assert [cells(panel.list, r)[2] for r in range(3)] == ["rejected", "annotator 2", "annotator 2"]
    assert panel.progress.text() == f"<b>3 of {total}</b> decided, saving…"
    assert panel.bulk.shown_button.text() == "all shown (0)" and not panel.bulk.shown_button.isEnabled()
    # the curated set and the figures: those of accepting the items one by one
    expected = cur.curate(files(corpus), NAMES)
    movement = [d for d in expected.disagreements if (d.doc_id, d.item) in {("doc1", 3), ("doc1", 5), ("doc3", 0)}]
    expected = cur.reject(expected, movement[0])
    for d in movement[1:]:
        expected = cur.accept(expected, d, 1)
    assert state.curation.curated == expected.curated
    for k, pair in enumerate(cur.annotator_agreement(expected)):
        assert cells(panel.agreement, k)[1] == percent(pair.micro["plain"].f1)
        assert cells(panel.agreement, k)[2] == percent(pair.micro["mention_type+realis_status"].f1)
    # saved by the autosave, every item of the batch
    qtbot.waitUntil(lambda: panel.progress.text() == f"<b>3 of {total}</b> decided, saved")
    saved = read_decisions(window.curate.save_folder, window.curate.key)
    assert [e[2:] for e in saved.entries] == [("reject", ""), ("accept", "2"), ("accept", "2")]
    # one Ctrl+Z undoes the whole batch, not one item of it
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [cells(panel.list, r)[2] for r in range(3)] == ["rejected", "open", "open"]
    assert panel.progress.text().startswith(f"<b>1 of {total}</b> decided")


def test_accept_for_every_open_item_like_this_one(qtbot, window):
    panel = window.curate.panel
    click_row(qtbot, panel.list, 3)
    assert current(panel) == ("doc1", "5")  # marked by 1 of 3, as three others are
    assert panel.bulk.alike_button.text() == "like this (4)"
    qtbot.mouseClick(panel.bulk.alike_button, Qt.MouseButton.LeftButton)
    decisions = {tuple(cells(panel.list, r)[:2]): cells(panel.list, r)[2] for r in range(panel.list.model().rowCount())}
    assert decisions == {("doc1", "2"): "open", ("doc1", "3"): "open", ("doc1", "4"): "open",
                         ("doc1", "5"): "annotator 1", ("doc1", "6"): "annotator 1", ("doc1", "7"): "annotator 1",
                         ("doc3", "1"): "annotator 1"}
    # on to the next open item, of another kind (the only one of it)
    assert current(panel) == ("doc1", "2")
    assert panel.bulk.alike_button.text() == "like this (1)"
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.progress.text().startswith("<b>0 of ")


def test_a_batch_over_many_documents_runs_in_the_background_and_is_one_step(qtbot, window, monkeypatch):
    from evmeval_gui.curation import panel as panel_module

    monkeypatch.setattr(panel_module, "AT_ONCE_DOCUMENTS", 0)  # the corpus is small: every batch is "large"
    panel = window.curate.panel
    total = panel.list.model().rowCount()
    assert panel.bulk.shown_button.text() == f"all shown ({total})"
    qtbot.mouseClick(panel.bulk.shown_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.progress.text().startswith(f"<b>{total} of {total}</b> decided"), timeout=10000)
    assert {cells(panel.list, r)[2] for r in range(total)} == {"annotator 1"}
    assert "Every disagreement is decided" in panel.item_label.text()
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.progress.text().startswith(f"<b>0 of {total}</b> decided")


def test_a_batch_undone_and_redone_with_keys_and_a_new_decision_drops_the_redo(qtbot, window, monkeypatch):
    from evmeval_gui.curation import list_model

    monkeypatch.setattr(list_model, "MANY_ROWS", 2)  # the corpus is small: every batch repaints the whole list
    panel = window.curate.panel
    total = panel.list.model().rowCount()
    control, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
    qtbot.mouseClick(panel.bulk.shown_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.progress.text().startswith(f"<b>{total} of {total}</b> decided"))
    panel.list.setFocus()
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, control)
    assert {cells(panel.list, r)[2] for r in range(total)} == {"open"}
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, control | shift)
    assert {cells(panel.list, r)[2] for r in range(total)} == {"annotator 1"}
    assert panel.progress.text().startswith(f"<b>{total} of {total}</b> decided")
    qtbot.waitUntil(lambda: panel.progress.text().endswith("saved") and "saving" not in panel.progress.text())
    assert len(read_decisions(window.curate.save_folder, window.curate.key).entries) == total
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, control)
    press(qtbot, window, Qt.Key.Key_2)  # a new decision: the undone batch can no longer be redone
    assert cells(panel.list, 0)[2] == "annotator 2"
    qtbot.keyClick(panel.list, Qt.Key.Key_Y, control)
    assert panel.progress.text().startswith(f"<b>1 of {total}</b> decided")
    assert [cells(panel.list, r)[2] for r in range(1, total)] == ["open"] * (total - 1)
    qtbot.waitUntil(lambda: not panel._release.isActive())  # the dropped batch freed, a slice per tick
