"""One formatter for every figure in the window (issue 33 item 3): percent, dash and undefined.

Every view formats through `evmeval_gui.model.formatting`; a source walk keeps it that way (no
`100 * x` formatted by hand, no dash or "n/a" of a view's own), and the charts that printed "n/a"
for an undefined figure print the window's dash.
"""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pyqtgraph as pg
import pytest
from evmeval.mention.prf import PRF

import evmeval_gui
from evmeval_gui.align.schemes_chart import SchemeBarsChart, SchemeFigure
from evmeval_gui.model.formatting import DASH, UNDEFINED, axis_percent, number, percent, percent_or_undefined
from evmeval_gui.sequencing.charts import SequencingBarsChart

GUI = Path(evmeval_gui.__file__).parent
FORMATTER = GUI / "model" / "formatting.py"
OWN_DASHES = {"—", "n/a", "N/A", "nan"}
NAN = float("nan")


def _hundred(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and not isinstance(node.value, bool) and node.value in (100, 100.0)


def _hand_made(source: str, name: str) -> list[str]:
    """`file:line: text` of each figure formatted by hand and each dash written by the view itself."""
    tree = ast.parse(source, name)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue):
            for inner in ast.walk(node.value):
                if isinstance(inner, ast.BinOp) and isinstance(inner.op, ast.Mult) and (
                        _hundred(inner.left) or _hundred(inner.right)):
                    found.append(f"{name}:{node.lineno}: 100 * x formatted by hand")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in OWN_DASHES:
            found.append(f"{name}:{node.lineno}: its own dash {node.value!r}")
    return found


def test_no_view_formats_a_figure_or_a_dash_of_its_own() -> None:
    found = [line for path in sorted(GUI.rglob("*.py")) if path != FORMATTER
             for line in _hand_made(path.read_text(encoding="utf-8"), str(path.relative_to(GUI)))]
    assert found == []


def test_the_walk_sees_what_it_forbids() -> None:
    """The source walk finds each kind it forbids (so the test above can fail)."""
    sample = 'a = f"{100 * x:.2f}"\nb = "—" if x else f"{y * 100.0:.1f}"\nc = "n/a"\n'
    assert sorted(_hand_made(sample, "s.py")) == [
        "s.py:1: 100 * x formatted by hand", "s.py:2: 100 * x formatted by hand", "s.py:2: its own dash '—'",
        "s.py:3: its own dash 'n/a'"]


def test_the_formatter_says_each_figure_one_way() -> None:
    assert percent(0.70588) == "70.59"
    assert percent(0.70588, decimals=1) == "70.6"
    assert percent(0.2, decimals=0) == "20"
    assert percent(0.0123, signed=True) == "+1.23"
    assert percent(-0.0123, signed=True) == "-1.23"
    assert percent(0.5, unit=True) == "50.00 %"
    for undefined in (NAN, None):
        assert percent(undefined) == DASH
        assert percent(undefined, decimals=1, signed=True, unit=True) == DASH
        assert number(undefined, 3) == DASH
        assert axis_percent(undefined) == 0.0
        assert percent_or_undefined(undefined) == UNDEFINED
    assert number(0.12345, 3) == "0.123"
    assert percent_or_undefined(0.25) == "25.00 %"
    assert axis_percent(0.25) == pytest.approx(25.0)


def _labels(chart) -> list[str]:
    return [item.toPlainText() for item in chart.plot.items if isinstance(item, pg.TextItem)]


def test_scheme_chart_labels_an_undefined_figure_with_the_dash(qtbot) -> None:
    chart = SchemeBarsChart()
    qtbot.addWidget(chart)
    chart.set_data([SchemeFigure("MUC", PRF(NAN, 0.5, NAN), "no system mention")], title="t")
    assert [label.toPlainText() for label in chart.value_labels] == [DASH, "50.0", DASH]
    assert "n/a" not in _labels(chart)
    assert chart.describe((0, "precision")).startswith("MUC — Precision: undefined (0/0)")


def test_sequencing_chart_labels_a_missing_evaluation_with_the_dash(qtbot) -> None:
    chart = SequencingBarsChart()
    qtbot.addWidget(chart)
    chart.set_data({}, title="t")   # nothing evaluated: every bar undefined
    labels = _labels(chart)
    assert DASH in labels
    assert "n/a" not in labels
    assert all(math.isclose(h, 0.0) for item in chart.bars.values() for h in item.opts["height"])
