"""Issue 34: a document switch repaints the mapping table once, with the new document's rows (also for a
document not scored yet, and for the first document shown while its corpus is scored).

It painted twice: the model's reset left the view's item layout to a zero-delay timer, which ran after the
first paint (the rows drawn over the old layout) and repainted the table and its header again. Counted here
are the table's paint events for a switch made by a click on the document list, once every pending event and
timer has run; and the one reset of its model (no second reset or layout change from another signal)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.mention.outcomes import mapping_rows
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from evmeval_gui.main_window import MainWindow
from tests.gui.corpus_factory import write_corpus
from tests.gui.test_first_document import corpus, gate, open_held, window
from tests.gui.test_scale_window import click_document
from tests.gui.windows import opened

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 20_000
__all__ = ["corpus", "gate", "window"]


class Paints(QObject):
    """Counts the paint events of one widget."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


@pytest.fixture
def scored(make_window, qtbot, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    window: MainWindow = opened(qtbot, make_window(), write_corpus(tmp_path / "corpus"), TIMEOUT)
    qtbot.wait(100)  # the first document's paints are over
    return window


def settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Run the event loop until the posted repaints and zero-delay timers a switch left have run."""
    for _ in range(3):
        qtbot.wait(30)


def reset_signals(window) -> list[str]:  # type: ignore[no-untyped-def]
    """The mapping table's model and proxy signals that make it lay out and paint again, as they come."""
    signals: list[str] = []
    window.mapping.model.modelReset.connect(lambda: signals.append("modelReset"))
    window.mapping.model.layoutChanged.connect(lambda: signals.append("layoutChanged"))
    window.mapping.proxy.layoutChanged.connect(lambda: signals.append("proxy layoutChanged"))
    return signals


@pytest.mark.parametrize("doc_id", ["doc2", "doc1", "doc3"])
def test_a_switch_paints_the_mapping_table_once(scored, qtbot, doc_id):
    window = scored
    if window.session.selection.doc_id == doc_id:
        click_document(qtbot, window, "doc2" if doc_id != "doc2" else "doc1")
        settle(qtbot)
    table, model = window.mapping.table, window.mapping.model
    paints, header_paints = Paints(table.viewport()), Paints(table.horizontalHeader().viewport())
    signals = reset_signals(window)
    click_document(qtbot, window, doc_id)
    qtbot.waitUntil(lambda: paints.count >= 1, timeout=TIMEOUT)
    settle(qtbot)
    assert signals == ["modelReset"]
    assert (paints.count, header_paints.count) == (1, 1)
    # what that one paint shows: the document's rows, from the library
    expected = mapping_rows(window.session.result.document(doc_id), window.session.combination)
    def key(r):  # type: ignore[no-untyped-def]
        return r.gold_index if r.gold_index is not None else -1, r.system_index if r.system_index is not None else -1

    assert sorted((key(r), r.outcome) for r in window.mapping.visible_rows()) == \
        sorted((key(r), r.outcome) for r in expected)
    last = model.rowCount() - 1
    assert table.rowViewportPosition(last) >= 0 and table.verticalScrollBar().maximum() == 0  # laid out


class PaintsWithRows(Paints):
    """Counts the paint events of a table's viewport made while its model has rows."""

    def __init__(self, widget: QWidget, rows) -> None:  # type: ignore[no-untyped-def]
        super().__init__(widget)
        self.rows = rows
        self.with_rows = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.rows() > 0:
            self.with_rows += 1
        return super().eventFilter(watched, event)


def test_the_first_document_paints_its_rows_in_the_mapping_table_once(window, qtbot, corpus, gate):
    """Its views come a turn after the page (tests/gui/test_first_turn.py): the table's rows are painted once."""
    table, model = window.mapping.table, window.mapping.model
    paints = PaintsWithRows(table.viewport(), model.rowCount)
    header_paints = Paints(table.horizontalHeader().viewport())
    signals: list[str] = []
    model.modelReset.connect(lambda: signals.append("modelReset"))
    model.layoutChanged.connect(lambda: signals.append("layoutChanged"))
    open_held(qtbot, window, corpus, gate)
    settle(qtbot)
    assert signals == ["modelReset"]
    # the page's turn paints it empty, the next turn with the document's rows: those once (on a busy machine the
    # two turns' paints may be one: Qt merges the update requests it has not sent yet)
    assert paints.with_rows == 1
    assert paints.count in (1, 2) and header_paints.count in (1, 2)
    assert len(window.mapping.visible_rows()) == 7


def test_a_click_on_a_document_not_scored_yet_paints_the_mapping_table_once(window, qtbot, corpus, gate):
    """The document read and scored on its own while the corpus is (`FirstDocumentState.other`): one paint too."""
    open_held(qtbot, window, corpus, gate)
    settle(qtbot)
    table = window.mapping.table
    paints, header_paints = Paints(table.viewport()), Paints(table.horizontalHeader().viewport())
    signals = reset_signals(window)
    click_document(qtbot, window, "doc2")
    qtbot.waitUntil(lambda: paints.count >= 1, timeout=TIMEOUT)
    settle(qtbot)
    assert signals == ["modelReset"]
    assert (paints.count, header_paints.count) == (1, 1)
    assert window.document_pane.doc_id == "doc2" and not window.session.loaded
