"""Issue 34: the window keeps each scored document's mappings packed (`evmeval.align.packed`) and shows what it
showed when it kept them as `Mapping` records: the same mapping table, document list, summary and legend, for
every document and attribute combination, chosen as a user chooses them."""

from __future__ import annotations

from typing import Any

import pytest
from evmeval._util.packed_slots import kept_field
from evmeval.align.packed import PackedMappings
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from evmeval_gui.main_window import MainWindow
from tests.gui.corpus_factory import write_corpus
from tests.gui.test_main_window import open_corpus
from tests.gui.windows import POPUP_WARNINGS, choose

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints", POPUP_WARNINGS)


def _cells(model: Any) -> list[list[Any]]:
    return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]


def _shown(window: MainWindow) -> list[Any]:
    """What the user reads: the mapping table's and the document list's cells, the summary's and legend's labels."""
    labels = [label.text() for part in (window.summary, window.document_pane.legend)
              for label in part.findChildren(QLabel) if label.isVisible()]
    return [window.session.selection.doc_id, _cells(window.mapping.table.model()),
            _cells(window.documents.table.model()), labels]


def _walk(qtbot, window: MainWindow) -> list[Any]:
    seen = []
    combo = window.commands.combination_combo
    for index in range(combo.count()):
        choose(qtbot, combo, index)
        table = window.documents.table
        for row in range(table.model().rowCount()):  # each document clicked in the list
            rect = table.visualRect(table.model().index(row, 0))
            qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            seen.append(_shown(window))
    return seen


def test_packed_mappings_show_what_mapping_records_showed(make_window, qtbot, tmp_path, monkeypatch):
    corpus = write_corpus(tmp_path / "corpus")
    with monkeypatch.context() as plain_records:
        plain_records.setattr("evmeval.align.packed.pack_mappings", lambda mappings: mappings)
        before = make_window()
        open_corpus(qtbot, before, corpus)
        assert all(type(kept_field(d, "mappings")) is dict for d in before.session.result.documents)
        expected = _walk(qtbot, before)
    window = make_window()
    open_corpus(qtbot, window, corpus)
    assert all(type(kept_field(d, "mappings")) is PackedMappings for d in window.session.result.documents)
    seen = _walk(qtbot, window)
    assert len(seen) == 12 and len({row[0] for row in seen}) == 3  # three documents under four combinations
    assert any(row[1] for row in seen)
    assert seen == expected
