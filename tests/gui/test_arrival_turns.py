"""Issue 34: the first document and the corpus's arrival after it are painted in passes; the arrival lays out nothing.

The list of documents and the figures are repainted in the arrival's paint pass; the document's views (text,
header, mapping tabs), which show the same document's same rows, in the next one. Every part takes the corpus in
within the arrival's turn, so a click between the two reads the corpus. The status bar keeps its height when the
warnings button appears (it was 1 px lower: the whole window was laid out and repainted with the arrival). The first
document's text is painted a pass before its mapping rows.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.main_window import MainWindow
from tests.gui.test_first_document import TIMEOUT, corpus, gate, open_held, window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "gate", "window"]


class Paints(QObject):
    """Which of the watched widgets painted, in order."""

    def __init__(self, **widgets: QObject) -> None:
        super().__init__()
        self.names = {id(widget): name for name, widget in widgets.items()}
        self.seen: list[str] = []
        for widget in widgets.values():
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.seen.append(self.names[id(watched)])
        return False


def test_the_documents_views_are_repainted_a_pass_after_the_list(window: MainWindow, qtbot, corpus: Path,
                                                                 gate) -> None:
    open_held(qtbot, window, corpus, gate)
    views = window.workspace.right_split
    qtbot.waitUntil(lambda: window.text_view.doc is not None)
    at_arrival: list[tuple[object, ...]] = []
    window.session.scoring_finished.connect(lambda: at_arrival.append(
        (views.updatesEnabled(), window.document_pane.doc_id, len(window.mapping.visible_rows()))))
    paints = Paints(list=window.documents.table.viewport(), text=window.text_view.viewport(),
                    table=window.mapping.table.viewport())
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    # the arrival's turn: every view has the corpus (the same document, its rows), the views' repaint waits
    assert at_arrival == [(False, "doc1", 7)]
    assert window.documents.count_label.text() != "Scoring the corpus…"
    qtbot.waitUntil(views.updatesEnabled, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: "text" in paints.seen and "table" in paints.seen, timeout=TIMEOUT)
    assert paints.seen.index("list") < paints.seen.index("text")  # the list first, the document's views after
    # what the user sees once settled: the corpus's document, its rows, its selection in the list
    assert window.text_view.doc is not None and window.text_view.doc.doc_id == "doc1"
    assert len(window.mapping.visible_rows()) == 7
    assert window.documents.table.selectionModel().selectedRows(0)[0].data(Qt.ItemDataRole.DisplayRole) == "doc1"
    image = window.text_view.viewport().grab().toImage()
    assert len({image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}) > 2


def test_a_click_before_the_views_repaint_reads_the_corpus(window: MainWindow, qtbot, corpus: Path, gate) -> None:
    open_held(qtbot, window, corpus, gate)
    views = window.workspace.right_split
    table = window.mapping.table
    clicked: list[tuple[object, ...]] = []

    def click() -> None:  # at the end of the arrival's turn (every view has taken the corpus in), before any paint
        row = next(i for i, r in enumerate(window.mapping.visible_rows()) if r.gold and r.gold.mention_id == "E3")
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                         pos=table.visualRect(table.model().index(row, 1)).center())
        clicked.append((views.updatesEnabled(), [r.gold.mention_id for r in window.mapping.selected_rows()],
                        window.session.doc_result("doc1") is not None))

    # heard last, in the arrival's own turn: a 0 ms timer came after the views' paint pass on some runs
    window.session.scoring_finished.connect(click)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    qtbot.waitUntil(lambda: bool(clicked) and views.updatesEnabled(), timeout=TIMEOUT)
    assert clicked == [(False, ["E3"], True)]  # the corpus's row selected, while its repaint waited
    assert [r.gold.mention_id for r in window.mapping.selected_rows()] == ["E3"]
    assert window.session.selection.doc_id == "doc1"


def test_no_pause_without_a_first_document(window: MainWindow, qtbot, corpus: Path) -> None:
    views = window.workspace.right_split
    seen: list[bool] = []
    window.session.scoring_finished.connect(lambda: seen.append(views.updatesEnabled()))
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.reload()
    assert seen[-1] is True  # a corpus read again: no first document was shown, nothing waits


def test_the_status_bar_keeps_its_height_when_warnings_show(window: MainWindow, qtbot) -> None:
    bar, central = window.statusBar(), window.centralWidget()
    before = bar.height(), central.height()
    window.status.warnings_button.setText("⚠ 2 warnings")
    window.status.warnings_button.show()
    window.status.show_busy()
    QApplication.processEvents()
    window.status.hide_busy()
    QApplication.processEvents()
    assert window.status.warnings_button.isVisible()
    assert (bar.height(), central.height()) == before


def test_the_first_documents_text_is_painted_before_its_mapping_rows(window: MainWindow, qtbot, corpus: Path,
                                                                     gate) -> None:
    text, table = window.text_view.viewport(), window.mapping.table.viewport()
    seen: list[tuple[str, bool]] = []

    class Shown(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                if watched is text and window.text_view.doc is not None:
                    seen.append(("text", window.workspace.lower_tabs.updatesEnabled()))
                elif watched is table and window.mapping.visible_rows():
                    seen.append(("rows", True))
            return False

    shown = Shown()
    text.installEventFilter(shown)
    table.installEventFilter(shown)
    open_held(qtbot, window, corpus, gate)
    qtbot.waitUntil(lambda: ("rows", True) in seen, timeout=TIMEOUT)
    assert seen[0] == ("text", False)  # the text on screen while the mapping tabs' repaint waited
    assert window.workspace.lower_tabs.updatesEnabled()
    assert len(window.mapping.visible_rows()) == 7 and window.text_view.doc.doc_id == "doc1"
