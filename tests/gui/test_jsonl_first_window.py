"""Issue 34: a TextEE or MAVEN-ERE corpus shows its first document (gold's first, the system's records for
it, scored alone by the library) while the rest loads, and the full load shows the same for it."""

from __future__ import annotations

import pytest
from evmeval.mention.outcomes import mapping_rows
from PySide6.QtCore import Qt

from evmeval_gui.model.corpus import load_and_score, make_request
from tests.gui.test_first_document import TIMEOUT, gate, window
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["gate", "window"]


def _rows(rows):  # type: ignore[no-untyped-def]
    """Each row's outcome and both mentions whole (span, text, type, realis, line)."""
    return [(r.outcome, r.gold, r.system, r.dice) for r in rows]


@pytest.mark.parametrize(("name", "first"), [("textee", "D1"), ("maven", "D1"), ("maven_ere", "A"), ("dygiepp", "D1")])
def test_the_first_document_is_shown_before_the_load_ends(window, qtbot, gate, name, first):
    gold, system = str(EXAMPLES / f"{name}_gold.jsonl"), str(EXAMPLES / f"{name}_pred.jsonl")
    window.open_files(gold, [system])
    qtbot.waitUntil(gate.entered.is_set, timeout=TIMEOUT)  # the load is held: nothing of it is in yet
    assert not window.session.loaded
    assert window.document_pane.doc_id == first
    assert window.text_view.doc is not None and window.text_view.doc.doc_id == first
    _, full = load_and_score(make_request(gold, [system]))
    expected = mapping_rows(full.document(first), window.session.combination)
    shown = _rows(window.mapping.visible_rows())
    assert sorted(shown, key=repr) == sorted(_rows(expected), key=repr) and shown  # the table sorts them
    text = window.text_view.doc
    assert "".join(s.text for s in text.segments).strip()
    assert window.summary.figure_text("micro_f1") == "…"
    assert window.documents.count_label.text() == "Scoring the corpus…"
    # a click on a row of the document shown, then the corpus arrives: the same rows, the selection kept
    table = window.mapping.table
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.visualRect(table.model().index(0, 1)).center())
    selected = window.session.selection
    assert selected.doc_id == first and (selected.gold_ids or selected.system_ids)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert window.session.loaded
    assert window.document_pane.doc_id == first and window.session.selection == selected
    assert _rows(window.mapping.visible_rows()) == shown
    assert window.text_view.doc.segments == text.segments and window.text_view.doc.gold_units == text.gold_units
    assert window.summary.figure_text("micro_f1") == f"{100 * full.micro['plain'].f1:.2f} %"


def test_cancel_withdraws_the_first_event_document(window, qtbot, gate):
    window.open_files(str(EXAMPLES / "maven_ere_gold.jsonl"), [str(EXAMPLES / "maven_ere_pred.jsonl")])
    qtbot.waitUntil(gate.entered.is_set, timeout=TIMEOUT)
    assert window.document_pane.doc_id == "A"
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    gate.set()
    assert window.workspace.stack.currentWidget() is window.welcome
    assert window.session.first_document.document is None
