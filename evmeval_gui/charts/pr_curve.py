"""Precision against recall of DyGIE++ predictions over probability thresholds, with the chosen one.

The points are the library's (`evmeval.conventions.dygiepp_curve.pr_curve`): the `dygiepp`
convention's trigger and argument classification at each threshold. Hovering a point says its
threshold and exact figures; the threshold the slider chose is ringed on both curves.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import cast

import pyqtgraph as pg
from evmeval.conventions.dygiepp_curve import CurvePoint
from PySide6.QtWidgets import QWidget

from evmeval_gui.charts.base import NARROW_WIDTH, ChartWidget, legend_sample
from evmeval_gui.model.formatting import percent

CURVES = {"trig_class": ("Triggers (trig_class)", "#1f5a96"), "arg_class": ("Arguments (arg_class)", "#c2571a")}
"""What is drawn: DyGIE++'s metric name -> (legend label, colour)."""


class PrCurveChart(ChartWidget):
    """Precision (y) against recall (x), in percent, one line per metric of `CURVES`."""

    base_minimum = (NARROW_WIDTH - 60, 240)
    """Narrower than the other charts: it shares the right edge of a 1024-pixel window with the text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[CurvePoint] = []
        self.current: float | None = None
        self.lines: dict[str, pg.PlotDataItem] = {}
        self.marks: dict[str, pg.ScatterPlotItem] = {}

    def _cleared(self, message: str) -> None:
        self.points, self.lines, self.marks = [], {}, {}
        super()._cleared(message)

    def set_data(self, points: Sequence[CurvePoint], *, current: float | None = None) -> None:
        self._start_drawing(points, current=current)
        self.points, self.current = list(points), current
        self.lines, self.marks = {}, {}
        for name, (_, colour) in CURVES.items():
            xs = [100 * p.metrics[name].recall for p in self.points]
            ys = [100 * p.metrics[name].precision for p in self.points]
            self.lines[name] = self.plot.plot(xs, ys, pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=4,
                                              symbolBrush=colour, symbolPen=None)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.setRange(xRange=(-2, 104), yRange=(-2, 106), padding=0)  # rings at 0 and 100 drawn whole
        self.set_titles("Precision–recall", subtitle="over thresholds (dygiepp)",
                        left="Precision (%)", bottom="Recall (%)")
        entries = [(legend_sample(colour, symbol="o"), label) for label, colour in CURVES.values()]
        entries.append((legend_sample("#ffffff", symbol="o", outline="#000000"), "chosen threshold"))
        self.set_legend(entries, columns=1)
        self.set_current(current)
        self.fit_minimum()

    def set_current(self, threshold: float | None) -> None:
        """Ring the points of `threshold` (the nearest the curve has)."""
        self.current = threshold
        for mark in self.marks.values():
            self.plot.removeItem(mark)
        self.marks = {}
        point = self.nearest(threshold)
        if point is None:
            return
        for name in CURVES:
            m = point.metrics[name]
            mark = pg.ScatterPlotItem([100 * m.recall], [100 * m.precision], size=13, brush=None,
                                      pen=pg.mkPen("#000000", width=2))
            self.plot.addItem(mark)
            self.marks[name] = mark

    def nearest(self, threshold: float | None) -> CurvePoint | None:
        if threshold is None or not self.points:
            return None
        return min(self.points, key=lambda p: abs(p.threshold - threshold))

    def element_at(self, x: float, y: float) -> Hashable | None:
        best: tuple[float, Hashable] | None = None
        for k, p in enumerate(self.points):
            for name in CURVES:
                m = p.metrics[name]
                d = math.hypot(100 * m.recall - x, 100 * m.precision - y)
                if d <= 2.5 and (best is None or d < best[0]):
                    best = (d, (k, name))
        return None if best is None else best[1]

    def describe(self, key: Hashable) -> str:
        k, name = cast("tuple[int, str]", key)  # what `element_at` returned
        p = self.points[k]
        m = p.metrics[name]
        return (f"{CURVES[name][0]} at threshold {p.threshold:.2f}: P {percent(m.precision, unit=True)}, "
                f"R {percent(m.recall, unit=True)}, F1 {percent(m.f1, unit=True)}\n"
                f"match {m.match_num:g} of {m.pred_num} predicted, {m.gold_num} gold")
