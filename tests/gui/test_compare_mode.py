"""The Compare mode of the real window on the demo (two systems), driven with clicks and keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.align import COMBINATIONS
from evmeval.compare.runs import Comparison, compare_results
from evmeval.compare.significance import micro_intervals
from evmeval.io.tbf import read_tbf
from evmeval.mention.cases import CaseKind
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from evmeval.report.compare_json import comparison_to_json
from PySide6.QtCore import QPoint, Qt

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request
from evmeval_gui.model.formatting import interval_text, percent
from evmeval_gui.model.lanes_layout import LANE_A, LANE_B, LANE_GOLD
from tests.gui.corpus_factory import write_corpus
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 30_000
TR = "mention_type+realis_status"


@pytest.fixture(scope="module")
def core_comparison() -> Comparison:
    """The demo compared by the core directly: what the window must show."""
    request = demo_request()
    from evmeval.sequencing.scoring import published_awareness

    gold = read_tbf(request.gold, mode=SpanMode.TOKEN)[0]
    systems = [read_tbf(path, mode=SpanMode.TOKEN)[0] for path in request.systems]
    results = [score_files(gold, system) for system in systems]
    # with the files, as the window compares them: the coreference and sequencing figures and changed links too
    return compare_results(results, files=(gold, systems), sequencing_of=published_awareness)


@pytest.fixture
def window(qtbot, tmp_path) -> MainWindow:
    w = shown_window(qtbot, tmp_path)
    w.activateWindow()
    with qtbot.waitSignal(w.session.scoring_finished, timeout=TIMEOUT):
        w.open_demo()
    return w


@pytest.fixture
def compare(window, qtbot) -> MainWindow:
    """The demo in the Compare mode, opened with its shortcut."""
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    return window


def open_pair_tab(qtbot, window: MainWindow) -> None:
    tabs = window.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(1).center())
    assert window.workspace.stack.currentWidget() is window.compare.pair_panel


def test_shortcut_opens_the_leaderboard_with_the_cores_numbers(compare, core_comparison):
    window = compare
    assert window.mode is window.compare and window.commands.compare_systems_action.isChecked()
    assert window.compare.tabs.isVisible()
    board = window.compare.leaderboard
    assert window.workspace.stack.currentWidget() is board
    table = board.table
    assert table.system_order() == ["system_a", "system_b"]  # best span F1 first
    for row, system in enumerate(core_comparison.systems):
        for column, c in enumerate(COMBINATIONS, start=2):
            ci = system.micro_ci[c]
            assert table.cell_text(row, column) == interval_text(ci.f1, ci.ci_low, ci.ci_high)
            assert table.cell_text(row, column).startswith(percent(system.result.micro[c].f1))
        gaps, gap = system.bottlenecks(), system.gap_intervals[TR]
        assert table.cell_text(row, 8) == (f"{100 * gaps[TR]:+.2f} [{100 * gap.ci_low:+.2f}, "
                                           f"{100 * gap.ci_high:+.2f}]")  # the core's interval of the gap
    heights = board.chart.bar_heights("plain")
    assert heights == [100 * s.result.micro["plain"].f1 for s in core_comparison.systems]
    assert set(board.chart.bars) == set(COMBINATIONS)
    assert [label.text for _, label in board.chart.legend.items] == ["Span", "Type", "Realis", "Type+realis"]


def test_sorting_the_leaderboard_by_a_column(compare, qtbot, core_comparison):
    table = compare.compare.leaderboard.table
    header = table.horizontalHeader()
    column = 8  # span − type+realis: system_a's gap is the smaller one
    click = QPoint(header.sectionViewportPosition(column) + header.sectionSize(column) // 2, header.height() // 2)
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=click)
    first = table.system_order()
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=click)
    assert table.system_order() == list(reversed(first))
    gaps = {s.name: s.bottlenecks()[TR] for s in core_comparison.systems}
    assert sorted(gaps, key=gaps.get) in (first, list(reversed(first)))


def test_pair_page_shows_the_significance_of_the_pair(compare, qtbot, core_comparison):
    open_pair_tab(qtbot, compare)
    panel = compare.compare.pair_panel
    pair = core_comparison.pair(0, 1)
    for row, c in enumerate(COMBINATIONS):
        test = pair.tests[c]
        texts = panel.significance.row_texts(row)
        assert texts[3] == f"{100 * test.delta_f1:+.2f}"
        assert texts[4] == f"[{100 * test.ci_low:+.2f}, {100 * test.ci_high:+.2f}]"
        assert texts[6] == f"{test.p_value:.4f}" and texts[7] == f"{test.p_value_randomization:.4f}"
    # documents: worst regression first, with the marks
    deltas = sorted(pair.documents["plain"], key=lambda d: d.delta_f1)
    assert [panel.documents.model.rows[k][0].doc_id for k in range(len(deltas))] == [d.doc_id for d in deltas]
    assert panel.documents.model.row_texts(0)[0] == deltas[0].mark.symbol


def test_swapping_runs_negates_the_delta_and_keeps_p(compare, qtbot, core_comparison):
    open_pair_tab(qtbot, compare)
    panel = compare.compare.pair_panel
    with qtbot.waitSignal(compare.compare.state.pair_changed, timeout=TIMEOUT,
                          check_params_cb=lambda pair: compare.compare.state.pair_comparison() is not None):
        qtbot.mouseClick(panel.picker.swap, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: compare.compare.state.pair_comparison() is not None, timeout=TIMEOUT)
    assert compare.compare.state.pair == (1, 0)
    test = core_comparison.pair(0, 1).tests["plain"]
    texts = panel.significance.row_texts(0)
    assert texts[3] == f"{-100 * test.delta_f1:+.2f}"
    assert texts[6] == f"{test.p_value:.4f}"
    assert panel.picker.a.currentText() == "system_b"


def test_clicking_a_case_shows_it_in_the_three_lanes(compare, qtbot, core_comparison):
    compare.session.set_combination(TR)
    open_pair_tab(qtbot, compare)
    panel = compare.compare.pair_panel
    qtbot.mouseClick(panel.tabs.tabBar(), Qt.MouseButton.LeftButton, pos=panel.tabs.tabBar().tabRect(1).center())
    qtbot.waitUntil(lambda: panel.cases.cases is not None, timeout=TIMEOUT)
    cases = core_comparison.cases(0, 1, TR)
    assert len(panel.cases.model.rows) == len(cases)
    kind_index = panel.cases.kind.findData(CaseKind.FIXED.value)
    panel.cases.kind.setCurrentIndex(kind_index)
    fixed = [c for c in cases if c.kind is CaseKind.FIXED]
    assert len(panel.cases.model.rows) == len(fixed) > 0
    view = panel.cases.view
    rect = view.visualRect(panel.cases.model.index(0, 2))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    case = panel.cases.model.rows[0]
    gold_index = case.row_a.gold_index
    lanes = panel.lanes
    assert lanes.content is not None and lanes.content.doc_id == case.doc_id
    assert lanes.selected[LANE_GOLD] == frozenset({gold_index})
    assert compare.session.selection.doc_id == case.doc_id  # the one selection reaches the session
    assert lanes.bar_centre(LANE_GOLD, gold_index) is not None
    assert "fixed by b" in lanes.tooltip_at(lanes.bar_centre(LANE_GOLD, gold_index))
    # the document list follows
    current = panel.documents.view.currentIndex()
    assert panel.documents.model.rows[current.row()][0].doc_id == case.doc_id


def test_clicking_a_gold_bar_selects_both_runs_mentions(compare, qtbot):
    open_pair_tab(qtbot, compare)
    lanes = compare.compare.pair_panel.lanes
    content = lanes.content
    assert content is not None
    marks_a, marks_b = content.marks_a, content.marks_b
    gold = next(g for g in range(len(content.doc_a.gold))
                if marks_a.gold_row[g] >= 0 and marks_a.rows[marks_a.gold_row[g]].system is not None
                and lanes.bar_centre(LANE_GOLD, g) is not None)
    qtbot.mouseClick(lanes.viewport(), Qt.MouseButton.LeftButton, pos=lanes.bar_centre(LANE_GOLD, gold).toPoint())
    selection = compare.compare.state.selection
    assert selection.gold == frozenset({gold})
    assert selection.a == frozenset({marks_a.rows[marks_a.gold_row[gold]].system_index})
    row_b = marks_b.rows[marks_b.gold_row[gold]] if marks_b.gold_row[gold] >= 0 else None
    assert selection.b == (frozenset({row_b.system_index}) if row_b and row_b.system_index is not None
                           else frozenset())
    assert lanes.selected[LANE_A] == selection.a and lanes.selected[LANE_B] == selection.b


def test_threshold_lists_documents_below_it(compare, qtbot, core_comparison):
    open_pair_tab(qtbot, compare)
    documents = compare.compare.pair_panel.documents
    documents.threshold.setFocus()
    documents.threshold.selectAll()
    qtbot.keyClicks(documents.threshold, "85")
    qtbot.keyClick(documents.threshold, Qt.Key.Key_Return)
    below = {b.doc_id for b in core_comparison.below_threshold(0.85) if b.combination == "plain"}
    assert {r[0].doc_id for r in documents.model.rows} == below
    assert documents.count.text().startswith(f"{len(below)} documents")


def test_export_comparison_json_is_the_cores(compare, qtbot, tmp_path: Path, core_comparison):
    target = tmp_path / "comparison.json"
    with qtbot.waitSignal(compare.compare.exported, timeout=TIMEOUT):
        assert compare.compare.export(str(target))
    data = json.loads(target.read_text(encoding="utf-8"))
    expected = json.loads(json.dumps(comparison_to_json(core_comparison, case_combinations=("plain",))))
    assert data["pairs"] == expected["pairs"] and data["systems"] == expected["systems"]
    folder = tmp_path / "csv"
    with qtbot.waitSignal(compare.compare.exported, timeout=TIMEOUT):
        compare.compare.export(str(folder))
    assert (folder / "pairs.csv").is_file() and (folder / "cases.csv").is_file()


def test_export_refuses_to_overwrite_an_input(compare, qtbot):
    problems = []
    compare.notifier = problems.append
    with qtbot.waitSignal(compare.session.load_failed, timeout=TIMEOUT):
        compare.compare.export(compare.session.request.systems[0])
    assert problems and "input" in problems[0].message


def test_summary_bar_tooltip_shows_the_interval(window, qtbot):
    result = window.session.result
    qtbot.waitUntil(lambda: window.micro_ci.intervals(result) is not None, timeout=TIMEOUT)
    expected = micro_intervals(result, COMBINATIONS)["plain"]
    tip = window.summary.figures["micro_f1"].toolTip()
    assert f"[{percent(expected.ci_low)}, {percent(expected.ci_high)}]" in tip and "±" not in tip


def test_escape_back_and_not_available_with_one_system(compare, qtbot, tmp_path):
    qtbot.keyClick(compare, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert not compare.compare.active and compare.workspace.stack.currentWidget() is compare.workspace.page
    corpus = write_corpus(tmp_path / "one")
    with qtbot.waitSignal(compare.session.scoring_finished, timeout=TIMEOUT):
        compare.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    assert not compare.commands.compare_systems_action.isEnabled()


def test_choosing_another_mapping_compares_again_with_it(compare, qtbot):
    with qtbot.waitSignal(compare.compare.comparison_ready, timeout=TIMEOUT):
        compare.session.set_mapping("optimal")
    comparison = compare.compare.state.comparison
    assert [s.result.mapping for s in comparison.systems] == ["optimal", "optimal"]
    assert "optimal mapping" in compare.compare.leaderboard.caption.text()
