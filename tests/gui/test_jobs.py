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


def test_held_quiet_jobs_start_only_when_released_and_only_if_still_wanted(runner, qtbot):
    started: list[str] = []
    done: list[str] = []

    def work(name: str):
        def run(context: JobContext) -> str:
            started.append(name)
            return name
        return run

    runner.hold_quiet()
    runner.submit("superseded", work("superseded"), done.append, key="charts")
    runner.submit("charts", work("charts"), done.append, key="charts")          # supersedes the held one
    runner.submit("intervals", work("intervals"), done.append, key="ci")
    with qtbot.waitSignal(runner.job_finished, timeout=5000):
        runner.submit("scoring", work("scoring"), done.append)                   # MAIN is never held
    qtbot.wait(50)
    assert started == ["scoring"] and runner.running("charts") and runner.running("ci")
    runner.release_quiet()
    qtbot.waitUntil(lambda: sorted(done) == ["charts", "intervals", "scoring"], timeout=5000)
    assert "superseded" not in started
    runner.submit("later", work("later"), done.append, key="ci")                 # no longer held
    qtbot.waitUntil(lambda: "later" in done, timeout=5000)


def test_the_window_runs_quiet_jobs_once_the_first_document_is_painted(qtbot, tmp_path):
    """Opening holds chart/coreference jobs until the text view has painted; then they all run."""
    from PySide6.QtCore import QSettings

    from evmeval_gui.main_window import MainWindow
    from tests.gui.corpus_factory import write_corpus

    corpus = write_corpus(tmp_path / "corpus")
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    held: list[bool] = []
    window.session.scoring_finished.connect(lambda: held.append(window.runner._held is not None))
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    assert held == [True]                                                        # jobs submitted on install wait
    qtbot.waitUntil(lambda: window.runner._held is None, timeout=5000)           # released after the paint
    qtbot.waitUntil(lambda: window.coreference.result is not None, timeout=20_000)


def test_idle_waits_for_quiet_jobs_of_every_key(runner, qtbot):
    """`--screenshot` waits for `idle`: a queued quiet job (sequencing behind coreference) counts too."""
    release = threading.Event()
    done: list[str] = []
    assert runner.idle
    runner.submit("coref", lambda _c: release.wait(5), lambda _v: done.append("coref"), key="coreference")
    runner.submit("seq", lambda _c: "seq", lambda _v: done.append("seq"), key="sequencing")
    assert not runner.idle and not runner.busy  # no main job, yet not idle
    release.set()
    qtbot.waitUntil(lambda: runner.idle, timeout=5000)
    assert sorted(done) == ["coref", "seq"]


def test_the_screenshot_waits_until_every_background_job_has_delivered(runner, qtbot):
    from evmeval_gui.app import _wait_for_background_work

    delivered: list[str] = []
    runner.submit("coref", lambda _c: threading.Event().wait(0.2), lambda _v: delivered.append("coref"),
                  key="coreference")
    runner.submit("seq", lambda _c: "links", delivered.append, key="sequencing")
    _wait_for_background_work(runner, None)
    assert sorted(delivered) == ["coref", "links"]


def test_a_delivered_result_is_frozen_out_of_the_collectors_walks(runner, qtbot):
    """A corpus's tables made by a job live as long as the window shows them: no full collection walks them
    again (tens of ms each at MAVEN-ERE's size); what the job hands over is the same."""
    import gc

    kept: list[dict[str, list[int]]] = []
    with qtbot.waitSignal(runner.job_finished, timeout=5000):
        runner.submit("tables", lambda _context: {f"doc{k}": [k] for k in range(1000)}, kept.append)
    assert kept[0]["doc7"] == [7]
    walked = gc.get_objects()
    assert not any(o is kept[0] or o is kept[0]["doc7"] for o in walked)


def test_a_running_job_shortens_the_interpreters_switch_interval(runner, qtbot):
    """While a job runs, the GUI thread waits at most SWITCH_INTERVAL_S for the interpreter at each call from Qt
    into Python (a paint's `data()` calls), not CPython's 5 ms; once no job runs, the interval is as before."""
    import sys

    from evmeval_gui.jobs import SWITCH_INTERVAL_S

    before = sys.getswitchinterval()
    assert before > SWITCH_INTERVAL_S  # CPython's default, 5 ms
    release = threading.Event()
    seen: list[float] = []

    def slow(context: JobContext) -> float:
        release.wait(5)
        return sys.getswitchinterval()

    def fast(context: JobContext) -> float:
        return sys.getswitchinterval()

    runner.submit("slow", slow, seen.append, key="one")
    with qtbot.waitSignal(runner.job_finished, timeout=5000):  # a second job ends while the first runs
        runner.submit("fast", fast, seen.append)
    short = pytest.approx(SWITCH_INTERVAL_S, rel=0.01)  # (CPython keeps it in microseconds)
    assert seen == [short]
    assert sys.getswitchinterval() == short  # the first still runs
    release.set()
    qtbot.waitUntil(lambda: len(seen) == 2 and not runner.busy, timeout=5000)
    qtbot.waitUntil(lambda: sys.getswitchinterval() == before, timeout=5000)
    assert seen == [short, short]


def test_a_hurried_quiet_job_starts_beside_the_running_one(runner, qtbot):
    """`hurry`: a queued quiet job the user waits for starts now instead of after the running quiet job."""
    release = threading.Event()
    done: list[str] = []

    def slow(context: JobContext) -> str:
        release.wait(10)
        return "slow"

    runner.submit("slow", slow, done.append, key="first")
    runner.submit("wanted", lambda context: "wanted", done.append, key="second")
    runner.hurry("second")
    qtbot.waitUntil(lambda: done == ["wanted"], timeout=5000)
    release.set()
    qtbot.waitUntil(lambda: done == ["wanted", "slow"], timeout=5000)
    runner.submit("after", lambda context: "after", done.append, key="third")  # the queue goes on as before
    qtbot.waitUntil(lambda: done[-1] == "after", timeout=5000)
