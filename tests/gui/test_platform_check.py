"""The window's pre-flight check: no display, or the Debian packages Qt's X11 plugin needs, said before
QApplication would abort the process (issue "Trust, round 3", item 5)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from evmeval_gui import platform_check
from tests.programs import installed


def test_xcb_is_used_only_on_x11() -> None:
    assert platform_check.uses_xcb({"QT_QPA_PLATFORM": "xcb"})
    assert not platform_check.uses_xcb({"QT_QPA_PLATFORM": "offscreen"})
    assert not platform_check.uses_xcb({"QT_QPA_PLATFORM": "wayland"})
    assert not platform_check.uses_xcb({"WAYLAND_DISPLAY": "wayland-0"})


def test_missing_libraries_are_named_with_their_packages(monkeypatch) -> None:
    present = set(platform_check.XCB_LIBRARIES) - {"libxcb-cursor.so.0"}
    monkeypatch.setattr(platform_check, "_loadable", lambda soname: soname in present)
    monkeypatch.setattr(platform_check, "display_answers", lambda display: True)
    env = {"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"}
    assert platform_check.missing_xcb_packages() == ["libxcb-cursor0"]
    message = platform_check.window_problem(env)
    assert message is not None and "sudo apt-get install libxcb-cursor0\n" in message


def test_every_library_of_the_xcb_plugin_is_named(monkeypatch) -> None:
    """A first launch asked for libxcb-icccm4 and libxcb-keysyms1 after libxcb-cursor0: all of them,
    and the rest of the plugin's libraries, are named at once (each package once)."""
    monkeypatch.setattr(platform_check, "_loadable", lambda soname: False)
    packages = platform_check.missing_xcb_packages()
    assert {"libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxcb-image0", "libxcb-randr0",
            "libxcb-render-util0", "libxcb-shape0", "libxcb-xkb1", "libxkbcommon-x11-0", "libxcb-util1",
            "libxcb-shm0", "libxcb-sync1", "libxcb-xfixes0", "libxcb-render0", "libxcb1", "libx11-xcb1",
            "libx11-6", "libxkbcommon0", "libgl1", "libglib2.0-0"} == set(packages)
    assert len(packages) == len(set(packages))


def test_no_message_when_everything_is_there(monkeypatch) -> None:
    monkeypatch.setattr(platform_check, "_loadable", lambda soname: True)
    monkeypatch.setattr(platform_check, "display_answers", lambda display: True)
    assert platform_check.window_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"}) is None
    assert platform_check.window_problem({"DISPLAY": ":0"}) is None
    assert platform_check.window_problem({"WAYLAND_DISPLAY": "wayland-0"}) is None


def test_no_display_is_said(monkeypatch) -> None:
    monkeypatch.setattr(platform_check, "_loadable", lambda soname: True)
    for env in ({}, {"QT_QPA_PLATFORM": "xcb"}, {"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}):
        assert platform_check.window_problem(env) == platform_check.NO_DISPLAY
    for env in ({"QT_QPA_PLATFORM": "offscreen"}, {"QT_QPA_PLATFORM": "minimal"}):
        assert platform_check.window_problem(env) is None


def _headless() -> dict[str, str]:
    """This environment without a display, and without the tests' QT_QPA_PLATFORM=offscreen."""
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}


def test_window_without_a_display_says_so_and_exits_2(tmp_path) -> None:
    """It aborted with exit 134 and a core dump, blaming libxcb-cursor0 (installed)."""
    done = subprocess.run([installed("evmeval-gui"), "--demo"], capture_output=True, text=True, timeout=60,
                          env={**_headless(), "HOME": str(tmp_path)}, check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"evmeval-gui: error: {platform_check.NO_DISPLAY}\n")
    assert "Traceback" not in done.stderr and "could not" not in done.stderr  # Qt's own plugin error never came


def test_windowless_modes_need_no_display(tmp_path) -> None:
    shot = tmp_path / "shot.png"
    done = subprocess.run([installed("evmeval-gui"), "--demo", "--screenshot", str(shot), "--size", "640x400"],
                          capture_output=True, text=True, timeout=120, env={**_headless(), "HOME": str(tmp_path)},
                          check=False)
    assert done.returncode == 0, done.stderr
    assert shot.read_bytes().startswith(b"\x89PNG")
    out = tmp_path / "report"
    done = subprocess.run([installed("evmeval-gui"), "--demo", "--export-report", str(out)], capture_output=True,
                          text=True, timeout=120, env={**_headless(), "HOME": str(tmp_path)}, check=False)
    assert done.returncode == 0, done.stderr
    assert (out / "system_a" / "report.html").is_file()


def _free_display_number(start: int = 90) -> int:
    """A display number with no X server: no socket file, no abstract socket, no TCP listener."""
    for number in range(start, start + 200):
        if platform_check.display_answers(f":{number}", timeout=0.2) is False:
            return number
    pytest.skip("every display number from 90 on answers")


def test_a_display_that_does_not_answer_is_said_and_exits_2(tmp_path) -> None:
    """Trust round 4, item 11: DISPLAY naming a server nobody runs aborted (SIGABRT, a core dump, blaming
    libxcb-cursor0): the variable was set, so the check let Qt try."""
    display = f":{_free_display_number()}"
    done = subprocess.run([installed("evmeval-gui"), "--demo"], capture_output=True, text=True, timeout=60,
                          env={**_headless(), "HOME": str(tmp_path), "DISPLAY": display}, check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"evmeval-gui: error: no display: DISPLAY={display} does not answer: use "
                                  "--screenshot/--export-report, or set QT_QPA_PLATFORM=offscreen\n")
    assert "Traceback" not in done.stderr and "could not" not in done.stderr and "core" not in done.stderr


def test_a_listening_display_answers_and_a_closed_one_does_not() -> None:
    """The check connects where libxcb would: TCP 6000 + n for `host:n`, the (abstract) local socket for `:n`."""
    with socket.socket() as server:
        for number in range(90, 160):
            try:
                server.bind(("127.0.0.1", platform_check.X11_TCP_PORT + number))
                break
            except OSError:
                continue
        else:
            pytest.skip("no free port from 6090 on")
        server.listen()
        assert platform_check.display_answers(f"127.0.0.1:{number}.0") is True
        assert platform_check.window_problem({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": f"127.0.0.1:{number}"}) \
            is None
    assert platform_check.display_answers(f"127.0.0.1:{number}") is False
    assert platform_check.display_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": f"127.0.0.1:{number}"}) == \
        platform_check.no_display(f"127.0.0.1:{number}")
    if sys.platform.startswith("linux"):
        number = _free_display_number(number + 1)
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(f"\0{platform_check.X11_SOCKET_DIR}/X{number}")  # abstract: nothing on disk
            server.listen()
            assert platform_check.display_answers(f":{number}") is True
            assert platform_check.display_answers(f"unix:{number}.0") is True
        assert platform_check.display_answers(f"unix:{number}") is False


def test_names_the_check_does_not_read_are_left_to_qt() -> None:
    for name in ("/private/tmp/launchd-1/org.xquartz:0", "node::0", "nonsense", ":x", "decnet/h:0"):
        assert platform_check.display_answers(name) is None
    assert platform_check.display_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": "node::0"}) is None
def test_the_missing_extra_advice_says_what_works_from_a_clone_and_from_an_index() -> None:
    """Issue 32, item 1: `pip install 'evmeval-studio[gui]'` works only once published; a clone installs
    `'.[gui]'`. Each installation is told its own command first: its clone (editable or not), its wheel file,
    or the index."""
    editable = '{"url": "file:///home/ann/evmeval-studio", "dir_info": {"editable": true}}'
    folder = '{"url": "file:///home/ann/evmeval%20studio", "dir_info": {}}'
    wheel = '{"url": "file:///tmp/dist/evmeval_studio-0.1.0-py3-none-any.whl", "archive_info": {}}'
    for direct_url, first in [(editable, "pip install -e '/home/ann/evmeval-studio[gui]'"),
                              (folder, "pip install '/home/ann/evmeval studio[gui]'"),
                              (wheel, "pip install '/tmp/dist/evmeval_studio-0.1.0-py3-none-any.whl[gui]'"),
                              (None, "pip install 'evmeval-studio[gui]'")]:
        advice = platform_check.gui_install_advice(direct_url)
        assert advice.startswith(f"{first} for this installation"), advice
        assert "from a clone, pip install '.[gui]' in its folder" in advice
        assert "from an index that has EvmEval Studio (once published), pip install 'evmeval-studio[gui]'" in advice


def test_the_window_without_the_extra_names_this_clone() -> None:
    """The test environment is README's editable install of this clone: the message names the clone, even
    when run from the clone's folder (which holds a stale evmeval_studio.egg-info)."""
    from pathlib import Path

    clone = Path(__file__).resolve().parent.parent.parent
    code = ("import sys; sys.modules['PySide6'] = None; sys.argv = ['evmeval-gui', '--demo']\n"
            "from evmeval_gui.entry import main; main()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          check=False, cwd=clone)  # the clone's own evmeval_studio.egg-info is not the installation
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"pip install -e '{clone}[gui]' for this installation" in done.stderr, done.stderr
