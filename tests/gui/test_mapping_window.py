"""The mapping-strategy parts of the window, driven with clicks and keys (pytest-qt, offscreen).

Corpus: tests/data/aligngui (see its SOURCE): `market` is the worked example of issue 14, `arrests` the
text-order case. Every figure asserted is the core's (`score_files(mapping=...)`, `scheme_scores`).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from evmeval.align.strategies import STRATEGY_DESCRIPTIONS, STRATEGY_LABELS
from evmeval.io.loading import load_inputs
from evmeval.mention.schemes import scheme_scores
from evmeval.mention.scoring import score_files
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from evmeval_gui.align.differences import CHANGE_COLUMNS
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.formatting import percent
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.text_layout import GOLD
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support")  # popups offscreen: raise, grab

DATA = Path(__file__).resolve().parents[1] / "data" / "aligngui"
TIMEOUT = 20_000


@pytest.fixture(scope="module")
def inputs():
    return load_inputs(str(DATA / "gold.tbf"), str(DATA / "system.tbf"), token_dir=str(DATA / "tkn"),
                       text_dir=str(DATA / "txt"))


@pytest.fixture
def window(qtbot, tmp_path) -> MainWindow:
    w = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(w.session.scoring_finished, timeout=TIMEOUT):
        w.open_files(str(DATA / "gold.tbf"), [str(DATA / "system.tbf")], doc_id="market")
    qtbot.waitUntil(lambda: w.alignment.schemes is not None, timeout=TIMEOUT)
    return w


def choose_mapping_with_keys(qtbot, window: MainWindow, steps: int) -> None:
    combo = window.commands.mapping_combo
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)  # opens the list
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    for _ in range(abs(steps)):
        qtbot.keyClick(view, Qt.Key.Key_Down if steps > 0 else Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Return)


def test_the_selector_offers_each_strategy_with_its_description(window):
    combo = window.commands.mapping_combo
    assert [combo.itemText(i) for i in range(combo.count())] == list(STRATEGY_LABELS.values())
    assert [combo.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(combo.count())] == \
        list(STRATEGY_DESCRIPTIONS.values())
    assert combo.currentText() == "Greedy (published)"
    assert not window.alignment_parts.summary_line.badge.isVisible()


def test_choosing_optimal_rescores_and_the_summary_shows_its_figures(window, qtbot, inputs):
    choose_mapping_with_keys(qtbot, window, 1)
    qtbot.waitUntil(lambda: window.session.result.mapping == "optimal", timeout=TIMEOUT)
    expected = score_files(inputs.gold, inputs.system, mapping="optimal")
    for name in ("micro_precision", "micro_recall", "micro_f1", "macro_f1"):
        group, key = name.split("_")
        value = getattr(getattr(expected, group)["plain"], key)
        assert window.summary.figure_text(name) == percent(value) + " %"
    # (8/7 + 1) / 6 gold: the market document's 8/7 plus G3's exact match, arrests' 1.4; over 6
    assert expected.micro["plain"].recall == pytest.approx((8 / 7 + 1 + 1.4) / 6)
    badge = window.alignment_parts.summary_line.badge
    assert badge.isVisible() and "not the official score" in badge.text()
    assert window.commands.mapping_combo.currentText() == "Optimal (best total Dice)"
    # the text view and the mapping table follow: G1 is now mapped to S1
    rows = window.session.rows("market")
    assert {(r.gold.mention_id, r.system.mention_id) for r in rows if r.gold and r.system and r.dice} >= \
        {("G1", "S1"), ("G2", "S2")}
    qtbot.waitUntil(lambda: window.alignment.schemes is not None and window.alignment.schemes.mapping == "optimal",
                    timeout=TIMEOUT)
    muc = scheme_scores(expected).muc["plain"]
    line = window.alignment_parts.summary_line.schemes
    assert line.text().startswith(f"MUC {percent(muc.f1)} · GATE ")
    assert "COR" in line.toolTip() and f">&nbsp;{muc.par}&nbsp;<" in line.toolTip()
    # back to greedy: at once (scored before), the badge goes
    choose_mapping_with_keys(qtbot, window, -1)
    assert window.session.result.mapping == "greedy" and not badge.isVisible()


def open_differences(qtbot, window: MainWindow):
    QTest.keySequence(window, QKeySequence("Ctrl+Shift+D"))
    dock = window.alignment_parts.dock
    qtbot.waitUntil(dock.isVisible)
    qtbot.waitUntil(lambda: window.alignment.differences is not None, timeout=TIMEOUT)
    return dock.panel


def cells(table, row: int) -> list[str]:
    return [table.item(row, c).text() for c in range(table.columnCount())]


def test_the_differences_view_lists_the_issue_case(window, qtbot):
    panel = open_differences(qtbot, window)
    table = panel.changes
    assert [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())] == list(CHANGE_COLUMNS)
    rows = [cells(table, r) for r in range(table.rowCount())]
    assert ["market", "optimal", "G1 “bombed the old market square”", "S2 “old market square killing dozens”",
            f"{2 * 3 / (5 + 5):.3f}", "S1 “bombed the”", f"{2 * 2 / (5 + 2):.3f}",
            f"{2 * 2 / (5 + 2) - 0.6:+.3f}"] in rows
    assert ["market", "optimal", "G2 “killing dozens”", "—", "—", "S2 “old market square killing dozens”",
            f"{4 / 7:.3f}", f"{4 / 7:+.3f}"] in rows
    # ordered drops the crossing pair Gb-Sx of the arrests document (2*1/(1+4) = 0.4)
    assert ["arrests", "ordered", "Gb “arrested”", "Sx “Officers swiftly detained arrested”", "0.400", "—", "—",
            "-0.400"] in rows
    scores = panel.scores
    assert [scores.item(r, 0).text() for r in range(scores.rowCount())] == list(STRATEGY_LABELS.values())
    diff = window.alignment.differences
    assert scores.item(1, 1).text() == percent(diff.micro["optimal"].f1)
    assert scores.item(1, 3).text() == percent(diff.document("market").scores["optimal"].f1)  # market is shown
    # only the current document
    qtbot.mouseClick(panel.only_document, Qt.MouseButton.LeftButton)
    assert {table.item(r, 0).text() for r in range(table.rowCount())} == {"market"}


def test_clicking_a_difference_selects_its_mentions_and_draws_both_links(window, qtbot):
    panel = open_differences(qtbot, window)
    table = panel.changes
    row = next(r for r in range(table.rowCount()) if cells(table, r)[:3] == ["market", "optimal",
                                                                            "G1 “bombed the old market square”"])
    rect = table.visualRect(table.model().index(row, 2))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.selection == Selection("market", frozenset({"G1"}), frozenset({"S1", "S2"}))
    assert {r.gold.mention_id for r in window.mapping.visible_rows() if r.gold} >= {"G1"}
    window.text_view.viewport().grab()  # paint
    assert window.alignment_parts.overlay.links_drawn == [("greedy", 0, 1), ("optimal", 0, 0)]
    # a click on another mention in the text ends the focus: no links drawn any more
    view = window.text_view
    bar = next(b for b in view.layout_data.mention_bars[(GOLD, 2)] if not b.connector)
    pos = view.viewport().rect().topLeft()
    pos.setX(int((bar.x0 + bar.x1) / 2))
    pos.setY(int((bar.y0 + bar.y1) / 2 - view.verticalScrollBar().value()))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert window.session.selection.gold_ids == frozenset({"G3"})
    window.text_view.viewport().grab()
    assert window.alignment.focus is None and window.alignment_parts.overlay.links_drawn == []
    assert not table.selectionModel().hasSelection()


def test_export_writes_the_scheme_figures_as_the_cli_does(window, qtbot, tmp_path, inputs):
    from evmeval.report.json_report import dumps
    from evmeval.report.run import scheme_report

    window.session.set_mapping("ordered")
    qtbot.waitUntil(lambda: window.session.result.mapping == "ordered", timeout=TIMEOUT)
    out = tmp_path / "report"
    with qtbot.waitSignal(window.runner.job_finished, timeout=TIMEOUT):
        window.exporter.export_to(str(out))
    qtbot.waitUntil(lambda: (out / "report.html").exists(), timeout=TIMEOUT)
    expected = json.loads(dumps(scheme_report(score_files(inputs.gold, inputs.system, mapping="ordered"), "muc")[1]()))
    data = json.loads((out / "scores.json").read_text(encoding="utf-8"))
    assert data["strategy"] == "ordered" and "mapping" not in data
    assert data["muc"] == expected["muc"] and data["gate"] == expected["gate"]
    csv_lines = (out / "muc_documents.csv").read_text(encoding="utf-8").splitlines()
    assert csv_lines[0].startswith("doc_id,counted,combination,pos,act,cor,par,inc,mis,spu")
    assert len(csv_lines) == 1 + 2 * 4
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "not official EvmEval v1.8 scores" in page and "Other scoring schemes" in page
    assert (out / "chart_schemes.png").exists()


def test_command_line_mapping(tmp_path, qtbot):
    from evmeval_gui.app import build_parser, main

    assert build_parser().parse_args(["--mapping", "ordered"]).mapping == "ordered"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--mapping", "best"])
    corpus = tmp_path / "corpus"
    shutil.copytree(DATA, corpus)
    out = tmp_path / "export"
    assert main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "--mapping", "optimal",
                 "--export-report", str(out)]) == 0
    data = json.loads((out / "scores.json").read_text(encoding="utf-8"))
    assert data["strategy"] == "optimal" and "mapping" not in data
    assert (out / "scores.txt").read_text(encoding="utf-8").startswith("# Mapping: optimal")


def test_the_two_sides_are_separated_without_a_delegate_per_cell(window, qtbot):
    """The separators before the system columns and before Dice are drawn once over the table (a Python
    delegate per cell of those columns cost a document switch ~5 ms): same lines, no delegate."""
    from evmeval_gui.views.mapping_columns import DICE, SYSTEM_FIRST

    table = window.mapping.table
    assert all(table.itemDelegateForColumn(c) is None for c in range(table.model().columnCount()))
    qtbot.waitUntil(lambda: table.model().rowCount() > 0, timeout=TIMEOUT)
    image = table.viewport().grab().toImage()
    y = table.rowViewportPosition(0) + table.rowHeight(0) // 2
    for column in (SYSTEM_FIRST, DICE):
        x = table.columnViewportPosition(column)
        assert image.pixelColor(x, y).name() == "#9aa3ad"
