"""A curation at today's sizes (issue 34): opening it reuses the agreement study's figures instead of
measuring every pair of annotators again, and runs off the GUI thread (the window answers meanwhile)."""

from __future__ import annotations

import threading

import pytest
from evmeval.agreement import curation as cur

from tests.gui.test_curation_view import NAMES, corpus, files
from tests.gui.test_curation_work import open_curation

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus"]


def test_opening_a_curation_measures_no_pair_of_annotators_again(qtbot, make_window, corpus, monkeypatch):
    window = make_window()
    measured: list[tuple[str, str]] = []
    real = cur.pairwise

    def counting(a, b, *args, **kwargs):  # type: ignore[no-untyped-def]
        measured.append((a.path, b.path))
        return real(a, b, *args, **kwargs)

    monkeypatch.setattr(cur, "pairwise", counting)
    open_curation(qtbot, window, corpus)
    annotators = {str(corpus / n) for n in NAMES}
    # only the curated set against each annotator is measured; the annotators' pairs come from the study
    assert [pair for pair in measured if pair[0] in annotators] == []
    state = window.curate.state
    assert state is not None
    expected = cur.curate(files(corpus), NAMES, "majority")
    assert [d.key for d in state.curation.disagreements] == [d.key for d in expected.disagreements]
    assert window.curate.panel.progress.text().startswith(f"<b>0 of {len(expected.disagreements)}</b>")


def test_a_curation_is_made_in_the_background_with_progress_and_cancel(qtbot, make_window, corpus, monkeypatch):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from evmeval_gui.agreement.state import AgreementRequest
    from evmeval_gui.curation import mode as mode_module
    from tests.gui.test_main_window import LOAD_TIMEOUT

    release = threading.Event()

    class HeldBack(mode_module.CurationState):  # type: ignore[misc]
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            release.wait(LOAD_TIMEOUT / 1000)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(mode_module, "CurationState", HeldBack)
    window = make_window()
    request = AgreementRequest(tuple(str(corpus / n) for n in NAMES), str(corpus / "tkn"), str(corpus / "txt"))
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        window.open_agreement(request)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    keys = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_U, keys)
    # the window answers while the disagreements are found: it says so, with Cancel
    qtbot.waitUntil(lambda: "Finding the disagreements of 3 annotators" in window.statusBar().currentMessage())
    assert window.status.cancel_button.isVisible()
    assert not window.curate.active
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Cancelled: Curating"))
    release.set()
    qtbot.wait(50)
    assert not window.curate.active and window.curate.state is None
    # asked again, it opens
    qtbot.keyClick(window, Qt.Key.Key_U, keys)
    qtbot.waitUntil(lambda: window.curate.active, timeout=LOAD_TIMEOUT)
    total = len(cur.curate(files(corpus), NAMES, "majority").disagreements)
    assert window.curate.panel.progress.text().startswith(f"<b>0 of {total}</b>")
    assert not window.status.cancel_button.isVisible()


def test_the_agreement_figures_come_after_the_list_and_follow_the_decisions_made_meanwhile(
        qtbot, make_window, corpus, monkeypatch):
    from PySide6.QtCore import Qt

    from evmeval_gui.curation import mode as mode_module
    from evmeval_gui.curation.agreement_table import SHOWN_COMBINATIONS
    from evmeval_gui.curation.state import CurationState
    from evmeval_gui.model.formatting import percent
    from tests.gui.test_curation_view import press
    from tests.gui.test_main_window import LOAD_TIMEOUT

    release = threading.Event()
    real = CurationState.measure_agreement

    def held_back(curation, cancelled=None):  # type: ignore[no-untyped-def]
        release.wait(LOAD_TIMEOUT / 1000)
        return real(curation, cancelled)

    monkeypatch.setattr(CurationState, "measure_agreement", staticmethod(held_back))
    monkeypatch.setattr(mode_module, "MEASURE_AT_ONCE_DOCUMENTS", 0)  # as at 2,000 documents
    window = make_window()
    open_curation(qtbot, window, corpus)
    panel = window.curate.panel

    def figures() -> list[str]:
        return [panel.agreement.item(row, 1).text() for row in range(panel.agreement.rowCount())]

    def from_scratch(curation) -> list[str]:  # type: ignore[no-untyped-def]
        return [percent(pair.micro[SHOWN_COMBINATIONS[0]].f1) for pair in cur.annotator_agreement(curation)]

    # the list is there, the figures are still being measured; decisions go on meanwhile
    assert panel.list.model().rowCount() > 2
    assert "measuring…" in panel.agreement_label.text()
    assert figures() == ["…", "…", "…"]
    first = window.curate.state.curation
    press(qtbot, window, Qt.Key.Key_Delete)
    press(qtbot, window, Qt.Key.Key_2)
    assert window.curate.state.progress()[0] == 2
    release.set()
    qtbot.waitUntil(lambda: "measuring" not in panel.agreement_label.text(), timeout=LOAD_TIMEOUT)
    assert figures() == from_scratch(window.curate.state.curation)
    assert figures() != from_scratch(first)
    # each earlier step got its own figures too
    panel.list.setFocus()
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.curate.state.progress()[0] == 0
    assert figures() == from_scratch(first)


def test_a_batch_accepted_before_the_figures_are_measured_is_measured_after_them(
        qtbot, make_window, corpus, monkeypatch):
    from PySide6.QtCore import Qt

    from evmeval_gui.curation import mode as mode_module
    from evmeval_gui.curation import state as state_module
    from evmeval_gui.curation.agreement_table import SHOWN_COMBINATIONS
    from evmeval_gui.curation.state import CurationState
    from evmeval_gui.model.formatting import percent
    from tests.gui.test_main_window import LOAD_TIMEOUT

    release = threading.Event()
    real = CurationState.measure_agreement
    measured: list[object] = []

    def held_back(curation, cancelled=None):  # type: ignore[no-untyped-def]
        release.wait(LOAD_TIMEOUT / 1000)
        measured.append(curation)
        return real(curation, cancelled)

    monkeypatch.setattr(CurationState, "measure_agreement", staticmethod(held_back))
    monkeypatch.setattr(mode_module, "MEASURE_AT_ONCE_DOCUMENTS", 0)
    monkeypatch.setattr(state_module, "CATCH_UP_DOCUMENTS", 0)  # every batch is "large" here
    window = make_window()
    open_curation(qtbot, window, corpus)
    panel = window.curate.panel
    assert "measuring…" in panel.agreement_label.text()
    qtbot.mouseClick(panel.bulk.shown_button, Qt.MouseButton.LeftButton)
    state = window.curate.state
    qtbot.waitUntil(lambda: state.progress()[0] == state.progress()[1], timeout=LOAD_TIMEOUT)
    release.set()
    qtbot.waitUntil(lambda: "measuring" not in panel.agreement_label.text(), timeout=LOAD_TIMEOUT)
    # the opening's curation, then the batch's: each measured off the GUI thread
    assert len(measured) == 2 and measured[1] is state.curation
    figures = [panel.agreement.item(row, 1).text() for row in range(panel.agreement.rowCount())]
    assert figures == [percent(p.micro[SHOWN_COMBINATIONS[0]].f1) for p in cur.annotator_agreement(state.curation)]


def hold_curation_opening(qtbot, make_window, corpus, monkeypatch):  # type: ignore[no-untyped-def]
    """A window whose curation opening (Ctrl+Shift+U) has taken its lock and is held back while the curation is
    made: (the window, the lock file, the keys that open a curation, the event that lets the work go on)."""
    import os

    from evmeval.agreement import curation_lock as lock
    from evmeval.agreement.curation_save import inputs_key
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from evmeval_gui.agreement.state import AgreementRequest
    from evmeval_gui.curation import mode as mode_module
    from tests.gui.test_main_window import LOAD_TIMEOUT

    reached, release = threading.Event(), threading.Event()

    class HeldBack(mode_module.CurationState):  # type: ignore[misc]
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            reached.set()
            release.wait(LOAD_TIMEOUT / 1000)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(mode_module, "CurationState", HeldBack)
    window = make_window()
    assert window.curate.save_folder is not None
    request = AgreementRequest(tuple(str(corpus / n) for n in NAMES), str(corpus / "tkn"), str(corpus / "txt"))
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        window.open_agreement(request)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    keys = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_U, keys)
    qtbot.waitUntil(reached.is_set, timeout=LOAD_TIMEOUT)  # the lock is taken, the curation is being made
    path = lock.lock_path(window.curate.save_folder, inputs_key(files(corpus)))
    assert os.path.exists(path)
    return window, path, keys, release


def test_a_curation_cancelled_after_its_lock_was_taken_leaves_no_lock(qtbot, make_window, corpus, monkeypatch):
    """The lock is taken as the opening starts; Cancel pressed before the result reaches the window (the
    runner drops the result) gives it up, rather than at the window's close."""
    import os

    from evmeval.agreement import curation_lock as lock
    from PySide6.QtCore import Qt

    from tests.gui.test_main_window import LOAD_TIMEOUT

    window, path, keys, release = hold_curation_opening(qtbot, make_window, corpus, monkeypatch)
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Cancelled: Curating"))
    release.set()  # the work ends normally; its result is dropped
    qtbot.waitUntil(lambda: not os.path.exists(path), timeout=LOAD_TIMEOUT)
    assert not window.curate.active and window.curate.state is None
    # asked again, it opens and holds the lock
    qtbot.keyClick(window, Qt.Key.Key_U, keys)
    qtbot.waitUntil(lambda: window.curate.active, timeout=LOAD_TIMEOUT)
    assert lock.holds(window.curate.save_folder, window.curate.key, window.curate.owner)


def test_a_batch_is_applied_with_what_it_found_off_the_gui_thread(qtbot, make_window, corpus, monkeypatch):
    """Accept all shown (issue 34: the window stalled applying 9,781 items): the item shown next is found with
    the batch in the job runner, the list repaints every row without comparing the decisions, and the save is
    one line of JSON (the C encoder); what the user sees is the same."""
    from evmeval.agreement.curation_save import read_decisions, save_path
    from PySide6.QtCore import Qt

    from evmeval_gui.curation import panel as panel_module
    from tests.gui.test_main_window import LOAD_TIMEOUT

    gui = threading.current_thread()
    found_on: list[bool] = []
    real = cur.next_disagreement

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        found_on.append(threading.current_thread() is gui)
        return real(*args, **kwargs)

    monkeypatch.setattr(panel_module, "AT_ONCE_DOCUMENTS", 0)  # every batch runs in the job runner, as at 2,000
    window = make_window()
    open_curation(qtbot, window, corpus)
    panel, state = window.curate.panel, window.curate.state
    total = state.progress()[1]
    monkeypatch.setattr(cur, "next_disagreement", recording)
    qtbot.mouseClick(panel.bulk.shown_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: state.progress()[0] == total, timeout=LOAD_TIMEOUT)
    assert found_on == [False]  # once, in the job runner; applying it found nothing again
    model = panel.list.model()
    assert {model.index(row, 2).data() for row in range(model.rowCount())} == {"annotator 1"}
    assert panel.progress.text().startswith(f"<b>{total} of {total}</b> decided")
    # Ctrl+Z brings the whole list back to open in one step
    panel.list.setFocus()
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert {model.index(row, 2).data() for row in range(model.rowCount())} == {"open"}
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    window.curate.save_now()
    path = save_path(window.curate.save_folder, window.curate.key)
    with open(path, encoding="utf-8") as handle:
        assert len(handle.read().splitlines()) == 1
    assert len(read_decisions(window.curate.save_folder, window.curate.key).entries) == total
