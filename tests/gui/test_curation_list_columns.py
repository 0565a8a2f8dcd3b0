"""The Curate list's four columns fit its width (issue 34): at 1024x640 "Differs in" sat behind the list's
horizontal scroll bar; now the Document column gives way first (elided in the middle), and a wide list shows every
id whole. And the ids measured by a job are used only where its thread measures text as the GUI thread does."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication

from evmeval_gui.curation import tables
from evmeval_gui.main_window import MainWindow
from tests.gui.corpus_factory import write_corpus
from tests.gui.test_curation_work import open_curation

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 20_000


def _curate_demo(qtbot, w: MainWindow) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(w.agreement.agreement_finished, timeout=TIMEOUT):
        w.open_demo_agreement()
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: w.curate.active and w.curate.panel.list.isVisible(), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not w.runner.busy, timeout=TIMEOUT)


def _right_edge(view, column: int) -> int:  # type: ignore[no-untyped-def]
    return view.columnViewportPosition(column) + view.columnWidth(column)


def test_differs_in_is_in_view_at_1024_and_ids_are_whole_when_wide(make_window, qtbot) -> None:
    w = make_window(size=(1024, 640))
    _curate_demo(qtbot, w)
    view = w.curate.panel.list
    viewport = view.viewport().width()
    fm = view.fontMetrics()
    row = view.model().index(0, 3)
    differs = row.data()
    assert differs  # e.g. "coreference"
    # every column in view, none behind a scroll bar: "Differs in" ends where the viewport does
    assert not view.horizontalScrollBar().isVisible()
    # every column but Item in view (its number gave way to "Differs in" and is in the row's tooltip: polish5)
    assert [view.isColumnHidden(c) for c in (0, 2, 3)] == [False] * 3
    assert _right_edge(view, 3) <= viewport
    assert view.columnWidth(3) >= fm.horizontalAdvance("coreference") + 14
    assert view.visualRect(row).right() < viewport  # the first row's words are drawn inside the list
    # the Document column gave way (its ids are longer than it now), elided in the middle, whole in the tooltip
    longest = max(fm.horizontalAdvance(d) for d in w.curate.state.filter_index().doc_ids)
    assert view.columnWidth(0) < longest + 14
    assert view.textElideMode() == Qt.TextElideMode.ElideMiddle
    assert view.model().index(0, 0).data() in view.model().index(0, 0).data(Qt.ItemDataRole.ToolTipRole)

    w.resize(1600, 1000)  # a wide window: every id whole, the room left to "Differs in"
    qtbot.waitUntil(lambda: view.viewport().width() > viewport)
    qtbot.waitUntil(lambda: view.columnWidth(0) >= longest + 14 or longest + 14 > fm.horizontalAdvance("M" * 16))
    assert _right_edge(view, 3) == view.viewport().width()
    assert not view.horizontalScrollBar().isVisible()


def test_a_job_s_measure_is_not_used_where_its_thread_measures_otherwise(make_window, qtbot, tmp_path,
                                                                        monkeypatch) -> None:
    """A platform whose workers measured text otherwise than the GUI thread (here: a worker given a font twice
    as large) would have fitted the column to its numbers: they are measured again on the GUI thread."""
    corpus = write_corpus(tmp_path / "corpus")

    def metrics(font: QFont) -> QFontMetrics:
        if threading.current_thread() is threading.main_thread():
            return QFontMetrics(font)
        other = QFont(font)
        other.setPointSizeF(font.pointSizeF() * 2)
        return QFontMetrics(other)

    monkeypatch.setattr(tables, "QFontMetrics", metrics)
    w = make_window()
    open_curation(qtbot, w, corpus)
    view = w.curate.panel.list
    index = w.curate.state.filter_index()
    fm = view.fontMetrics()
    longest = max(fm.horizontalAdvance(d) for d in index.doc_ids)
    assert index.id_widths[view.font().key()] == (longest, fm.horizontalAdvance(tables.PROBE))
    assert view.columnWidth(0) == max(view.horizontalHeader().sectionSizeHint(0), longest + 14)
