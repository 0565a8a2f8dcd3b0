"""Issue 34: when a corpus's result arrives, the GUI thread does not go over the whole corpus again for
what the load's worker could make with it: the types' first spellings (every mention of every document)
and which sequencing link types the files use (every relation). At 4,480 tbf documents those were the
load's longest event-loop stall (0.3 s of the GUI thread's CPU)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from evmeval.mention.scoring import ScoreResult
from evmeval.mention.type_names import SpellingCache, type_names
from evmeval.model import Document

from tests.gui.sequencing_corpus import write_sequencing_corpus
from tests.gui.test_sequencing_window import LOAD_TIMEOUT, core_scores

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_type_names_and_link_types_arrive_with_the_result_not_made_on_the_gui_thread(make_window, qtbot,
                                                                                     tmp_path: Path, monkeypatch):
    corpus = write_sequencing_corpus(tmp_path / "seq")
    on_gui: list[str] = []
    arriving = [True]  # the corpus's arrival: up to the views' and parts' answers to `scoring_finished`
    relation_kinds, spelt = Document.relation_kinds, SpellingCache.type_names

    def kinds(self: Document) -> set[str]:
        if arriving[0] and threading.current_thread() is threading.main_thread():
            on_gui.append(f"relation kinds of {self.doc_id}")
        return relation_kinds(self)

    def names(self: SpellingCache, documents):  # type: ignore[no-untyped-def]
        if arriving[0] and threading.current_thread() is threading.main_thread():
            on_gui.append("type names")
        return spelt(self, documents)

    monkeypatch.setattr(Document, "relation_kinds", kinds)
    monkeypatch.setattr(SpellingCache, "type_names", names)
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    arriving[0] = False
    assert on_gui == []
    qtbot.waitUntil(lambda: window.sequencing.model.result is not None, timeout=LOAD_TIMEOUT)
    # what the window shows is what it showed when it made them itself
    expected = core_scores(corpus / "gold.tbf", corpus / "system.tbf", corpus / "tkn")
    assert window.sequencing.model.corpus_f1() == expected.evaluations["published"]["All"].corpus.f1
    assert window.sequencing.model.files_without_links() == []
    assert dict(window.session.type_names) == dict(type_names(window.session.result.documents))


def test_document_list_opens_worst_first_in_the_order_the_worker_sorted(make_window, qtbot, tmp_path: Path,
                                                                        monkeypatch):
    """The list a corpus opens on (F1, worst first) is sorted by the load's worker with the result, not on the
    GUI thread when it arrives (about 40 ms at 4,480 documents); a sort the user asks for is still made there."""
    from PySide6.QtCore import QPoint, Qt

    from evmeval_gui.model import document_order
    from evmeval_gui.views.document_list import F1
    from tests.gui.corpus_factory import write_corpus

    corpus = write_corpus(tmp_path / "corpus")
    on_gui: list[str] = []
    arriving = [True]
    figure_key = document_order.figure_key

    def key(result, combination, figure):  # type: ignore[no-untyped-def]
        if arriving[0] and threading.current_thread() is threading.main_thread():
            on_gui.append(f"sort key of figure {figure}")
        return figure_key(result, combination, figure)

    monkeypatch.setattr(document_order, "figure_key", key)
    averages_note = ScoreResult.averages_note

    def note(self: ScoreResult) -> str:  # the summary's "(N with gold mentions)": a pass over every document
        if arriving[0] and threading.current_thread() is threading.main_thread() and not self._covered:
            on_gui.append("the documents in the averages counted")
        return averages_note.fget(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(ScoreResult, "averages_note", property(note))
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], token_dir=str(corpus / "tkn"))
    arriving[0] = False
    # doc3 has no system output (F1 undefined: worst), doc1 has errors, doc2 is perfect
    assert window.documents.visible_doc_ids() == ["doc3", "doc1", "doc2"]
    assert on_gui == []
    assert window.summary.counts.full_text().startswith("3 documents (3 with gold mentions) · ")
    header = window.documents.table.horizontalHeader()
    f1 = QPoint(header.sectionViewportPosition(F1) + header.sectionSize(F1) // 2, header.height() // 2)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=f1)  # the user's sort: best first
    assert window.documents.visible_doc_ids() == ["doc2", "doc1", "doc3"]
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=f1)
    assert window.documents.visible_doc_ids() == ["doc3", "doc1", "doc2"]
