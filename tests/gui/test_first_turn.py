"""Issue 34: the turn of the GUI thread that takes the first document in stays short.

The page and the document list come in one turn; the document's views (text, mapping table, header) in a
later one, and the load goes on only once the text view has painted that document. The document list's
filter asks Python nothing per row while no filter is set (a list of 4,480 pending rows is reset when the
first document arrives and again when the corpus does).
"""

from __future__ import annotations

import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.main_window import MainWindow
from tests.gui.test_first_document import TIMEOUT, corpus, gate, open_held, window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "gate", "window"]

EXTRA_DOCS = 120


def add_documents(folder: Path, count: int = EXTRA_DOCS) -> list[str]:
    """Append `count` copies of doc2 (renamed x000, x001…) to gold.tbf and system.tbf; their ids."""
    ids = [f"x{i:03}" for i in range(count)]
    for name in ("gold.tbf", "system.tbf"):
        path = folder / name
        text = path.read_text(encoding="utf-8")
        start = text.index("#BeginOfDocument doc2")
        block = text[start:text.index("#EndOfDocument", start)] + "#EndOfDocument\n"
        path.write_text(text + "".join(block.replace("doc2", doc_id) for doc_id in ids), encoding="utf-8")
    return ids


def open_scored(window, qtbot, corpus: Path, gate, count: int) -> None:  # type: ignore[no-untyped-def]
    """`count` documents added to the corpus, opened, and the whole corpus scored (the held load let go)."""
    add_documents(corpus, count)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])


@contextmanager
def python_calls() -> Iterator[Counter[str]]:
    """Count the Python functions called meanwhile on this thread, by qualified name."""
    calls: Counter[str] = Counter()

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call":
            code = frame.f_code  # (`co_qualname` is Python 3.11's; 3.10 names it by its place)
            name = getattr(code, "co_qualname", None) or f"{code.co_name} ({code.co_filename}:{code.co_firstlineno})"
            calls[name] += 1

    previous: Callable[..., Any] | None = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield calls
    finally:
        sys.setprofile(previous)


def per_row(calls: Counter[str], rows: int) -> list[str]:
    """The filter's functions and the item data it could ask for, called once or more per row."""
    return sorted(name for name, count in calls.items()
                  if count >= rows and (name.startswith("DocumentFilter.") or name.endswith(".data")))


def test_an_unfiltered_list_asks_python_nothing_per_row(window: MainWindow, qtbot, corpus: Path, gate) -> None:
    ids = add_documents(corpus)
    open_held(qtbot, window, corpus, gate)
    documents = window.documents
    rows = len(ids) + 3
    assert documents.proxy.rowCount() == rows  # the pending rows of the corpus being scored
    with python_calls() as calls:
        documents.model.refresh()  # the reset the corpus's arrival makes
        assert documents.proxy.rowCount() == rows
    assert per_row(calls, rows) == []
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    with python_calls() as calls:
        documents.model.refresh()
        assert documents.proxy.rowCount() == rows
    assert per_row(calls, rows) == []


def test_the_filter_box_and_a_chart_filter_keep_their_rows(window: MainWindow, qtbot, corpus: Path, gate) -> None:
    open_scored(window, qtbot, corpus, gate, 12)
    documents = window.documents
    every = documents.visible_doc_ids()
    qtbot.keyClicks(documents.filter_edit, "X01")  # case-insensitive, anywhere in the id
    assert sorted(documents.visible_doc_ids()) == ["x010", "x011"]
    assert documents.count_label.text() == "2 of 15 documents shown"
    documents.set_restriction({"x010", "doc1", "x005"})  # a chart's filter, with the text still typed
    assert documents.visible_doc_ids() == ["x010"]
    documents.filter_edit.clear()
    assert sorted(documents.visible_doc_ids()) == ["doc1", "x005", "x010"]
    qtbot.keyClicks(documents.filter_edit, ".")  # a character regular expressions read otherwise: taken as itself
    assert documents.visible_doc_ids() == []
    documents.filter_edit.clear()
    documents.set_restriction(None)
    assert documents.visible_doc_ids() == every


def test_the_documents_views_come_a_turn_after_the_page_and_the_list(window: MainWindow, qtbot, corpus: Path,
                                                                     gate) -> None:
    first = window.session.first_document
    seen: list[tuple[Any, ...]] = []
    put = first.put

    def spied(document: Any) -> None:  # the turn that takes the first document in
        put(document)
        seen.append((window.workspace.stack.currentWidget() is not window.welcome,
                     window.documents.visible_doc_ids(), window.document_pane.doc_id, window.text_view.doc,
                     len(window.mapping.visible_rows())))

    first.put = spied  # type: ignore[method-assign]
    painted_showing: list[str | None] = []

    class Painted(threading.Event):
        def set(self) -> None:
            doc = window.text_view.doc
            painted_showing.append(doc.doc_id if doc is not None else None)
            super().set()

    first.painted = Painted()
    open_held(qtbot, window, corpus, gate)
    # that turn: the document page and the list of documents; the document itself is not drawn yet
    assert seen == [(True, ["doc1", "doc2", "doc3"], None, None, 0)]
    # a later turn: its text, its mapping rows and its header; the load went on once it was painted
    assert window.document_pane.doc_id == "doc1" and window.text_view.doc.doc_id == "doc1"
    assert len(window.mapping.visible_rows()) == 7
    assert painted_showing == ["doc1"]
    assert window.documents.table.selectionModel().selectedRows(0)[0].data(Qt.ItemDataRole.DisplayRole) == "doc1"
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert window.document_pane.doc_id == "doc1"
