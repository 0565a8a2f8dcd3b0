"""`evmeval-gui` as a program: `--screenshot` and `--export-report` through `evmeval_gui.app.main`."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from evmeval.io.loading import LoadedInputs
from evmeval.mention.scoring import ScoreResult
from PySide6.QtGui import QImage

from evmeval_gui.app import main
from tests.gui.corpus_factory import write_corpus

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "corpus")


def test_screenshot_renders_the_loaded_window(qapp, corpus, tmp_path, capsys):
    png = tmp_path / "doc1.png"
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "--doc", "doc1",
                 "--screenshot", str(png)])
    assert code == 0
    image = QImage(str(png))
    assert (image.width(), image.height()) == (1366, 768)
    # not a blank picture: many different colours (text, bars in the outcome colours, tables)
    colours = {image.pixel(x, y) for x in range(0, 1366, 7) for y in range(0, 768, 7)}
    assert len(colours) > 20
    assert "screenshot written" in capsys.readouterr().err


def test_screenshot_of_a_malformed_file_fails_with_the_message(qapp, corpus, tmp_path, capsys):
    bad = corpus / "bad.tbf"
    bad.write_text("#BeginOfDocument doc1\nsys\tdoc1\tS1\tt2\n#EndOfDocument\n", encoding="utf-8")
    png = tmp_path / "never.png"
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(bad), "--screenshot", str(png)])
    assert code == 1
    err = capsys.readouterr().err
    assert f"{bad}:2: mention line has too few fields (4)" in err
    assert not png.exists()


def test_screenshot_of_an_unknown_document_fails(qapp, corpus, tmp_path, capsys):
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "--doc", "nope",
                 "--screenshot", str(tmp_path / "x.png")])
    assert code == 1
    assert "document 'nope' (--doc) is not in the gold file" in capsys.readouterr().err


def test_missing_system_file_is_named(qapp, corpus, tmp_path, capsys):
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "absent.tbf"), "--screenshot",
                 str(tmp_path / "x.png")])
    assert code == 1
    assert "absent.tbf: file not found" in capsys.readouterr().err


def test_export_report_calls_the_exporter_once_per_system(qapp, corpus, tmp_path, monkeypatch):
    calls: list[tuple[str, LoadedInputs, ScoreResult]] = []
    fake = types.ModuleType("evmeval_gui.export")
    fake.check_export_folders = lambda *_args: None
    fake.ChartDrawer = lambda _application: types.SimpleNamespace(close=lambda: None)
    fake.export_report = lambda out_dir, inputs, result, **_options: calls.append((out_dir, inputs, result))
    monkeypatch.setitem(sys.modules, "evmeval_gui.export", fake)
    out = tmp_path / "report"
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "-s",
                 str(corpus / "system_b.tbf"), "--export-report", str(out)])
    assert code == 0
    assert [(c[0], c[2].run_name) for c in calls] == [(str(out / "system"), "system.tbf"),
                                                      (str(out / "system_b"), "system_b.tbf")]
    assert calls[0][1].system.run_name == "system.tbf"
    assert calls[0][2].micro["plain"].num_gold == 7


def test_export_report_without_the_exporter_fails_clearly(qapp, corpus, tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "evmeval_gui.export", None)  # makes the import fail
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"),
                 "--export-report", str(tmp_path / "out")])
    assert code == 1
    assert "report export is not available" in capsys.readouterr().err


def test_attribute_names_cover_every_combination():
    from evmeval.align import COMBINATIONS

    from evmeval_gui.app import ATTRIBUTE_CHOICES

    assert set(ATTRIBUTE_CHOICES.values()) == set(COMBINATIONS)
    assert ATTRIBUTE_CHOICES["type+realis"] == "mention_type+realis_status"


def test_conflicting_arguments_are_refused(qapp, corpus, tmp_path, capsys):
    code = main(["--demo", "-g", str(corpus / "gold.tbf"), "--screenshot", str(tmp_path / "x.png")])
    assert code == 1
    assert "--demo" in capsys.readouterr().err


@pytest.mark.parametrize("target", ["gold.tbf", "system.tbf", "tkn/doc1.tab", "txt/doc2.txt", "link_to_gold"])
def test_screenshot_never_lands_on_an_input(qapp, corpus, capsys, target):
    (corpus / "link_to_gold").symlink_to(corpus / "gold.tbf")
    before = {p: p.read_bytes() for p in corpus.rglob("*") if p.is_file()}
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "--screenshot",
                 str(corpus / target)])
    assert code == 1
    assert "output would" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in corpus.rglob("*") if p.is_file()} == before
