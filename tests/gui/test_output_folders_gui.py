"""The window's and `evmeval-gui`'s multi-file writers check every file first (issue "Trust, round 3",
items 1, 2, 10): a link inside the chosen folder that lands on an input is refused, the input untouched
and nothing written; a missing parent folder is refused, never made."""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path

import pytest
from evmeval.io.errors import FormatError
from evmeval.io.loading import load_inputs
from evmeval.mention.scoring import score_files
from PySide6.QtCore import Qt

from evmeval_gui.app import main
from evmeval_gui.export import check_report_folder
from tests.gui.corpus_factory import write_corpus
from tests.gui.test_compare_mode import TIMEOUT, compare, window
from tests.gui.test_curation_view import NAMES, press
from tests.gui.test_curation_view import window as curate_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["compare", "curate_window", "window"]  # fixtures


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "corpus")


def _snapshot(folder: Path) -> dict[str, bytes | str]:
    return {str(p): (os.readlink(p) if p.is_symlink() else p.read_bytes() if p.is_file() else "folder")
            for p in sorted(folder.rglob("*"))}


def test_curated_brat_export_refuses_a_link_onto_an_annotators_file(qtbot, curate_window, corpus, tmp_path):
    problems = []
    curate_window.notifier = problems.append
    press(qtbot, curate_window, Qt.Key.Key_1)
    out = tmp_path / "brat"
    out.mkdir()
    (out / "doc2.ann").symlink_to(corpus / NAMES[1])
    before = _snapshot(tmp_path)
    assert curate_window.curate.export("brat", str(out)) == []
    assert problems and "output would overwrite an input file" in str(problems[0])
    assert _snapshot(tmp_path) == before  # doc1.ann not written either
    assert curate_window.curate.export("brat", str(tmp_path / "typo" / "brat")) == []
    assert "does not exist" in str(problems[1]) and not (tmp_path / "typo").exists()


def test_curated_scoring_folder_refuses_a_link_onto_an_input(qtbot, curate_window, corpus, tmp_path):
    problems = []
    curate_window.notifier = problems.append
    folder = tmp_path / "scoring"
    folder.mkdir()
    (folder / "curated.tbf").symlink_to(corpus / "tkn" / "doc1.tab")
    before = _snapshot(tmp_path)
    assert curate_window.curate.score(str(folder)) is None
    assert problems and "among the inputs" in str(problems[0])
    assert _snapshot(tmp_path) == before


def test_compare_csv_export_refuses_a_link_inside_and_a_missing_parent(compare, qtbot, tmp_path):
    problems = []
    compare.notifier = problems.append
    folder = tmp_path / "csv"
    folder.mkdir()
    gold = compare.session.request.gold
    (folder / "pairs.csv").symlink_to(gold)
    before, gold_bytes = _snapshot(tmp_path), Path(gold).read_bytes()
    with qtbot.waitSignal(compare.session.load_failed, timeout=TIMEOUT):
        compare.compare.export(str(folder))
    assert "output would overwrite an input file" in str(problems[-1])
    assert _snapshot(tmp_path) == before and Path(gold).read_bytes() == gold_bytes
    with qtbot.waitSignal(compare.session.load_failed, timeout=TIMEOUT):
        compare.compare.export(str(tmp_path / "typo" / "csv"))
    assert "does not exist" in str(problems[-1]) and not (tmp_path / "typo").exists()


def test_report_folder_check_covers_every_file_and_the_parent(corpus, tmp_path):
    inputs = load_inputs(str(corpus / "gold.tbf"), str(corpus / "system.tbf"), token_dir=str(corpus / "tkn"),
                         text_dir=str(corpus / "txt"))
    result = score_files(inputs.gold, inputs.system)
    out = tmp_path / "report"
    out.mkdir()
    (out / "scores.txt").symlink_to(corpus / "gold.tbf")
    with pytest.raises(FormatError, match="output would overwrite an input file"):
        check_report_folder(str(out), inputs, result)
    with pytest.raises(FormatError, match=f"folder {tmp_path / 'typo'} does not exist"):
        check_report_folder(str(tmp_path / "typo" / "report"), inputs, result)


def test_export_report_refuses_a_missing_parent_before_scoring(qapp, corpus, tmp_path, capsys):
    out = tmp_path / "typo" / "report"
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "--export-report", str(out)])
    assert code == 1
    assert f"folder {tmp_path / 'typo'} does not exist" in capsys.readouterr().err
    assert not (tmp_path / "typo").exists()


def test_export_report_checks_every_systems_folder_before_scoring(qapp, corpus, tmp_path, monkeypatch, capsys):
    """With two systems, a link in the second one's folder is refused before the first is scored."""
    calls = []
    import evmeval_gui.export as real

    fake = types.ModuleType("evmeval_gui.export")
    fake.check_export_folders = real.check_export_folders
    fake.export_report = lambda out_dir, *_args, **_options: calls.append(out_dir)
    fake.ChartDrawer = lambda *_args: types.SimpleNamespace(close=lambda: None)  # no drawer process for a refusal
    monkeypatch.setitem(sys.modules, "evmeval_gui.export", fake)
    out = tmp_path / "report"
    (out / "system_b").mkdir(parents=True)
    (out / "system_b" / "scores.json").symlink_to(corpus / "system.tbf")
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "-s",
                 str(corpus / "system_b.tbf"), "--export-report", str(out)])
    assert code == 1 and calls == []
    assert "output would overwrite an input file" in capsys.readouterr().err


def test_screenshot_into_a_missing_folder_is_refused(qapp, corpus, tmp_path, capsys):
    code = main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "--screenshot",
                 str(tmp_path / "shots" / "x.png")])
    assert code == 1
    assert f"x.png: folder {tmp_path / 'shots'} does not exist" in capsys.readouterr().err


def test_saving_a_new_document_into_a_missing_parent_is_a_message(qtbot, make_window, tmp_path):
    editor = make_window()
    problems = []
    editor.notifier = problems.append
    editor.editing.prompts.unsaved = lambda what: "discard"
    assert editor.editing.new_document("Rebels attacked the town at dawn .", "news1")
    assert not editor.editing.save_scratch(str(tmp_path / "typo" / "news1"))  # before: a folder made silently
    assert "does not exist" in str(problems[-1]) and not (tmp_path / "typo").exists()
    assert editor.editing.save_scratch(str(tmp_path / "news1"))
    assert (tmp_path / "news1" / "tkn" / "news1.tab").is_file()
