"""pyqtgraph imported with its Qt modules filled on demand reads exactly as after its own import."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

PROBE = r"""
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
import PySide6.QtCore, PySide6.QtGui, PySide6.QtWidgets
if sys.argv[1] == "on_demand":
    from evmeval_gui.qt_import import load_pyqtgraph
    pg = load_pyqtgraph()
else:
    import pyqtgraph as pg
from pyqtgraph.Qt import QtCore, QtGui, QtWidgets
out = {}
for mirror, source in ((QtCore, PySide6.QtCore), (QtGui, PySide6.QtGui), (QtWidgets, PySide6.QtWidgets)):
    on_demand = "__getattr__" in mirror.__dict__
    names = sorted(set(dir(mirror)) - {"__getattr__", "__dir__"})
    own = {}
    for name in names:
        value = getattr(mirror, name)
        if not hasattr(source, name) or getattr(source, name) is not value:
            own[name] = getattr(value, "__qualname__", type(value).__name__)
    out[mirror.__name__] = {"on_demand": on_demand, "names": names, "own": own,
                            "same": all(getattr(mirror, n) is getattr(source, n) for n in dir(source)
                                        if n not in own and not n.startswith("__"))}
out["QtCore.Signal"] = QtCore.Signal is PySide6.QtCore.Signal
out["mkQApp"] = pg.mkQApp() is app
print(json.dumps(out))
"""


def _probe(mode: str) -> dict:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYQTGRAPH_QT_LIB", None)
    done = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def probes() -> tuple[dict, dict]:
    return _probe("plain"), _probe("on_demand")


def test_the_on_demand_import_is_taken(probes):
    plain, on_demand = probes
    for name in ("pyqtgraph.Qt.QtCore", "pyqtgraph.Qt.QtGui", "pyqtgraph.Qt.QtWidgets"):
        assert on_demand[name]["on_demand"] and not plain[name]["on_demand"]


def test_every_qt_name_reads_the_same_object_as_after_the_plain_import(probes):
    plain, on_demand = probes
    for name in ("pyqtgraph.Qt.QtCore", "pyqtgraph.Qt.QtGui", "pyqtgraph.Qt.QtWidgets"):
        assert on_demand[name]["names"] == plain[name]["names"]
        assert on_demand[name]["own"] == plain[name]["own"]  # what pyqtgraph sets itself (QOpenGLWidget, ...)
        assert on_demand[name]["same"] and plain[name]["same"]
    assert on_demand["QtCore.Signal"] and on_demand["mkQApp"]
