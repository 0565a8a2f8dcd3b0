"""The window paints on the GUI thread alone: Qt's own pool of paint threads is off (issue 34).

Qt 6 splits a large fill (a progress bar's, a scroll bar's) over threads of its own pool and the GUI thread waits for
all of them: on a machine whose two cores were busy (the load's worker, another process) the event loop stalled
46-148 ms with the GUI thread asleep, waiting for a pool thread to get a core. Qt reads its switch once per process,
at the first such paint, so a fresh interpreter makes the application as `evmeval-gui` makes it and paints a large
progress bar; the kernel lists the process's threads by name (Linux)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from evmeval_gui.qt_environment import SERIAL_PAINT

PAINT = """
import os
from PySide6.QtWidgets import QProgressBar
from evmeval_gui.app import _application
app = _application(offscreen=True)
bar = QProgressBar()
bar.resize(1200, 400)
bar.setValue(40)
bar.grab()
tasks = "/proc/self/task"
print("\\n".join(sorted(open(f"{tasks}/{t}/comm").read().strip() for t in os.listdir(tasks))))
"""


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="threads listed by Linux's /proc")
def test_a_large_paint_starts_no_pool_thread() -> None:
    env = {k: v for k, v in os.environ.items() if k != SERIAL_PAINT}
    env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run([sys.executable, "-c", PAINT], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    threads = done.stdout.split("\n")
    assert "Thread (pooled)" not in threads, threads


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="threads listed by Linux's /proc")
def test_the_users_own_setting_is_kept() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env[SERIAL_PAINT] = ""  # set, empty: Qt's pool stays off as well (Qt asks whether it is set)
    script = "import os\nfrom evmeval_gui.app import _application\n_application(offscreen=True)\n"
    script += f"print(repr(os.environ[{SERIAL_PAINT!r}]))\n"
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "''", done.stderr
