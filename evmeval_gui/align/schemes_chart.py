"""Scoring schemes side by side: P / R / F1 under Dice (the published scheme), MUC/ANNALIST and GATE's three measures.

One group of bars per scheme for the chosen attribute combination; the MUC counts (COR PAR INC MIS
SPU) are in the subtitle and the tooltips. Figures are the core's: `ScoreResult` for Dice and
`evmeval.mention.schemes.scheme_scores` for MUC and GATE (`scheme_figures` picks them for a scope).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import cast

import pyqtgraph as pg
from evmeval.align.strategies import STRATEGY_LABELS
from evmeval.mention.prf import PRF
from evmeval.mention.schemes import MucCounts, SchemeResult, document_schemes, scheme_scores
from evmeval.mention.scoring import ScoreResult
from evmeval.rules import Combination
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QWidget

from evmeval_gui.align.state import counted_schemes
from evmeval_gui.charts.bar_labels import fit_axis_lines, fit_values_saying
from evmeval_gui.charts.base import NARROW_WIDTH, ChartWidget, legend_sample, text_item
from evmeval_gui.charts.panel import BACKGROUND_DOCUMENTS
from evmeval_gui.charts.score_bars import BAR_WIDTH, METRIC_LABELS, METRICS, OFFSETS
from evmeval_gui.charts.style import METRIC_COLOURS, font, qcolour
from evmeval_gui.model.formatting import axis_percent, percent, percent_or_undefined
from evmeval_gui.model.jobs import Runner

NAME_SIZES = (9.0, 8.0, 7.0)
"""Point sizes the schemes' names are tried at, largest first (the smallest is used when none fits)."""


@dataclass(frozen=True)
class SchemeFigure:
    """One group of bars: a scheme's name, its P/R/F1 and a line saying how it counts."""

    name: str
    figures: PRF
    note: str


def muc_line(muc: MucCounts) -> str:
    return (f"POS {muc.pos} · ACT {muc.act} · COR {muc.cor} · PAR {muc.par} · INC {muc.inc} · MIS {muc.mis} · "
            f"SPU {muc.spu}")


def scheme_figures(result: ScoreResult, schemes: SchemeResult, combination: str,
                   doc_id: str | None = None) -> tuple[list[SchemeFigure], MucCounts]:
    """The groups of the corpus (or of document `doc_id`) for one combination, and its MUC counts."""
    if doc_id is None:
        dice, muc, gate = result.micro[combination], schemes.muc[combination], schemes.gate[combination]
    else:
        scored = result.document(doc_id)
        doc = next((d for d in schemes.documents if d.doc_id == doc_id), None)
        if doc is None:  # the window keeps the corpus's figures only (`counted_schemes`): this document counted alone
            doc = document_schemes(scored, result.counts_document(scored))
        dice, muc, gate = scored.scores[combination], doc.muc[combination], doc.gate[combination]
    groups = [
        SchemeFigure("Dice", dice.prf, f"the published EvmEval scheme: partial credit = Dice; TP {dice.tp:.2f}"),
        SchemeFigure("MUC", PRF(muc.precision, muc.recall, muc.f1),
                     "MUC / ANNALIST: partial span = ½; " + muc_line(muc)),
        SchemeFigure("GATE strict", gate.strict(), "a partial match is wrong"),
        SchemeFigure("GATE lenient", gate.lenient(), "a partial match is right"),
        SchemeFigure("GATE average", gate.average(), "mean of strict and lenient"),
    ]
    return groups, muc


class SchemeBarsChart(ChartWidget):
    """P / R / F1 per scheme, in percent; `bars[metric]` one BarGraphItem per metric."""

    base_minimum = (NARROW_WIDTH, 320)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars: dict[str, pg.BarGraphItem] = {}
        self.groups: list[SchemeFigure] = []
        self.value_labels: list[pg.TextItem] = []

    def _cleared(self, message: str) -> None:
        self.bars = {}
        self.groups = []
        self.value_labels = []
        super()._cleared(message)

    def set_data(self, groups: Sequence[SchemeFigure], *, title: str, subtitle: str = "") -> None:
        self._start_drawing(groups, title=title, subtitle=subtitle)
        self.groups = list(groups)
        self.bars = {}
        self.value_labels = []
        for metric in METRICS:
            heights = [axis_percent(getattr(g.figures, metric)) for g in groups]
            item = pg.BarGraphItem(x=[i + OFFSETS[metric] for i in range(len(groups))], height=heights,
                                   width=BAR_WIDTH, brush=qcolour(METRIC_COLOURS[metric]), pen=pg.mkPen("#333333"))
            self.plot.addItem(item)
            self.bars[metric] = item
            for i, group in enumerate(groups):
                value = getattr(group.figures, metric)
                label = text_item(percent(value, decimals=1), anchor=(0.5, 1.0), size=7.5)
                label.setPos(i + OFFSETS[metric], axis_percent(value) + 0.5)
                self.plot.addItem(label)
                self.value_labels.append(label)
        bottom = self.plot.getAxis("bottom")
        bottom.setTicks([[(i, g.name.replace(" ", "\n")) for i, g in enumerate(groups)]])  # "GATE" above its measure
        self.plot.getAxis("left").setTicks([[(v, str(v)) for v in range(0, 101, 20)]])
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.plot.setRange(xRange=(-0.55, len(groups) - 0.45), yRange=(-1.5, 108), padding=0)
        self.set_titles(title, subtitle=subtitle, left="Score (%)", bottom="Scoring scheme")
        self.set_legend([(legend_sample(METRIC_COLOURS[m]), METRIC_LABELS[m]) for m in METRICS], columns=3)
        self.fit_minimum()
        self._view_resized()

    def _view_resized(self) -> None:
        fit_values_saying(self, self.value_labels, OFFSETS["f1"] - OFFSETS["recall"], 7.5)
        self._fit_names()

    def _fit_names(self) -> None:
        """The schemes' names in the largest of `NAME_SIZES` at which neighbours do not run into each other
        (pyqtgraph draws them over each other otherwise: "MUCGATE strict" in a 1024-pixel window)."""
        pitch = self.pixels_per_unit()
        if not pitch or not self.groups:
            return
        lines = [g.name.split(" ") for g in self.groups]
        for size in NAME_SIZES:
            metrics = QFontMetricsF(font(size))
            widths = [max(metrics.horizontalAdvance(line) for line in name) for name in lines]
            if all(pitch >= (a + b) / 2 + 4 for a, b in pairwise(widths)):
                break
        axis = self.plot.getAxis("bottom")
        if axis.style["tickFont"] is None or axis.style["tickFont"].pointSizeF() != size:
            axis.setStyle(tickFont=font(size))
        fit_axis_lines(axis, ["\n".join(name) for name in lines])

    def element_at(self, x: float, y: float) -> Hashable | None:
        group = round(x)
        if not 0 <= group < len(self.groups):
            return None
        for metric in METRICS:
            value = getattr(self.groups[group].figures, metric)
            if abs(x - group - OFFSETS[metric]) <= BAR_WIDTH / 2 and -1 <= y <= max(axis_percent(value), 4.0):
                return group, metric
        return None

    def describe(self, key: Hashable) -> str:
        group, metric = cast("tuple[int, str]", key)  # what `element_at` returned
        figure = self.groups[group]
        value = getattr(figure.figures, metric)
        return f"{figure.name} — {METRIC_LABELS[metric]}: {percent_or_undefined(value)}\n{figure.note}"




SCHEMES_JOB = "charts-schemes"
"""The job key of the MUC/GATE counting on the window's runner (a second for 2000 documents)."""


class SchemesTab(QObject):
    """The Schemes tab's chart and the `SchemeResult` it is drawn from (counted once per result, in the
    background when the panel has a runner and the corpus is large); `computed` when it arrives.
    A `ChartTab` of the charts panel (`ChartsPanel.add_tab`)."""

    computed = Signal()
    name = "schemes"
    label = "Schemes"

    def __init__(self, runner: Runner | None) -> None:
        super().__init__()
        self.runner = runner
        self.chart = SchemeBarsChart()
        self.schemes: SchemeResult | None = None
        self._counting: ScoreResult | None = None

    def forget(self) -> None:
        self.schemes = None
        self._counting = None

    def precomputed(self, figures: object) -> None:
        """The result's MUC/GATE figures, counted already by the library (the export)."""
        self.schemes = figures if isinstance(figures, SchemeResult) else None

    def draw(self, result: ScoreResult | None, combination: str, doc_id: str | None, where: str) -> None:
        if result is None:
            self.chart.clear("No scores yet: open a gold and a system file.")
            return
        schemes = self._schemes(result)
        if schemes is None:
            self.chart.clear("Counting MUC and GATE figures…")
            return
        groups, muc = scheme_figures(result, schemes, combination, doc_id)
        self.chart.set_data(groups, title="Scoring schemes: one mapping, counted four ways",
                            subtitle=f"{Combination(combination).label} · {STRATEGY_LABELS[result.mapping]} mapping"
                                     f" · {where}\nMUC: {muc_line(muc)}")

    def _schemes(self, result: ScoreResult) -> SchemeResult | None:
        if self.schemes is not None and self.schemes.mapping == result.mapping:
            return self.schemes
        if self.runner is None or len(result.documents) < BACKGROUND_DOCUMENTS:  # as the panel's matrices
            self.schemes = scheme_scores(result)
            return self.schemes
        if self._counting is not result:
            self._counting = result

            def done(schemes: SchemeResult) -> None:
                if self._counting is result:
                    self.schemes, self._counting = schemes, None
                    self.computed.emit()

            self.runner.submit("MUC and GATE figures (charts)", lambda context: counted_schemes(result, context), done,
                               key=SCHEMES_JOB)
        return None
