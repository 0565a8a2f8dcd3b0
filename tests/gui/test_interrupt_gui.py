"""Ctrl+C ends `evmeval-gui` cleanly in every mode (issue "Trust, round 3", item 4).

The headless export forks a child that writes half the files while the parent imports Qt and draws
the charts: SIGINT to the process group then gave segmentation faults, "Fatal Python error" aborts,
ImportError tracebacks, or was ignored. Now, at any moment: exit 130, the one line
`evmeval-gui: interrupted`, no process or temporary file left, each output absent or identical to a
normal run's. The window closes as a user closing it would (its settings saved) and exits 130.
Moments are found by watching the process through /proc (`tests.interrupts`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.big_corpus import write_big_corpus
from tests.interrupts import (
    Trigger,
    assert_clean_interrupt,
    interrupt,
    mapped,
    mapped_in_family,
    needs_proc,
    outputs,
    sleeping,
    writing,
)
from tests.programs import installed

pytestmark = needs_proc

IMPORTING_QT = mapped("QtCore")
"""PySide6's QtCore is loaded: Qt and pyqtgraph are being imported (half a second)."""
DRAWER_IMPORTING_QT = mapped_in_family("QtCore")
"""The export's chart drawer (a child forked before the corpus is loaded) is importing Qt: the process holding
the corpus never loads it."""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("interrupt-gui") / "corpus"
    write_big_corpus(folder, 150)
    return folder


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """Offscreen, with a private home (settings) and temporary folder (the screenshot's scratch)."""
    (tmp_path / "tmp").mkdir()
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path / "home"),
            "XDG_CONFIG_HOME": str(tmp_path / "home" / ".config"), "TMPDIR": str(tmp_path / "tmp")}


def _export(out: str) -> list[str]:
    return [installed("evmeval-gui"), "-g", "gold.tbf", "-s", "system.tbf", "-t", "tkn", "--text", "txt",
            "--export-report", out]


@pytest.fixture(scope="module")
def normal_export(corpus: Path) -> Callable[[], dict[str, bytes]]:
    """The files of an export that was not interrupted (made when first asked for)."""
    found: list[dict[str, bytes]] = []

    def files() -> dict[str, bytes]:
        if not found:
            out = corpus / "normal-export"
            done = subprocess.run(_export(out.name), cwd=corpus, capture_output=True, timeout=120, check=False,
                                  env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
            assert done.returncode == 0, done.stderr
            found.append(outputs(out))
        return found[0]

    return files


@pytest.mark.parametrize("moment", ["importing Qt (the chart drawer)", "writing"])
def test_export_interrupted(corpus: Path, normal_export: Callable[[], dict[str, bytes]], env, moment: str) -> None:
    out = corpus / "out"
    trigger: Callable[[], Trigger] = (lambda: DRAWER_IMPORTING_QT) if moment.startswith("importing") else writing
    try:
        run = interrupt(_export(out.name), trigger, cwd=corpus, env=env,
                        prepare=lambda: shutil.rmtree(out, ignore_errors=True))
        left = outputs(out) if out.is_dir() else {}
        assert_clean_interrupt(run, "evmeval-gui", corpus, out, normal_export() if left else {})
    finally:
        shutil.rmtree(out, ignore_errors=True)


@pytest.mark.parametrize("moment", ["importing Qt", "loading"])
def test_screenshot_interrupted(corpus: Path, env, tmp_path: Path, moment: str) -> None:
    """Also its scratch folder (a temporary folder for the window's settings) is removed."""
    out = tmp_path / "shot"
    out.mkdir()
    trigger: Callable[[], Trigger] = (lambda: IMPORTING_QT) if moment.startswith("importing") else lambda: sleeping(2)
    run = interrupt([installed("evmeval-gui"), "-g", "gold.tbf", "-s", "system.tbf", "-t", "tkn",
                     "--screenshot", str(out / "shot.png")], trigger, cwd=corpus, env=env,
                    prepare=lambda: (out / "shot.png").unlink(missing_ok=True))
    assert_clean_interrupt(run, "evmeval-gui", out, out, {})
    assert os.listdir(tmp_path / "tmp") == []


def test_window_closes_on_ctrl_c(env, tmp_path: Path) -> None:
    """Ctrl+C in the terminal once the window waits for the user: it closes as if the user closed it
    (its settings are saved on closing) and the program exits 130."""
    run = interrupt([installed("evmeval-gui"), "--demo"], lambda: sleeping(20, in_poll=True), cwd=tmp_path, env=env)
    assert_clean_interrupt(run, "evmeval-gui", tmp_path, tmp_path / "tmp", {})
    assert list((tmp_path / "home").rglob("*.conf")), "the window did not close as a user closing it would"


def test_window_interrupted_while_starting(env, tmp_path: Path) -> None:
    run = interrupt([installed("evmeval-gui"), "--demo"], lambda: IMPORTING_QT, cwd=tmp_path, env=env)
    assert_clean_interrupt(run, "evmeval-gui", tmp_path, tmp_path / "tmp", {})
