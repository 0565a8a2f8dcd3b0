"""Issue 34: the Qt enums a first document's turns would make are made before, in the window's idle turns.

PySide makes a type's Python enum classes once per process, the first time the type is used: in the test suite
earlier tests have made them, so the process that counts them is a fresh one (`CHILD`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from evmeval_gui.main_window import MainWindow
from tests.gui.corpus_factory import write_corpus

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import enum, sys, tempfile
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from evmeval_gui.main_window import MainWindow

made = []
create = enum.EnumMeta._create_  # (EnumType from Python 3.11 on: the same class)

def counted(cls, *args, **kwargs):
    made.append(where[0])
    return create(cls, *args, **kwargs)

enum.EnumMeta._create_ = counted
where = ["launch"]
app = QApplication([])
window = MainWindow(settings=QSettings(tempfile.mktemp(suffix=".ini"), QSettings.Format.IniFormat), persist=False,
                    use_default_charts=False, warm_charts=False)
window.resize(1366, 768)
window.show()
wait = sys.argv[3] == "1"
while wait and not window.qt_enums.done:
    app.processEvents()
where[0] = "opening"
first = window.session.first_document
put = first.put

def spied(document):
    where[0] = "first document"
    put(document)

first.put = spied
window.open_files(sys.argv[1], [sys.argv[2]])
while not first.painted.is_set():
    app.processEvents()
while window.runner.busy:
    app.processEvents()
shown = window.text_view.doc.doc_id, len(window.mapping.visible_rows()), sorted(window.documents.visible_doc_ids())
print(made.count("first document"), shown)
"""


def first_document_enums(corpus: Path, *, wait: bool) -> tuple[int, str]:
    """In a fresh process: the enum classes made from the first document's turn to the corpus scored, and what
    the window showed then; `wait`: the corpus opened once the warm-up is done."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "core"), str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", CHILD, str(corpus / "gold.tbf"), str(corpus / "system.tbf"),
                           "1" if wait else "0"], env=env, capture_output=True, text=True, timeout=120, check=True)
    count, shown = done.stdout.strip().splitlines()[-1].split(" ", 1)
    return int(count), shown


def test_the_first_documents_turns_make_no_qt_enum_once_the_window_waited(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    made, shown = first_document_enums(corpus, wait=True)
    assert made == 0
    assert shown == "('doc1', 7, ['doc1', 'doc2', 'doc3'])"


def test_the_warm_up_runs_in_small_steps_after_the_first_paint(window: MainWindow, qtbot) -> None:
    warm = window.qt_enums
    qtbot.waitUntil(lambda: warm.done, timeout=5000)
    assert warm.started
    from evmeval_gui.window.qt_enums import warm_steps

    assert len(warm_steps()) >= 5  # the option classes a few per turn, not in one
    assert window.workspace.stack.currentWidget() is window.welcome  # the welcome page, as it was
