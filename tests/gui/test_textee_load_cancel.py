"""Issue 34: a TextEE pair the window reads a document at a time shows the load's progress in the status bar (each
gold document of the index), and the status bar's Cancel ends the load at the next document: the window says it
was cancelled and keeps no half corpus.

The load is held at its first document's report (the session's `load_and_score`, wrapped) so that Cancel is
clicked while the load is under way, whatever the machine's speed."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from evmeval._util.progress import Cancelled
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model import corpus_state as corpus_state_module
from evmeval_gui.model.corpus import load_and_score
from evmeval_gui.model.selection import Selection
from tests.core.test_textee_streamed_load import _pair

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 20_000
DOCUMENTS = 300


class HeldLoad:
    """The session's load, held (until `release`) at its first progress report; what it reported, how it ended."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.reported = threading.Event()
        self.stopped = threading.Event()
        self.steps: list[tuple[int, int]] = []

    def __call__(self, *args: Any, progress: Any, **kwargs: Any) -> Any:
        def step(done: int, total: int) -> None:
            self.steps.append((done, total))
            progress(done, total)
            if len(self.steps) == 1:
                self.reported.set()
                self.release.wait(10)

        try:
            return load_and_score(*args, progress=step, **kwargs)
        except Cancelled:
            self.stopped.set()
            raise


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Any:
    load = HeldLoad()
    monkeypatch.setattr(corpus_state_module, "load_and_score", load)
    yield load
    load.release.set()


def test_cancel_ends_a_textee_load_between_documents(make_window, qtbot, held, tmp_path: Path) -> None:
    window: MainWindow = make_window()
    gold, system = _pair(tmp_path, 21, DOCUMENTS)
    window.open_files(gold, [system])
    qtbot.waitUntil(held.reported.is_set, timeout=TIMEOUT)  # the first document is read, the rest not
    progress = window.status.progress
    qtbot.waitUntil(lambda: progress.maximum() == DOCUMENTS, timeout=TIMEOUT)  # the status bar: 1 of 300
    assert progress.value() == 1 and progress.isVisible() and window.status.cancel_button.isVisible()
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.runner.busy and not window.status.cancel_button.isVisible()
    assert "Cancelled" in window.statusBar().currentMessage()
    held.release.set()
    assert window.runner.shutdown(10)
    assert held.stopped.is_set()  # the load itself stopped (with the library's Cancelled) ...
    assert held.steps == [(1, DOCUMENTS)]  # ... at the next document, not after the other 299
    QApplication.processEvents()  # what the stopped worker posted is dropped
    assert not window.session.loaded and window.session.corpus is None  # no half corpus
    assert window.workspace.stack.currentWidget() is window.welcome
    assert window.session.first_document.document is None and window.session.selection == Selection()
