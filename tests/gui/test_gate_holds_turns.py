"""Issue 34: every job waits until the LAST turn a click put off has run and is painted, not only its first paint.

A long document's layout runs in turns after the click (`views/text_steps.py`); the jobs' gate opened after the
click's first paint, so the corpus load's worker ran beside the rest of the click. The gate now stays shut while a
turn is pending, within bounds (`jobs.HOLD_TURNS` turns, `model.jobs.PAUSE_WAIT_S`): a longer chain of turns runs
beside the jobs. Closing the window opens it. The gate is observed after every pass of the event loop (a zero
timer), no clock is asserted.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QTimer

from evmeval_gui import jobs
from evmeval_gui.jobs import MAIN, JobRunner
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model import jobs as model_jobs
from evmeval_gui.turns import Steps, next_turn
from tests.gui.test_jobs_give_way import Looping
from tests.gui.test_long_document_steps import show_long, write_long_corpus
from tests.gui.test_scale_window import click_document
from tests.gui.windows import opened

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 20_000


@pytest.fixture
def held_long(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A closed gate holds a job for 30 s (and pending turns hold it as long), not a quarter of a second."""
    monkeypatch.setattr(model_jobs, "PAUSE_WAIT_S", 30.0)


@pytest.fixture
def runner(qtbot) -> Iterator[JobRunner]:  # type: ignore[no-untyped-def]
    r = JobRunner()
    yield r
    assert r.shutdown(10)


@pytest.fixture
def long_window(make_window, qtbot, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    window: MainWindow = opened(qtbot, make_window(), write_long_corpus(tmp_path / "corpus"), TIMEOUT)
    click_document(qtbot, window, "short")
    qtbot.waitUntil(lambda: window.text_view.doc is not None and not window.runner.all_paused, timeout=TIMEOUT)
    return window


class Passes:
    """What `probe()` says after every pass of the event loop (a repeating zero timer)."""

    def __init__(self, probe) -> None:  # type: ignore[no-untyped-def]
        self.seen: list[tuple[bool, ...]] = []
        self._timer = QTimer()
        self._timer.setInterval(0)
        self._timer.timeout.connect(lambda: self.seen.append(probe()))
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()


def test_a_click_on_a_long_document_holds_the_jobs_until_its_last_layout_turn(long_window, qtbot, held_long):
    window, view = long_window, long_window.text_view
    show_long(qtbot, window)  # its text read in the background: its arrival's turn lays out the first screen
    passes = Passes(lambda: (window.runner.all_paused, view.layout_data is not None and view.layout_data.complete))
    assert view.layout_data is not None and not view.layout_data.complete  # the rest is placed in later turns
    assert window.runner.all_paused
    qtbot.waitUntil(lambda: view.layout_data is not None and view.layout_data.complete, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not window.runner.all_paused, timeout=TIMEOUT)  # painted: it opens by itself
    passes.stop()
    placing = [paused for paused, complete in passes.seen if not complete]
    assert len(placing) >= 2  # (passes of the event loop between the layout's turns)
    assert all(placing), placing  # shut through every pass while the layout's turns were pending


def test_a_chain_longer_than_the_bound_lets_the_jobs_go_on(runner, qtbot, held_long, monkeypatch):
    monkeypatch.setattr(jobs, "HOLD_TURNS", 6)
    work = Looping()
    runner.submit("Opening a corpus", work, lambda _v: None, key=MAIN)
    work.moves(qtbot)
    seen: list[tuple[bool, bool]] = []

    def step() -> None:
        paused = runner.all_paused
        seen.append((paused, not paused and not work.held()))  # open: the worker moves, during the chain

    steps = Steps(runner)
    steps.start([step] * 14)
    qtbot.waitUntil(lambda: len(seen) == 14, timeout=TIMEOUT)
    assert seen[:6] == [(True, False)] * 6  # the first turns hold it, as a click's would
    assert seen[-4:] == [(False, True)] * 4  # beyond the bound the chain runs beside the job
    runner.cancel()
    qtbot.waitUntil(work.ended.is_set, timeout=TIMEOUT)


def test_an_endless_chain_lets_the_jobs_go_on_within_the_time_bound(runner, qtbot, monkeypatch):
    monkeypatch.setattr(model_jobs, "PAUSE_WAIT_S", 0.05)
    monkeypatch.setattr(jobs, "HOLD_TURNS", 10**9)
    work = Looping()
    runner.submit("Opening a corpus", work, lambda _v: None, key=MAIN)
    work.moves(qtbot)
    going = [True]

    def turn() -> None:
        if going[0]:
            next_turn(turn)

    next_turn(turn)
    assert runner.all_paused
    qtbot.waitUntil(lambda: not runner.all_paused, timeout=TIMEOUT)
    work.moves(qtbot)  # while the chain goes on
    assert going[0]
    going[0] = False
    runner.cancel()
    qtbot.waitUntil(work.ended.is_set, timeout=TIMEOUT)


def test_a_turn_dropped_with_its_owner_no_longer_holds_the_jobs(runner, qtbot, held_long):
    work = Looping()
    runner.submit("Opening a corpus", work, lambda _v: None, key=MAIN)
    work.moves(qtbot)
    ran: list[str] = []
    owner = QObject()
    next_turn(lambda: ran.append("dropped"), owner)
    next_turn(lambda: ran.append("kept"))
    owner.deleteLater()  # e.g. a page closed before its turn
    assert runner.all_paused
    qtbot.waitUntil(lambda: not runner.all_paused, timeout=TIMEOUT)  # not the 30 s bound
    work.moves(qtbot)
    assert ran == ["kept"]
    runner.cancel()
    qtbot.waitUntil(work.ended.is_set, timeout=TIMEOUT)


def test_closing_the_window_in_a_chain_of_turns_opens_the_gate(long_window, qtbot, held_long):
    window, view = long_window, long_window.text_view
    work = Looping()
    window.runner.submit("Scoring", work, lambda _v: None, key=MAIN)
    work.moves(qtbot)
    show_long(qtbot, window)
    assert view.layout_data is not None and not view.layout_data.complete and window.runner.all_paused
    window.close()  # joins the workers: the one held at its check is let go first
    assert work.ended.is_set()
    assert not window.runner.all_paused
    qtbot.waitUntil(lambda: not window.runner.all_paused, timeout=TIMEOUT)
