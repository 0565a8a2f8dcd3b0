"""The window at scale (issue 34) for event JSONL corpora: while the corpus loads, every gold document is listed
(file order, figures pending, from the library's index); a click on one not read yet reads just its lines
through the format's stream, scores it alone and shows it; the corpus figures say they are partial until the
corpus is in."""

from __future__ import annotations

import pytest
from evmeval.mention.outcomes import mapping_rows

from evmeval_gui.model.corpus import load_and_score, make_request
from tests.core.test_document_index import _with_third
from tests.gui.test_first_document import TIMEOUT, gate, window
from tests.gui.test_scale_window import click_document

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["gate", "window"]


def _rows(rows):  # type: ignore[no-untyped-def]
    return sorted(((r.outcome, r.gold, r.system, r.dice) for r in rows), key=repr)


@pytest.mark.parametrize(("name", "listed"), [("textee", ["D1", "D2", "Z3"]), ("maven", ["D1", "D2", "D3", "Z3"]),
                                              ("maven_ere", ["A", "B", "Z3"]), ("dygiepp", ["D1", "D2", "Z3"])])
def test_the_list_holds_every_document_and_a_click_reads_that_one(window, qtbot, gate, tmp_path, name, listed):
    gold, system = _with_third(name, tmp_path)
    window.open_files(gold, [system])
    qtbot.waitUntil(gate.entered.is_set, timeout=TIMEOUT)  # the load is held: nothing of it is in yet
    documents = window.documents
    assert documents.visible_doc_ids() == listed
    model = documents.table.model()
    assert [model.index(1, c).data() for c in range(3)] == [listed[1], "…", "…"]
    assert "partial" in window.summary.counts.full_text()
    assert window.summary.figure_text("micro_f1") == "…"
    # a click on the third document: its own mentions in the table, as the whole corpus gives them
    third = listed[2]
    click_document(qtbot, window, third)
    assert window.document_pane.doc_id == third
    assert window.text_view.doc is not None and window.text_view.doc.doc_id == third
    _, full = load_and_score(make_request(gold, [system]))
    expected = mapping_rows(full.document(third), window.session.combination)
    assert _rows(window.mapping.visible_rows()) == _rows(expected)
    assert window.mapping.visible_rows() or not expected
    text = "".join(s.text for s in window.text_view.doc.segments)
    assert all(m.text in text for m in full.document(third).gold)  # its own words, not the first document's
    assert not window.session.loaded
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert "partial" not in window.summary.counts.full_text()
    assert window.document_pane.doc_id == third
    assert _rows(window.mapping.visible_rows()) == _rows(expected)
