"""The Relations page's Topics file… (issue 36 §3): a topics file chosen on a tbf corpus adds the library's
cross-document coreference kind, with the figures `evmeval-compare --cross-document --topics` gives."""

from __future__ import annotations

import json
import subprocess

import pytest
from evmeval.compare.relations import CROSS_DOCUMENT, KIND_LABELS
from evmeval.report.compare_relations import figure_label
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request
from evmeval_gui.model.formatting import interval_text
from tests.gui.windows import compared_example_runs, shown_window
from tests.programs import installed

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 30_000
TOPICS = ("demo_border_clash conflict\ndemo_port_strike conflict\ndemo_council_election civic\n"
          "demo_factory_opening civic\ndemo_flood_relief civic\ndemo_harbour_chronicle civic\n")


@pytest.fixture
def relations(qtbot, tmp_path) -> MainWindow:
    """The demo in the Compare mode, on its Relations page."""
    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_demo()
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    tabs = window.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(2).center())
    return window


def test_a_topics_file_adds_cross_document_coreference(relations, qtbot, tmp_path, monkeypatch):
    topics = tmp_path / "topics.txt"
    topics.write_text(TOPICS, encoding="utf-8")
    request = demo_request()
    out = tmp_path / "cli.json"
    subprocess.run([installed("evmeval-compare"), "-g", request.gold, *(a for s in request.systems for a in ("-s", s)),
                    "-t", request.token_dir, "--cross-document", "--topics", str(topics), "--json", str(out)],
                   check=True, capture_output=True)
    cli = json.loads(out.read_text(encoding="utf-8"))["relations"]
    panel = relations.compare.relations_panel
    assert panel.topics_button.isVisible()
    kinds = [panel.runs.row_texts(r)[0] for r in range(panel.runs.rowCount())]
    assert KIND_LABELS[CROSS_DOCUMENT] not in kinds
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(topics), "")))
    with qtbot.waitSignal(relations.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.mouseClick(panel.topics_button, Qt.MouseButton.LeftButton)
    assert relations.workspace.stack.currentWidget() is panel
    crossed = [panel.runs.row_texts(r) for r in range(panel.runs.rowCount())
               if panel.runs.row_texts(r)[0] == KIND_LABELS[CROSS_DOCUMENT]]
    expected = [(KIND_LABELS[CROSS_DOCUMENT], figure_label(f["figure"]),
                 *(interval_text(s[CROSS_DOCUMENT][j]["estimate"], s[CROSS_DOCUMENT][j]["ci_low"],
                                 s[CROSS_DOCUMENT][j]["ci_high"]) for s in cli["systems"]))
                for j, f in enumerate(cli["systems"][0][CROSS_DOCUMENT])]
    assert crossed == expected and len(crossed) > 10
    assert "Cross-document coreference: 2 topics" in panel.caption.text()
    assert panel.topics_note.text().startswith("Topics: topics.txt. Cross-document coreference: 2 topics")
    target = tmp_path / "comparison.json"
    with qtbot.waitSignal(relations.compare.exported, timeout=TIMEOUT):
        assert relations.compare.export(str(target))
    assert json.loads(target.read_text(encoding="utf-8"))["relations"] == cli


def test_a_topics_file_missing_a_document_is_said(relations, qtbot, tmp_path, monkeypatch):
    topics = tmp_path / "topics.txt"
    topics.write_text(TOPICS.replace("demo_port_strike conflict\n", ""), encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(topics), "")))
    panel = relations.compare.relations_panel
    with qtbot.waitSignal(relations.session.load_failed, timeout=TIMEOUT) as failed:
        qtbot.mouseClick(panel.topics_button, Qt.MouseButton.LeftButton)
    assert str(failed.args[0]) == (f"{topics}: document 'demo_port_strike' of {demo_request().gold} has no topic "
                                   "(expected a line '<document id> <topic>' for every gold document)")
    assert relations.compare.topics is None
    kinds = {panel.runs.row_texts(r)[0] for r in range(panel.runs.rowCount())}
    assert KIND_LABELS[CROSS_DOCUMENT] not in kinds  # the comparison shown before stays


def test_event_corpora_have_no_topics_control(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path)
    compared_example_runs(qtbot, window, TIMEOUT)
    tabs = window.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(2).center())
    assert not window.compare.relations_panel.topics_button.isVisible()
