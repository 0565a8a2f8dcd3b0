"""Issue 16: the window shows the gold file's first document before the corpus is scored.

The corpus load is held on a gate (the session's `load_and_score`, wrapped) so that the state
"first document shown, corpus still scoring" can be looked at and clicked in, then let go.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from evmeval.mention.outcomes import Outcome
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from evmeval_gui.dialogs import ERROR_DIALOG_NAME
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model import corpus_state as corpus_state_module
from evmeval_gui.model.corpus import load_and_score, make_request
from evmeval_gui.model.selection import Selection
from tests.gui.corpus_factory import write_corpus

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 20_000


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "corpus")


@pytest.fixture
def gate(monkeypatch):
    """The corpus load waits until `gate.set()`; `gate.entered` is set once the worker waits."""
    release = threading.Event()
    release.entered = threading.Event()  # type: ignore[attr-defined]

    def held(*args, **kwargs):
        release.entered.set()  # type: ignore[attr-defined]
        release.wait(10)
        return load_and_score(*args, **kwargs)

    monkeypatch.setattr(corpus_state_module, "load_and_score", held)
    yield release
    release.set()


@pytest.fixture
def window(make_window) -> MainWindow:
    return make_window()


def open_held(qtbot, window: MainWindow, corpus: Path, gate, system: str = "system.tbf") -> None:
    window.open_files(str(corpus / "gold.tbf"), [str(corpus / system)])
    qtbot.waitUntil(gate.entered.is_set, timeout=TIMEOUT)  # the text was painted: the load began


def test_first_document_is_shown_then_corpus_figures_arrive(window, qtbot, corpus, gate):
    open_held(qtbot, window, corpus, gate)
    # the gold file's first document, its rows and outcomes from the core, no corpus figures yet
    assert window.workspace.stack.currentWidget() is not window.welcome
    assert window.document_pane.doc_id == "doc1"
    assert window.text_view.doc is not None and window.text_view.doc.doc_id == "doc1"
    assert "doc1" in window.document_pane.title.text() and "5 gold, 6 system" in window.document_pane.title.text()
    assert len(window.mapping.visible_rows()) == 7
    assert Outcome.SPURIOUS in {r.outcome for r in window.mapping.visible_rows()}
    assert window.summary.figure_text("micro_f1") == "…"
    assert "Scoring the corpus" in window.summary.counts.full_text()
    assert window.documents.count_label.text() == "Scoring the corpus…"
    assert window.status.cancel_button.isVisible()
    assert not window.session.loaded

    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    result = window.session.result
    assert window.summary.figure_text("micro_f1") == f"{100 * result.micro['plain'].f1:.2f} %"
    assert window.documents.visible_doc_ids() == ["doc3", "doc1", "doc2"]  # worst first, as always
    assert window.documents.count_label.text().startswith("3 documents")
    assert window.document_pane.doc_id == "doc1"  # still the document being read


def test_the_first_document_figures_are_the_corpus_result_for_it(window, qtbot, corpus, gate):
    open_held(qtbot, window, corpus, gate)
    first = window.session.doc_result("doc1")
    rows_before = [(r.gold.mention_id if r.gold else None, r.system.mention_id if r.system else None, r.outcome)
                   for r in window.mapping.visible_rows()]
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    after = window.session.doc_result("doc1")
    assert after is not first and after.scores == first.scores and after.gold == first.gold
    assert [(r.gold.mention_id if r.gold else None, r.system.mention_id if r.system else None, r.outcome)
            for r in window.mapping.visible_rows()] == rows_before


def test_a_click_in_the_first_document_is_kept_when_the_corpus_arrives(window, qtbot, corpus, gate):
    open_held(qtbot, window, corpus, gate)
    table = window.mapping.table
    row = next(i for i, r in enumerate(window.mapping.visible_rows()) if r.gold and r.gold.mention_id == "E3")
    cell = table.visualRect(table.model().index(row, 1)).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    assert window.session.selection == Selection("doc1", frozenset({"E3"}), frozenset({"S3"}))
    window.text_view.verticalScrollBar().setValue(window.text_view.verticalScrollBar().maximum())
    scrolled = window.text_view.verticalScrollBar().value()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert window.session.selection == Selection("doc1", frozenset({"E3"}), frozenset({"S3"}))
    assert [r.gold.mention_id for r in window.mapping.selected_rows()] == ["E3"]
    assert window.text_view.verticalScrollBar().value() == scrolled


def test_cancel_during_the_corpus_load_withdraws_the_first_document(window, qtbot, corpus, gate):
    open_held(qtbot, window, corpus, gate)
    assert window.document_pane.doc_id == "doc1"
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.runner.busy and not window.status.cancel_button.isVisible()
    assert "Cancelled" in window.statusBar().currentMessage()
    assert window.workspace.stack.currentWidget() is window.welcome
    assert window.session.first_document.document is None and window.session.selection == Selection()
    gate.set()
    assert window.runner.shutdown(10)
    qtbot.wait(50)  # what the cancelled worker still posts is dropped
    assert not window.session.loaded and window.workspace.stack.currentWidget() is window.welcome


def test_a_bad_line_after_the_first_document_still_gives_its_file_and_line(window, qtbot, corpus, gate):
    bad = corpus / "bad.tbf"
    good = (corpus / "system.tbf").read_text(encoding="utf-8")
    bad.write_text(good + "#BeginOfDocument doc9\nsys\tdoc9\tS1\tt2\n#EndOfDocument\n", encoding="utf-8")
    line = good.count("\n") + 2
    open_held(qtbot, window, corpus, gate, system="bad.tbf")
    assert window.document_pane.doc_id == "doc1"  # the first document could be read on its own
    with qtbot.waitSignal(window.session.load_failed, timeout=TIMEOUT):
        gate.set()
    box = window.findChild(QMessageBox, ERROR_DIALOG_NAME)
    assert box is not None and box.isVisible()
    assert f"bad.tbf, line {line}" in box.text()
    assert "mention line has too few fields (4)" in box.informativeText()
    assert window.workspace.stack.currentWidget() is window.welcome and window.session.first_document.document is None
    box.close()


def test_no_first_document_when_the_gold_file_is_unusual(window, qtbot, corpus, gate):
    gold = corpus / "gold.tbf"
    text = gold.read_text(encoding="utf-8")
    gold.write_text(text + text, encoding="utf-8")  # every document twice: the later copy wins, the file decides
    window.open_files(str(gold), [str(corpus / "system.tbf")])
    assert window.session.first_document.document is None and window.workspace.stack.currentWidget() is window.welcome
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert window.session.loaded


def test_a_window_less_session_opens_without_a_first_document(corpus):
    from evmeval_gui.model.jobs import ImmediateRunner
    from evmeval_gui.model.session import Session

    session = Session(ImmediateRunner())
    shown = []
    session.first_document_shown.connect(shown.append)
    session.open(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]))
    assert session.loaded and shown == []
