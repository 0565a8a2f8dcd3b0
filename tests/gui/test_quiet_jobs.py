"""Quiet (non-MAIN) jobs run one at a time and pause while the user switches documents (issue 16)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.jobs import MAIN, JobContext, JobRunner
from evmeval_gui.model import jobs as model_jobs
from tests.gui.corpus_factory import write_corpus
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def runner(qtbot):
    r = JobRunner()
    yield r
    assert r.shutdown(10)


def test_a_quiet_job_starts_only_once_the_previous_quiet_job_s_thread_ended(runner, qtbot):
    release_first = threading.Event()
    second_started = threading.Event()
    seen_by_first: list[bool] = []
    done: list[str] = []

    def first(context: JobContext) -> str:
        release_first.wait(10)
        seen_by_first.append(second_started.is_set())  # still on the first's thread: the second waits
        return "first"

    def second(context: JobContext) -> str:
        second_started.set()
        return "second"

    runner.submit("first", first, done.append, key="charts")
    runner.submit("second", second, done.append, key="coreference")
    release_first.set()
    qtbot.waitUntil(lambda: len(done) == 2, timeout=10_000)
    assert seen_by_first == [False] and done == ["first", "second"]


def test_a_superseded_queued_quiet_job_never_runs(runner, qtbot):
    release = threading.Event()
    ran: list[str] = []
    done: list[str] = []
    runner.submit("slow", lambda c: (release.wait(10), "slow")[1], done.append, key="a")
    runner.submit("old", lambda c: ran.append("old") or "old", done.append, key="b")
    runner.submit("new", lambda c: ran.append("new") or "new", done.append, key="b")
    release.set()
    qtbot.waitUntil(lambda: len(done) == 2, timeout=10_000)
    assert ran == ["new"] and done == ["slow", "new"]


def test_paused_quiet_jobs_wait_at_their_cancel_check_and_main_jobs_only_until_the_paint(runner, qtbot, monkeypatch):
    """(Every job waits while the GUI thread works for the user: `test_jobs_give_way.py`.)"""
    monkeypatch.setattr(model_jobs, "PAUSE_WAIT_S", 30.0)
    entered, passed, main_passed = threading.Event(), threading.Event(), threading.Event()

    def quiet(context: JobContext) -> None:
        entered.set()
        context.check()
        passed.set()

    def main(context: JobContext) -> None:
        context.check()
        main_passed.set()

    runner.pause_quiet(60_000)
    assert runner.quiet_paused
    runner.submit("quiet", quiet, lambda _v: None, key="charts")
    runner.submit("main", main, lambda _v: None, key=MAIN)
    qtbot.waitUntil(lambda: entered.is_set() and main_passed.is_set(), timeout=10_000)
    assert not passed.is_set()  # its gate is closed for a minute
    runner.pause_quiet(0)  # the user is idle again
    qtbot.waitUntil(passed.is_set, timeout=10_000)
    assert not runner.quiet_paused


def test_quiet_jobs_wait_while_an_exclusive_main_job_runs_and_not_for_an_ordinary_one(runner, qtbot, monkeypatch):
    """Issue 34: a curation's opening or batch is what the user waits for; the jobs left from the Agreement mode
    (its intervals, the pair's counts) shared the interpreter with it and with the window meanwhile."""
    monkeypatch.setattr(model_jobs, "PAUSE_WAIT_S", 30.0)
    release_main, entered, passed = threading.Event(), threading.Event(), threading.Event()
    done: list[str] = []

    def quiet(context: JobContext) -> str:
        entered.set()
        context.check()
        passed.set()
        return "quiet"

    paused_when_drawn: list[bool] = []

    def drawn(value: str) -> None:
        done.append(value)
        paused_when_drawn.append(runner.quiet_paused)

    runner.submit("batch", lambda c: (release_main.wait(10), "batch")[1], drawn, key=MAIN, exclusive=True)
    assert runner.quiet_paused
    runner.submit("intervals", quiet, done.append, key="agreement_ci")
    qtbot.waitUntil(entered.is_set, timeout=10_000)
    qtbot.wait(100)
    assert not passed.is_set()  # waiting at its check while the batch runs
    release_main.set()
    qtbot.waitUntil(lambda: done == ["batch", "quiet"], timeout=10_000)
    assert paused_when_drawn == [True]  # and a moment more, while the batch is drawn
    assert not runner.quiet_paused
    # an ordinary MAIN job (a load, a comparison) leaves quiet jobs alone
    release_main.clear()
    runner.submit("load", lambda c: (release_main.wait(10), "load")[1], done.append, key=MAIN)
    assert not runner.quiet_paused
    release_main.set()
    qtbot.waitUntil(lambda: done[-1] == "load", timeout=10_000)


def test_switching_documents_in_the_window_pauses_quiet_jobs(qtbot, tmp_path: Path):
    corpus = write_corpus(tmp_path / "c")
    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    qtbot.waitUntil(lambda: not window.runner.quiet_paused, timeout=10_000)
    table = window.documents.table
    row = window.documents.visible_doc_ids().index("doc2")
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.visualRect(table.model().index(row, 1)).center())
    assert window.session.selection.doc_id == "doc2"
    assert window.runner.quiet_paused
    qtbot.waitUntil(lambda: not window.runner.quiet_paused, timeout=10_000)


def test_the_muc_and_gate_count_waits_at_a_document_while_the_user_switches(runner, qtbot, monkeypatch):
    """Issue 26: the count ran seconds at MAVEN-ERE's size without a cancel check, holding the interpreter
    through the first document switches after a load; it now waits between documents, and counts the same."""
    from dataclasses import replace

    from evmeval.mention.schemes import scheme_scores

    from evmeval_gui.align.state import AlignmentFigures
    from evmeval_gui.model.corpus import make_request
    from evmeval_gui.model.session import Session

    data = Path(__file__).resolve().parents[1] / "data" / "aligngui"
    session = Session(model_jobs.ImmediateRunner())
    session.open(make_request(str(data / "gold.tbf"), [str(data / "system.tbf")]))
    session.corpus_state.runner = runner  # from here on, background work as in the window
    figures = AlignmentFigures(session)
    monkeypatch.setattr(model_jobs, "PAUSE_WAIT_S", 30.0)
    runner.pause_quiet(60_000)  # the user is switching documents
    assert figures.recount()
    qtbot.wait(300)
    assert figures.schemes is None and runner.running("schemes")  # waiting at its first document
    runner.pause_quiet(0)  # idle again
    qtbot.waitUntil(lambda: figures.schemes is not None, timeout=10_000)
    # the corpus's figures, as the plain count gives them (a document's are counted when shown: issue 34)
    assert figures.schemes == replace(scheme_scores(session.result), documents=())
