"""The window's per-type chart is the exported per-type table (issue 31, trust round 4, item 15).

On span only the chart counted a gold Die credited by a system Attack under Die while the Attack counted
under Attack: 105.33 % precision for Transaction.Transfer-Money on the demo, 114 % for Life.Die.
"""

from __future__ import annotations

import csv
import io
import math
import re

import pytest
from evmeval.mention.scoring import per_type_mapping
from evmeval.report.csv_report import format_per_type_csv
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar

from evmeval_gui.model.corpus import demo_request
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "This plugin does not support raise")

TIMEOUT = 30_000


def _exported(result, table: str) -> dict[str, dict[str, str]]:
    """The rows of one table of `per_type.csv` (what the report export writes), by type."""
    rows = csv.DictReader(io.StringIO(format_per_type_csv(result)))
    return {row["type"]: row for row in rows if row["table"] == table}


@pytest.mark.parametrize(("shortcut", "table"), [(Qt.Key.Key_1, "type_mapping"),
                                                 (Qt.Key.Key_2, "type_mapping")])
def test_span_only_per_type_bars_are_the_exported_table(qtbot, tmp_path, shortcut, table):
    window = shown_window(qtbot, tmp_path, charts=True)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_request(demo_request())
    qtbot.waitUntil(lambda: window.runner.idle, timeout=TIMEOUT)
    qtbot.keyClick(window, shortcut, Qt.KeyboardModifier.ControlModifier)  # Ctrl+1: span only; Ctrl+2: + type
    qtbot.keyClick(window, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: window.charts_dock.panel is not None, timeout=TIMEOUT)
    panel = window.charts_dock.panel
    bar = panel.tabs.findChild(QTabBar)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())  # "Per type"
    chart = panel.per_type_combination
    qtbot.waitUntil(lambda: chart.bars is not None and window.runner.idle, timeout=TIMEOUT)
    assert panel.per_type_box.currentData() == "combination"
    assert window.session.combination == ("plain" if shortcut == Qt.Key.Key_1 else "mention_type")
    assert per_type_mapping(window.session.combination) == "mention_type"

    exported = _exported(window.session.result, table)
    drawn = dict(zip((r.mention_type for r in chart.rows), chart.bars.opts["width"], strict=True))
    assert set(drawn) == set(exported)
    for mention_type, width in drawn.items():
        f1 = exported[mention_type]["f1"]
        assert width == pytest.approx(100 * float(f1) if f1 else 0.0), mention_type
    for mention_type in drawn:  # what hovering a bar says
        precision = re.search(r"P ([0-9.]+|—) %", chart.describe(mention_type))
        assert precision is not None
        if precision.group(1) != "—":
            assert float(precision.group(1)) <= 100.0, chart.describe(mention_type)
            assert precision.group(1) == f"{100 * float(exported[mention_type]['precision']):.2f}"
    assert "transactiontransfermoney" in drawn and not any(math.isnan(w) for w in drawn.values())
    assert ("mapping + type" in chart.subtitle) == (shortcut == Qt.Key.Key_1)
