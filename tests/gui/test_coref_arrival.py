"""Issue 34: when the coreference result arrives, the summary bar says whether the files have any
@Coreference line without the GUI thread going over every relation of the corpus again (at 4,480 tbf
documents, and with no coreference line at all, a pass over the whole corpus): the load's worker found
every relation kind of the files it read with the result (`corpus_state.Arrival`)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from evmeval.model import Document
from PySide6.QtWidgets import QLabel, QWidget

from tests.gui.corpus_factory import write_corpus
from tests.gui.sequencing_corpus import write_sequencing_corpus
from tests.gui.test_sequencing_window import LOAD_TIMEOUT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _open_and_wait_for_coreference(make_window, qtbot, corpus: Path, monkeypatch) -> tuple[QLabel, list[str]]:  # type: ignore[no-untyped-def]
    on_gui: list[str] = []
    relation_kinds = Document.relation_kinds

    def kinds(self: Document) -> set[str]:
        if threading.current_thread() is threading.main_thread():
            on_gui.append(self.doc_id)
        return relation_kinds(self)

    monkeypatch.setattr(Document, "relation_kinds", kinds)
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], token_dir=str(corpus / "tkn"))
    summary = window.findChild(QWidget, "corefSummary")
    qtbot.waitUntil(lambda: window.coreference.result is not None, timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: summary.published.text() not in ("…", "—"), timeout=LOAD_TIMEOUT)
    return summary.findChild(QLabel, "corefNoLinks"), on_gui


def test_no_coreference_said_without_a_pass_over_the_corpus_on_the_gui_thread(make_window, qtbot, tmp_path,
                                                                              monkeypatch):
    corpus = write_corpus(tmp_path / "corpus")  # no @Coreference line anywhere
    note, on_gui = _open_and_wait_for_coreference(make_window, qtbot, corpus, monkeypatch)
    assert note.isVisible() and note.text() == "(no coreference links in these files)"
    assert on_gui == []


def test_coreference_links_found_without_a_pass_on_the_gui_thread(make_window, qtbot, tmp_path, monkeypatch):
    corpus = write_sequencing_corpus(tmp_path / "seq")  # has @Coreference lines
    note, on_gui = _open_and_wait_for_coreference(make_window, qtbot, corpus, monkeypatch)
    assert not note.isVisible()
    assert on_gui == []
