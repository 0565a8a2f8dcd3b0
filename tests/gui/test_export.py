"""Report export: every file, equal to the core's output; atomic, never over an input; headless mode."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys

import pytest
from evmeval._util.schemas import with_schema
from evmeval.align import COMBINATIONS
from evmeval.io.errors import FormatError
from evmeval.io.loading import load_inputs
from evmeval.mention.outcomes import mapping_rows
from evmeval.mention.scoring import score_files
from evmeval.report.comparison import format_comparison
from evmeval.report.json_report import dumps, result_to_json
from evmeval.report.run import scheme_report
from evmeval.report.text import format_report

from evmeval_gui.export import REPORT_FILES, export_report

CHARTS = ("scores", "per_type_combination", "per_type_published", "per_type_type_mapping", "confusion_type",
          "confusion_realis", "documents", "schemes")


@pytest.fixture(scope="module")
def demo_dir(evmeval_data):
    return evmeval_data / "scoring_demo" / "token_based"


@pytest.fixture(scope="module")
def demo(demo_dir):
    inputs = load_inputs(str(demo_dir / "gold.tbf"), str(demo_dir / "sample_system_C.tbf"),
                         token_dir=str(demo_dir / "tkn"), text_dir=str(demo_dir / "txt"))
    return inputs, score_files(inputs.gold, inputs.system)


def _csv_rows(path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_export_writes_every_file_equal_to_the_core(qtbot, tmp_path, demo):
    inputs, result = demo
    out = tmp_path / "report"
    written = export_report(str(out), inputs, result)
    names = {os.path.relpath(p, out) for p in written}
    charts = {f"chart_{c}.{ext}" for c in CHARTS for ext in ("png", "svg")}
    assert names == set(REPORT_FILES) | charts | {os.path.join("documents", "page-001.html")}
    assert sorted(os.listdir(out)) == sorted({n.split(os.sep)[0] for n in names})  # no temporary file left
    assert os.listdir(out / "documents") == ["page-001.html"]
    assert (out / "scores.txt").read_text(encoding="utf-8") == format_report(result)
    assert (out / "comparison.txt").read_text(encoding="utf-8") == format_comparison(result)
    exported = json.loads((out / "scores.json").read_text(encoding="utf-8"))
    published = json.loads(dumps(with_schema("score", result_to_json(result))))
    assert {k: v for k, v in exported.items() if k not in ("muc", "gate")} == published  # greedy: no "mapping"
    cli = json.loads(dumps(scheme_report(result, "muc")[1]()))  # what evmeval-score --scheme muc --json writes
    assert exported["muc"] == cli["muc"] and exported["gate"] == cli["gate"]
    mappings = _csv_rows(out / "mappings.csv")
    assert len(mappings) == sum(len(mapping_rows(d, c)) for d in result.documents for c in COMBINATIONS)
    assert len(_csv_rows(out / "documents.csv")) == len(result.documents)
    assert len(_csv_rows(out / "per_type.csv")) == len(result.per_type_published) + len(result.per_type_by_type_mapping)
    for chart in CHARTS:
        assert (out / f"chart_{chart}.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
        assert "<svg" in (out / f"chart_{chart}.svg").read_text(encoding="utf-8")


def test_html_report_names_every_document_and_embeds_every_chart(qtbot, tmp_path, demo):
    inputs, result = demo
    export_report(str(tmp_path), inputs, result)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    documents = (tmp_path / "documents" / "page-001.html").read_text(encoding="utf-8")
    for number, doc in enumerate(result.documents):
        assert f'<a href="documents/page-001.html#doc-{number}">{doc.doc_id}</a>' in page
        assert f'<section id="doc-{number}"><h2>{doc.doc_id}</h2>' in documents
    assert "<script" not in page + documents
    for chart in CHARTS:
        figure = page[page.index(f'<figure id="chart-{chart}">'):]
        assert figure.split(">", 2)[1].startswith('<img alt="') and 'src="data:image/png;base64,' in figure[:300]
    assert page.count("<figure") == len(CHARTS)
    assert "Event type confusion" in page                                   # captions are the chart titles


def test_forked_export_writes_the_same_files(qtbot, tmp_path, demo, monkeypatch):
    """`--export-report` writes the text files in a child process: same files, same bytes."""
    import evmeval.report.export.writing as export  # the library's export forks; the GUI hands it the charts
    from evmeval._util.forked import Forked

    children = []

    class Counted(Forked):
        def __init__(self, function, **kwargs):
            super().__init__(function, **kwargs)
            children.append(self._pid)

    monkeypatch.setattr(export, "Forked", Counted)
    monkeypatch.setattr(export, "single_threaded", lambda: True)  # the test process has Qt's threads
    inputs, result = demo
    alone = export_report(str(tmp_path / "alone"), inputs, result, coref_combination="mention_type")
    forked = export_report(str(tmp_path / "forked"), inputs, result, coref_combination="mention_type", fork=True)
    assert len(children) == 1 and children[0] > 0                          # a child process wrote them
    assert sorted(os.path.relpath(p, tmp_path / "alone") for p in alone) == sorted(
        os.path.relpath(p, tmp_path / "forked") for p in forked)
    for path in alone:
        name = os.path.relpath(path, tmp_path / "alone")
        if not name.startswith("chart_"):
            assert (tmp_path / "forked" / name).read_bytes() == (tmp_path / "alone" / name).read_bytes(), name


def test_inputs_are_never_overwritten(qtbot, tmp_path, demo_dir):
    gold = tmp_path / "scores.txt"                       # a gold file that happens to carry an output's name
    shutil.copy(demo_dir / "gold.tbf", gold)
    system = tmp_path / "system.tbf"
    shutil.copy(demo_dir / "sample_system_C.tbf", system)
    before = gold.read_bytes()
    inputs = load_inputs(str(gold), str(system), token_dir=str(demo_dir / "tkn"))
    with pytest.raises(FormatError, match="overwrite an input") as caught:
        export_report(str(tmp_path), inputs, score_files(inputs.gold, inputs.system))
    assert caught.value.path == str(tmp_path / "scores.txt")
    assert gold.read_bytes() == before
    assert not (tmp_path / "report.html").exists()                          # refused before writing anything


def test_unwritable_folder_is_a_clear_message(qtbot, tmp_path, demo):
    inputs, result = demo
    blocker = tmp_path / "taken"
    blocker.write_text("a file, not a folder", encoding="utf-8")
    with pytest.raises(FormatError, match="is a file, not a folder") as caught:
        export_report(str(blocker), inputs, result)
    assert caught.value.path == str(blocker)
    with pytest.raises(FormatError) as caught:
        export_report(str(blocker / "inside"), inputs, result)
    assert str(blocker / "inside") in str(caught.value)


def test_headless_export_report_command(tmp_path, demo_dir):
    out = tmp_path / "out"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "evmeval_gui", "-g", str(demo_dir / "gold.tbf"), "-s",
         str(demo_dir / "sample_system_C.tbf"), "-t", str(demo_dir / "tkn"), "--export-report", str(out)],
        capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert set(REPORT_FILES) <= set(os.listdir(out))
    assert {f"chart_{c}.png" for c in CHARTS} <= set(os.listdir(out))
    rows = list(csv.DictReader(io.StringIO((out / "documents.csv").read_text(encoding="utf-8"))))
    assert [r["doc_id"] for r in rows] == ["example1", "example2"]


def test_file_export_writes_in_the_background_and_says_so(qtbot, tmp_path, monkeypatch):
    """File › Export report…: charts drawn, files written by the job runner, the status bar reports it."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QFileDialog

    from evmeval_gui.main_window import MainWindow
    from tests.gui.corpus_factory import write_corpus

    corpus = write_corpus(tmp_path / "corpus")
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    out = tmp_path / "report"
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args, **kwargs: str(out))
    with qtbot.waitSignal(window.runner.job_finished, timeout=20_000) as finished:
        window.commands.export_action.trigger()
    assert finished.args == ["Exporting the report", "done"]
    from evmeval_gui.coref.export import COREF_FILES  # the window's export carries coreference too

    assert sorted(p.name for p in out.iterdir() if not p.name.startswith("chart_")) == sorted(
        [*REPORT_FILES, *COREF_FILES, "documents"])
    assert [p.name for p in (out / "documents").iterdir()] == ["page-001.html"]
    assert "Report written to" in window.statusBar().currentMessage()


# -- links v1.8 refuses without -nv (trust round 3, item 8) ------------------------------------------------

TWO_WAY = os.path.join(os.path.dirname(__file__), os.pardir, "data", "sequencing", "two_way")
"""gold d1 links E1 and E2 both ways (@After at gold.tbf:5 and :6); d2 has coreference. v1.8 exits 255."""


def _export_two_way(tmp_path, *extra: str) -> tuple[subprocess.CompletedProcess, str, str]:
    from tests.programs import installed

    corpus = tmp_path / "two_way"
    shutil.copytree(TWO_WAY, corpus)
    out = tmp_path / "out"
    done = subprocess.run(
        [installed("evmeval-gui"), "-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"),
         "-t", str(corpus / "tkn"), "--export-report", str(out), *extra],
        capture_output=True, text=True, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=120)
    return done, str(corpus), str(out)


def test_export_of_links_both_ways_scores_the_rest_and_names_the_links(tmp_path):
    from evmeval_gui.coref.export import COREF_FILES

    done, corpus, out = _export_two_way(tmp_path)
    assert done.returncode == 0, done.stderr
    gold = os.path.join(corpus, "gold.tbf")
    assert "evmeval-gui: warning: event sequencing not scored: 1 pair of mentions linked both ways" in done.stderr
    assert f"{gold}:5: document 'd1': @After links E1->E2 and (line 6) E2->E1" in done.stderr
    assert "-nv" in done.stderr and "Traceback" not in done.stderr
    files = set(os.listdir(out))
    assert set(REPORT_FILES) <= files and set(COREF_FILES) <= files and "sequencing_links.tsv" not in files
    inputs = load_inputs(gold, os.path.join(corpus, "system.tbf"), token_dir=os.path.join(corpus, "tkn"))
    with open(os.path.join(out, "scores.txt"), encoding="utf-8") as f:
        assert f.read().startswith(format_report(score_files(inputs.gold, inputs.system)))
    with open(os.path.join(out, "scores.json"), encoding="utf-8") as f:
        data = json.load(f)
    assert "sequencing" not in data and "coreference" in data
    with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
        page = f.read()
    assert "Event sequencing (After, Subevent): not scored" in page
    assert f"{gold}:5: document &#x27;d1&#x27;: @After links E1-&gt;E2 and (line 6) E2-&gt;E1" in page


def test_export_with_nv_scores_the_links_as_v18_does(tmp_path):
    done, _corpus, out = _export_two_way(tmp_path, "-nv")
    assert done.returncode == 0, done.stderr
    assert "not scored" not in done.stderr
    with open(os.path.join(out, "scores.json"), encoding="utf-8") as f:
        sequencing = json.load(f)["sequencing"]
    assert sequencing["validated"] is False
    with open(os.path.join(TWO_WAY, "scores_nv.txt"), encoding="utf-8") as f:
        v18 = f.read()  # v1.8 -nv: every evaluation 75.0 (see tests/data/sequencing/SOURCE.md)
    assert v18.count("Overall Temporal Awareness Score (F1 score): 75.0") == 2  # After and All
    for name in ("After", "All"):
        corpus_figures = sequencing["closures"]["published"][name]["corpus"]
        assert f"{100 * corpus_figures['f1']:.1f}" == "75.0"
    assert os.path.exists(os.path.join(out, "sequencing_links.tsv"))
