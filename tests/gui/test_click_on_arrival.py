"""Issue 34: a click never shares its turn with the corpus's arrival (or any job's result handed over).

A job's result is a posted call, a paint a posted event of low priority: a corpus load that ended while a click's
work ran was taken in before the click's paint (10-15 ms of GUI CPU and the whole window repainted), and the click
waited for both. A result (a part of one, a failure) that comes while the GUI thread works for the user now waits
until that work is painted (`jobs._in_turn`), then comes in a turn of its own, in the order the results came.
The load is held once its result is made and let go during the click's own work, as when it ends then.
"""

from __future__ import annotations

import itertools
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject

from evmeval_gui.jobs import JobRunner, gui_at_work
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model import corpus_state
from evmeval_gui.model.jobs import JobContext
from tests.gui.corpus_factory import write_corpus
from tests.gui.test_scale_window import click_document

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 20_000


class Paints(QObject):
    """Each paint of the text view: the document it shows and whether the corpus was taken in by then."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.seen: list[tuple[str | None, bool]] = []
        window.text_view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            doc = self.window.text_view.doc
            self.seen.append((doc.doc_id if doc is not None else None, self.window.session.loaded))
        return False


@pytest.fixture
def load_ends_in_a_click(monkeypatch):  # type: ignore[no-untyped-def]
    """The load's worker waits with its result made until `release()`, which returns once the result is posted to
    the GUI thread (it is then taken in at the next pass of the event loop that may)."""
    made, go, posted = threading.Event(), threading.Event(), threading.Event()
    arrival, deliver = corpus_state.arrival, JobRunner._deliver

    def held(*args, **kwargs):  # type: ignore[no-untyped-def]
        ready = arrival(*args, **kwargs)
        made.set()
        go.wait(10)
        return ready

    def noted(signal, job_id: int, payload: object) -> None:  # type: ignore[no-untyped-def]
        deliver(signal, job_id, payload)
        if go.is_set():
            posted.set()

    def release() -> None:
        go.set()
        assert posted.wait(10)

    monkeypatch.setattr(corpus_state, "arrival", held)
    monkeypatch.setattr(JobRunner, "_deliver", staticmethod(noted))
    release.made = made  # type: ignore[attr-defined]
    yield release
    go.set()


def test_a_click_is_painted_before_the_corpus_that_arrives_during_it_is_taken_in(make_window, qtbot, tmp_path: Path,
                                                                                  load_ends_in_a_click):
    corpus = write_corpus(tmp_path / "corpus")
    window: MainWindow = make_window()
    window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    qtbot.waitUntil(load_ends_in_a_click.made.is_set, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.text_view.doc is not None and window.text_view.doc.doc_id == "doc1",
                    timeout=TIMEOUT)
    assert not window.session.loaded
    paints = Paints(window)

    def ends_now(_selection: object) -> None:  # the load ends while the click's work runs
        if window.session.selection.doc_id == "doc2":
            window.session.selection_changed.disconnect(ends_now)
            load_ends_in_a_click()

    window.session.selection_changed.connect(ends_now)
    click_document(qtbot, window, "doc2")
    qtbot.waitUntil(lambda: window.session.loaded, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: ("doc2", True) in paints.seen, timeout=TIMEOUT)
    shown = [loaded for doc_id, loaded in paints.seen if doc_id == "doc2"]
    assert shown[0] is False, paints.seen  # the click painted, its document scored on its own; the corpus after
    # then the corpus is in, and the clicked document stays shown with it
    assert window.document_pane.doc_id == "doc2" and window.text_view.doc.doc_id == "doc2"
    assert window.session.selection.doc_id == "doc2"
    result = window.session.result
    assert result is not None
    assert window.summary.figure_text("micro_f1") == f"{100 * result.micro['plain'].f1:.2f} %"
    assert window.documents.count_label.text().startswith("3 documents")
    assert sorted(window.documents.visible_doc_ids()) == ["doc1", "doc2", "doc3"]


@pytest.fixture
def runner(qtbot):  # type: ignore[no-untyped-def]
    r = JobRunner()
    yield r
    assert r.shutdown(10)


def test_results_wait_while_the_gui_thread_works_for_the_user_then_come_in_order(runner, qtbot):
    got: list[str] = []

    def work(context: JobContext) -> str:
        context.deliver("part")
        return "whole"

    gui_at_work()  # a click's work: its paint is still to come
    runner.submit("work", work, lambda value: got.append(f"{value}, taken in"),
                  on_partial=lambda value: got.append(f"{value} shown"))
    runner._threads[-1].join(10)
    QCoreApplication.sendPostedEvents()  # what the worker posted, before any timer (the paint's) ran
    assert got == []
    assert runner.running()
    qtbot.waitUntil(lambda: len(got) == 2, timeout=TIMEOUT)
    assert got == ["part shown", "whole, taken in"]
    assert not runner.running()


def test_a_result_that_waited_is_dropped_when_its_job_is_cancelled_meanwhile(runner, qtbot):
    got: list[str] = []
    gui_at_work()
    runner.submit("work", lambda _context: "whole", got.append)
    runner._threads[-1].join(10)
    QCoreApplication.sendPostedEvents()
    runner.cancel()
    qtbot.waitUntil(lambda: not runner.all_paused, timeout=TIMEOUT)
    QCoreApplication.processEvents()
    assert got == []


def test_the_arrival_made_by_the_load_checks_between_its_passes_over_the_corpus(tmp_path: Path, monkeypatch):
    """The jobs' gate holds the load's worker only at a check: each of the arrival's passes (10-250 ms at 4,480
    documents) has one before it, so a click made meanwhile does not share the interpreter with the rest."""
    from evmeval.mention.type_names import SpellingCache

    from evmeval_gui.model.corpus import load_and_score, make_request

    corpus = write_corpus(tmp_path / "corpus")
    loaded, result = load_and_score(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]))
    log: list[str] = []

    def logged(name: str, call):  # type: ignore[no-untyped-def]
        def run(*args, **kwargs):  # type: ignore[no-untyped-def]
            log.append(name)
            return call(*args, **kwargs)
        return run

    monkeypatch.setattr(SpellingCache, "type_names", logged("spellings", SpellingCache.type_names))
    monkeypatch.setattr(corpus_state, "relation_kinds_in", logged("relation kinds", corpus_state.relation_kinds_in))
    monkeypatch.setattr(corpus_state, "ask_passes", logged("passes", corpus_state.ask_passes))
    monkeypatch.setattr(corpus_state, "worst_first", logged("order", corpus_state.worst_first))
    ready = corpus_state.arrival(loaded, result, 0, "plain", lambda: log.append("check"))
    passes = [name for name in log if name != "check"]
    assert passes == ["spellings"] + ["relation kinds"] * 3 + ["passes", "order"]
    assert all("check" in pair for pair in itertools.pairwise(log)), log  # never two passes in a row
    assert log[0] == "check"
    assert [doc.doc_id for doc in ready.worst_first[1]] == [d.doc_id for d in corpus_state.worst_first(result, "plain")]
