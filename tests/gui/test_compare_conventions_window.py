"""The Compare mode's Conventions page (issue 36): an event corpus's runs compared under a convention's own figures,
each with its interval, every pair's tests, exactly as `evmeval-compare --convention NAME --json` gives them;
chosen with the selector, computed in the background, stopped with Cancel, exported with File › Export comparison."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from evmeval.report.compare_units import PARTS
from PySide6.QtCore import Qt

from evmeval_gui.compare.conventions_view import PAIR_HEADERS
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request
from evmeval_gui.model.formatting import interval_text, percent
from tests.gui.windows import choose, shown_window
from tests.programs import installed
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")

TIMEOUT = 30_000
GOLD, RUN_A, RUN_B = (str(EXAMPLES / f"compare_{name}.jsonl") for name in ("gold", "run_a", "run_b"))
CONVENTIONS = 3
"""The Conventions tab's index."""


def cli_json(tmp_path: Path, convention: str) -> dict:
    out = tmp_path / f"{convention}.json"
    subprocess.run([installed("evmeval-compare"), "-g", GOLD, "-s", RUN_A, "-s", RUN_B, "--convention", convention,
                    "--json", str(out)], check=True, capture_output=True)
    return json.loads(out.read_text(encoding="utf-8"))


def expected_figures(cli: dict) -> list[tuple[str, ...]]:
    """The figures table as the command's JSON gives it: metric, figure, each run's estimate [interval]."""
    rows = []
    for metric, label in cli["metrics"].items():
        for j, figure in enumerate(cli["systems"][0][metric]):
            rows.append((label, PARTS[figure["figure"]],
                         *(interval_text(s[metric][j]["estimate"], s[metric][j]["ci_low"], s[metric][j]["ci_high"])
                           for s in cli["systems"])))
    return rows


@pytest.fixture
def compare(qtbot, tmp_path) -> MainWindow:
    """The two TextEE runs of resources/examples in the Compare mode, opened with its shortcut."""
    window = shown_window(qtbot, tmp_path)
    window.activateWindow()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(GOLD, [RUN_A, RUN_B])
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    return window


def click_conventions_tab(qtbot, window: MainWindow) -> None:
    tabs = window.compare.tabs
    assert tabs.tabText(CONVENTIONS) == "Conventions" and tabs.isTabVisible(CONVENTIONS)
    with qtbot.waitSignal(window.compare.convention_ready, timeout=TIMEOUT):
        qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(CONVENTIONS).center())
    assert window.workspace.stack.currentWidget() is window.compare.conventions_panel


def rows(table) -> list[tuple[str, ...]]:  # type: ignore[no-untyped-def]
    return [table.row_texts(r) for r in range(table.rowCount())]


def test_the_page_shows_textees_figures_and_tests_as_the_command(compare, qtbot, tmp_path):
    click_conventions_tab(qtbot, compare)
    panel = compare.compare.conventions_panel
    assert [panel.choice.itemText(k) for k in range(panel.choice.count())] == ["textee", "evmeval (ours)"]
    cli = cli_json(tmp_path, "textee")
    assert rows(panel.figures) == expected_figures(cli)
    assert rows(panel.figures)[2] == ("Tri-I", "F1", "75.86 [64.29, 88.89]", "100.00 [100.00, 100.00]")
    pair = cli["pairs"][0]
    expected = [(f"{pair['a']} → {pair['b']}", label, PARTS[t["figure"]], percent(t["a"]), percent(t["b"]),
                 interval_text(t["delta"], t["ci_low"], t["ci_high"], signed=True), f"{t['p_value_adjusted']:.4f}",
                 percent(t["mde"]), t["verdict"]) for metric, label in cli["metrics"].items() for t in pair[metric]]
    shown = rows(panel.tests)
    assert [r[:8] for r in shown] == [e[:8] for e in expected]
    assert shown[2] == ("compare_run_a → compare_run_b", "Tri-I", "F1", "75.86", "100.00", "+24.14 [+11.11, +35.71]",
                        "0.0314", "17.67", "b better")
    assert [panel.tests.horizontalHeaderItem(k).text() for k in range(panel.tests.columnCount())] == PAIR_HEADERS
    assert "10,000 paired resamples of 12 documents" in panel.caption.text()


def test_choosing_a_convention_with_the_selector_shows_its_intervals(compare, qtbot, tmp_path):
    click_conventions_tab(qtbot, compare)
    panel = compare.compare.conventions_panel
    with qtbot.waitSignal(compare.compare.convention_ready, timeout=TIMEOUT) as shown:
        choose(qtbot, panel.choice, 1)
    assert shown.args == ["evmeval"]
    assert rows(panel.figures) == expected_figures(cli_json(tmp_path, "evmeval"))
    assert "ours, EvmEval v1.8" in panel.note.text()
    with qtbot.waitSignal(compare.compare.convention_ready, timeout=TIMEOUT):  # kept: shown again at once
        choose(qtbot, panel.choice, 0)
    assert rows(panel.figures)[0][:2] == ("Tri-I", "P")


def test_cancel_while_it_computes(compare, qtbot, tmp_path):
    click_conventions_tab(qtbot, compare)
    panel, status = compare.compare.conventions_panel, compare.status
    choose(qtbot, panel.choice, 1)  # evmeval: not computed yet, so a job starts
    assert compare.session.runner.running() and status.cancel_button.isVisible()
    assert panel.note.text().startswith("Comparing the runs under evmeval (ours)")
    qtbot.mouseClick(status.cancel_button, Qt.MouseButton.LeftButton)
    assert not compare.session.runner.running()
    assert panel.note.text() == "Cancelled: choose evmeval (ours) again to compare under it."
    assert panel.figures.rowCount() == 0 and panel.tests.rowCount() == 0 and panel.shown is None
    with qtbot.waitSignal(compare.compare.convention_ready, timeout=TIMEOUT):
        choose(qtbot, panel.choice, 1)
    assert rows(panel.figures) == expected_figures(cli_json(tmp_path, "evmeval"))


def test_export_on_the_page_writes_the_commands_files(compare, qtbot, tmp_path):
    click_conventions_tab(qtbot, compare)
    target = tmp_path / "out" / "comparison.json"
    target.parent.mkdir()
    with qtbot.waitSignal(compare.compare.exported, timeout=TIMEOUT):
        assert compare.compare.export(str(target))
    assert json.loads(target.read_text(encoding="utf-8")) == cli_json(tmp_path, "textee")
    folder = tmp_path / "csv"
    with qtbot.waitSignal(compare.compare.exported, timeout=TIMEOUT):
        assert compare.compare.export(str(folder))
    assert sorted(p.name for p in folder.iterdir()) == ["argument_changes.csv", "figure_tests.csv", "figures.csv",
                                                             "trigger_changes.csv"]
    assert "compare_run_a,trigger_id,Tri-I,f1," in (folder / "figures.csv").read_text(encoding="utf-8")


def test_a_tbf_corpus_has_no_conventions_page(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_demo()
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.compare.tabs.tabText(CONVENTIONS) == "Conventions"
    assert not window.compare.tabs.isTabVisible(CONVENTIONS) and window.compare.conventions == ()


def test_the_command_line_opens_the_page_for_a_screenshot(tmp_path):
    png = tmp_path / "conventions.png"
    done = subprocess.run([installed("evmeval-gui"), "-g", GOLD, "-s", RUN_A, "-s", RUN_B, "--compare", "conventions",
                           "--size", "1024x640", "--screenshot", str(png)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    request = demo_request()
    refused = subprocess.run([installed("evmeval-gui"), "--demo", "--compare", "conventions", "--screenshot",
                              str(tmp_path / "demo.png")], capture_output=True, text=True)
    assert refused.returncode == 1 and not (tmp_path / "demo.png").exists()
    assert "--compare conventions needs event files a convention compares" in refused.stderr
    assert request.gold.endswith("gold.tbf")


def test_the_pages_fit_a_small_screen_with_long_run_names(qtbot, tmp_path):
    """At 1024 x 640 the Compare mode stays 1024 wide: the Pair page's verdict note (with the run names) wraps."""
    window = shown_window(qtbot, tmp_path, (1024, 640))
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(GOLD, [RUN_A, RUN_B])
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    click_conventions_tab(qtbot, window)
    assert "compare_run_b" in window.compare.pair_panel.picker.note.text()
    assert window.minimumSizeHint().width() <= 1024
    assert window.width() == 1024


def test_two_rams_runs_are_compared_under_rams_and_paie(qtbot, tmp_path):
    """RAMS runs: the page offers rams and paie (whose window, 250 words by default, is the command's too)."""
    from tests.core.test_compare_more_conventions import _rams

    gold, a, b, _ = _rams(tmp_path)
    examples = sum(1 for line in gold.read_text(encoding="utf-8").splitlines() if line.strip())
    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(gold), [str(a), str(b)])
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    click_conventions_tab(qtbot, window)
    panel = window.compare.conventions_panel
    assert [panel.choice.itemText(k) for k in range(panel.choice.count())] == ["rams", "paie"]
    with qtbot.waitSignal(window.compare.convention_ready, timeout=TIMEOUT) as shown:
        choose(qtbot, panel.choice, 1)
    assert shown.args == ["paie"]
    out = tmp_path / "paie.json"
    subprocess.run([installed("evmeval-compare"), "-g", str(gold), "-s", str(a), "-s", str(b), "--convention", "paie",
                    "--json", str(out)], check=True, capture_output=True)
    cli = json.loads(out.read_text(encoding="utf-8"))
    assert rows(panel.figures) == expected_figures(cli)
    assert rows(panel.figures)[0][:2] == ("span-Classification", "P")
    assert f"10,000 paired resamples of {examples} examples" in panel.caption.text()
