"""The window's launch paints the first document before the charts' library loads (issue 34): pyqtgraph
(~0.18 s on the GUI thread) is imported when a chart is first wanted (the Charts dock shown, the agreement
matrix, the Compare mode's pages, the report export), not before the first paint."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.gui.corpus_factory import write_corpus

REPO = Path(__file__).resolve().parents[2]
AT_PAINT = """
filter_event = first_document.FirstDocumentParts.eventFilter

def watching(self, watched, event):
    if "at_paint" not in seen and event.type() == QEvent.Type.Paint and self.first.document is not None:
        seen["at_paint"] = sorted(m for m in sys.modules if m.split(".")[0] == "pyqtgraph")
    return filter_event(self, watched, event)

first_document.FirstDocumentParts.eventFilter = watching
"""
"""Probe code (it needs `sys`, `QEvent`, `first_document` and a dict `seen`): the pyqtgraph modules loaded when the
first document is painted, in `seen["at_paint"]`."""
PROBE = """
import json, sys
from PySide6.QtCore import QEvent
from evmeval_gui.window import first_document

seen = {}
""" + AT_PAINT + """from evmeval_gui.app import main
code = main(sys.argv[1:])
seen["at_end"] = "pyqtgraph" in sys.modules
print("PROBE " + json.dumps(seen))
sys.exit(code)
"""


def launch(tmp_path: Path, *options: str) -> dict[str, object]:
    """A screenshot of a small corpus in a fresh interpreter: what was imported at the first document's paint."""
    corpus = write_corpus(tmp_path / "corpus")
    png = tmp_path / "window.png"
    done = subprocess.run([sys.executable, "-c", PROBE, "-g", str(corpus / "gold.tbf"), "-s",
                           str(corpus / "system.tbf"), *options, "--screenshot", str(png)],
                          cwd=REPO, capture_output=True, text=True, timeout=180, check=False,
                          env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert png.stat().st_size > 0 and "screenshot written" in done.stderr
    return json.loads(done.stdout.rsplit("PROBE ", 1)[1])


def test_the_first_document_is_painted_before_pyqtgraph_is_imported(tmp_path: Path) -> None:
    seen = launch(tmp_path)
    assert seen["at_paint"] == []  # painted, and no pyqtgraph module loaded yet
    assert seen["at_end"] is False  # no chart was wanted: never loaded


def test_the_charts_dock_loads_pyqtgraph_when_shown(tmp_path: Path) -> None:
    seen = launch(tmp_path, "--charts")
    assert seen["at_end"] is True  # the dock shown: its charts drawn with pyqtgraph
