"""`evmeval.export_report` (the library, no Qt) writes what `evmeval-gui --export-report` writes, byte for
byte, but the charts: the GUI only hands the library its chart drawing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gui.sequencing_corpus import write_sequencing_corpus
from tests.programs import installed

LIBRARY_EXPORT = """
import sys
import evmeval
gold, system, tokens, texts, out = sys.argv[1:]
corpus = evmeval.load(gold, system, tokens=tokens, texts=texts or None)
evmeval.export_report(corpus, evmeval.score(corpus), out)
assert not any(m.startswith(("PySide6", "pyqtgraph", "evmeval_gui")) for m in sys.modules), "Qt imported"
"""


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _without_charts(html: bytes) -> bytes:
    """report.html as written without charts: its Charts heading and figures gone."""
    return re.sub(rb"<h2>Charts</h2>\n?(<figure id=\"chart-.*?</figure>\n?)*", b"", html, flags=re.S)


@pytest.fixture(params=["demo", "links"])
def corpus(request, evmeval_data, tmp_path) -> tuple[str, str, str, str]:
    """(gold, system, tokens, texts): the published demo, and a corpus with sequencing links and coreference."""
    if request.param == "demo":
        demo = evmeval_data / "scoring_demo" / "token_based"
        return str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), str(demo / "tkn"), str(demo / "txt")
    folder = write_sequencing_corpus(tmp_path / "seq")
    return str(folder / "gold.tbf"), str(folder / "system.tbf"), str(folder / "tkn"), str(folder / "txt")


def test_library_export_without_charts_writes_every_other_file_as_the_gui(tmp_path, corpus):
    gold, system, tokens, texts = corpus
    gui_out, lib_out = tmp_path / "gui", tmp_path / "lib"
    done = subprocess.run([installed("evmeval-gui"), "-g", gold, "-s", system, "-t", tokens, "--texts", texts,
                           "--export-report", str(gui_out)], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert done.returncode == 0, done.stderr
    done = subprocess.run([sys.executable, "-c", LIBRARY_EXPORT, gold, system, tokens, texts, str(lib_out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    gui, lib = _files(gui_out), _files(lib_out)
    assert {n for n in gui if n.startswith("chart_")} and not {n for n in lib if n.startswith("chart_")}
    assert set(lib) == {n for n in gui if not n.startswith("chart_")}
    assert "coreference_clusters.csv" in lib and len(lib) > 10
    for name, content in lib.items():
        if name == "report.html":
            assert b"<figure" in gui[name] and b"<figure" not in content
            assert content == _without_charts(gui[name])
        else:
            assert content == gui[name], name
