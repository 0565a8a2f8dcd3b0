"""The curation's opening at scale (issue 34: "responsive throughout", no stall over 50 ms): the turns of the event
loop that fill and show the Curate page do work bounded by what they show, not by the number of disagreements.
What grows with the items (each one's row, the documents, the items of each kind) is read with the curation off
the GUI thread (`FilterIndex`). No clock: the work is counted, per item, on the GUI thread."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from evmeval.agreement import curation as cur
from PySide6.QtCore import Qt

from evmeval_gui.curation.list_model import DisagreementModel
from tests.gui.corpus_factory import DOC1, DOC2, DOC3, GOLD, SYSTEM, SYSTEM_B, token_table
from tests.gui.test_curation_view import NAMES, press
from tests.gui.test_curation_work import open_curation
from tests.gui.test_main_window import LOAD_TIMEOUT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
COPIES = 40
"""Copies of the small corpus's three documents: 40 times its disagreements."""


def _many(folder: Path, copies: int = COPIES) -> Path:
    """The small corpus (`corpus_factory`) with each document copied `copies` times under ids of its own."""
    (folder / "tkn").mkdir(parents=True)
    (folder / "txt").mkdir()
    for name, text in zip(NAMES, (GOLD, SYSTEM, SYSTEM_B), strict=True):
        (folder / name).write_text("".join(re.sub(r"\bdoc(\d)\b", rf"doc\g<1>_{c}", text) for c in range(copies)),
                                   encoding="utf-8")
    for c in range(copies):
        for n, text in enumerate((DOC1, DOC2, DOC3), start=1):
            (folder / "tkn" / f"doc{n}_{c}.tab").write_text(token_table(text), encoding="utf-8")
            if n != 3:
                (folder / "txt" / f"doc{n}_{c}.txt").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def many(tmp_path: Path) -> Path:
    return _many(tmp_path / "many")


def _count_keys_on_the_gui_thread(monkeypatch) -> list[int]:  # type: ignore[no-untyped-def]
    """How many times the GUI thread reads a disagreement's key (the per-item work of a turn), the list's rows
    painted left out (as many as the view shows)."""
    read, painting = [0], [0]
    main = threading.main_thread()
    real_data = DisagreementModel.data

    def key(self: cur.Disagreement) -> tuple[str, int]:
        if threading.current_thread() is main and not painting[0]:
            read[0] += 1
        return (self.doc_id, self.item)

    def data(self, *args):  # type: ignore[no-untyped-def]
        painting[0] += 1
        try:
            return real_data(self, *args)
        finally:
            painting[0] -= 1

    monkeypatch.setattr(cur.Disagreement, "key", property(key))
    monkeypatch.setattr(DisagreementModel, "data", data)
    return read


def test_opening_a_curation_reads_no_item_by_item_on_the_gui_thread(qtbot, make_window, many, monkeypatch):
    read = _count_keys_on_the_gui_thread(monkeypatch)
    window = make_window()
    open_curation(qtbot, window, many)
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)
    panel, state = window.curate.panel, window.curate.state
    total = len(state.curation.disagreements)
    assert total == 7 * COPIES
    # the list's rows, the documents left and "like this (N)" came with the curation: a handful of keys read
    # (the item under review), not one or two per disagreement (before: about 3 x 280 at this size, 30,000 at 2,000
    # documents: 60 ms of the opening's longest turn)
    assert read[0] < COPIES
    assert panel.list_model.rowCount() == total
    assert panel.work.documents.text() == f"<b>{2 * COPIES} of {2 * COPIES}</b> documents remain"
    kind = state.filter_index().kind_of(state.current)
    alike = sum(1 for d in state.curation.disagreements if cur.differs_in(d) == kind)
    assert panel.bulk.alike_button.text() == f"like this ({alike})"
    assert panel.bulk.shown_button.text() == f"all shown ({total})"


def test_a_decision_by_key_reads_no_item_by_item_on_the_gui_thread(qtbot, make_window, many, monkeypatch):
    window = make_window()
    open_curation(qtbot, window, many)
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)
    panel = window.curate.panel
    total = len(window.curate.state.curation.disagreements)
    read = _count_keys_on_the_gui_thread(monkeypatch)
    press(qtbot, window, Qt.Key.Key_1)
    press(qtbot, window, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)
    assert panel.progress.text().startswith(f"<b>2 of {total}</b> decided")
    assert panel.bulk.shown_button.text() == f"all shown ({total - 2})"
    assert read[0] < COPIES


def test_a_curators_keys_and_clicks_make_the_background_jobs_wait_until_they_are_painted(qtbot, make_window, many):
    """The agreement study's jobs (coreference, charts, intervals) and the figures being measured run on while the
    curation is shown; beside a decision they took as much of the interpreter as the GUI thread. Each key and click
    asks them to wait, as a document switch of the Compare mode does."""
    window = make_window()
    open_curation(qtbot, window, many)
    panel, runner = window.curate.panel, window.runner
    state = window.curate.state

    def done_by(act) -> bool:  # type: ignore[no-untyped-def]
        qtbot.waitUntil(lambda: not runner.quiet_paused, timeout=LOAD_TIMEOUT)
        before = state.log, state.done, state.current
        act()
        assert (state.log, state.done, state.current) != before  # it did something
        return runner.quiet_paused

    assert done_by(lambda: press(qtbot, window, Qt.Key.Key_1))
    assert done_by(lambda: press(qtbot, window, Qt.Key.Key_Delete))
    assert done_by(lambda: qtbot.keyClick(panel.list, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier))
    first = panel.list.visualRect(panel.list_model.index(0, 1)).center()
    assert done_by(lambda: qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=first))
    assert done_by(lambda: press(qtbot, window, Qt.Key.Key_Backspace))  # the first item's decision reverted
    assert state.decision(state.current) == ""


def test_the_page_is_shown_in_one_turn_and_first_painted_in_the_next(qtbot, make_window, tmp_path) -> None:
    """The Curate page's first show (8-32 ms of GUI CPU at 2,000 documents) and its first paint (15-17 ms) were one
    gap of the event loop: the page is shown with its updates off, and painted when the next turn turns them on."""
    from PySide6.QtCore import QEvent, QObject

    from tests.gui.corpus_factory import write_corpus

    class Paints(QObject):
        count = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                Paints.count += 1
            return False

    w = make_window()
    at_show: list[tuple[bool, int]] = []

    def watch(mode) -> None:  # type: ignore[no-untyped-def]
        paints = Paints(mode.panel)
        mode.panel.list.viewport().installEventFilter(paints)
        mode.after_shown.append(lambda: at_show.append((mode.panel.updatesEnabled(), Paints.count)))

    w.curation.when_ready(watch)
    open_curation(qtbot, w, write_corpus(tmp_path / "corpus"))
    panel = w.curate.panel
    assert at_show == [(False, 0)]  # shown (the Agreement mode left) with its updates off, not painted yet
    qtbot.waitUntil(lambda: panel.updatesEnabled() and Paints.count > 0)  # the next turn: on, and painted
    assert panel.list.isVisible() and panel.list.model().rowCount() > 0
