"""Issue 34: the document list while the corpus is scored, and its repaints.

Its rows are then the first document's ids as they are (no object a row: 4,480 of them set off a full pass of
the cyclic collector in the turn that shows the first document), each clickable, filterable and sortable as the
corpus's rows will be; a change of its columns' widths repaints it once, in the paint under way (Qt's own answer,
a timer, repainted the whole list a second time after it).
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.main_window import MainWindow
from evmeval_gui.views.document_list import ID
from evmeval_gui.views.document_rows import GOLD, PENDING_TIP
from tests.gui.test_first_document import TIMEOUT, corpus, gate, open_held, window
from tests.gui.test_first_turn import add_documents, open_scored

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "gate", "window"]


def cells(window: MainWindow, row: int) -> list[str]:
    """What the list shows in a row's columns shown."""
    table, proxy = window.documents.table, window.documents.proxy
    return [proxy.index(row, c).data() for c in range(proxy.columnCount()) if not table.isColumnHidden(c)]


def click_row(qtbot, window: MainWindow, doc_id: str) -> None:
    documents = window.documents
    row = documents.visible_doc_ids().index(doc_id)
    rect = documents.table.visualRect(documents.proxy.index(row, ID))
    qtbot.mouseClick(documents.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_list_shows_every_document_while_the_corpus_is_scored(window: MainWindow, qtbot, corpus: Path,
                                                                  gate) -> None:
    ids = add_documents(corpus, 5)
    open_held(qtbot, window, corpus, gate)
    documents = window.documents
    assert documents.visible_doc_ids() == ["doc1", "doc2", "doc3", *ids]  # the gold file's order
    assert cells(window, 1)[0] == "doc2" and set(cells(window, 1)[1:]) == {"…"}
    assert documents.proxy.index(1, GOLD).data(Qt.ItemDataRole.ToolTipRole) == PENDING_TIP
    assert documents.count_label.text() == "Scoring the corpus…"
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    doc2 = documents.visible_doc_ids().index("doc2")
    assert cells(window, doc2)[:3] == ["doc2", "1", "1"]  # its counts, and its figures after them
    assert "…" not in cells(window, doc2)


def test_a_click_on_a_pending_row_shows_that_document(window: MainWindow, qtbot, corpus: Path, gate) -> None:
    open_held(qtbot, window, corpus, gate)
    click_row(qtbot, window, "doc2")
    assert window.session.selection.doc_id == "doc2"
    qtbot.waitUntil(lambda: window.document_pane.doc_id == "doc2", timeout=TIMEOUT)
    assert "doc2" in window.document_pane.title.text()
    selected = window.documents.table.selectionModel().selectedRows(ID)
    assert [index.data() for index in selected] == ["doc2"]
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert window.session.selection.doc_id == "doc2"  # the corpus's rows keep the user's choice


def test_a_filter_typed_while_the_corpus_is_scored_filters_its_rows_then_the_corpus(window: MainWindow, qtbot,
                                                                                    corpus: Path, gate) -> None:
    add_documents(corpus, 12)
    open_held(qtbot, window, corpus, gate)
    documents = window.documents
    qtbot.keyClicks(documents.filter_edit, "X01")
    assert documents.visible_doc_ids() == ["x010", "x011"]
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert sorted(documents.visible_doc_ids()) == ["x010", "x011"]
    assert documents.count_label.text() == "2 of 15 documents shown"


def test_a_header_clicked_while_the_corpus_is_scored_sorts_the_corpus_when_it_arrives(window: MainWindow, qtbot,
                                                                                     corpus: Path, gate) -> None:
    open_held(qtbot, window, corpus, gate)
    documents = window.documents
    header = documents.table.horizontalHeader()
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(ID) + 5, header.height() // 2))
    assert documents.visible_doc_ids() == ["doc1", "doc2", "doc3"]  # no figures yet: the file's order
    assert header.sortIndicatorSection() == ID
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert documents.visible_doc_ids() == ["doc1", "doc2", "doc3"]  # by id, as clicked (worst first is doc3 first)
    assert documents.count_label.text() == "3 documents · sorted by Document"


def test_the_pending_rows_are_no_objects_of_their_own(window: MainWindow, qtbot, corpus: Path, gate) -> None:
    rows = len(add_documents(corpus, 300)) + 3
    open_held(qtbot, window, corpus, gate)
    model, first = window.documents.model, window.session.first_document
    shown, first.document = first.document, None
    model.refresh()  # (no rows)
    first.document = shown
    gc.collect()
    before = len(gc.get_objects())
    model.refresh()  # the reset that shows the first document's corpus
    assert window.documents.proxy.rowCount() == rows
    assert len(gc.get_objects()) - before < rows // 10


class FullPaints(QObject):
    """Counts the paints of a list that cover all of it."""

    def __init__(self, viewport) -> None:  # type: ignore[no-untyped-def]
        super().__init__(viewport)
        self.viewport, self.count = viewport, 0
        viewport.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and event.region().boundingRect() == self.viewport.rect():
            self.count += 1
        return False


def test_a_change_of_the_lists_columns_repaints_it_once(window: MainWindow, qtbot, corpus: Path, gate) -> None:
    open_scored(window, qtbot, corpus, gate, 40)
    documents = window.documents
    qtbot.waitUntil(lambda: window.runner.idle, timeout=TIMEOUT)  # no job's result repaints the list meanwhile
    for _ in range(20):  # the arrival's paints done: by the events left, not by a wall clock
        QApplication.processEvents()
    header = documents.table.horizontalHeader()
    widths = [header.sectionSize(c) for c in range(header.count())]
    paints = FullPaints(documents.table.viewport())
    splitter = window.workspace.main_split  # the list beside the document
    sizes = splitter.sizes()
    splitter.setSizes([sizes[0] - 40, sizes[1] + 40])  # a narrower list: its id column gives way
    for _ in range(20):
        QApplication.processEvents()
        qtbot.wait(5)
    assert [header.sectionSize(c) for c in range(header.count())] != widths
    assert paints.count == 1
