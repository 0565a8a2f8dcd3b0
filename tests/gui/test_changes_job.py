"""The Compare mode's Changes tab finds what changed through the window's one job runner (issue 34: seconds at
2,000 documents, so never on the GUI thread): the status bar's progress and Cancel while it runs, the tab saying it
was cancelled and offering to find again, and every kind kept per pair so a second visit is instant. Driven with
keys and clicks on a TextEE corpus (its trigger and argument kinds read the files again)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.compare import mode as mode_module
from evmeval_gui.compare.changes_tab import CANCELLED_TEXT, FINDING_TEXT, match_delta_text
from evmeval_gui.main_window import MainWindow
from tests.gui.test_compare_intervals import TIMEOUT
from tests.gui.test_compare_link_changes import _changes_tab, open_textee_compare

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def textee_compare(qtbot, tmp_path: Path) -> MainWindow:
    return open_textee_compare(qtbot, tmp_path)


def _core_trigger_changes(folder: Path, row: str) -> tuple[object, ...]:
    from evmeval.conventions import textee
    from evmeval.conventions.base import Input
    from evmeval.conventions.trigger_changes import run_triggers, trigger_changes

    gold = Input("gold.jsonl", (folder / "gold.jsonl").read_bytes())
    runs = [run_triggers(textee.textee_outcomes(gold, Input(n, (folder / n).read_bytes())))
            for n in ("pred.jsonl", "perfect.jsonl")]
    return trigger_changes(runs[0], runs[1], row)


def test_a_held_search_shows_progress_cancel_says_so_and_find_again_lists_the_rows(
        textee_compare, qtbot, monkeypatch, tmp_path: Path):
    window = textee_compare
    reached, release = threading.Event(), threading.Event()
    calls: list[tuple[int, int]] = []
    original = mode_module.corpus_event_changes

    def held(corpus, a, b, context):  # type: ignore[no-untyped-def]
        calls.append((a, b))
        reached.set()
        release.wait(TIMEOUT / 1000)
        return original(corpus, a, b, context)

    monkeypatch.setattr(mode_module, "corpus_event_changes", held)
    _panel, tab = _changes_tab(window, qtbot)
    status = window.status
    qtbot.waitUntil(lambda: not status.cancel_button.isVisible())  # the mentions were found
    tab.kind.setFocus()
    qtbot.keyClick(tab.kind, Qt.Key.Key_Down)  # Triggers (identification)
    assert tab.kind.currentText() == "Triggers (identification)"
    assert reached.wait(TIMEOUT / 1000)
    # busy: the tab says so, the status bar has its progress and Cancel
    assert tab.count.text() == FINDING_TEXT and tab.trigger_model.rowCount() == 0
    assert status.progress.isVisible() and status.cancel_button.isVisible()
    qtbot.mouseClick(status.cancel_button, Qt.MouseButton.LeftButton)
    release.set()
    assert tab.count.text() == CANCELLED_TEXT and tab.again.isVisible()
    assert not status.cancel_button.isVisible() and tab.trigger_model.rowCount() == 0
    # Find again: the rows, the core's, and the busy bar gone once they are in
    with qtbot.waitSignal(window.compare.state.changes_ready, timeout=TIMEOUT):
        qtbot.mouseClick(tab.again, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.trigger_model.rowCount() > 0, timeout=TIMEOUT)
    changes = _core_trigger_changes(tmp_path, "trigger_id")
    assert tab.trigger_model.rowCount() == len(changes) and not tab.again.isVisible()
    assert tab.count.text().startswith(f"{len(changes)} changed trigger")
    qtbot.waitUntil(lambda: not status.cancel_button.isVisible())
    assert len(calls) == 2  # the cancelled search and the one found again
    # the other trigger and argument rows came with the same read of the files: shown at once, no new job
    for text in ("Triggers (classification)", "Arguments (identification)", "Arguments (classification)"):
        qtbot.keyClick(tab.kind, Qt.Key.Key_Down)
        assert tab.kind.currentText() == text
        assert tab.count.text() != FINDING_TEXT and not window.session.runner.running()
    cls = _core_trigger_changes(tmp_path, "trigger_cls")
    qtbot.keyClick(tab.kind, Qt.Key.Key_Up)
    qtbot.keyClick(tab.kind, Qt.Key.Key_Up)
    assert tab.trigger_model.rowCount() == len(cls)
    from evmeval.conventions.trigger_changes import reconcile_triggers

    assert tab.count.text() == match_delta_text(reconcile_triggers(cls), len(cls), "trigger")  # type: ignore[arg-type]
    assert len(calls) == 2


def test_a_result_for_a_replaced_comparison_is_never_shown(textee_compare, qtbot, monkeypatch):
    """The comparison is made again (F5: the runs may have changed) while the trigger changes are found: what
    the old search finds is dropped, and the tab asks again for the new comparison."""
    window = textee_compare
    reached, release = threading.Event(), threading.Event()
    original = mode_module.corpus_event_changes
    comparisons: list[object] = []

    def held(corpus, a, b, context):  # type: ignore[no-untyped-def]
        comparisons.append(window.compare.state.comparison)
        if len(comparisons) == 1:
            reached.set()
            release.wait(TIMEOUT / 1000)
        return original(corpus, a, b, context)

    monkeypatch.setattr(mode_module, "corpus_event_changes", held)
    _panel, tab = _changes_tab(window, qtbot)
    qtbot.waitUntil(lambda: not window.status.cancel_button.isVisible())
    tab.kind.setFocus()
    qtbot.keyClick(tab.kind, Qt.Key.Key_Down)
    assert reached.wait(TIMEOUT / 1000)
    old = window.compare.state.comparison
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_F5)  # compare again: supersedes the held search
        release.set()
    assert window.compare.state.comparison is not old
    qtbot.waitUntil(lambda: tab.trigger_model.rowCount() > 0, timeout=TIMEOUT)
    assert comparisons[-1] is window.compare.state.comparison and len(comparisons) == 2
    assert tab.count.text().endswith(tuple("0123456789")) and not tab.again.isVisible()
