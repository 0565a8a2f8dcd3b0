"""The Agreement page's document list opens in the order the comparing job made (issue 34: sorting 2,000
documents twice was half of the turn that fills the page): no document is sorted on the GUI thread for the
first pair, and the list shows them worst first, as before; a header click still sorts there."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QPoint, Qt

from evmeval_gui.agreement import document_agreement
from evmeval_gui.agreement.document_agreement import F1
from evmeval_gui.agreement.state import demo_agreement_request

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
TIMEOUT = 20_000


def _demo_study(qtbot, make_window):  # type: ignore[no-untyped-def]
    """A window with the demo's annotators compared (what each test spies on is patched before)."""
    window = make_window()
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=TIMEOUT):
        window.open_agreement(demo_agreement_request())
    return window


def test_the_first_pairs_documents_are_ordered_by_the_job_and_shown_worst_first(qtbot, make_window,
                                                                                 monkeypatch) -> None:
    on_gui_thread: list[bool] = []
    real = document_agreement.agreement_sort_key

    def key(doc, combination):  # type: ignore[no-untyped-def]
        on_gui_thread.append(threading.current_thread() is threading.main_thread())
        return real(doc, combination)

    monkeypatch.setattr(document_agreement, "agreement_sort_key", key)
    window = _demo_study(qtbot, make_window)
    assert on_gui_thread and not any(on_gui_thread)  # sorted by the comparing job only
    listed = window.agreement.panel.documents
    pair = window.agreement.loaded.pair(0, 1)
    expected = [d.doc_id for d in sorted(pair.documents, key=lambda d: real(d, "plain"))]
    assert listed.visible_doc_ids() == expected
    header = listed.table.horizontalHeader()
    x = header.sectionViewportPosition(F1) + header.sectionSize(F1) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))  # F1, best first now
    best = [d.doc_id for d in sorted(pair.documents, key=lambda d: real(d, "plain")[0], reverse=True)]
    assert listed.visible_doc_ids() == best
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))  # and worst first again
    assert listed.visible_doc_ids() == expected


def test_the_first_documents_token_table_is_read_by_the_comparing_job(qtbot, make_window, monkeypatch) -> None:
    """The pair's views open at the list's first document: its token table is read by the job (not in the turn that
    fills the views), and the views show it, its text placed as before."""
    from evmeval.io import loading

    reads: list[tuple[bool, str]] = []
    real = loading.read_token_table

    def counting(path, **kwargs):  # type: ignore[no-untyped-def]
        reads.append((threading.current_thread() is threading.main_thread(), kwargs.get("doc_id", "")))
        return real(path, **kwargs)

    monkeypatch.setattr(loading, "read_token_table", counting)
    window = _demo_study(qtbot, make_window)
    shown = window.session.selection.doc_id
    assert shown is not None  # the first document of the pair's list, selected when the result arrived
    assert (False, shown) in reads and (True, shown) not in reads
    text = window.session.document_text(shown)
    assert text is not None and text.doc_id == shown and not text.notice


def test_the_pairs_corpus_passes_are_made_by_the_comparing_job(qtbot, make_window, monkeypatch) -> None:
    """The pair's result answers the views' questions about every document (its documents by id, how many the
    averages cover) from passes the comparing job made (as a corpus load's `Arrival`), not in the views' turn;
    the summary bar says the same count."""
    from evmeval.mention.scoring import ScoreResult

    passes: list[bool] = []
    real = ScoreResult.counts_document

    def counted(self, doc):  # type: ignore[no-untyped-def]
        if not self._covered:  # the pass over every document that `averages_note` keeps
            passes.append(threading.current_thread() is threading.main_thread())
        return real(self, doc)

    monkeypatch.setattr(ScoreResult, "counts_document", counted)
    window = _demo_study(qtbot, make_window)
    assert passes and not any(passes)
    result = window.session.result
    assert result is not None and result._by_id  # its documents by id, made by the job too
    covered = sum(1 for d in result.documents if d.gold or d.system)
    assert result.averages_note == f"{covered} with mentions on either side"
