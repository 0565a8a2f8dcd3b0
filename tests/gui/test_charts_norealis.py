"""The Realis confusion tab for files without realis (issue 34): every mention reads NOT_ANNOTATED, so the tab
drew a single empty class. It says why there is nothing to draw instead (as the Conventions' empty Flips tab
does); files with realis still get their matrix."""

from __future__ import annotations

import evmeval
import pytest
from PySide6.QtCore import Qt

from evmeval_gui.charts.panel import NO_REALIS_MESSAGE
from evmeval_gui.export import charts_panel
from tests.shipped import EXAMPLES


def shown_panel(qtbot, result):  # type: ignore[no-untyped-def]
    panel = charts_panel()
    qtbot.addWidget(panel)
    panel.resize(560, 640)
    panel.show()
    panel.set_result(result)
    bar = panel.tabs.tabBar()
    tab = next(k for k in range(bar.count()) if bar.tabData(k) == "Realis confusion")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tab).center())
    assert panel.tabs.currentIndex() == tab
    return panel


@pytest.mark.parametrize("gold, pred", [("textee_gold.jsonl", "textee_pred.jsonl"),
                                        ("dygiepp_gold.jsonl", "dygiepp_pred.jsonl")])
def test_files_without_realis_are_told_why_there_is_no_realis_confusion(qtbot, gold: str, pred: str) -> None:
    result = evmeval.score(evmeval.load(EXAMPLES / gold, EXAMPLES / pred)).result
    assert not result.carries_realis
    panel = shown_panel(qtbot, result)
    chart = panel.realis_confusion
    assert chart.matrix is None and chart.message.toPlainText() == NO_REALIS_MESSAGE
    assert "carry no realis" in NO_REALIS_MESSAGE
    assert panel.type_confusion.matrix is not None  # the types still have theirs


def test_files_with_realis_draw_their_realis_confusion(qtbot, evmeval_data) -> None:
    folder = evmeval_data / "scoring_demo" / "token_based"
    result = evmeval.score(evmeval.load(folder / "gold.tbf", folder / "sample_system_C.tbf",
                                        tokens=folder / "tkn")).result
    panel = shown_panel(qtbot, result)
    assert panel.realis_confusion.matrix is not None and panel.realis_confusion.message.toPlainText() == ""
