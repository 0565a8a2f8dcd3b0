"""The background job runner: results on the GUI thread, superseding, cancelling, failures."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtWidgets import QApplication

from evmeval_gui.jobs import JobCancelled, JobContext, JobRunner


@pytest.fixture
def runner(qtbot):
    r = JobRunner()
    yield r
    assert r.shutdown(10)


def test_result_arrives_on_the_gui_thread(runner, qtbot):
    got: list[tuple[int, bool]] = []

    def work(context: JobContext) -> int:
        assert threading.current_thread() is not threading.main_thread()
        context.progress(1, 1)
        return 42

    with qtbot.waitSignal(runner.job_finished, timeout=5000) as finished:
        runner.submit("answer", work, lambda value: got.append((value, threading.current_thread()
                                                                   is threading.main_thread())))
    assert finished.args == ["answer", "done"]
    assert got == [(42, True)]
    assert not runner.busy


def test_a_new_job_supersedes_the_old_one(runner, qtbot):
    release = threading.Event()
    first_saw_cancel = threading.Event()
    results: list[str] = []

    def slow(context: JobContext) -> str:
        release.wait(10)
        if context.cancelled():
            first_saw_cancel.set()
        return "old"

    runner.submit("old", slow, results.append)
    with qtbot.waitSignal(runner.job_finished, timeout=5000,
                          check_params_cb=lambda label, outcome: label == "new"):
        runner.submit("new", lambda context: "new", results.append)
    release.set()
    assert runner.shutdown(10)
    QApplication.processEvents()  # delivers what the joined worker posted; it must be dropped
    assert results == ["new"]
    assert first_saw_cancel.is_set()


def test_cancel_stops_the_job_and_drops_its_result(runner, qtbot):
    started, release = threading.Event(), threading.Event()
    results: list[object] = []
    cancelled: list[bool] = []
    raised: list[bool] = []

    def work(context: JobContext) -> str:
        started.set()
        release.wait(10)
        try:
            context.check()
        except JobCancelled:
            raised.append(True)
            raise
        return "never"

    runner.submit("work", work, results.append, on_cancelled=lambda: cancelled.append(True))
    assert started.wait(5)
    runner.cancel()
    assert cancelled == [True] and not runner.busy
    release.set()
    assert runner.shutdown(10)
    assert raised == [True]
    QApplication.processEvents()  # delivers what the joined worker posted
    assert results == []


def test_failures_go_to_on_error(runner, qtbot):
    errors: list[BaseException] = []

    def broken(context: JobContext) -> None:
        raise ValueError("bad input")

    with qtbot.waitSignal(runner.job_finished, timeout=5000) as finished:
        runner.submit("broken", broken, lambda _: None, on_error=errors.append)
    assert finished.args == ["broken", "failed"]
    assert [str(e) for e in errors] == ["bad input"]


def test_job_cancelled_raised_by_work_counts_as_cancelled(runner, qtbot):
    def work(context: JobContext) -> None:
        raise JobCancelled()

    with qtbot.waitSignal(runner.job_finished, timeout=5000) as finished:
        runner.submit("stop", work, lambda _: None)
    assert finished.args == ["stop", "cancelled"]
