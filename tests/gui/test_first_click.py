"""Issue 34: a click on a document not scored yet, while the corpus is scored, scans no file on the GUI thread
(the corpus load's worker found where each document begins after the first paint: 100 ms of the first click
at 4,480 documents); the document shown is the one clicked, with its mentions."""

from __future__ import annotations

import threading

import pytest

from evmeval_gui.model import first_state as first_state_module
from tests.gui.test_first_document import TIMEOUT, corpus, gate, open_held, window
from tests.gui.test_main_window import click_row

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "gate", "window"]


def test_a_click_on_a_document_not_scored_yet_scans_no_file_on_the_gui_thread(window, qtbot, corpus, gate,
                                                                             monkeypatch):
    scans: list[str] = []
    real = first_state_module.block_index

    def counting(data):  # type: ignore[no-untyped-def]
        scans.append(threading.current_thread().name)
        return real(data)

    monkeypatch.setattr(first_state_module, "block_index", counting)
    open_held(qtbot, window, corpus, gate)
    assert window.session.result is None  # the corpus is still being scored
    assert len(scans) == 2 and "MainThread" not in scans  # both files, by the load's worker
    table = window.documents.table
    click_row(qtbot, table, window.documents.visible_doc_ids().index("doc2"))
    qtbot.waitUntil(lambda: window.document_pane.doc_id == "doc2", timeout=TIMEOUT)
    assert "MainThread" not in scans
    assert window.session.result is None
    assert [row.gold.mention_id for row in window.mapping.visible_rows() if row.gold] != []
