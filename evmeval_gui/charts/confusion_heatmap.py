"""Confusion heatmap: system value (rows) × gold value (columns), with a missed row and a spurious column.

Cells are coloured by what they mean, with the window's outcome scheme: the diagonal (same value) in
the exact-match colour, other pairs in the wrong-attribute colour, the missed row and spurious column
in theirs; the shade grows with the count (log scale) and the count is written in the cell, so the
chart reads without colour too. An empty cell shows a faint 0, so every cell has its count.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import cast

import numpy as np
import pyqtgraph as pg
from evmeval.mention.confusion import ConfusionMatrix, busiest
from evmeval.mention.outcomes import Outcome
from evmeval.mention.type_names import TypeNames
from evmeval.rules import AttributeRule, values_agree
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QWidget

from evmeval_gui.charts.base import LABEL_SPACE, ChartWidget, LabelsItem, RotatedLabelAxis, elided_names, legend_sample
from evmeval_gui.charts.style import LABEL_STYLE, font, outcome_hex, qcolour

ATTRIBUTE_NAMES = {"mention_type": "event type", "realis_status": "realis"}
MIN_CELL = 22
"""Smallest cell side in pixels (wider for long counts): below it the counts cannot be read, and the
panel scrolls instead."""
ZERO_COLOUR = "#BDBDBD"
"""Colour of the 0 in an empty cell: there, but out of the way."""
MIN_VALUES = 3
"""Fewest values a narrow chart draws (its minimum width holds them)."""
MISSED_TICK = "(missed)"
SPURIOUS_TICK = "(spurious)"
NOT_ANNOTATED_NOTE = {AttributeRule.SCORER: " (gold NOT_ANNOTATED accepts any)",
                      AttributeRule.SYMMETRIC: " (NOT_ANNOTATED on either side accepts any)"}


def cell_outcome(matrix: ConfusionMatrix, g: int, s: int) -> Outcome:
    """Which outcome colour a cell takes: exact (diagonal), attribute, missed or spurious.

    Agreement follows the result's attribute rule (`evmeval.rules`): under the scorer's, a gold
    NOT_ANNOTATED accepts any system value, so its whole column counts as agreeing.
    """
    none = len(matrix.labels)
    if s == none:
        return Outcome.MISSED
    if g == none:
        return Outcome.SPURIOUS
    if values_agree(matrix.rule, matrix.labels[g], matrix.labels[s]):
        return Outcome.EXACT
    return Outcome.ATTRIBUTE


class ConfusionHeatmap(ChartWidget):
    """A ConfusionMatrix drawn as cells; cell (g, s) sits at x = g, y = s (first label at the top).

    Items: `image` (an ImageItem of RGBA cells, `image.image[g, s]`), `counts_item` (a LabelsItem
    whose `labels[(g, s)]` is the count written in every non-empty cell).
    """

    title_justify = "left"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, bottom_axis=RotatedLabelAxis())
        self.plot.getViewBox().invertY(True)
        for name in ("left", "bottom"):  # no tick marks: one poking into the first cell read as a minus ("-172")
            self.plot.getAxis(name).setStyle(tickLength=0)
        self.matrix: ConfusionMatrix | None = None
        """The matrix drawn: `full_matrix`, or its busiest values when the chart is too narrow for all."""
        self.full_matrix: ConfusionMatrix | None = None
        self._texts = ("", "")
        self.image: pg.ImageItem | None = None
        self.counts_item: LabelsItem | None = None
        self.zeros_item: LabelsItem | None = None
        self.names: TypeNames | None = None

    def _cleared(self, message: str) -> None:
        self.matrix = None
        self.full_matrix = None
        self.image = None
        self.counts_item = None
        self.zeros_item = None
        self.plot.getAxis("bottom").set_labels([])
        self.plot.getViewBox().setMinimumHeight(0)
        super()._cleared(message)

    def export_size(self) -> tuple[int, int]:
        if self.full_matrix is None:
            return 640, 480
        side = max(260, 34 * (len(self.full_matrix.labels) + 1))
        return (self._axis_width(self.full_matrix) + side + 60,
                int(self.plot.getAxis("bottom").fixedHeight) + side + 150)

    def set_data(self, matrix: ConfusionMatrix, *, title: str, subtitle: str = "",
                 names: TypeNames | None = None) -> None:
        """Draw `matrix` (from `evmeval.mention.confusion`) under `title`; `names` shows canonical values
        as written in the files (`evmeval.mention.type_names`). A chart too narrow for every value draws the busiest
        ones that fit (`evmeval.mention.confusion.busiest`, said in the subtitle) and draws more when widened.
        The same counts again (most edits leave a corpus's matrices as they were) keep the drawing: only
        the cells' members (what a click filters) change."""
        self.full_matrix = matrix
        self.names = names
        self._texts = (title, subtitle)
        self._draw_fitting(self.width())

    def fit_width(self, width: int) -> None:
        drawn = len(self.matrix.labels) if self.matrix is not None else -1
        if self.full_matrix is not None and self._fitting_count(width) != drawn:
            self._draw_fitting(width)
        super().fit_width(width)

    def _cell_width(self, matrix: ConfusionMatrix) -> int:
        largest = max((c for row in matrix.counts for c in row), default=0)
        return max(MIN_CELL, 7 * len(str(largest)) + 6)   # room for the longest count

    def _axis_width(self, matrix: ConfusionMatrix) -> int:
        """The left axis' width for the names of `matrix` (as `set_left_ticks` makes it)."""
        metrics = QFontMetricsF(font(9))
        names = elided_names([self._name(v) for v in (*matrix.labels, MISSED_TICK)])
        return int(max(metrics.horizontalAdvance(t) for t in names)) + 16 + LABEL_SPACE

    def _fitting_count(self, width: int) -> int:
        """How many values fit the chart's width at the smallest readable cell (at least `MIN_VALUES`)."""
        full = self.full_matrix
        assert full is not None
        n = len(full.labels)
        room = (width - self._axis_width(full) - 40) // self._cell_width(full) - 1
        return max(min(n, MIN_VALUES), min(n, room))

    def _draw_fitting(self, width: int) -> None:
        full = self.full_matrix
        assert full is not None
        title, subtitle = self._texts
        names = self.names
        matrix = busiest(full, self._fitting_count(width))
        if len(matrix.labels) < len(full.labels):
            kind = ATTRIBUTE_NAMES.get(full.attribute, full.attribute)
            left = full.total - matrix.total
            note = (f"the {len(matrix.labels)} busiest of {len(full.labels)} {kind} values; {left} row(s) of the "
                    "others not shown (widen or float the dock for more)")
            subtitle = f"{subtitle}\n{note}" if subtitle else note
        shown = (matrix.attribute, matrix.combination, matrix.rule, matrix.labels, matrix.counts, title, subtitle,
                 dict(names) if names is not None else None)
        if getattr(self, "_shown", None) == shown and self.matrix is not None:
            self.matrix = matrix
            self._data_call = ((full,), {"title": title, "subtitle": self._texts[1], "names": names})
            return
        self._shown = shown
        self._start_drawing(full, title=title, subtitle=self._texts[1], names=names)
        self.matrix = matrix
        labels: dict[tuple[float, float], str] = {}
        zeros: dict[tuple[float, float], str] = {}
        n = len(matrix.labels) + 1
        largest = max((c for row in matrix.counts for c in row), default=0)
        rgba = np.full((n, n, 4), 255, dtype=np.ubyte)
        size = 10.0 if n <= 8 else 8.5 if n <= 16 else 7.5
        for g in range(n):
            for s in range(n):
                count = matrix.counts[g][s]
                if not count:
                    if g != n - 1 or s != n - 1:  # the corner (no gold, no system) is not a cell
                        zeros[(g, s)] = "0"
                    continue
                strength = 0.2 + 0.8 * math.log1p(count) / math.log1p(largest)
                base = qcolour(outcome_hex(cell_outcome(matrix, g, s)))
                rgba[g, s, :3] = [round(255 + (v - 255) * strength) for v in (base.red(), base.green(), base.blue())]
                labels[(g, s)] = str(count)
        self.image = pg.ImageItem(rgba, axisOrder="col-major", levels=(0, 255))
        self.image.setRect(QRectF(-0.5, -0.5, n, n))
        self.plot.addItem(self.image)
        self._draw_grid(n)
        self.counts_item = LabelsItem(labels, size=size)
        self.plot.addItem(self.counts_item)
        self.zeros_item = LabelsItem(zeros, size=size, colour=ZERO_COLOUR)
        self.plot.addItem(self.zeros_item)
        written = [self._name(v) for v in matrix.labels]
        self.set_left_ticks(list(enumerate((*written, MISSED_TICK))))
        self.plot.getAxis("bottom").set_labels(list(enumerate((*written, SPURIOUS_TICK))))
        self.plot.setRange(xRange=(-0.5, n - 0.5), yRange=(-0.5, n - 0.5), padding=0)
        name = ATTRIBUTE_NAMES.get(matrix.attribute, matrix.attribute)
        unit = "cells count mapping-table rows (a pair once)"
        self.set_titles(title, subtitle=f"{subtitle}\n{unit}" if subtitle else unit,
                        left=f"System {name} (rows)", bottom=f"Gold {name} (columns)")
        self.set_legend([  # the long entry on three lines: the legend fits a dock in a 1024-pixel window
            (legend_sample(outcome_hex(Outcome.EXACT)),
             f"same {name}" + NOT_ANNOTATED_NOTE[matrix.rule].replace(" (", "<br>(").replace(" acc", "<br>acc")),
            (legend_sample(outcome_hex(Outcome.ATTRIBUTE)), f"other {name}"),
            (legend_sample(outcome_hex(Outcome.MISSED)), "missed (no system partner)"),
            (legend_sample(outcome_hex(Outcome.SPURIOUS)), "spurious/split (no gold partner)"),
        ], columns=2)
        cell_width = self._cell_width(full)
        # the cells keep their height under a long title, and the rows' axis title fits beside them
        axis_title = QFontMetricsF(font(10)).horizontalAdvance(f"System {name} (rows)") + 8
        self.plot.getViewBox().setMinimumHeight(max(MIN_CELL * n, math.ceil(axis_title)))
        self.fit_minimum(self._axis_width(full) + cell_width * (min(len(full.labels), MIN_VALUES) + 1) + 40,
                         int(self.plot.getAxis("bottom").fixedHeight) + MIN_CELL * n + 130)

    def _view_resized(self) -> None:
        """The columns' axis title without "(columns)" when the cells are narrower than it (a 1024-pixel window
        cut it at the chart's edge); the legend and tooltips say the same."""
        if self.matrix is None:
            return
        name = ATTRIBUTE_NAMES.get(self.matrix.attribute, self.matrix.attribute)
        title = f"Gold {name} (columns)"
        if QFontMetricsF(font(10)).horizontalAdvance(title) > self.plot.getViewBox().width() + 16:  # centred on cells
            title = f"Gold {name}"
        if self.plot.getAxis("bottom").labelText != title:
            self.plot.setLabel("bottom", title, **LABEL_STYLE)

    def _name(self, value: str) -> str:
        return self.names.name(value) if self.names is not None else value

    def _draw_grid(self, n: int) -> None:
        xs: list[float] = []
        ys: list[float] = []
        for k in range(n + 1):
            xs += [k - 0.5, k - 0.5, -0.5, n - 0.5]
            ys += [-0.5, n - 0.5, k - 0.5, k - 0.5]
        grid = pg.PlotCurveItem(np.array(xs), np.array(ys), connect="pairs", pen=pg.mkPen("#d0d0d0"))
        edge = n - 1.5
        border = pg.PlotCurveItem(np.array([edge, edge, -0.5, n - 0.5]), np.array([-0.5, n - 0.5, edge, edge]),
                                  connect="pairs", pen=pg.mkPen("#555555", width=1.5))
        self.plot.addItem(grid)
        self.plot.addItem(border)

    def element_at(self, x: float, y: float) -> Hashable | None:
        if self.matrix is None:
            return None
        g, s = round(x), round(y)
        n = len(self.matrix.labels) + 1
        if 0 <= g < n and 0 <= s < n and self.matrix.counts[g][s]:
            return g, s
        return None

    def describe(self, key: Hashable) -> str:
        assert self.matrix is not None
        g, s = cast("tuple[int, int]", key)  # what `element_at` returned
        count = self.matrix.counts[g][s]
        gold, system = self._name(self.matrix.gold_axis[g]), self._name(self.matrix.system_axis[s])
        outcome = cell_outcome(self.matrix, g, s)
        if outcome is Outcome.MISSED:
            text = f"gold {gold}, missed: {count} gold mention(s) with no system partner"
        elif outcome is Outcome.SPURIOUS:
            text = f"system {system}: {count} system mention(s) with no gold partner (spurious or split part)"
        else:
            text = f"gold {gold} → system {system}: {count} mapped pair(s)"
        return f"{text}\n({self.matrix.combination} mapping table)\nClick to list them."
