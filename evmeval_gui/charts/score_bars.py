"""Grouped bars: precision, recall and F1 for each attribute combination (span, type, realis, both)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import cast

import pyqtgraph as pg
from evmeval.align import COMBINATIONS
from evmeval.mention.prf import Average, Score
from evmeval.rules import Combination
from PySide6.QtWidgets import QWidget

from evmeval_gui.charts.bar_labels import fit_axis_lines, fit_values_saying
from evmeval_gui.charts.base import NARROW_WIDTH, ChartWidget, legend_sample, text_item
from evmeval_gui.charts.style import CURRENT_FILL, METRIC_COLOURS, qcolour
from evmeval_gui.model.formatting import axis_percent, percent, percent_or_undefined

METRICS: tuple[str, ...] = ("precision", "recall", "f1")
METRIC_LABELS = {"precision": "Precision", "recall": "Recall", "f1": "F1"}
BAR_WIDTH = 0.25
LABEL_OVERHANG = 60
"""Pixels a group name may reach past the axis ends (else pyqtgraph hides the last one when narrow)."""
VALUE_SIZE = 8.0
OFFSETS = {"precision": -0.27, "recall": 0.0, "f1": 0.27}
"""Bar centre relative to its combination's group centre (group i sits at x = i)."""


def stacked(label: str) -> str:
    """`Span + type + realis` -> `Span` / `+ type` / `+ realis`: an attribute a line, so four groups' names stay
    apart in a 1024-pixel window ("Span + type" on one line ran into its neighbour's "+ realis")."""
    return label.replace(" + ", "\n+ ")


class ScoreBarsChart(ChartWidget):
    """P / R / F1 per combination, in percent; the current combination sits on a highlighted band.

    Items: `bars[metric]` is one BarGraphItem per metric (heights in percent, NaN drawn as 0 and
    labelled "—"), `value_labels[(combination, metric)]` the text above each bar.
    """

    base_minimum = (NARROW_WIDTH, 320)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars: dict[str, pg.BarGraphItem] = {}
        self.value_labels: dict[tuple[str, str], pg.TextItem] = {}
        self.scores: Mapping[str, Score | Average] = {}

    def _cleared(self, message: str) -> None:
        self.bars = {}
        self.value_labels = {}
        self.scores = {}
        super()._cleared(message)

    def set_data(self, scores: Mapping[str, Score | Average], *, title: str, subtitle: str = "",
                 current: str | None = None) -> None:
        """Draw the figures of each combination in `scores` (core Score or macro Average objects)."""
        self._start_drawing(scores, title=title, subtitle=subtitle, current=current)
        self.scores = scores
        self.bars = {}
        self.value_labels = {}
        combinations = [c for c in COMBINATIONS if c in scores]
        if current in combinations:  # as high as the plot's top, however high the value labels make it
            band = pg.BarGraphItem(x=[combinations.index(current)], height=[1000], width=0.92, y0=0,
                                   brush=qcolour(CURRENT_FILL, 150), pen=pg.mkPen(None))
            self.plot.addItem(band)
        for metric in METRICS:
            heights = [axis_percent(getattr(scores[c], metric)) for c in combinations]
            item = pg.BarGraphItem(x=[i + OFFSETS[metric] for i in range(len(combinations))], height=heights,
                                   width=BAR_WIDTH, brush=qcolour(METRIC_COLOURS[metric]), pen=pg.mkPen("#333333"))
            self.plot.addItem(item)
            self.bars[metric] = item
            for i, c in enumerate(combinations):
                value = getattr(scores[c], metric)
                label = text_item(percent(value, decimals=1), anchor=(0.5, 1.0), size=VALUE_SIZE)
                label.setPos(i + OFFSETS[metric], axis_percent(value) + 0.5)
                self.plot.addItem(label)
                self.value_labels[(c, metric)] = label
        bottom = self.plot.getAxis("bottom")
        names = [stacked(Combination(c).label) for c in combinations]
        bottom.setTicks([list(enumerate(names))])
        bottom.setStyle(hideOverlappingLabels=LABEL_OVERHANG)
        self.plot.getAxis("left").setTicks([[(v, str(v)) for v in range(0, 101, 20)]])
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.plot.setRange(xRange=(-0.55, len(combinations) - 0.45), yRange=(-1.5, 108), padding=0)
        self.set_titles(title, subtitle=subtitle, left="Score (%)", bottom="Attributes that must agree")
        fit_axis_lines(bottom, names)
        entries = [(legend_sample(METRIC_COLOURS[m]), METRIC_LABELS[m]) for m in METRICS]
        if current in combinations:
            entries.append((legend_sample(CURRENT_FILL, outline="#999999"), "current combination"))
        # four entries in two columns: a third column put "current combination" under "Precision", and
        # "Recall" and "F1" far off to the right of that long name
        self.set_legend(entries, columns=2 if len(entries) > 3 else 3)
        self.fit_minimum()
        self._view_resized()

    def _view_resized(self) -> None:
        fit_values_saying(self, list(self.value_labels.values()), OFFSETS["f1"] - OFFSETS["recall"], VALUE_SIZE)

    def element_at(self, x: float, y: float) -> Hashable | None:
        combinations = [c for c in COMBINATIONS if c in self.scores]
        group = round(x)
        if not 0 <= group < len(combinations):
            return None
        for metric in METRICS:
            centre = group + OFFSETS[metric]
            value = getattr(self.scores[combinations[group]], metric)
            if abs(x - centre) <= BAR_WIDTH / 2 and -1 <= y <= max(axis_percent(value), 4.0):
                return combinations[group], metric
        return None

    def describe(self, key: Hashable) -> str:
        combination, metric = cast("tuple[str, str]", key)  # what `element_at` returned
        score = self.scores[combination]
        head = f"{Combination(combination).label} ({combination}) — {METRIC_LABELS[metric]}: "
        value = getattr(score, metric)
        text = head + percent_or_undefined(value)
        if isinstance(score, Score):
            if metric == "precision":
                text += f"\nTP {score.tp:.2f} of {score.num_system} system mention(s)"
            elif metric == "recall":
                text += f"\nTP {score.tp:.2f} of {score.num_gold} gold mention(s)"
            else:
                text += f"\nP {percent(score.precision)} %, R {percent(score.recall)} %"
        else:
            text += f"\nmacro average over {score.num_documents} document(s)"
        return text + "\nClick to list the mentions that keep it below 100 %."


