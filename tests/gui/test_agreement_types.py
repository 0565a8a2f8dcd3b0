"""The pair's agreement per event type in the Agreement mode (issue 34): a sortable table of GATE's strict and
lenient P/R/F1 per type, the figures of `evmeval.agreement.per_type` through the one formatter; driven with clicks."""

from __future__ import annotations

import pytest
from evmeval.agreement.per_type import per_type_agreement
from evmeval.agreement.scoring import IaaResult
from PySide6.QtCore import QPoint, Qt

from evmeval_gui.agreement.type_table import HEADERS
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.formatting import DASH, percent
from tests.gui.test_agreement_mode import demo_iaa, window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["demo_iaa", "window"]


def click_tab(qtbot, tabs, index: int) -> None:
    bar = tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())


def click_header(qtbot, table, column: int) -> None:
    header = table.horizontalHeader()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def shown(types) -> list[list[str]]:
    return [[types.cell(r, c) for c in range(len(HEADERS))] for r in range(types.proxy.rowCount())]


def expected_row(row) -> list[str]:
    g = row.gate
    s, le = g.strict(), g.lenient()
    return [row.name, *(percent(v) for v in (s.f1, le.f1, s.precision, s.recall, le.precision, le.recall)),
            str(g.correct), str(g.partial), str(g.missing), str(g.spurious)]


def test_the_pairs_types_are_a_sortable_table_of_strict_and_lenient_figures(qtbot, window: MainWindow,
                                                                           demo_iaa: IaaResult):
    panel = window.agreement.panel
    click_tab(qtbot, panel.lists, 1)
    types = panel.types
    assert panel.lists.currentWidget() is types and types.table.isVisible()
    expected = per_type_agreement(demo_iaa.pair(0, 1))
    assert len(expected) > 5 and types.proxy.rowCount() == len(expected)
    # worst strict F1 first, then by a click on "Type": alphabetical
    strict_f1 = [types.proxy.index(r, HEADERS.index("Strict F1")).data() for r in range(len(expected))]
    values = [float(v) if v != DASH else -1.0 for v in strict_f1]
    assert values == sorted(values)
    click_header(qtbot, types.table, 0)
    by_name = sorted(expected, key=lambda r: r.name.lower())
    assert shown(types) == [expected_row(r) for r in by_name]
    click_header(qtbot, types.table, 0)
    assert shown(types) == [expected_row(r) for r in reversed(by_name)]
    # a hand check of one row through the one formatter
    attack = next(r for r in expected if r.name == "Conflict_Attack")
    g = attack.gate
    assert (g.correct, g.partial, g.missing, g.spurious) == (8, 0, 0, 4)
    row = next(r for r in shown(types) if r[0] == "Conflict_Attack")
    strict_f1 = 2 * (8 / 12) * (8 / 8) / (8 / 12 + 8 / 8)
    assert row[1:5] == [percent(strict_f1), percent(strict_f1), percent(8 / 12), percent(8 / 8)]
