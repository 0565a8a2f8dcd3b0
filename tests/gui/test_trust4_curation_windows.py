"""Curation decisions are never lost (issue 31, items 2, 3, 7): two windows on the same inputs, a saved file
the window cannot replay whole, a settings folder that cannot be made; driven with key presses and clicks."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.curation import mode as mode_module
from evmeval_gui.main_window import MainWindow
from tests.gui.test_curation_view import corpus, press
from tests.gui.test_curation_work import open_curation
from tests.gui.test_main_window import LOAD_TIMEOUT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus"]
PID = os.getpid()


def folder_of(settings) -> Path:
    return Path(settings.fileName()).parent / "curation"


def decide(qtbot, window: MainWindow, key) -> None:
    """A key press in this window, made the active one first (two windows are open)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    press(qtbot, window, key)


def progress(window: MainWindow) -> str:
    return window.curate.panel.progress.text()


def saved_entries(settings, window: MainWindow) -> list[tuple[str, int, str, str]]:
    """The decisions in the saved file, as written on disk."""
    saved = [p for p in folder_of(settings).glob("curation-*.json") if "." not in p.stem]
    assert len(saved) == 1
    data = json.loads(saved[0].read_text(encoding="utf-8"))
    assert data["format"] == 1
    return [tuple(d) for d in data["decisions"]]


def test_two_windows_on_the_same_inputs_never_lose_a_decision(qtbot, make_window, corpus, settings):
    first = make_window()
    open_curation(qtbot, first, corpus)
    total = first.curate.panel.list.model().rowCount()
    decide(qtbot, first, Qt.Key.Key_1)
    decide(qtbot, first, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: progress(first) == f"<b>2 of {total}</b> decided, saved")
    # the second window opens it read-only, with the first's decisions, and says who curates it
    second = make_window()
    open_curation(qtbot, second, corpus)
    panel = second.curate.panel
    assert panel.notice.isVisible()
    assert panel.notice.text() == (f"Opened read-only: another window (pid {PID}) is curating this. "
                                   "Resumed 2 decisions saved for these annotation sets.")
    assert panel.take_over_button.isVisible()
    assert progress(second) == f"<b>2 of {total}</b> decided, read-only"
    decide(qtbot, second, Qt.Key.Key_2)
    assert progress(second) == f"<b>2 of {total}</b> decided, read-only"
    assert second.statusBar().currentMessage() == ("This curation is read-only here: press Take over to curate "
                                                   "in this window.")
    # the first goes on; the second takes over and reads the first's third decision
    decide(qtbot, first, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: progress(first) == f"<b>3 of {total}</b> decided, saved")
    second.activateWindow()
    qtbot.mouseClick(panel.take_over_button, Qt.MouseButton.LeftButton)
    # read again in the background; a key pressed meanwhile decides nothing
    assert panel.applying_label.text() == "Reading the decisions again…" and not panel.list.isEnabled()
    qtbot.waitUntil(lambda: not panel.take_over_button.isVisible(), timeout=LOAD_TIMEOUT)
    assert progress(second) == f"<b>3 of {total}</b> decided, saved" and panel.list.isEnabled()
    decide(qtbot, second, Qt.Key.Key_2)
    qtbot.waitUntil(lambda: progress(second) == f"<b>4 of {total}</b> decided, saved")
    # the first's next key press finds the curation taken over: read-only, nothing overwritten
    decide(qtbot, first, Qt.Key.Key_3)
    assert progress(first) == f"<b>3 of {total}</b> decided, not saved: another window (pid {PID}) took it over"
    assert first.curate.panel.notice.text() == (f"Read-only: another window (pid {PID}) took this curation over; "
                                                "decisions made here are no longer saved.")
    assert first.curate.panel.take_over_button.isVisible()
    entries = saved_entries(settings, second)
    assert [e[2:] for e in entries] == [("accept", "1"), ("reject", ""), ("keep", ""), ("accept", "2")]
    # both closed (the first saves nothing), a new window resumes all four
    first.close()
    second.close()
    assert not list(folder_of(settings).glob("*.lock"))
    third = make_window()
    open_curation(qtbot, third, corpus)
    assert third.curate.panel.notice.text() == "Resumed 4 decisions saved for these annotation sets."
    assert progress(third) == f"<b>4 of {total}</b> decided, saved"
    assert not third.curate.panel.take_over_button.isVisible()


def test_decisions_not_yet_saved_when_taken_over_are_kept_in_a_file_of_their_own(qtbot, make_window, corpus,
                                                                                  settings):
    first = make_window()
    open_curation(qtbot, first, corpus)
    total = first.curate.panel.list.model().rowCount()
    decide(qtbot, first, Qt.Key.Key_1)
    qtbot.waitUntil(lambda: progress(first) == f"<b>1 of {total}</b> decided, saved")
    first.curate.save_timer.setInterval(3_600_000)  # the next decision is still waiting to be saved ...
    decide(qtbot, first, Qt.Key.Key_Delete)
    assert progress(first) == f"<b>2 of {total}</b> decided, saving…"
    second = make_window()  # ... when another window takes the curation over
    open_curation(qtbot, second, corpus)
    qtbot.mouseClick(second.curate.panel.take_over_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: progress(second) == f"<b>1 of {total}</b> decided, saved", timeout=LOAD_TIMEOUT)
    decide(qtbot, first, Qt.Key.Key_Return)
    unsaved = list(folder_of(settings).glob("curation-*.unsaved-*.json"))
    assert len(unsaved) == 1
    assert first.curate.panel.notice.text() == (
        f"Read-only: another window (pid {PID}) took this curation over; decisions made here are no longer saved. "
        f"This window's 2 decisions are kept in {unsaved[0]}.")
    kept = json.loads(unsaved[0].read_text(encoding="utf-8"))["decisions"]
    assert [d[2] for d in kept] == ["accept", "reject"]
    assert [e[2] for e in saved_entries(settings, second)] == ["accept"]


def _newer(text: str) -> str:
    data = json.loads(text)
    data["format"] = 2
    return json.dumps(data)


def _refused(text: str) -> str:
    data = json.loads(text)
    data["decisions"].insert(1, ["doc1", 999, "reject", ""])
    return json.dumps(data)


def _cut(text: str) -> str:
    return text[: text.rindex('"keep"') + 2]


def _deep(text: str) -> str:
    return "[" * 100_000


CASES = {  # corrupt the saved file: (kept, of, why)
    "newer format": (_newer, 3, 3, "the saved decisions are of format 2, written by another version"),
    "one refused decision": (_refused, 3, 4, "the saved decisions name item 1000 of doc1, not a disagreement of "
                                             "these inputs"),
    "cut short": (_cut, 2, 2, "the saved decisions are not whole JSON ("),
    "nested 100,000 deep": (_deep, 0, 0, "the saved decisions are nested too deeply to read"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_saved_file_that_cannot_be_replayed_whole_is_kept_aside(qtbot, make_window, corpus, settings, case):
    corrupt, kept, of, why = CASES[case]
    first = make_window()
    open_curation(qtbot, first, corpus)
    total = first.curate.panel.list.model().rowCount()
    for key in (Qt.Key.Key_1, Qt.Key.Key_Delete, Qt.Key.Key_Return):
        decide(qtbot, first, key)
    qtbot.waitUntil(lambda: progress(first) == f"<b>3 of {total}</b> decided, saved")
    first.close()
    saved = next(folder_of(settings).glob("curation-*.json"))
    saved.write_text(corrupt(saved.read_text(encoding="utf-8")), encoding="utf-8")
    original = saved.read_bytes()
    other = make_window()
    open_curation(qtbot, other, corpus)
    panel = other.curate.panel
    aside = list(folder_of(settings).glob("curation-*.unreadable-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == original
    text = panel.notice.text()
    assert text.startswith(f"The saved decisions could not all be replayed ({why}")
    assert text.endswith(f": kept {kept} of {of} decisions. The file as it was is kept as {aside[0]}.")
    assert progress(other) == f"<b>{kept} of {total}</b> decided, saved"
    # the next key press saves what was kept and the new decision; the aside file stays as it was
    decide(qtbot, other, Qt.Key.Key_2)
    qtbot.waitUntil(lambda: progress(other) == f"<b>{kept + 1} of {total}</b> decided, saved")
    assert len(saved_entries(settings, other)) == kept + 1
    assert aside[0].read_bytes() == original
    # a second unreadable file is kept beside the first, never over it
    other.close()
    saved.write_bytes(b"{")
    again = make_window()
    open_curation(qtbot, again, corpus)
    assert len(list(folder_of(settings).glob("curation-*.unreadable-*.json"))) == 2
    assert aside[0].read_bytes() == original
    assert "kept 0 of 0 decisions" in again.curate.panel.notice.text()


def test_a_settings_folder_that_cannot_be_made_says_not_saved(qtbot, make_window, corpus, settings):
    folder_of(settings).write_text("a file where the curation folder should be", encoding="utf-8")
    window = make_window()
    open_curation(qtbot, window, corpus)
    total = window.curate.panel.list.model().rowCount()
    assert progress(window) == (f"<b>0 of {total}</b> decided, not saved: cannot write the folder of the saved "
                                "decisions (File exists)")
    decide(qtbot, window, Qt.Key.Key_1)
    qtbot.waitUntil(lambda: "saving…" not in progress(window))
    assert progress(window) == (f"<b>1 of {total}</b> decided, not saved: cannot write the folder of the saved "
                                "decisions (File exists)")
    decide(qtbot, window, Qt.Key.Key_Delete)  # decisions go on, each says it is not saved
    qtbot.waitUntil(lambda: progress(window).startswith(f"<b>2 of {total}</b> decided, not saved: "))
    assert folder_of(settings).read_text(encoding="utf-8") == "a file where the curation folder should be"


def test_a_take_over_cancelled_leaves_the_window_read_only(qtbot, make_window, corpus, settings, monkeypatch):
    first = make_window()
    open_curation(qtbot, first, corpus)
    total = first.curate.panel.list.model().rowCount()
    second = make_window()
    open_curation(qtbot, second, corpus)
    qtbot.waitUntil(lambda: not second.runner.busy, timeout=LOAD_TIMEOUT)
    go = threading.Event()
    real = mode_module.CurateMode._state

    def held_back(*args, **kwargs):  # type: ignore[no-untyped-def]
        go.wait(LOAD_TIMEOUT / 1000)
        return real(*args, **kwargs)

    monkeypatch.setattr(mode_module.CurateMode, "_state", staticmethod(held_back))
    panel = second.curate.panel
    second.activateWindow()
    qtbot.mouseClick(panel.take_over_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(second.status.cancel_button.isVisible)
    qtbot.mouseClick(second.status.cancel_button, Qt.MouseButton.LeftButton)
    go.set()
    qtbot.waitUntil(lambda: not second.runner.busy, timeout=LOAD_TIMEOUT)
    # nothing read again: still read-only here, and the first window keeps curating and saving
    assert panel.list.isEnabled() and not panel.applying_label.isVisible()
    decide(qtbot, second, Qt.Key.Key_2)
    assert progress(second) == f"<b>0 of {total}</b> decided, read-only"
    decide(qtbot, first, Qt.Key.Key_1)
    qtbot.waitUntil(lambda: progress(first) == f"<b>1 of {total}</b> decided, saved")
