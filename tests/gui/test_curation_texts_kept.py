"""The Curate view's text keeps the last few documents it placed (issue 34): going back to the document of an
earlier item reads and places nothing again (its text, token table and mentions: 2-10 ms of the GUI thread), and
shows the same words and lanes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.curation import lanes as lanes_module
from evmeval_gui.main_window import MainWindow
from tests.gui.test_curation_view import corpus, window
from tests.gui.windows import count_reads

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "window"]


def _click_row(qtbot, window: MainWindow, row: int) -> None:  # type: ignore[no-untyped-def]
    view = window.curate.panel.list
    rect = view.visualRect(view.model().index(row, 1))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_back_to_an_earlier_document_its_text_is_not_read_again(qtbot, window, monkeypatch) -> None:
    reads = count_reads(monkeypatch, lanes_module)
    panel = window.curate.panel
    rows = panel.list_model.rows
    first = rows[0].doc_id
    other = next(n for n, d in enumerate(rows) if d.doc_id != first)
    again = next((n for n, d in enumerate(rows) if d.doc_id == first and n > 0), 0)
    lanes = panel.lanes
    shown = lanes.text
    assert shown is not None and shown.doc_id == first
    words = [s.text for s in shown.segments]
    _click_row(qtbot, window, other)
    assert lanes.text is not None and lanes.text.doc_id == rows[other].doc_id
    assert reads == [rows[other].doc_id]
    _click_row(qtbot, window, again)  # an item of the first document again: its text as it was, not read again
    assert panel.item_label.text().startswith(f"<b>{first}</b>, item {rows[again].item + 1}")
    assert lanes.text is not None and lanes.text.doc_id == first
    assert [s.text for s in lanes.text.segments] == words and lanes.item_visible()
    assert reads == [rows[other].doc_id]
