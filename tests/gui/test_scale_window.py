"""The window at scale (issue 34): while a corpus is scored, its documents are listed at once (file order,
figures pending), a click on one not scored yet scores that one on its own and shows it, and the summary
says its figures are partial until the corpus is scored."""

from __future__ import annotations

import pytest
from evmeval.mention.outcomes import mapping_rows
from PySide6.QtCore import Qt

from evmeval_gui.model.corpus import load_and_score, make_request
from tests.gui.test_first_document import TIMEOUT, corpus, gate, open_held, window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "gate", "window"]


def click_document(qtbot, window, doc_id: str) -> None:  # type: ignore[no-untyped-def]
    table = window.documents.table
    row = window.documents.visible_doc_ids().index(doc_id)
    rect = table.visualRect(table.model().index(row, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_list_fills_while_scoring_and_a_click_scores_that_document(window, qtbot, corpus, gate):
    open_held(qtbot, window, corpus, gate)
    documents = window.documents
    # every document of the gold file, in file order, before the corpus is scored; figures pending
    assert documents.visible_doc_ids() == ["doc1", "doc2", "doc3"]
    model = documents.table.model()
    assert [model.index(1, c).data() for c in range(model.columnCount())][:6] == ["doc2", "…", "…", "…", "…", "…"]
    assert documents.count_label.text() == "Scoring the corpus…"
    assert "partial" in window.summary.counts.full_text()
    assert window.summary.figure_text("micro_f1") == "…"
    # a click on a document not scored yet shows it with its own rows, from the library
    click_document(qtbot, window, "doc3")
    assert window.document_pane.doc_id == "doc3"
    assert window.text_view.doc is not None and window.text_view.doc.doc_id == "doc3"
    corpus_result = load_and_score(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]))[1]
    expected = mapping_rows(corpus_result.document("doc3"), window.session.combination)
    assert [(r.outcome, r.gold_index, r.system_index) for r in window.mapping.visible_rows()] == \
        [(r.outcome, r.gold_index, r.system_index) for r in expected]
    assert not window.session.loaded
    # the corpus arrives: the figures are whole, the document shown stays
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert "partial" not in window.summary.counts.full_text()
    assert window.summary.figure_text("micro_f1") == f"{100 * corpus_result.micro['plain'].f1:.2f} %"
    assert window.document_pane.doc_id == "doc3"
    assert documents.count_label.text().startswith("3 documents")
    assert model.index(documents.visible_doc_ids().index("doc2"), 5).data() != "…"


def test_cancel_leaves_nothing_half_shown(window, qtbot, corpus, gate):
    open_held(qtbot, window, corpus, gate)
    click_document(qtbot, window, "doc2")
    assert window.document_pane.doc_id == "doc2"
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    gate.set()
    qtbot.waitUntil(lambda: window.documents.visible_doc_ids() == [], timeout=TIMEOUT)
    assert window.session.first_document.document is None


def test_a_document_read_at_its_place_is_the_one_read_with_the_files_bytes(corpus):
    from evmeval_gui.model.first_document import first_document

    gold = (corpus / "gold.tbf").read_text(encoding="utf-8")
    repeated = corpus / "repeated.tbf"  # doc2 twice: neither way cuts it out (the whole file decides)
    start = gold.index("#BeginOfDocument doc2")
    block = gold[start:gold.index("#EndOfDocument", start)] + "#EndOfDocument\n"
    repeated.write_text(gold + block, encoding="utf-8")
    for gold_path in (corpus / "gold.tbf", repeated):
        request = make_request(str(gold_path), [str(corpus / "system.tbf")])
        opened = first_document(request, mapping="greedy")  # reads both files whole and indexes them
        assert opened is not None and opened.files is not None
        for doc_id in ("doc1", "doc2", "doc3", "nowhere"):
            whole = first_document(request, doc_id=doc_id, mapping="greedy")
            at_place = first_document(request, doc_id=doc_id, mapping="greedy", files=opened.files)
            assert (whole is None) == (at_place is None), (gold_path.name, doc_id)
            if whole is not None and at_place is not None:
                assert at_place.result.documents == whole.result.documents
                assert at_place.document.gold == whole.document.gold  # line numbers included
                assert at_place.type_names == whole.type_names
        assert (gold_path == repeated) == (first_document(request, doc_id="doc2", mapping="greedy") is None)
