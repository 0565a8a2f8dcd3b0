"""`--export-report` draws its charts in a process forked before the corpus is loaded (issue 37): the
process holding the corpus never loads Qt, and the files are the same bytes as charts drawn in it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from evmeval_gui.export import CHARTS

SCRIPT = """
import sys
import evmeval_gui.export
from evmeval_gui.app import main
if sys.argv[1] == "here":  # as where no process can be forked: the charts are drawn in this process
    evmeval_gui.export.single_threaded = lambda: False
if sys.argv[1] == "failing":  # the drawing process fails: the charts are drawn in this process instead
    import os
    main_pid, draw = os.getpid(), evmeval_gui.export.render_charts

    def render_charts(figures):
        if os.getpid() != main_pid:
            raise RuntimeError("the drawer failed")
        return draw(figures)

    evmeval_gui.export.render_charts = render_charts
code = main(sys.argv[2:])
print("Qt loaded in the corpus's process:", "PySide6" in sys.modules)
sys.exit(code)
"""


@pytest.fixture(scope="module")
def demo_dir(evmeval_data):
    return evmeval_data / "scoring_demo" / "token_based"


def _export(where: str, out: Path, demo_dir: Path) -> str:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, where, "-g", str(demo_dir / "gold.tbf"), "-s",
         str(demo_dir / "sample_system_C.tbf"), "-t", str(demo_dir / "tkn"), "--export-report", str(out)],
        capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_charts_are_drawn_where_the_corpus_is_not_held_with_the_same_bytes(tmp_path, demo_dir):
    drawn_apart = _export("apart", tmp_path / "apart", demo_dir)
    drawn_here = _export("here", tmp_path / "here", demo_dir)
    assert "Qt loaded in the corpus's process: False" in drawn_apart
    assert "Qt loaded in the corpus's process: True" in drawn_here
    apart, here = _files(tmp_path / "apart"), _files(tmp_path / "here")
    assert {f"chart_{c}.png" for c in CHARTS} <= set(apart)
    assert list(apart) == list(here)
    assert [name for name in apart if apart[name] != here[name]] == []


def test_a_failed_drawer_leaves_the_charts_to_the_corpus_process(tmp_path, demo_dir):
    assert "Qt loaded in the corpus's process: True" in _export("failing", tmp_path / "failing", demo_dir)
    _export("here", tmp_path / "here", demo_dir)
    assert _files(tmp_path / "failing") == _files(tmp_path / "here")


def test_a_folder_refused_before_scoring_ends_the_drawer_too(tmp_path, demo_dir):
    blocker = tmp_path / "taken"
    blocker.write_text("a file, not a folder", encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "evmeval_gui", "-g", str(demo_dir / "gold.tbf"), "-s",
         str(demo_dir / "sample_system_C.tbf"), "-t", str(demo_dir / "tkn"), "--export-report", str(blocker)],
        capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 1
    assert "is a file, not a folder" in done.stderr and "Traceback" not in done.stderr
