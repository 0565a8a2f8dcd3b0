"""The Compare mode's Relations page (issue 36): coreference and sequencing figures with intervals and
adjusted paired tests, the same numbers `evmeval-compare --json` prints for the demo, reached by a click."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from evmeval.compare.relations import KIND_LABELS
from evmeval.report.compare_relations import figure_label
from PySide6.QtCore import Qt

from evmeval_gui.compare.relations_view import NO_LINKS
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request
from evmeval_gui.model.formatting import interval_text, percent
from tests.gui.corpus_factory import write_corpus
from tests.gui.windows import shown_window
from tests.programs import installed

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 30_000


@pytest.fixture(scope="module")
def cli_json(tmp_path_factory) -> dict:
    """`evmeval-compare --json` on the demo: what the window must show."""
    request = demo_request()
    out = tmp_path_factory.mktemp("cli") / "comparison.json"
    subprocess.run([installed("evmeval-compare"), "-g", request.gold, *(a for s in request.systems for a in ("-s", s)),
                    "-t", request.token_dir, "--json", str(out)], check=True, capture_output=True)
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.fixture
def compare(qtbot, tmp_path) -> MainWindow:
    """The demo in the Compare mode, opened with its shortcut."""
    window = shown_window(qtbot, tmp_path)
    window.activateWindow()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_demo()
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    return window


def click_relations_tab(qtbot, window: MainWindow) -> None:
    tabs = window.compare.tabs
    assert tabs.tabText(2) == "Relations"
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(2).center())
    assert window.workspace.stack.currentWidget() is window.compare.relations_panel


def test_relations_tab_shows_the_clis_figures_and_adjusted_tests(compare, qtbot, cli_json):
    click_relations_tab(qtbot, compare)
    panel = compare.compare.relations_panel
    relations = cli_json["relations"]
    assert panel.runs.isVisible() and panel.tests.isVisible()
    assert "Coreference: 6 documents" in panel.caption.text() and "Sequencing All: 6 documents" in panel.caption.text()
    kinds = list(relations["units"])
    assert kinds[0] == "coreference" and len(kinds) == 4  # the demo has coreference and sequencing links
    expected_runs = [(KIND_LABELS[k], figure_label(f["figure"]),
                      *(interval_text(s[k][j]["estimate"], s[k][j]["ci_low"], s[k][j]["ci_high"])
                        for s in relations["systems"]))
                     for k in kinds for j, f in enumerate(relations["systems"][0][k])]
    assert panel.runs.rowCount() == len(expected_runs) > 20
    assert [panel.runs.row_texts(r) for r in range(panel.runs.rowCount())] == expected_runs
    assert panel.runs.row_texts(0)[:2] == ("Coreference", "MUC R")
    assert panel.runs.row_texts(0)[2] == "66.67 [58.33, 83.33]"  # as `evmeval-compare` prints it
    pair = relations["pairs"][0]
    expected_tests = [(f"{pair['a']} → {pair['b']}", KIND_LABELS[k], figure_label(t["figure"]), percent(t["a"]),
                       percent(t["b"]), interval_text(t["delta"], t["ci_low"], t["ci_high"], signed=True),
                       f"{t['p_value_adjusted']:.4f}", f"{100 * t['mde']:.2f}", "too few documents")
                      for k in kinds for t in pair[k]]
    assert [panel.tests.row_texts(r) for r in range(panel.tests.rowCount())] == expected_tests
    conll = next(panel.tests.row_texts(r) for r in range(panel.tests.rowCount())
                 if panel.tests.row_texts(r)[2] == "CoNLL F1 (MUC, B³, CEAF-e)")
    assert conll[5:8] == ("-39.43 [-59.22, -33.60]", "0.0319", "17.79")
    assert "not adjusted (1 comparison of each figure)" in panel.tests_caption.text()


def test_export_carries_the_relations_as_the_cli_json(compare, qtbot, tmp_path: Path, cli_json):
    target = tmp_path / "comparison.json"
    with qtbot.waitSignal(compare.compare.exported, timeout=TIMEOUT):
        assert compare.compare.export(str(target))
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["relations"] == cli_json["relations"]


def test_a_gold_file_without_links_says_so(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path)
    corpus = write_corpus(tmp_path / "plain")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf"), str(corpus / "system_b.tbf")])
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    click_relations_tab(qtbot, window)
    panel = window.compare.relations_panel
    assert panel.caption.text() == NO_LINKS
    assert not panel.runs.isVisible() and not panel.tests.isVisible()


def test_three_runs_adjusted_over_the_pairs_and_the_chosen_pair_first(qtbot, tmp_path):
    request = demo_request()
    third = tmp_path / "system_c.tbf"
    third.write_bytes(Path(request.systems[1]).read_bytes())
    systems = [*request.systems, str(third)]
    out = tmp_path / "cli.json"
    subprocess.run([installed("evmeval-compare"), "-g", request.gold, *(a for s in systems for a in ("-s", s)),
                    "-t", request.token_dir, "--json", str(out)], check=True, capture_output=True)
    cli = json.loads(out.read_text(encoding="utf-8"))["relations"]
    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(request.gold, systems, token_dir=request.token_dir)
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    tabs = window.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(1).center())
    picker = window.compare.pair_panel.picker
    qtbot.keyClick(picker.b, Qt.Key.Key_Down)  # b: system_b -> system_c
    assert window.compare.state.pair == (0, 2)
    click_relations_tab(qtbot, window)
    tests = window.compare.relations_panel.tests
    rows = [tests.row_texts(r) for r in range(tests.rowCount())]
    assert rows[0][:3] == ("system_a → system_c", "Coreference", "MUC R")
    assert {r[0] for r in rows} == {"system_a → system_b", "system_a → system_c", "system_b → system_c"}
    for pair in cli["pairs"]:
        mine = [r for r in rows if r[0] == f"{pair['a']} → {pair['b']}"]
        assert [r[6] for r in mine] == [f"{t['p_value_adjusted']:.4f}" for k in cli["units"] for t in pair[k]]
    first = next(p for p in cli["pairs"] if p["b"] == "system_c" and p["a"] == "system_a")["coreference"][0]
    assert first["p_value_adjusted"] > first["p_value_randomization"]  # Holm over three pairs
