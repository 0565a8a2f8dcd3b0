"""A curation of 2,000 documents keeps the window answering while it opens and while a batch is made
(issue 34): what the GUI thread did in one long pause is made off it, or in turns of the event loop of its own,
and the workers hand the interpreter over at their cancel checks. No clock is read here: the tests assert
where and when the work runs (the structure), `benchmarks/window_scale_bench.py --only curation` the times."""

from __future__ import annotations

import inspect
import threading

import pytest
from evmeval.agreement import curation as curation_module
from evmeval.compare import agreement as compare_agreement
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.agreement.mode import INTERVALS_JOB
from evmeval_gui.agreement.state import AgreementRequest
from evmeval_gui.curation import filter as filter_module
from evmeval_gui.curation import mode as mode_module
from evmeval_gui.curation import panel as panel_module
from evmeval_gui.curation.state import CurationState
from evmeval_gui.model import jobs as model_jobs
from tests.gui.test_curation_view import NAMES, cells, corpus, press
from tests.gui.test_curation_view import files as view_files
from tests.gui.test_curation_work import open_curation
from tests.gui.test_main_window import LOAD_TIMEOUT
from tests.gui.windows import POPUP_WARNINGS, choose, watch_import

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus"]
CURATE_KEYS = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _compare(qtbot, window, corpus) -> None:  # type: ignore[no-untyped-def]
    request = AgreementRequest(tuple(str(corpus / n) for n in NAMES), str(corpus / "tkn"), str(corpus / "txt"))
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        window.open_agreement(request)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def test_the_list_filters_are_read_with_the_curation_off_the_gui_thread(qtbot, make_window, corpus, monkeypatch):
    made_on: list[bool] = []
    real = filter_module.FilterIndex.__init__

    def recording(self, disagreements) -> None:  # type: ignore[no-untyped-def]
        made_on.append(threading.current_thread() is threading.main_thread())
        real(self, disagreements)

    monkeypatch.setattr(filter_module.FilterIndex, "__init__", recording)
    window = make_window()
    open_curation(qtbot, window, corpus)
    # what each item differs in (0.1 s at 10,000 items) was read by the job that found the disagreements
    assert made_on == [False]
    panel = window.curate.panel
    assert panel.filters.differs.count() > 1 and panel.list.model().rowCount() > 2


def _delivering() -> bool:
    """Whether this runs inside the job runner's delivery of a job's result (one turn of the event loop)."""
    return any(frame.function == "_on_succeeded" for frame in inspect.stack())


def test_the_curate_page_is_built_when_the_disagreements_arrive_then_filled_and_shown_in_turns(
        qtbot, make_window, corpus, monkeypatch):
    """Built while the worker found the disagreements, the page's widgets stalled the window 300-400 ms (the worker
    holding the interpreter at each of their calls into Python); now they are made in the turn that receives the
    curation, the list filled in the next turn and the page shown in the one after."""
    release = threading.Event()
    real_state = mode_module.CurationState

    class HeldBack(real_state):  # type: ignore[misc, valid-type]
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            release.wait(LOAD_TIMEOUT / 1000)
            super().__init__(*args, **kwargs)

    events: list[tuple[str, bool, bool]] = []
    real_init = panel_module.CurationPanel.__init__
    real_set_state = panel_module.CurationPanel.set_state

    def recording(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        events.append(("built", _delivering(), window.runner.busy))
        real_init(self, *args, **kwargs)

    def set_state(self, state) -> None:  # type: ignore[no-untyped-def]
        events.append(("filled", _delivering(), window.runner.busy))
        real_set_state(self, state)

    later: list = []
    monkeypatch.setattr(mode_module, "CurationState", HeldBack)
    monkeypatch.setattr(panel_module.CurationPanel, "__init__", recording)
    monkeypatch.setattr(panel_module.CurationPanel, "set_state", set_state)
    window = make_window()
    _compare(qtbot, window, corpus)
    monkeypatch.setattr(mode_module, "next_turn", lambda call, owner=None: later.append(call))
    qtbot.keyClick(window, Qt.Key.Key_U, CURATE_KEYS)
    qtbot.waitUntil(lambda: "Finding the disagreements of 3 annotators" in window.statusBar().currentMessage())
    qtbot.wait(20)
    assert events == [] and window.curate._panel is None  # nothing built while the worker runs
    assert window.runner.quiet_paused  # the comparison's intervals and counts wait while the curation is made
    release.set()
    qtbot.waitUntil(lambda: bool(later), timeout=LOAD_TIMEOUT)
    assert events == [("built", True, False)] and not window.curate.active  # in the delivery's turn, empty
    later.pop()()  # the next turn: the list filled
    assert events[1:] == [("filled", False, False)] and not window.curate.active
    # the item under review, the counts and figures, then the page shown: each in a turn of its own after it
    assert later == [] and window.curate.panel.turns.running
    qtbot.waitUntil(lambda: window.curate.active, timeout=LOAD_TIMEOUT)
    assert window.workspace.stack.currentWidget() is window.curate.panel and not window.curate.panel.turns.running
    # shown with its updates off; its first paint in the turn after (`_show_next_turn`)
    assert not window.curate.panel.updatesEnabled() and len(later) == 1
    later.pop()()
    assert window.curate.panel.updatesEnabled()
    qtbot.waitUntil(lambda: not window.runner.quiet_paused, timeout=LOAD_TIMEOUT)


def test_the_curate_pages_modules_are_imported_by_the_opening_job(qtbot, make_window, corpus, monkeypatch):
    """The Curate page's modules load on the worker that finds the disagreements, not on the GUI thread (15 ms of
    imports, before: in the page's build while the worker held the interpreter)."""
    import evmeval_gui.curation as package

    seen = watch_import(monkeypatch, package, "panel")
    window = make_window()
    open_curation(qtbot, window, corpus)
    assert seen == [False]


def test_the_list_is_filled_and_the_page_shown_in_separate_turns(qtbot, make_window, corpus, monkeypatch):
    events: list[tuple[str, bool, bool]] = []
    real_set_state = panel_module.CurationPanel.set_state
    real_resume = mode_module.CurateMode.resume
    delivering = _delivering

    def set_state(self, state) -> None:  # type: ignore[no-untyped-def]
        events.append(("filled", delivering(), window.runner.quiet_paused))
        real_set_state(self, state)

    def resume(self) -> None:  # type: ignore[no-untyped-def]
        events.append(("shown", delivering(), window.runner.quiet_paused))
        real_resume(self)

    monkeypatch.setattr(panel_module.CurationPanel, "set_state", set_state)
    monkeypatch.setattr(mode_module.CurateMode, "resume", resume)
    window = make_window()
    open_curation(qtbot, window, corpus)
    # the list is filled after the turn that delivers it (where the page is built); the page is shown (and the
    # Agreement mode left) later; meanwhile the jobs left from the comparison (the pair's coreference, its counts) wait
    assert events == [("filled", False, True), ("shown", False, True)]
    assert window.workspace.stack.currentWidget() is window.curate.panel
    assert not window.agreement.active and window.mode is window.curate


def test_leaving_the_agreement_mode_for_a_curation_stops_its_intervals(qtbot, make_window, corpus, monkeypatch):
    started, go = threading.Event(), threading.Event()
    outcomes: list[str] = []
    real = compare_agreement.pair_intervals

    def held_back(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        go.wait(LOAD_TIMEOUT / 1000)
        try:
            found = real(*args, **kwargs)
        except model_jobs.JobCancelled:
            outcomes.append("cancelled")
            raise
        outcomes.append("drawn")
        return found

    monkeypatch.setattr(compare_agreement, "pair_intervals", held_back)
    window = make_window()
    _compare(qtbot, window, corpus)
    qtbot.waitUntil(started.is_set, timeout=LOAD_TIMEOUT)
    assert window.runner.running(INTERVALS_JOB)
    qtbot.keyClick(window, Qt.Key.Key_U, CURATE_KEYS)
    qtbot.waitUntil(lambda: window.curate.active, timeout=LOAD_TIMEOUT)
    # the intervals were for the comparison left: stopped, the pair being drawn given up at its next step
    assert not window.runner.running(INTERVALS_JOB)
    go.set()
    qtbot.waitUntil(lambda: bool(outcomes), timeout=LOAD_TIMEOUT)
    assert outcomes == ["cancelled"]


def test_a_workers_cancel_checks_hand_the_interpreter_over_now_and_then(monkeypatch):
    given: list[float] = []
    now = [100.0]
    monkeypatch.setattr(model_jobs, "_give_way", lambda: given.append(now[0]))
    monkeypatch.setattr(model_jobs.time, "perf_counter", lambda: now[0])
    context = model_jobs.JobContext(1)
    for _ in range(5):  # checks close together: the lock is handed over once
        assert not context.cancelled()
        now[0] += model_jobs.GIVE_WAY_S / 10
    now[0] += model_jobs.GIVE_WAY_S
    assert not context.cancelled()
    assert len(given) == 2


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_a_policy_chosen_is_applied_off_the_gui_thread(qtbot, make_window, corpus, monkeypatch):
    window = make_window()
    open_curation(qtbot, window, corpus)
    panel = window.curate.panel
    expected = CurationState(view_files(corpus), NAMES, "majority")
    press(qtbot, window, Qt.Key.Key_2)  # a decision made before: kept in the undo history, as `set_policy` does
    expected.accept(1)
    decided = panel.progress.text()
    expected.set_policy("union")
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=LOAD_TIMEOUT)
    made_on: list[bool] = []
    go = threading.Event()
    real = curation_module.curate

    def held_back(*args, **kwargs):  # type: ignore[no-untyped-def]
        on_gui = threading.current_thread() is threading.main_thread()
        made_on.append(on_gui)
        if not on_gui:
            go.wait(LOAD_TIMEOUT / 1000)
        return real(*args, **kwargs)

    monkeypatch.setattr(curation_module, "curate", held_back)
    choose(qtbot, panel.policy, panel.policy.findData("union"))
    # the curation is made again by a job: the combo says the new policy, the list that it is being applied
    qtbot.waitUntil(lambda: bool(made_on), timeout=LOAD_TIMEOUT)
    assert made_on == [False] and window.runner.busy
    assert panel.policy.currentText() == "union"
    assert panel.applying_label.isVisible() and panel.applying_label.text() == "Applying the policy union…"
    assert not panel.list.isEnabled()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().endswith("to 3 annotators…"))
    window.activateWindow()  # the combo's list (offscreen) leaves the window inactive
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_1)  # no decision on the curation being replaced
    assert window.statusBar().currentMessage() == ("Applying the new policy: decisions wait until its curation "
                                                   "is shown.")
    assert panel.progress.text() == decided
    go.set()
    qtbot.waitUntil(lambda: not panel.applying_label.isVisible(), timeout=LOAD_TIMEOUT)
    # what `set_policy` on the GUI thread showed: the union's list, nothing decided, the first open item
    state = window.curate.state
    assert made_on == [False] and state.policy == "union" and panel.list.isEnabled()
    assert state.curation.curated == expected.curation.curated
    assert [d.key for d in panel.list_model.rows] == [d.key for d in expected.curation.disagreements]
    assert panel.progress.text().startswith(f"<b>0 of {len(expected.curation.disagreements)}</b> decided")
    selected = panel.list.selectionModel().selectedRows()
    assert expected.current is not None and panel.list_model.rows[selected[0].row()].key == expected.current.key
    assert [c for c in cells(panel.list, 0)] and panel.filters.differs.count() > 1
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the decision made before
    assert state.policy == "majority" and panel.policy.currentText() == "majority"
    assert panel.progress.text().split(",")[0] == decided.split(",")[0]


def test_an_imported_curation_is_made_off_the_gui_thread(qtbot, make_window, corpus, monkeypatch, tmp_path):
    window = make_window()
    open_curation(qtbot, window, corpus)
    panel = window.curate.panel
    press(qtbot, window, Qt.Key.Key_2)
    out = tmp_path / "handed-over.json"
    assert window.curate.export_curation(str(out)) == str(out)
    made_on: list[bool] = []
    real = curation_module.curate

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        made_on.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(curation_module, "curate", recording)
    window.curate.choose_open = lambda *args: str(out)  # the system's file dialog answers
    qtbot.mouseClick(panel.work.findChild(type(panel.work.copy_button), "importCurationButton"),
                     Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.notice.text().startswith("Imported"), timeout=LOAD_TIMEOUT)
    assert made_on == [False]
    assert panel.notice.text() == f"Imported 1 decisions and 0 documents marked curated from {out}."
    assert panel.progress.text().startswith("<b>1 of ") and not panel.applying_label.isVisible()


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_a_policy_superseded_then_cancelled_leaves_the_curation_as_it_was(qtbot, make_window, corpus, monkeypatch):
    window = make_window()
    open_curation(qtbot, window, corpus)
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=LOAD_TIMEOUT)
    panel = window.curate.panel
    before = window.curate.state.curation
    go = threading.Event()
    real = curation_module.curate

    def held_back(*args, **kwargs):  # type: ignore[no-untyped-def]
        go.wait(LOAD_TIMEOUT / 1000)
        return real(*args, **kwargs)

    monkeypatch.setattr(curation_module, "curate", held_back)
    choose(qtbot, panel.policy, panel.policy.findData("union"))
    choose(qtbot, panel.policy, panel.policy.findData("intersection"))  # the later choice replaces the first
    assert panel.applying_label.text() == "Applying the policy intersection…" and panel.applying_label.isVisible()
    status = window.status
    qtbot.waitUntil(status.cancel_button.isVisible)
    qtbot.mouseClick(status.cancel_button, Qt.MouseButton.LeftButton)
    # given up: the list as it was, the chooser back on the curation's policy, decisions taken again
    assert not panel.applying_label.isVisible() and panel.list.isEnabled()
    assert panel.policy.currentText() == "majority"
    go.set()
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=LOAD_TIMEOUT)
    assert window.curate.state.curation is before and window.curate.state.policy == "majority"
    press(qtbot, window, Qt.Key.Key_2)
    assert panel.progress.text().startswith("<b>1 of ")


def test_the_status_bar_does_not_keep_saying_the_disagreements_are_being_found(qtbot, make_window, corpus):
    """A job's own status line ("Finding the disagreements…") is its while it runs: once the curation is shown
    and nothing runs, the bar no longer says the window is busy with it."""
    window = make_window()
    _compare(qtbot, window, corpus)
    qtbot.keyClick(window, Qt.Key.Key_U, CURATE_KEYS)
    qtbot.waitUntil(lambda: window.curate.active, timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)
    assert "Finding the disagreements" not in window.statusBar().currentMessage()


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_another_policy_says_whether_its_files_have_coreference_without_a_pass_on_the_gui_thread(
        qtbot, make_window, corpus, monkeypatch):
    from evmeval.model import Document
    from evmeval.sequencing.links import COREFERENCE, relation_kinds_in
    from PySide6.QtWidgets import QLabel, QWidget

    window = make_window()
    open_curation(qtbot, window, corpus)
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=LOAD_TIMEOUT)
    panel, real = window.curate.panel, Document.relation_kinds
    on_gui: list[str] = []

    def kinds(self: Document) -> set[str]:
        if threading.current_thread() is threading.main_thread():
            on_gui.append(self.doc_id)
        return real(self)

    monkeypatch.setattr(Document, "relation_kinds", kinds)
    choose(qtbot, panel.policy, panel.policy.findData("union"))
    qtbot.waitUntil(lambda: not panel.applying_label.isVisible(), timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: not window.runner.busy and window.coreference.state == "ready", timeout=LOAD_TIMEOUT)
    # the new curation's files were never passed over on the GUI thread (8 ms at 2,000 documents): the
    # coreference job found whether they have links on its worker, and the summary says what it found
    assert on_gui == []
    monkeypatch.setattr(Document, "relation_kinds", real)
    session = window.session
    shown = session.corpus.inputs[session.system_index]
    has_links = COREFERENCE in relation_kinds_in((shown.gold, shown.system))
    note = window.findChild(QWidget, "corefSummary").findChild(QLabel, "corefNoLinks")
    assert note.isHidden() == has_links


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_a_policy_change_begins_once_the_greyed_list_is_painted(qtbot, make_window, corpus, monkeypatch):
    """The policy's job waits at its first cancel check until the list greyed for it is painted: begun beside that
    paint, it held the interpreter from it (47-97 ms of wall for 18-23 of GUI CPU at 2,000 documents)."""
    from PySide6.QtCore import QEvent, QObject

    window = make_window()
    open_curation(qtbot, window, corpus)
    panel = window.curate.panel
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=LOAD_TIMEOUT)
    greyed_paints = [0]

    class Paints(QObject):
        def eventFilter(self, watched, event):  # type: ignore[no-untyped-def]
            if event.type() == QEvent.Type.Paint and not panel.list.isEnabled():
                greyed_paints[0] += 1
            return False

    paints = Paints()
    panel.list.viewport().installEventFilter(paints)
    seen_at_start: list[int] = []
    real = curation_module.curate

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen_at_start.append(greyed_paints[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(curation_module, "curate", spy)
    choose(qtbot, panel.policy, panel.policy.findData("union"))
    qtbot.waitUntil(lambda: not panel.applying_label.isVisible(), timeout=LOAD_TIMEOUT)
    assert window.curate.state.policy == "union"
    assert seen_at_start and seen_at_start[0] >= 1  # the greyed list was on screen before the job began
