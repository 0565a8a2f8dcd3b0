"""A damaged settings value is dropped with a one-line note and the window opens (issue 31, trust round 4,
item 7, the window's part).

The last session or the recent list nested 100,000 deep raised `RecursionError` while the window was being
built or its session restored: the window died at every launch until the file was edited by hand.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QSettings

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.stored import parse_stored
from evmeval_gui.window.welcome import APP_NAME
from tests.programs import installed

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")

DEEP = "[" * 100_000


def _damage(path: Path, values: dict[str, object]) -> None:
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    for key, value in values.items():
        settings.setValue(key, value)
    settings.sync()


def _window(qtbot, path: Path) -> MainWindow:
    """The window as a launch builds it (persisting, so its layout is read back), shown."""
    window = MainWindow(settings=QSettings(str(path), QSettings.Format.IniFormat), persist=True,
                        use_default_charts=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_parse_says_what_is_wrong() -> None:
    def shape(data: object) -> object:
        return data if isinstance(data, dict) else None

    assert parse_stored(None, shape) == (None, None)
    assert parse_stored('{"a": 1}', shape) == ({"a": 1}, None)
    assert parse_stored(DEEP, shape) == (None, "JSON nested too deeply")
    assert parse_stored("[1]", shape) == (None, "JSON of another shape (list)")
    assert parse_stored(["a", "b"], shape) == (None, "not text but list")
    value, problem = parse_stored('{"a": ', shape)
    assert value is None and problem is not None and problem.startswith("not JSON (")


@pytest.mark.parametrize(("key", "text", "problem"), [
    ("lastSession", DEEP, "JSON nested too deeply"),
    ("lastSession", '{"gold": ', "not JSON (Expecting value: line 1 column 10 (char 9))"),
    ("lastSession", '["gold.tbf"]', "JSON of another shape (list)"),
    ("recent", DEEP, "JSON nested too deeply"),
    ("recent", '{"gold": "g.tbf"}', "JSON of another shape (dict)"),
])
def test_a_damaged_entry_is_dropped_with_a_note_and_the_window_opens(qtbot, tmp_path, capsys, key, text,
                                                                     problem):
    path = tmp_path / "settings.ini"
    _damage(path, {key: text})
    window = _window(qtbot, path)
    assert not window.session_store.restore()  # what a launch does next: nothing to reopen
    expected = {"lastSession": "the last session as a JSON object",
                "recent": "a JSON list of corpora and agreement sets"}[key]
    note = f"{path}: {key}: {problem}; dropped (expected {expected})"
    assert window.statusBar().currentMessage() == note
    assert capsys.readouterr().err == f"evmeval-gui: warning: {note}\n"  # one line, once
    assert window.recent_requests() == [] and not window.commands.recent_menu.isEnabled()
    assert window.stored.notes == [note]
    assert QSettings(str(path), QSettings.Format.IniFormat).value(key) is None  # gone from the file
    assert window.workspace.stack.currentWidget() is window.welcome


def test_a_damaged_layout_is_dropped_with_a_note(qtbot, tmp_path, capsys):
    path = tmp_path / "settings.ini"
    _damage(path, {"windowState": QByteArray(b"\x00junk"), "listSplitter": "wide"})
    window = _window(qtbot, path)
    err = capsys.readouterr().err.splitlines()
    assert err == [f"evmeval-gui: warning: {path}: windowState: not a layout Qt can restore; dropped "
                   "(expected the layout this window saved)",
                   f"evmeval-gui: warning: {path}: listSplitter: not bytes but str; dropped "
                   "(expected the layout this window saved)"]
    assert window.statusBar().currentMessage() == err[-1].removeprefix("evmeval-gui: warning: ")
    stored = QSettings(str(path), QSettings.Format.IniFormat)
    assert stored.value("windowState") is None and stored.value("listSplitter") is None


def test_evmeval_gui_launches_over_a_session_nested_100000_deep(tmp_path):
    """The program itself, as a user starts it: the note on stderr, the window up; Ctrl+C closes it (130)."""
    config = tmp_path / "config"
    path = config / "EvmEval" / f"{APP_NAME}.conf"
    path.parent.mkdir(parents=True)
    _damage(path, {"lastSession": DEEP, "recent": DEEP})
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(config)}
    with subprocess.Popen([installed("evmeval-gui")], env=env, stderr=subprocess.PIPE, text=True,
                          stdout=subprocess.DEVNULL) as process:
        lines, rest = _launch_then_interrupt(process)
    warnings = [line for line in lines if line.startswith("evmeval-gui: warning:")]
    assert warnings == [f"evmeval-gui: warning: {path}: recent: JSON nested too deeply; dropped (expected a JSON "
                        "list of corpora and agreement sets)\n",
                        f"evmeval-gui: warning: {path}: lastSession: JSON nested too deeply; dropped (expected "
                        "the last session as a JSON object)\n"]
    assert "Traceback" not in "".join(lines) + rest
    stored = QSettings(str(path), QSettings.Format.IniFormat)
    assert stored.value("lastSession") is None and stored.value("recent") is None


def _launch_then_interrupt(process: subprocess.Popen[str]) -> tuple[list[str], str]:
    """stderr up to the session's note, then Ctrl+C (which closes the window as a user would): exit 130."""
    assert process.stderr is not None
    lines: list[str] = []
    try:
        while not any("lastSession" in line for line in lines):
            line = process.stderr.readline()
            assert line, "".join(lines)  # the program ended before restoring the session
            lines.append(line)
        process.send_signal(signal.SIGINT)
        rest = process.stderr.read()
        assert process.wait(timeout=60) == 130, "".join(lines) + rest
    finally:
        if process.poll() is None:
            process.kill()
    return lines, rest
