"""The Compare mode shows an interval beside every figure it shows, and runs of one system (seeds, named
alike) as one system with its spread (issue 36, sections 1-2). Driven with keys and clicks; every number
is checked against the core's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from evmeval.align import COMBINATIONS
from evmeval.compare.runs import ATTRIBUTE_GAPS, compare_results
from evmeval.compare.seeds import compare_seeds, seed_groups
from evmeval.io.tbf import read_tbf
from evmeval.mention.changes import reconcile
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from PySide6.QtCore import Qt

from evmeval_gui.compare.changes_tab import delta_text
from evmeval_gui.compare.seeds_view import RIGHT_COMBINATION, right_text, spread_text
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.formatting import interval_text
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 30_000
DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
SEEDS = {"tagger_seed1.tbf": "system_a.tbf", "tagger_seed2.tbf": "system_b.tbf", "tagger_seed3.tbf": "system_a.tbf",
         "crf-s1.tbf": "system_b.tbf", "crf-s2.tbf": "system_b.tbf"}


def _open_compare(window: MainWindow, qtbot) -> None:
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


@pytest.fixture
def demo_compare(qtbot, tmp_path) -> MainWindow:
    window = shown_window(qtbot, tmp_path)
    window.activateWindow()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_demo()
    _open_compare(window, qtbot)
    return window


def test_pair_page_gives_each_runs_f1_its_interval_and_the_adjusted_p(demo_compare, qtbot):
    window = demo_compare
    tabs = window.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(1).center())
    comparison = window.compare.state.comparison
    table = window.compare.pair_panel.significance
    pair = comparison.pair(0, 1)
    a, b = comparison.systems
    for row, c in enumerate(COMBINATIONS):
        texts = table.row_texts(row)
        assert texts[1] == interval_text(a.micro_ci[c].f1, a.micro_ci[c].ci_low, a.micro_ci[c].ci_high)
        assert texts[2] == interval_text(b.micro_ci[c].f1, b.micro_ci[c].ci_low, b.micro_ci[c].ci_high)
        assert texts[1].startswith(f"{100 * a.result.micro[c].f1:.2f} [")
        assert texts[8] == f"{pair.tests[c].adjusted:.4f}"
        assert texts[10] == "too few documents"  # 6 documents: no verdict
    verdict_tip = table.horizontalHeaderItem(10).toolTip()
    assert "then the adjusted p" in verdict_tip and "interval decides" not in verdict_tip
    assert "second opinion" not in table.horizontalHeaderItem(7).toolTip()
    assert "adjusted" in table.item(0, 4).toolTip()


def test_leaderboard_gives_every_bottleneck_its_interval(demo_compare):
    board = demo_compare.compare.leaderboard
    comparison = demo_compare.compare.state.comparison
    assert board.seeds.isHidden()  # system_a and system_b are two systems, not seeds
    for row, name in enumerate(board.table.system_order()):
        system = next(s for s in comparison.systems if s.name == name)
        for column, c in enumerate(ATTRIBUTE_GAPS, start=6):
            gap = system.gap_intervals[c]
            assert gap.estimate == pytest.approx(system.bottlenecks()[c], abs=1e-12)
            assert gap.ci_low <= gap.estimate <= gap.ci_high
            assert board.table.cell_text(row, column) == interval_text(gap.estimate, gap.ci_low, gap.ci_high,
                                                                       signed=True)
    # the bottleneck chart draws each interval as a whisker
    bars = board.gaps.bars[ATTRIBUTE_GAPS[0]]
    assert [round(h, 9) for h in bars.opts["height"]] == [
        round(100 * next(s for s in comparison.systems if s.name == n).bottlenecks()[ATTRIBUTE_GAPS[0]], 9)
        for n in board.table.system_order()]
    # its grid: labelled lines only (pyqtgraph's own ticks drew a grid line a point, at every minor tick)
    ticks = board.gaps.plot.getAxis("left")._tickLevels
    assert len(ticks) == 1 and 3 <= len(ticks[0]) <= 7, ticks
    assert [label for _, label in ticks[0][:3]] == ["0", "5", "10"]  # the demo's gaps reach 24.6 points


def test_runs_named_as_seeds_are_one_system_with_its_spread(qtbot, tmp_path: Path):
    corpus = tmp_path / "seeds"
    corpus.mkdir()
    shutil.copy(DEMO / "gold.tbf", corpus / "gold.tbf")
    shutil.copytree(DEMO / "tkn", corpus / "tkn")
    shutil.copytree(DEMO / "txt", corpus / "txt")
    for name, source in SEEDS.items():
        shutil.copy(DEMO / source, corpus / name)
    window = shown_window(qtbot, tmp_path)
    window.activateWindow()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / n) for n in SEEDS])
    _open_compare(window, qtbot)
    table = window.compare.leaderboard.seeds
    assert table.isVisible()
    # what the core says, computed here on its own
    gold = read_tbf(str(corpus / "gold.tbf"), mode=SpanMode.TOKEN)[0]
    results = [score_files(gold, read_tbf(str(corpus / n), mode=SpanMode.TOKEN)[0]) for n in SEEDS]
    comparison = compare_results(results, settings=window.compare.settings)
    seeds = compare_seeds(comparison, seed_groups([s.name for s in comparison.systems]))
    assert [s.name for s in seeds.systems] == ["tagger", "crf"] and table.rowCount() == 2
    tagger, crf = table.row_texts(0), table.row_texts(1)
    assert tagger[:2] == ("tagger", "3") and crf[:2] == ("crf", "2")
    for column, c in enumerate(COMBINATIONS, start=2):
        spread = seeds.spreads[c][0]
        assert tagger[column] == spread_text(spread.mean, spread.sd)
        assert spread.values == tuple(comparison.systems[r].result.micro[c].f1 for r in (0, 1, 2))
    assert crf[2].endswith("± 0.00")  # the same file twice: no spread
    right = seeds.right[RIGHT_COMBINATION][0]
    assert tagger[-1] == right_text(right) and tagger[-1].startswith("3/3: ")
    assert sum(right) == sum(len(d.gold) for d in results[0].documents)
    # a click on a row shows its runs and ε_min in the tooltip, and selects it
    rect = table.visualItemRect(table.item(1, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert table.currentRow() == 1
    tip = table.item(1, 0).toolTip()
    assert "runs crf-s1, crf-s2" in tip and "ε_min of crf better than" in tip


def test_changes_tab_lists_what_changed_and_shows_it_in_the_text(demo_compare, qtbot):
    window = demo_compare
    tabs = window.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(1).center())
    panel = window.compare.pair_panel
    bar = panel.tabs.tabBar()
    with qtbot.waitSignal(window.compare.state.changes_ready, timeout=TIMEOUT):
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(2).center())
    comparison = window.compare.state.comparison
    combination = window.session.combination
    changes = comparison.changes(0, 1, combination)
    delta = reconcile(changes)
    assert delta == comparison.tally(1, combination) - comparison.tally(0, combination)
    tab = panel.changes
    assert tab.count.text() == delta_text(delta, len(changes)) and tab.model.rowCount() == len(changes) > 0
    assert tab.count.text().startswith(f"{len(changes)} changed items · Δ true positives {delta.true_positives:+d}")
    # a click shows the item in the three lanes: its document and its mentions selected
    row = next(k for k, c in enumerate(tab.model.rows) if c.gold is not None and c.row_a is not None
               and c.row_a.system is not None)
    change = tab.model.rows[row]
    rect = tab.view.visualRect(tab.model.index(row, 1))
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    selection = window.compare.state.selection
    assert selection.doc_id == change.doc_id and selection.gold == {change.row_a.gold_index}
    assert selection.a == {change.row_a.system_index}
    assert panel.lanes_title.text().startswith(f"<b>{change.doc_id}</b>")
