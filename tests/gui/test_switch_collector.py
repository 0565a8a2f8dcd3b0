"""Issue 26: a document switch never pays for a full garbage collection of what earlier switches kept.

The window caches each document it shows (its text, mapping rows, layout); a full collection walking
them added 20-70 ms to a random switch on a MAVEN-ERE-sized corpus. What the window keeps once a switch
is done is frozen out of the collector's walks (`evmeval_gui.model.collector.keep_shown`)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.model import collector
from tests.gui.corpus_factory import write_corpus
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_ctrl_down_shows_the_next_document_and_what_it_keeps_is_not_walked_again(qtbot, tmp_path: Path):
    corpus = write_corpus(tmp_path / "corpus")
    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    qtbot.waitUntil(lambda: window.runner.idle, timeout=20_000)  # no job delivers (and freezes) meanwhile
    order = window.documents.visible_doc_ids()
    window.session.select_document(order[0])
    window.session.corpus_state.clear_caches()  # the next document's text is made by the switch itself
    window.text_view.setFocus()
    qtbot.keyClick(window.text_view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    shown = window.text_view.doc
    assert shown is not None and shown.doc_id == order[1]  # the next document of the list is on screen
    assert window.documents.table.currentIndex().siblingAtColumn(0).data() == order[1]
    walked = gc.get_objects()
    assert not any(o is shown or o is shown.segments for o in walked)


def test_nothing_is_frozen_while_a_load_has_the_collector_paused():
    """A load on a worker thread makes a million young objects with the collector paused: a switch meanwhile
    must not walk them (a second of the GUI thread); the load freezes them itself when it ends."""
    before = gc.get_freeze_count()
    with collector.paused():
        young = [[k] for k in range(1000)]
        collector.keep_shown()
        assert gc.get_freeze_count() == before
    assert young[7] == [7]


def test_a_result_delivered_while_another_job_has_the_collector_paused_walks_nothing():
    """A curation batch delivered while the agreement is measured (its job pauses the collector): freezing the
    batch's step must not collect the measuring job's young objects on the GUI thread (issue 34: 30-120 ms);
    the pause's end freezes them all."""
    before = gc.get_freeze_count()
    with collector.paused():
        young = [[k] for k in range(1000)]
        collector.freeze_survivors()
        assert gc.get_freeze_count() == before
    assert gc.get_freeze_count() >= before + len(young)
