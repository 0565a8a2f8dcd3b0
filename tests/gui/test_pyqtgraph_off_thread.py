"""pyqtgraph imported on a worker thread (issue 34: the window warms it after the first paint, the Compare mode's
comparing job imports it for its pages): the import makes no QObject and says nothing, charts drawn afterwards
on the GUI thread work, and a click wanting a chart while the import runs waits for that import instead of
starting a second one."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = r"""
import gc, json, sys, threading
from PySide6.QtCore import QObject, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

said = []
qInstallMessageHandler(lambda _mode, _context, message: said.append(message))
app = QApplication([])
main_thread = app.thread()
from evmeval_gui import qt_import

entered, go = threading.Event(), threading.Event()
mirrors_made = []
make_mirrors = qt_import._lazy_mirrors

def counting(folder):
    mirrors_made.append(threading.current_thread().name)
    entered.set()
    go.wait(5)  # the worker stops here, the import under way, until the "click" has asked for pyqtgraph
    return make_mirrors(folder)

qt_import._lazy_mirrors = counting
got = {}
worker = threading.Thread(target=lambda: got.setdefault("worker", qt_import.load_pyqtgraph()), name="warm")
worker.start()
entered.wait(5)
click = threading.Thread(target=lambda: got.setdefault("click", qt_import.load_pyqtgraph()), name="click")
click.start()
click.join(0.5)  # the click waits for the worker's import: it cannot end before the worker goes on
waited = click.is_alive()
go.set()
worker.join(); click.join()
pg = got["worker"]
made_elsewhere = [type(o).__name__ for o in gc.get_objects()
                  if isinstance(o, QObject) and o.thread() is not main_thread]
from pyqtgraph.Qt import QtCore
plot = pg.PlotWidget()
bars = pg.BarGraphItem(x=[0, 1], height=[3, 5], width=0.5)
plot.addItem(bars)
plot.resize(200, 150)
plot.show()
app.processEvents()
image = plot.grab().toImage()
print(json.dumps({"mirrors_made": mirrors_made, "same": got["click"] is pg, "waited": waited,
                  "made_elsewhere": made_elsewhere, "said": said, "on_demand": "__getattr__" in QtCore.__dict__,
                  "drawn": [image.width(), image.height()], "heights": list(map(float, bars.opts["height"]))}))
"""


def test_pyqtgraph_imports_on_a_worker_thread_once_and_charts_draw_after() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYQTGRAPH_QT_LIB", None)
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["mirrors_made"] == ["warm"]  # imported once, by the worker; the click did not import again
    assert seen["same"] and seen["waited"]  # the click got the worker's module, after waiting for it
    assert seen["made_elsewhere"] == []  # no QObject belongs to the worker thread
    assert [m for m in seen["said"] if "propagateSizeHints" not in m] == []  # Qt said nothing (no warning)
    assert seen["on_demand"]  # the cheaper import was taken
    assert seen["drawn"] == [200, 150] and seen["heights"] == [3.0, 5.0]  # a chart made and drawn afterwards
