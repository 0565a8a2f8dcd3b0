"""The Curate list's Document column is fitted from a measure made by the job that makes the curation (issue 34:
1,875 ids measured in the opening's turn were 6 ms of the GUI thread; and by the job of another policy), and is as
wide as measured on the GUI thread: the longest id, never narrower than its header."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtGui import QFontMetrics

from evmeval_gui.curation import tables
from tests.gui.corpus_factory import write_corpus
from tests.gui.test_curation_work import open_curation
from tests.gui.test_main_window import LOAD_TIMEOUT
from tests.gui.windows import POPUP_WARNINGS, choose

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_the_document_column_is_measured_off_the_gui_thread_and_fits_the_longest_id(qtbot, make_window, tmp_path,
                                                                                   monkeypatch) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    on_gui_thread: list[bool] = []
    """Per list of ids measured: whether on the GUI thread (the probe it measures there is not counted)."""

    class Metrics(QFontMetrics):
        def horizontalAdvance(self, text, *args):  # type: ignore[no-untyped-def]
            if text == "doc1":  # every list holds it
                on_gui_thread.append(threading.current_thread() is threading.main_thread())
            return super().horizontalAdvance(text, *args)

    monkeypatch.setattr(tables, "QFontMetrics", Metrics)
    w = make_window()
    open_curation(qtbot, w, corpus)  # compared, then Ctrl+Shift+U
    assert on_gui_thread == [False]  # measured once, by the job that made the curation
    view = w.curate.panel.list
    index = w.curate.state.filter_index()
    assert list(index.id_widths) == [view.font().key()]  # in the list's own font
    fm = view.fontMetrics()
    longest = max(fm.horizontalAdvance(d) for d in index.doc_ids)
    assert index.id_widths[view.font().key()] == (longest, fm.horizontalAdvance(tables.PROBE))
    assert view.columnWidth(0) == max(view.horizontalHeader().sectionSizeHint(0),
                                      min(longest + 14, fm.horizontalAdvance("M" * 16)))
    # another policy: its list is measured by the job that makes it again
    panel = w.curate.panel
    choose(qtbot, panel.policy, panel.policy.findData("union"))
    qtbot.waitUntil(lambda: w.curate.state.filter_index() is not index and not w.runner.busy, timeout=LOAD_TIMEOUT)
    assert on_gui_thread == [False, False]
    again = w.curate.state.filter_index()
    assert list(again.id_widths) == [view.font().key()]
    assert again.id_widths[view.font().key()][0] == max(fm.horizontalAdvance(d) for d in again.doc_ids)
