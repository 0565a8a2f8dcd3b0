"""Every job, the corpus load included, waits while the GUI thread works for the user (issue 34).

A worker running Python beside the GUI thread shares the interpreter lock with it: a click on a document not
scored yet took 2-5 times its own CPU in wall time while the corpus loaded. So while the GUI thread runs a turn of
`evmeval_gui.turns` or a selection change, and until that is painted, every job waits at its next cancel check;
Cancel and closing the window open the gate first (the GUI thread must never wait for a worker that waits for it).
No clock is asserted: a worker that is not held moves within the waits below (it moves every ~1 ms).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.jobs import MAIN, JobContext, JobRunner
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model import jobs as model_jobs
from evmeval_gui.turns import Steps, next_turn
from tests.gui.corpus_factory import write_corpus
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

MOVES_WITHIN_S = 0.2
"""How long a probe gives a worker to move (a free one moves every ~1 ms; a held one never within 30 s)."""


class Looping:
    """A job's work that loops on its cancel check, counting, until cancelled."""

    def __init__(self) -> None:
        self.count = 0
        self.moved = threading.Event()
        self.ended = threading.Event()

    def __call__(self, context: JobContext) -> int:
        try:
            while not context.cancelled():
                self.count += 1
                self.moved.set()
                threading.Event().wait(0.0005)  # (not to spin a core the other tests share)
            return self.count
        finally:
            self.ended.set()

    def held(self) -> bool:
        """On the GUI thread: whether the worker makes no progress for a while (at most one step it had begun)."""
        before = self.count
        for _ in range(2):
            self.moved.clear()
            self.moved.wait(MOVES_WITHIN_S)
        return self.count - before <= 1

    def moves(self, qtbot) -> None:
        """Wait until the worker makes progress again (the event loop running meanwhile)."""
        before = self.count
        qtbot.waitUntil(lambda: self.count > before + 2, timeout=10_000)


@pytest.fixture
def runner(qtbot) -> Iterator[JobRunner]:
    r = JobRunner()
    yield r
    assert r.shutdown(10)


@pytest.fixture
def held_long(monkeypatch) -> None:
    """A closed gate holds a job for 30 s, not the safety net's quarter of a second."""
    monkeypatch.setattr(model_jobs, "PAUSE_WAIT_S", 30.0)


def test_a_main_job_makes_no_progress_during_a_turn_and_goes_on_after_it(runner, qtbot, held_long):
    work = Looping()
    runner.submit("Opening a corpus", work, lambda _v: None, key=MAIN)
    work.moves(qtbot)
    seen: list[tuple[bool, bool]] = []
    next_turn(lambda: seen.append((runner.all_paused, work.held())))
    qtbot.waitUntil(lambda: bool(seen), timeout=10_000)
    assert seen == [(True, True)]
    qtbot.waitUntil(lambda: not runner.all_paused, timeout=10_000)  # painted: the gate opens by itself
    work.moves(qtbot)
    runner.cancel()
    qtbot.waitUntil(work.ended.is_set, timeout=10_000)


def test_quiet_and_main_jobs_wait_through_every_step_of_a_chain_of_turns(runner, qtbot, held_long):
    main, quiet = Looping(), Looping()
    runner.submit("Opening a corpus", main, lambda _v: None, key=MAIN)
    runner.submit("Charts", quiet, lambda _v: None, key="charts")
    main.moves(qtbot)
    quiet.moves(qtbot)
    seen: list[bool] = []

    def step() -> None:
        seen.append(main.held() and quiet.held())

    steps = Steps(runner)
    steps.start([step, step, step])
    qtbot.waitUntil(lambda: len(seen) == 3, timeout=20_000)
    assert seen == [True, True, True]
    main.moves(qtbot)
    runner.cancel()
    runner.cancel("charts")
    qtbot.waitUntil(lambda: main.ended.is_set() and quiet.ended.is_set(), timeout=10_000)


def test_a_job_hurried_by_the_user_does_not_wait_for_the_turn(runner, qtbot, held_long):
    first, hurried = Looping(), Looping()
    runner.submit("Coreference", first, lambda _v: None, key="coreference")
    first.moves(qtbot)
    runner.submit("Charts' library", hurried, lambda _v: None, key="warm")  # queued behind the first
    seen: list[bool] = []

    def turn() -> None:
        runner.hurry("warm")  # a click on the Charts dock: the user waits for it
        seen.append(hurried.held())

    next_turn(turn)
    qtbot.waitUntil(lambda: bool(seen), timeout=10_000)
    assert seen == [False]
    runner.cancel("coreference")
    runner.cancel("warm")
    qtbot.waitUntil(lambda: first.ended.is_set() and hurried.ended.is_set(), timeout=10_000)


def _window(qtbot, tmp_path: Path) -> MainWindow:
    corpus = write_corpus(tmp_path / "c")
    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    qtbot.waitUntil(lambda: window.runner.idle and not window.runner.all_paused, timeout=20_000)
    return window


def _click_document(qtbot, window: MainWindow, doc_id: str) -> None:
    table = window.documents.table
    row = window.documents.visible_doc_ids().index(doc_id)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.visualRect(table.model().index(row, 1)).center())


def test_a_click_on_a_document_holds_the_main_job_until_it_is_painted(qtbot, tmp_path, held_long):
    window = _window(qtbot, tmp_path)
    work = Looping()
    window.runner.submit("Scoring", work, lambda _v: None, key=MAIN)
    work.moves(qtbot)
    seen: list[bool] = []
    window.session.selection_changed.connect(lambda _s: seen.append(work.held()))  # while the views draw it
    _click_document(qtbot, window, "doc2")
    assert window.session.selection.doc_id == "doc2"
    assert seen == [True]
    work.moves(qtbot)  # once the switch is painted
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(work.ended.is_set, timeout=10_000)


def test_cancel_during_a_turn_ends_a_job_held_at_its_check(qtbot, tmp_path, held_long):
    """Cancel opens the gate: the job ends even though the GUI thread's turn, which holds it, goes on."""
    window = _window(qtbot, tmp_path)
    work = Looping()
    outcomes: list[str] = []
    window.runner.job_finished.connect(lambda _label, outcome: outcomes.append(outcome))
    window.runner.submit("Scoring", work, lambda _v: None, key=MAIN)
    work.moves(qtbot)
    seen: list[tuple[bool, bool]] = []

    def turn() -> None:
        held = work.held()
        qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
        seen.append((held, work.ended.wait(10)))  # still in the turn: the worker must not wait for it

    next_turn(turn)
    qtbot.waitUntil(lambda: bool(seen), timeout=30_000)
    assert seen == [(True, True)]
    assert outcomes == ["cancelled"]


def test_closing_the_window_during_a_turn_ends_a_job_held_at_its_check(qtbot, tmp_path, held_long):
    window = _window(qtbot, tmp_path)
    work = Looping()
    window.runner.submit("Scoring", work, lambda _v: None, key=MAIN)
    work.moves(qtbot)
    seen: list[tuple[bool, bool]] = []

    def turn() -> None:
        held = work.held()
        window.close()  # joins the workers: the one held at its check is let go first
        seen.append((held, work.ended.is_set()))

    next_turn(turn)
    qtbot.waitUntil(lambda: bool(seen), timeout=30_000)
    assert seen == [(True, True)]
