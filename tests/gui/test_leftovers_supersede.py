"""A curation opening superseded by another main job started from the window (F5 compares the annotators
again) gives up the lock it took at once, not when the window closes: the runner runs a superseded job's
`on_cancelled`, as it does for one the user cancelled."""

from __future__ import annotations

import os
import threading

import pytest

from tests.gui.test_curation_view import corpus
from tests.gui.test_scale_curation import hold_curation_opening

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus"]


def test_a_curation_opening_superseded_by_another_job_leaves_no_lock(qtbot, make_window, corpus, monkeypatch):
    from evmeval.agreement import curation_lock as lock
    from PySide6.QtCore import Qt

    from tests.gui.test_main_window import LOAD_TIMEOUT

    window, path, keys, release = hold_curation_opening(qtbot, make_window, corpus, monkeypatch)
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_F5)  # compare again: a main job, superseding the opening
        assert not os.path.exists(path)  # given up as it is superseded
    release.set()  # the opening's work ends normally; its result is dropped
    assert not window.curate.active and window.curate.state is None
    assert not os.path.exists(path)
    # asked again, it opens and holds the lock
    qtbot.keyClick(window, Qt.Key.Key_U, keys)
    qtbot.waitUntil(lambda: window.curate.active, timeout=LOAD_TIMEOUT)
    assert lock.holds(window.curate.save_folder, window.curate.key, window.curate.owner)


def test_a_superseded_jobs_on_cancelled_runs_once_the_new_job_runs(qtbot):
    """Its callback can tell a superseded job (another runs) from one the user cancelled (none runs)."""
    from evmeval_gui.jobs import JobContext, JobRunner

    runner = JobRunner()
    release = threading.Event()
    seen: list[tuple[str, bool]] = []

    def held(context: JobContext) -> str:
        release.wait(10)
        return "held"

    results: list[object] = []
    runner.submit("first", held, results.append, on_cancelled=lambda: seen.append(("first", runner.running())))
    runner.submit("second", held, results.append, on_cancelled=lambda: seen.append(("second", runner.running())))
    assert seen == [("first", True)]
    runner.cancel()
    assert seen == [("first", True), ("second", False)]
    release.set()
    assert runner.shutdown(10)
    assert results == []  # neither result was delivered
