"""The window imports the charts' library in the background after the first paint (issue 34): the launch's first
paint still comes before any pyqtgraph module, the import runs on a worker thread once the corpus is scored, and
the first chart the user opens finds it imported (its click imports no pyqtgraph module, nor the Charts dock's)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.gui.corpus_factory import write_corpus
from tests.gui.test_launch_first_paint import AT_PAINT

REPO = Path(__file__).resolve().parents[2]
PROBE = """
import json, sys, threading
from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication
from evmeval_gui.window import first_document

app = QApplication([sys.argv[0]])  # made here for the timers below; the program takes it as its own
seen = {}

class Watch:  # which thread imports pyqtgraph
    def find_spec(self, name, path=None, target=None):
        if name == "pyqtgraph" and "thread" not in seen:
            seen["thread"] = threading.current_thread() is threading.main_thread()
        return None

sys.meta_path.insert(0, Watch())
""" + AT_PAINT + """
def open_charts():
    windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
    if not windows or "at_paint" not in seen or not windows[0].session.loaded or not windows[0].runner.idle:
        return  # asked again by the timer: the corpus's and the warm-up's background work not done yet
    window = windows[0]
    poll.stop()
    seen["warmed"] = window.warm_up.done and "pyqtgraph" in sys.modules
    before = set(sys.modules)
    window.charts_dock.toggle_action().trigger()  # View > Charts, as the toolbar button does
    seen["charts_shown"] = window.charts_dock.isVisible()
    seen["imported_by_the_click"] = sorted(m for m in set(sys.modules) - before
                                           if m.startswith(("pyqtgraph", "evmeval_gui.charts", "evmeval_gui.export")))
    app.closeAllWindows()

poll = QTimer()
poll.timeout.connect(open_charts)
poll.start(50)
QTimer.singleShot(120_000, app.quit)  # never hang the test run
from evmeval_gui.app import main
code = main(sys.argv[1:])
print("PROBE " + json.dumps(seen))
sys.exit(code)
"""


def test_the_charts_library_is_imported_after_the_first_paint_off_the_gui_thread(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}  # the window's settings, not the user's
    done = subprocess.run([sys.executable, "-c", PROBE, "-g", str(corpus / "gold.tbf"), "-s",
                           str(corpus / "system.tbf")], cwd=REPO, capture_output=True, text=True, timeout=180,
                          check=False, env=env)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.rsplit("PROBE ", 1)[1])
    assert seen["at_paint"] == []  # the first document painted before any pyqtgraph module
    assert seen["warmed"] and seen["thread"] is False  # then imported, on a worker thread
    assert seen["charts_shown"] and seen["imported_by_the_click"] == []  # the first chart found it imported


WELCOME_PROBE = """
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

app = QApplication([sys.argv[0]])
seen = {}

class Painted(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            seen["painted"] = seen.get("painted", 0) + 1
        return False

painted, polls = Painted(), []

def check():
    windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
    if windows and not polls:
        windows[0].welcome.installEventFilter(painted)
    polls.append(1)
    if len(polls) == 60:  # 3 s after the launch: the welcome page painted, every job the window started done
        seen["idle"] = bool(windows) and windows[0].runner.idle
        seen["loaded"] = bool(windows) and windows[0].session.loaded
        charts = ("pyqtgraph", "numpy", "evmeval_gui.charts.panel")
        seen["imported"] = sorted(m for m in sys.modules if m.startswith(charts))
        poll.stop()
        app.closeAllWindows()

poll = QTimer()
poll.timeout.connect(check)
poll.start(50)
from evmeval_gui.app import main
code = main([])
print("PROBE " + json.dumps(seen))
sys.exit(code)
"""


def test_the_welcome_page_leaves_the_charts_library_unimported(tmp_path: Path) -> None:
    """No corpus opened: nothing on the welcome page draws a chart (issue 34: pyqtgraph, numpy and the charts'
    modules were 25 MB of the empty window); the agreement's matrix, started from there, has its comparing job import
    them (`test_agreement_first_display`)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", WELCOME_PROBE], cwd=REPO, capture_output=True, text=True,
                          timeout=180, check=False, env=env)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.rsplit("PROBE ", 1)[1])
    assert seen["painted"] >= 1 and seen["idle"] and seen["loaded"] is False  # painted and settled, nothing open
    assert seen["imported"] == []
